import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../state/store.ts';
import { outbidReceived } from '../state/notices.ts';
import { NoticeBell } from './NoticeBell.tsx';

const outbid = (id: string, maximum?: string) => ({
  id,
  timestamp: '2026-11-22T10:00:00.000Z',
  auctionTitle: `Lot ${id}`,
  auctionId: `lot-${id}`,
  auctionEventId: 'e',
  userBidAmount: '2000',
  currentBidAmount: '5000',
  currencyUnit: 'sats' as const,
  ...(maximum && { maximum }),
});

describe('the notice bell', () => {
  afterEach(cleanup);

  it("lists an outbid notice with the bidder's exceeded maximum, only on the notice that carries one", () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </Provider>,
    );
    act(() => {
      store.dispatch(outbidReceived(outbid('a')));
      store.dispatch(outbidReceived(outbid('b', '4500')));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (2)' }));
    const [withMaximum, without] = screen.getAllByTestId('notice-item');
    expect(withMaximum!.textContent).toContain('Your maximum of 4,500 sats was exceeded');
    expect(without!.textContent).not.toContain('maximum');
  });
});
