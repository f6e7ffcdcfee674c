import { describe, expect, it } from 'vitest';
import { countdownTarget, formatCountdown, phaseOf, shownStatus, type ClockedLot } from './lot-clock.ts';

const at = (iso: string) => new Date(iso);
const lot = (over: Partial<ClockedLot> = {}): ClockedLot => ({
  status: 'upcoming',
  startTime: '2026-01-01T10:00:00Z',
  endTime: '2026-01-01T12:00:00Z',
  paymentMethod: 'Manual',
  auctionType: 'offchain',
  ...over,
});

describe('lot clock', () => {
  it('shows an upcoming lot as live once its start passes, and ended once its end passes', () => {
    expect(shownStatus(lot(), at('2026-01-01T09:59:59Z'))).toBe('upcoming');
    expect(shownStatus(lot(), at('2026-01-01T10:00:00Z'))).toBe('live');
    expect(shownStatus(lot({ status: 'live' }), at('2026-01-01T11:59:59Z'))).toBe('live');
    expect(shownStatus(lot({ status: 'live' }), at('2026-01-01T12:00:00Z'))).toBe('ended');
  });

  it('uses the on-chain names timeStarted/timeEnded for ETH and on-chain lots', () => {
    expect(shownStatus(lot({ paymentMethod: 'ETH' }), at('2026-01-01T11:00:00Z'))).toBe('timeStarted');
    expect(shownStatus(lot({ auctionType: 'onchain', paymentMethod: 'BTC' }), at('2026-01-01T13:00:00Z'))).toBe('timeEnded');
  });

  it('keeps cancelled and server-ended lots as they are, whatever the time', () => {
    expect(shownStatus(lot({ status: 'cancelled' }), at('2026-01-01T11:00:00Z'))).toBe('cancelled');
    expect(shownStatus(lot({ status: 'ended' }), at('2026-01-01T11:00:00Z'))).toBe('ended');
  });

  it('reads mixed-case statuses as phases', () => {
    expect(phaseOf('LIVE')).toBe('live');
    expect(phaseOf('timeStarted')).toBe('live');
    expect(phaseOf('timeEnded')).toBe('ended');
    expect(phaseOf('UPCOMING')).toBe('upcoming');
  });

  it('counts down to the start, then to the end, then stops', () => {
    expect(countdownTarget(lot(), at('2026-01-01T09:00:00Z'))).toEqual({ label: 'Starts in', ms: 3_600_000 });
    expect(countdownTarget(lot(), at('2026-01-01T11:30:00Z'))).toEqual({ label: 'Ends in', ms: 1_800_000 });
    expect(countdownTarget(lot(), at('2026-01-01T12:30:00Z'))).toBeNull();
  });

  it('formats countdowns with seconds so they visibly tick', () => {
    expect(formatCountdown(9_000)).toBe('0m 09s');
    expect(formatCountdown(3_723_000)).toBe('1h 02m 03s');
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe('2d 00h 00m 05s');
    expect(formatCountdown(-5)).toBe('0m 00s');
  });
});
