import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lot } from '@gavel/domain';
import { useLotClock } from '../../clock/use-lot-clock.ts';
import { lotFixture } from '../../test-support/lot-fixture.ts';
import { LotCountdowns } from './LotCountdowns.tsx';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

function Countdowns({ lot }: { lot: Lot }) {
  return <LotCountdowns lot={lot} clock={useLotClock(lot)} />;
}

const announcement = () => screen.getByRole('status').textContent;
const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1_000));

describe("the lot page's countdown for screen readers", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('ticks every second on screen but outside any live region, and announces nothing while it only ticks', () => {
    render(<Countdowns lot={lotFixture({ endTime: new Date(NOW + 30 * 60_000).toISOString() })} />);
    const value = screen.getByTestId('lot-countdown-value');
    expect(value.closest('[aria-live], [role="status"], [role="alert"], [role="timer"], [role="log"]')).toBeNull();
    const shown = new Set<string>();
    const announced = new Set<string>();
    for (let second = 0; second < 60; second++) {
      seconds(1);
      shown.add(value.textContent ?? '');
      announced.add(announcement() ?? '');
    }
    expect(shown.size).toBe(60);
    expect([...announced]).toEqual(['']);
  });

  it('politely announces 10, 5 and 1 minutes left once each, then that bidding has ended', () => {
    render(<Countdowns lot={lotFixture({ endTime: new Date(NOW + 11 * 60_000).toISOString() })} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live') ?? 'polite').toBe('polite');
    const heard: string[] = [];
    for (let second = 0; second < 11 * 60 + 2; second++) {
      seconds(1);
      const text = announcement() ?? '';
      if (text && text !== heard.at(-1)) heard.push(text);
    }
    expect(heard).toEqual(['10 minutes left', '5 minutes left', '1 minute left', 'Bidding has ended']);
  });

  it('does not announce what the page already showed on arrival', () => {
    render(<Countdowns lot={lotFixture({ endTime: new Date(NOW + 3 * 60_000).toISOString() })} />);
    seconds(5);
    expect(announcement()).toBe('');
  });
});
