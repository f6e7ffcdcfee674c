import { useSyncExternalStore } from 'react';
import { clockNow, subscribeToClock } from './now-clock.ts';

/** The current time in ms, re-rendering the caller once a second (the spec's lot status check interval). */
export function useNow(): number {
  return useSyncExternalStore(subscribeToClock, clockNow, clockNow);
}
