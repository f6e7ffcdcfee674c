import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type Bid, type Lot } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { signedIn } from '../state/session.ts';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { BidForm } from './BidForm.tsx';

const usdLot = lotFixture({ paymentMethod: 'Manual', unit: 'USD', auctionType: 'offchain', startingBid: '10.00', currentBid: '16.00' });

/** One of the viewer's own bids in the lot's history, as the api shows it to them (with their maximum). */
function ownBid(status: Bid['status'], maximum?: string): Bid {
  return {
    _id: 'bid-1',
    id: 'bid-1',
    auctionId: usdLot._id,
    amount: '16.00',
    unit: 'USD',
    walletAddress: null,
    status,
    withdrawalStatus: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    bidder: { displayName: 'B***a', isYou: true },
    ...(maximum && { maximum }),
    auction: { _id: usdLot._id, title: usdLot.title, currentBid: '16.00', paymentMethod: 'Manual' },
  };
}

/** Lets a test move the lot on (another bid came in) while the bid box stays mounted. */
let moveLot: (lot: Lot) => void = () => {};
function MovingBidForm({ lot, onBid, maximumNote }: { lot: Lot; onBid: (amount: string, maximum?: string) => void; maximumNote?: string | null | undefined }) {
  const [shown, setShown] = useState(lot);
  moveLot = setShown;
  return <BidForm lot={shown} block={null} busy={false} onBid={onBid} maximumNote={maximumNote} />;
}

function setup(lot: Lot, history: Bid[] = [], maximumNote?: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: history, pagination: { page: 1, limit: 50, total: history.length, pages: 1 } }), { status: 200 })),
  );
  const onBid = vi.fn();
  const store = createStore();
  store.dispatch(signedIn('token-1'));
  const router = createMemoryRouter([{ path: '/lot', element: <MovingBidForm lot={lot} onBid={onBid} maximumNote={maximumNote} /> }], { initialEntries: ['/lot'] });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return onBid;
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('a maximum bid in the bid box', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is set beside the bid, with the rule in one line, and sent with it', () => {
    const onBid = setup(usdLot);
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByText(messages.bids.maximumRule)).toBeTruthy();
    type('bid-input', '17');
    type('maximum-input', '40');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(onBid).toHaveBeenCalledWith('17.00', '40.00');
  });

  it('names the maximum when it is below the bid or not a number, and sends nothing', () => {
    const onBid = setup(usdLot);
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    type('bid-input', '20');
    type('maximum-input', '19.99');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(screen.getByTestId('maximum-error').textContent).toBe('Your maximum must be at least 20.00 USD');
    expect(screen.queryByTestId('bid-error')).toBeNull();
    type('maximum-input', '');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(screen.getByTestId('maximum-error').textContent).toBe(messages.bids.invalidMaximum);
    expect(onBid).not.toHaveBeenCalled();
  });

  it('shows the leader their maximum, and lets them change it without bidding more', async () => {
    const onBid = setup(usdLot, [ownBid('active', '40.00')]);
    expect((await screen.findByTestId('own-maximum')).textContent).toBe('Your maximum: $40.00');
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByTestId('maximum-toggle').parentElement?.textContent).toBe('Change your maximum');
    expect((screen.getByTestId('bid-input') as HTMLInputElement).disabled).toBe(true);
    type('maximum-input', '15');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(screen.getByTestId('maximum-error').textContent).toBe('Your maximum must be at least 16.00 USD');
    type('maximum-input', '60');
    expect(screen.getByTestId('place-bid').textContent).toBe('SET MAXIMUM');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(onBid).toHaveBeenCalledWith('16.00', '60.00');
  });

  it('tells the bidder when their maximum was exceeded, as a notice rather than a field error', async () => {
    setup(usdLot, [ownBid('outbid', '40.00')]);
    const notice = await screen.findByTestId('own-maximum-exceeded');
    expect(notice.textContent).toBe('Your maximum of $40.00 was exceeded');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.className).not.toMatch(/error|exceeded/);
    // Above the box, not under it where the box's own errors appear.
    expect(notice.compareDocumentPosition(screen.getByTestId('bid-input')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('own-maximum')).toBeNull());
  });

  it('lets a leader without a maximum set one without bidding more: the price stays', async () => {
    const onBid = setup(usdLot, [ownBid('active')]);
    await waitFor(() => {
      fireEvent.click(screen.getByTestId('maximum-toggle'));
      expect(screen.getByTestId('place-bid').textContent).toBe('SET MAXIMUM');
    });
    expect((screen.getByTestId('bid-input') as HTMLInputElement).disabled).toBe(true);
    type('maximum-input', '300');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(onBid).toHaveBeenCalledWith('16.00', '300.00');
  });
});

describe('the bid box when the minimum moves', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const input = () => screen.getByTestId('bid-input') as HTMLInputElement;

  it('follows the new minimum when the amount in it falls below it, and keeps an amount still above it', () => {
    setup(usdLot);
    type('bid-input', '17');
    act(() => moveLot({ ...usdLot, currentBid: '20.00' }));
    expect(input().value).toBe('21.00');
    type('bid-input', '50');
    act(() => moveLot({ ...usdLot, currentBid: '30.00' }));
    expect(input().value).toBe('50');
  });

  it('on a BTC lot takes a maximum with no caveat: the card holds it, a Bitcoin wallet signs a ladder', () => {
    setup(lotFixture({ paymentMethod: 'BTC', unit: 'sats' }));
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByText(messages.bids.maximumRule)).toBeTruthy();
    expect(screen.getByText(messages.bids.maximumRule).textContent).toBe(messages.bids.maximumRule);
  });
});

describe('a maximum on an ETH lot', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const ethLot = lotFixture({ paymentMethod: 'ETH', unit: 'ETH', startingBid: '0.01', currentBid: null });

  it('is set for the card, and sent with the bid', () => {
    const onBid = setup(ethLot, [], null);
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByTestId('maximum-field').textContent).not.toContain(messages.bids.maximumNotOnChain);
    type('bid-input', '0.01');
    type('maximum-input', '0.05');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect(onBid).toHaveBeenCalledWith('0.01', '0.05');
  });

  it('tells a bidder with a wallet connected that its bid has none, and that the card carries it', () => {
    setup(ethLot, [], messages.bids.maximumNotOnChain);
    expect(screen.queryByTestId('no-maximum')).toBeNull();
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByTestId('maximum-field').textContent).toContain(messages.bids.maximumNotOnChain);
    expect(messages.bids.maximumNotOnChain).toMatch(/card/);
  });
});
