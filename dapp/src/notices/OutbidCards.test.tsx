import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { NOTICE_CARD_MS, outbidReceived } from '../state/notices.ts';
import { OutbidCards } from './OutbidCards.tsx';

function setup(at = '/') {
  const store = createStore();
  const router = createMemoryRouter([{ path: '*', element: <OutbidCards /> }], { initialEntries: [at] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

const notification = {
  id: 'bid-1',
  timestamp: '2026-11-22T10:00:00.000Z',
  auctionTitle: 'Blue Vase',
  auctionId: 'lot-9',
  auctionEventId: 'e',
  userBidAmount: '20.00',
  currentBidAmount: '21.00',
  currencyUnit: 'USD' as const,
};

describe('OutbidCards', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the card with the lot, the current bid, Increase Bid and View Auction, and closes it after 10 s', () => {
    const { store } = setup();
    act(() => void store.dispatch(outbidReceived(notification)));
    expect(screen.getByTestId('outbid-card-text').textContent).toBe('You have been outbid on Blue Vase. The current bid is $21.00.');
    expect(screen.queryByTestId('outbid-card-maximum')).toBeNull();
    expect(screen.getByTestId('outbid-increase').textContent).toBe(messages.bids.increaseBid);
    expect(screen.getByTestId('outbid-view').getAttribute('href')).toBe('/auctions/lot-9');
    act(() => vi.advanceTimersByTime(NOTICE_CARD_MS - 1));
    expect(screen.queryByTestId('outbid-card')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('outbid-card')).toBeNull();
    // Closed, not forgotten: the bell still lists it.
    expect(store.getState().notices.items).toHaveLength(1);
  });

  it("says the bidder's maximum was exceeded when the notice carries it", () => {
    const { store } = setup();
    act(() => void store.dispatch(outbidReceived({ ...notification, maximum: '40.00' })));
    expect(screen.getByTestId('outbid-card-maximum').textContent).toBe('Your maximum of $40.00 was exceeded');
  });

  it("shows no card on the outbid lot's own page, where the inline banner says it", () => {
    const { store } = setup('/auctions/lot-9');
    act(() => void store.dispatch(outbidReceived(notification)));
    expect(screen.queryByTestId('outbid-card')).toBeNull();
    expect(store.getState().notices.items[0]).toMatchObject({ cardOpen: false, bannerOpen: true });
  });

  it('Increase Bid opens the lot asking the bid box to fill in the new minimum', () => {
    const { store, router } = setup();
    act(() => void store.dispatch(outbidReceived(notification)));
    act(() => screen.getByTestId('outbid-increase').click());
    expect(router.state.location.pathname).toBe('/auctions/lot-9');
    expect(typeof (router.state.location.state as { increaseBid?: unknown }).increaseBid).toBe('number');
    expect(screen.queryByTestId('outbid-card')).toBeNull();
  });
});
