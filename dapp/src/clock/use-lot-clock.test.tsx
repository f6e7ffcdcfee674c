import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { useLotClock } from './use-lot-clock.ts';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

function Clock({ lot }: { lot: ReturnType<typeof lotFixture> }) {
  const clock = useLotClock(lot);
  return (
    <p data-testid="clock">
      {clock.status} {clock.countdown ? `${clock.countdown.label} ${clock.countdown.text}` : '-'}
    </p>
  );
}

describe('useLotClock', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ticks the countdown every second', () => {
    render(<Clock lot={lotFixture({ endTime: new Date(NOW + 90_000).toISOString() })} />);
    expect(screen.getByTestId('clock').textContent).toBe('timeStarted Ends in 1m 30s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('clock').textContent).toBe('timeStarted Ends in 1m 29s');
  });

  it('shows an upcoming lot as live once its start passes, and as ended once its end passes', () => {
    const lot = lotFixture({
      status: 'upcoming',
      auctionType: 'offchain',
      paymentMethod: 'Manual',
      unit: 'USD',
      startTime: new Date(NOW + 2_000).toISOString(),
      endTime: new Date(NOW + 4_000).toISOString(),
    });
    render(<Clock lot={lot} />);
    expect(screen.getByTestId('clock').textContent).toBe('upcoming Starts in 0m 02s');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('clock').textContent).toBe('live Ends in 0m 02s');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('clock').textContent).toBe('ended -');
  });

  it('uses the on-chain name timeEnded for ETH lots', () => {
    render(<Clock lot={lotFixture({ paymentMethod: 'ETH', unit: 'ETH', auctionType: 'offchain', endTime: new Date(NOW - 1).toISOString() })} />);
    expect(screen.getByTestId('clock').textContent).toBe('timeEnded -');
  });
});
