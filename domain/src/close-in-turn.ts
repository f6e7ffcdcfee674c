/**
 * Lots that close in turn: an auction event may set a first close and an interval, and then its lots close one
 * after another in lot order (Lot.lotNumber), the first at the first close, each next one `interval` seconds later.
 * The api writes those ends in one statement; the dapp shows them. An extension (anti-sniping) moves only the lot
 * bid on: the others keep their turn even when an extended lot now ends after the next one.
 */
import { closeInTurnMessages } from './messages.ts';

export const CLOSE_INTERVAL_MIN_SECONDS = 1;
export const CLOSE_INTERVAL_MAX_SECONDS = 86_400;

/** The end of the lot at `position` (0 for the first in lot order). */
export function closeInTurnAt(firstCloseAt: Date, intervalSeconds: number, position: number): Date {
  return new Date(firstCloseAt.getTime() + position * intervalSeconds * 1000);
}

export type CloseInTurn = { firstCloseAt: Date; intervalSeconds: number } | null;

/**
 * Reads an event form's two fields: both set (closing in turn), both empty (each lot keeps its own end), or the
 * field to blame. `eventStart`: the first close must come after it.
 */
export function checkCloseInTurn(
  input: { firstCloseAt?: string | null; closeIntervalSeconds?: number | null },
  eventStart: Date,
): { ok: true; value: CloseInTurn } | { ok: false; fields: Record<string, string> } {
  const first = input.firstCloseAt?.trim() || null;
  const interval = input.closeIntervalSeconds ?? null;
  if (first === null && interval === null) return { ok: true, value: null };
  if (first === null) return { ok: false, fields: { firstCloseAt: closeInTurnMessages.bothOrNeither } };
  if (interval === null) return { ok: false, fields: { closeIntervalSeconds: closeInTurnMessages.bothOrNeither } };
  if (!Number.isInteger(interval) || interval < CLOSE_INTERVAL_MIN_SECONDS || interval > CLOSE_INTERVAL_MAX_SECONDS) {
    return { ok: false, fields: { closeIntervalSeconds: closeInTurnMessages.intervalRange } };
  }
  const firstCloseAt = new Date(first);
  if (Number.isNaN(firstCloseAt.getTime())) return { ok: false, fields: { firstCloseAt: closeInTurnMessages.firstCloseInvalid } };
  if (firstCloseAt <= eventStart) return { ok: false, fields: { firstCloseAt: closeInTurnMessages.firstCloseAfterStart } };
  return { ok: true, value: { firstCloseAt, intervalSeconds: interval } };
}

/** "1 minute", "90 seconds", "2 hours": the interval in the largest whole unit. */
export function intervalText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}
