import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutbidNotification } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { outbidReceived } from '../state/notices.ts';
import { OutbidBanner } from './OutbidBanner.tsx';

const notification: OutbidNotification = {
  id: 'bid-1',
  timestamp: '2026-11-22T10:00:00.000Z',
  auctionTitle: 'Blue Vase',
  auctionId: 'lot-9',
  auctionEventId: 'e',
  userBidAmount: '20.00',
  currentBidAmount: '41.00',
  currencyUnit: 'USD',
};

function showBanner(received: OutbidNotification) {
  const store = createStore();
  render(
    <Provider store={store}>
      <OutbidBanner lotId="lot-9" />
    </Provider>,
  );
  act(() => void store.dispatch(outbidReceived(received)));
  return screen.getByTestId('outbid-banner');
}

describe("the outbid banner on the lot's page", () => {
  afterEach(cleanup);

  it("says the bidder's maximum was exceeded when the notice carries it", () => {
    const banner = showBanner({ ...notification, maximum: '40.00' });
    expect(banner.textContent).toContain('You have been outbid on Blue Vase. The current bid is $41.00. Your bid was $20.00.');
    expect(screen.getByTestId('outbid-banner-maximum').textContent).toBe('Your maximum of $40.00 was exceeded');
  });

  it('has no maximum line for a bid without one', () => {
    const banner = showBanner(notification);
    expect(banner.textContent).not.toContain('maximum');
    expect(screen.queryByTestId('outbid-banner-maximum')).toBeNull();
  });
});
