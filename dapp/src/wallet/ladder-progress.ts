/**
 * Where the wallet is in signing a maximum's ladder of offers, so the checkout can tell the bidder while the wallet
 * asks: every offer in one request (a wallet that signs several at once), or one prompt per step ("Step 2 of 4").
 * Outside the wallet chunk: the checkout reads it on every render of its Bitcoin panel.
 */
import { useSyncExternalStore } from 'react';

export type LadderProgress =
  /** One request for every offer of the ladder. */
  | { kind: 'all'; count: number }
  /** The wallet asks for the offer at `amount` (the lot's unit, as the api wrote it), the `step`th of `of`. */
  | { kind: 'step'; step: number; of: number; amount: string };

const listeners = new Set<() => void>();
let current: LadderProgress | null = null;

/** The signing moved on (null: it is over, signed or not). */
export function showLadderProgress(progress: LadderProgress | null): void {
  current = progress;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLadderProgress(): LadderProgress | null {
  return useSyncExternalStore(subscribe, () => current);
}
