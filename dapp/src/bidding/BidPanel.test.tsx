import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { signedIn } from '../state/session.ts';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { BidPanel } from './BidPanel.tsx';

// The bidder passes every check before bidding; a wallet bid on chain is only recorded, never sent.
const walletBid = vi.fn();
vi.mock('../session/bid-gate.ts', () => ({ useBidGate: () => ({ check: async () => null }) }));
vi.mock('./use-eth-bid.ts', () => ({ useEthBid: () => ({ mutate: walletBid, isPending: false }) }));

const ethLot = lotFixture({ paymentMethod: 'ETH', auctionType: 'onchain', unit: 'ETH', startingBid: '0.01', currentBid: null });

function show() {
  const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/payment/method')) return reply({ status: 'verified', brand: 'visa', last4: '4242', error: null });
      if (url.endsWith('/payment/card-hold-rate')) return reply({ btcUsdCents: 6_000_000, ethUsdCents: 200_000, marginPercent: 10 });
      return reply({ data: [], pagination: { page: 1, limit: 50, total: 0, pages: 1 } });
    }),
  );
  const store = createStore();
  store.dispatch(signedIn('token-1'));
  const router = createMemoryRouter([{ path: '/lot', element: <BidPanel lot={ethLot} phase="live" user={null} /> }], { initialEntries: ['/lot'] });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const connectEthereumWallet = () =>
  localStorage.setItem(
    'gavel.wallet',
    JSON.stringify({ address: '0x00000000000000000000000000000000000000aa', type: 'evm', walletName: 'MetaMask', walletId: 'metamask', connectedAt: '', linked: true }),
  );

describe('the maximum box on an ETH lot', () => {
  beforeAll(() => {
    // jsdom has <dialog> without its modal methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    walletBid.mockClear();
  });

  it('with a wallet connected: the wallet bid has no maximum, so a maximum goes by card', async () => {
    connectEthereumWallet();
    show();
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByTestId('maximum-field').textContent).toContain(messages.bids.maximumNotOnChain);
    type('bid-input', '0.01');
    type('maximum-input', '0.05');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect((await screen.findByTestId('onchain-card-maximum')).textContent).toBe('0.05 ETH');
    expect(walletBid).not.toHaveBeenCalled();
  });

  it('with a wallet connected and no maximum, the bid goes from the wallet', async () => {
    connectEthereumWallet();
    show();
    type('bid-input', '0.01');
    fireEvent.click(screen.getByTestId('place-bid'));
    await waitFor(() => expect(walletBid).toHaveBeenCalledWith('0.01'));
    expect(screen.queryByTestId('onchain-card-bid-payment')).toBeNull();
  });

  it('without a wallet: the card takes the maximum, with nothing more to say', async () => {
    show();
    fireEvent.click(screen.getByTestId('maximum-toggle'));
    expect(screen.getByTestId('maximum-field').textContent).not.toContain(messages.bids.maximumNotOnChain);
    type('bid-input', '0.01');
    type('maximum-input', '0.05');
    fireEvent.click(screen.getByTestId('place-bid'));
    expect((await screen.findByTestId('onchain-card-maximum')).textContent).toBe('0.05 ETH');
  });
});
