/**
 * The lot clock: what status a lot shows at a given instant. The server's stored status can lag the clock by
 * up to a sweep, so both the api (for filters and replies) and the dapp (re-evaluated every second) derive the
 * shown status from the times with this one rule.
 */
export const STORED_LOT_STATUSES = ['upcoming', 'live', 'ended', 'cancelled'] as const;
export type StoredLotStatus = (typeof STORED_LOT_STATUSES)[number];

/** Mixed case as the spec lists it: timeStarted/timeEnded are the on-chain (ETH) names of live/ended. */
export const LOT_STATUSES = ['upcoming', 'live', 'ended', 'cancelled', 'timeStarted', 'timeEnded'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export interface ClockedLot {
  /** The stored status, or a status the api already derived (the dapp re-derives it every second). */
  status: StoredLotStatus | LotStatus;
  startTime: string | Date;
  endTime: string | Date;
  paymentMethod: 'BTC' | 'ETH' | 'Manual';
  auctionType: 'onchain' | 'offchain';
}

export function isChainClocked(lot: Pick<ClockedLot, 'paymentMethod' | 'auctionType'>): boolean {
  return lot.paymentMethod === 'ETH' || lot.auctionType === 'onchain';
}

export function shownStatus(lot: ClockedLot, now: Date = new Date()): LotStatus {
  const phase = phaseOf(lot.status);
  if (phase === 'cancelled') return 'cancelled';
  const chain = isChainClocked(lot);
  const ended = phase === 'ended' || time(lot.endTime) <= now.getTime();
  if (ended) return chain ? 'timeEnded' : 'ended';
  if (time(lot.startTime) > now.getTime()) return 'upcoming';
  return chain ? 'timeStarted' : 'live';
}

/** The phase a status belongs to, for the rules that do not care about on-chain naming. */
export type LotPhase = 'upcoming' | 'live' | 'ended' | 'cancelled';

export function phaseOf(status: LotStatus | string): LotPhase {
  const lower = status.toLowerCase();
  if (lower === 'timestarted' || lower === 'live') return 'live';
  if (lower === 'timeended' || lower === 'ended') return 'ended';
  if (lower === 'cancelled') return 'cancelled';
  return 'upcoming';
}

/** Milliseconds left until the next boundary a countdown should show (start if upcoming, end if live). */
export function countdownTarget(lot: ClockedLot, now: Date = new Date()): { label: 'Starts in' | 'Ends in'; ms: number } | null {
  const phase = phaseOf(shownStatus(lot, now));
  if (phase === 'upcoming') return { label: 'Starts in', ms: time(lot.startTime) - now.getTime() };
  if (phase === 'live') return { label: 'Ends in', ms: time(lot.endTime) - now.getTime() };
  return null;
}

/** "2d 04h 13m 09s", dropping leading zero units but always keeping seconds so the clock visibly ticks. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  return `${minutes}m ${pad(seconds)}s`;
}

function time(value: string | Date): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}
