import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@gavel/domain';
import { lotFixture } from '../../test-support/lot-fixture.ts';
import { LotCard } from './LotCard.tsx';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');

function renderCard(overrides: Parameters<typeof lotFixture>[0]) {
  return render(
    <MemoryRouter>
      <LotCard lot={lotFixture(overrides)} />
    </MemoryRouter>,
  );
}

describe('LotCard', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the browse card fields: placeholder image, type, plain description, starting bid with its unit', () => {
    renderCard({});
    expect(screen.getByTestId('lot-image-placeholder').textContent).toBe(messages.browse.noImage);
    expect(screen.getByTestId('lot-type').textContent).toBe('Bitcoin · On-chain');
    expect(screen.getByTestId('lot-description').textContent).toBe('Generative waves.');
    expect(screen.getByTestId('lot-starting-bid').textContent).toBe('15,000 sats');
    expect(screen.getByTestId('lot-countdown-value').textContent).toBe('12h 00m 00s');
  });

  it('links a running lot as View Auction to its detail page', () => {
    renderCard({});
    const cta = screen.getByTestId('lot-cta');
    expect(cta.textContent).toBe(messages.browse.viewAuction);
    expect(cta.getAttribute('href')).toBe('/details/lot-1?auction=event-1');
  });

  it('is one link to the lot for screen readers: its title, which the picture opens too; View Auction is hidden from them', () => {
    renderCard({ title: 'Waves #12' });
    const links = screen.getAllByRole('link');
    const toLot = links.filter((link) => link.getAttribute('href') === '/details/lot-1?auction=event-1');
    expect(toLot.map((link) => link.textContent)).toEqual(['Waves #12']);
    expect(screen.getByTestId('lot-link').className).toBe('lot-card__link');
    const cta = screen.getByTestId('lot-cta');
    expect(cta.getAttribute('aria-hidden')).toBe('true');
    expect(cta.getAttribute('tabindex')).toBe('-1');
    // No control inside another.
    for (const link of links) expect(link.querySelector('a, button')).toBeNull();
  });

  it('marks a lot that offers Buy Now with its price, and no other', () => {
    renderCard({ paymentMethod: 'Manual', unit: 'USD', buyNowEnabled: true, buyNowPrice: '500.00' });
    expect(screen.getByTestId('lot-buy-now').textContent).toBe('Buy Now $500.00');
    cleanup();
    renderCard({ buyNowEnabled: false, buyNowPrice: null });
    expect(screen.queryByTestId('lot-buy-now')).toBeNull();
  });

  it('offers View Results once the lot has ended', () => {
    renderCard({ paymentMethod: 'Manual', unit: 'USD', auctionType: 'offchain', startingBid: '12.5', currentBid: '20', endTime: new Date(NOW - 1_000).toISOString() });
    expect(screen.getByTestId('lot-cta').textContent).toBe(messages.browse.viewResults);
    expect(screen.getByTestId('lot-status').dataset.status).toBe('ended');
    expect(screen.getByTestId('lot-starting-bid').textContent).toBe('$12.50');
    expect(screen.getByTestId('lot-current-bid').textContent).toBe('$20.00');
    // Bids but no winner: the highest bid, and plainly that it did not sell.
    expect(screen.getByText('Highest bid')).toBeTruthy();
    expect(screen.getByTestId('lot-outcome').textContent).toBe('Not sold');
    expect(screen.queryByTestId('lot-results-hidden')).toBeNull();
  });

  it('ticks its countdown every second and turns to View Results by itself when the lot ends', () => {
    renderCard({ endTime: new Date(NOW + 2_000).toISOString() });
    expect(screen.getByTestId('lot-countdown-value').textContent).toBe('0m 02s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('lot-countdown-value').textContent).toBe('0m 01s');
    expect(screen.getByTestId('lot-cta').textContent).toBe(messages.browse.viewAuction);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('lot-cta').textContent).toBe(messages.browse.viewResults);
    expect(screen.getByTestId('lot-status').dataset.status).not.toBe('live');
  });

  it('says what a sold lot sold for, and No bids placed for a lot nobody bid on', () => {
    const { unmount } = renderCard({
      status: 'ended',
      endTime: new Date(NOW - 1_000).toISOString(),
      currentBid: '30',
      soldPrice: '30',
      winner: { id: 'u', name: 'A***a', walletAddress: null } as never,
    });
    expect(screen.getByText('Sold for')).toBeTruthy();
    expect(screen.queryByTestId('lot-outcome')).toBeNull();
    unmount();
    renderCard({ status: 'ended', endTime: new Date(NOW - 1_000).toISOString(), currentBid: null });
    expect(screen.getByTestId('lot-outcome').textContent).toBe(messages.browse.noBids);
  });

  it('says Log in to view results on an ended lot whose results the api withheld from a signed-out viewer', () => {
    renderCard({ status: 'ended', endTime: new Date(NOW - 1_000).toISOString(), resultsHidden: true });
    expect(screen.getByTestId('lot-results-hidden').textContent).toBe(messages.browse.logInForResults);
    expect(screen.queryByTestId('lot-current-bid')).toBeNull();
  });

  it('lists the hover details: event, payment method, estimate', () => {
    renderCard({ estimateLow: '10000', estimateHigh: '20000' });
    const tooltip = screen.getByTestId('lot-tooltip').textContent;
    expect(tooltip).toContain('Genesis Ordinals');
    expect(tooltip).toContain('Bitcoin (sats)');
    expect(tooltip).toContain('10,000 sats – 20,000 sats');
  });
});
