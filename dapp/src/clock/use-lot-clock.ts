import { countdownTarget, formatCountdown, phaseOf, shownStatus, type Lot, type LotPhase, type LotStatus } from '@gavel/domain';
import { useSyncExternalStore } from 'react';
import { clockNow, subscribeToClock } from './now-clock.ts';
import { useNow } from './use-now.ts';

export interface LotClock {
  status: LotStatus;
  phase: LotPhase;
  /** "Ends in 2d 04h 13m 09s" style pieces, or null once the lot has ended or was cancelled. */
  countdown: { label: 'Starts in' | 'Ends in'; text: string } | null;
}

type ClockFields = Pick<Lot, 'status' | 'startTime' | 'endTime' | 'paymentMethod' | 'auctionType'>;

/** The lot's shown status and countdown, re-evaluated every second with the domain's lot clock. */
export function useLotClock(lot: ClockFields): LotClock {
  const now = new Date(useNow());
  return lotClockAt(lot, now);
}

/**
 * The lot's shown status alone, by the same clock: its caller re-renders when the status changes (live to ended),
 * not every second, so a card re-renders only its countdown as the seconds pass.
 */
export function useLotStatus(lot: ClockFields): LotStatus {
  const status = () => shownStatus(lot, new Date(clockNow()));
  return useSyncExternalStore(subscribeToClock, status, status);
}

export function lotClockAt(lot: ClockFields, now: Date): LotClock {
  // The reply's status may already be derived (timeStarted, ...); the domain's clock re-derives it from the times.
  const status = shownStatus(lot, now);
  const target = countdownTarget(lot, now);
  return {
    status,
    phase: phaseOf(status),
    countdown: target ? { label: target.label, text: formatCountdown(target.ms) } : null,
  };
}
