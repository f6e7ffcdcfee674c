import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyBid } from '@gavel/domain';
import { createStore } from '../../state/store.ts';
import { lotFixture } from '../../test-support/lot-fixture.ts';
import { MyBidRow } from './MyBidRow.tsx';

function myBid(state: MyBid['state'], maximum?: string): MyBid {
  return {
    state,
    bid: { id: 'bid-1', amount: '25.00', unit: 'USD', rail: 'card', ...(maximum && { maximum }), createdAt: '2026-01-01T10:00:00.000Z' },
    canWithdraw: false,
    lot: { ...lotFixture({ paymentMethod: 'Manual', auctionType: 'offchain', unit: 'USD', currentBid: '45.00' }), auctionExtended: false, extensionMessage: null, chain: null },
  };
}

function showRow(entry: MyBid) {
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ul>
            <MyBidRow entry={entry} />
          </ul>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return screen.getByTestId('my-bid');
}

/** The row's figures as the user reads them: label and value. */
function facts(row: HTMLElement): Record<string, string | null | undefined> {
  const terms = within(row).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('a My bids row', () => {
  afterEach(cleanup);

  it('shows the bidder their own maximum while it leads, with no exceeded note', () => {
    const row = showRow(myBid('leading', '40.00'));
    expect(facts(row)).toMatchObject({ 'Your bid': '$25.00 · Card', 'Your maximum': '$40.00' });
    expect(screen.queryByTestId('my-bid-maximum-exceeded')).toBeNull();
  });

  it('says the maximum was exceeded once the bid is outbid, or the lot lost', () => {
    showRow(myBid('outbid', '40.00'));
    expect(facts(screen.getByTestId('my-bid'))['Your maximum']).toBe('$40.00');
    expect(screen.getByTestId('my-bid-maximum-exceeded').textContent).toBe('Your maximum of $40.00 was exceeded');
    cleanup();
    showRow(myBid('lost', '40.00'));
    expect(screen.getByTestId('my-bid-maximum-exceeded').textContent).toBe('Your maximum of $40.00 was exceeded');
  });

  it('has no maximum figure or note for a bid without one', () => {
    const row = showRow(myBid('outbid'));
    expect(Object.keys(facts(row))).toEqual(['Your bid', 'Current bid']);
    expect(screen.queryByTestId('my-bid-maximum-exceeded')).toBeNull();
  });
});
