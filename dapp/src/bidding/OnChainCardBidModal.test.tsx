import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lot } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { signedIn } from '../state/session.ts';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { OnChainCardBidModal } from './OnChainCardBidModal.tsx';

const ethLot = lotFixture({ paymentMethod: 'ETH', unit: 'ETH', startingBid: '0.01', currentBid: null });

/** The api as the modal reads it: a verified card, ETH at $2,000 with a 10 % margin, and the bid accepted. */
function apiStandIn(lot: Lot) {
  const sent: unknown[] = [];
  const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/payment/method')) return reply({ status: 'verified', brand: 'visa', last4: '4242', error: null });
      if (url.endsWith('/payment/card-hold-rate')) return reply({ btcUsdCents: 6_000_000, ethUsdCents: 200_000, marginPercent: 10 });
      sent.push(JSON.parse(String(init?.body)));
      return reply({
        message: 'Bid placed successfully!',
        data: {
          bid: {
            _id: 'relayed-1',
            id: 'relayed-1',
            auctionId: lot._id,
            amount: '0.01',
            unit: 'ETH',
            walletAddress: 'card_payment',
            status: 'active',
            withdrawalStatus: null,
            maximum: '0.05',
            createdAt: '2026-01-01T10:00:00.000Z',
            bidder: { displayName: 'B***a', isYou: true },
            auction: { _id: lot._id, title: lot.title, currentBid: null, paymentMethod: 'ETH' },
          },
          psbtHex: null,
        },
        auctionExtended: false,
        extensionMessage: null,
        endTime: '2026-01-02T10:00:00.000Z',
        minimumNextBid: '0.0101',
      });
    }),
  );
  return sent;
}

function open(maximum?: string) {
  const store = createStore();
  store.dispatch(signedIn('token-1'));
  const element = <OnChainCardBidModal lot={ethLot} amount="0.01" maximum={maximum} onClose={() => {}} />;
  const router = createMemoryRouter([{ path: '/lot', element }], { initialEntries: ['/lot'] });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
}

describe('a card maximum on an ETH lot', () => {
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
    vi.unstubAllGlobals();
  });

  it('shows the maximum, holds the card for it, and sends it with the bid', async () => {
    const sent = apiStandIn(ethLot);
    open('0.05');
    expect((await screen.findByTestId('onchain-card-maximum')).textContent).toBe('0.05 ETH');
    fireEvent.click(await screen.findByTestId('onchain-card-authorize'));
    // 0.05 ETH at $2,000, plus the 10 % margin: the maximum's value, not the bid's.
    await waitFor(() => expect(screen.getByTestId('onchain-card-hold').textContent).toBe('$110.00'));
    expect(screen.getByTestId('onchain-card-maximum').textContent).toBe('0.05 ETH');
    fireEvent.click(screen.getByTestId('onchain-card-confirm'));
    await screen.findByTestId('onchain-card-bid-placed');
    expect(sent).toEqual([{ amount: '0.01', walletAddress: 'card_payment', maximum: '0.05' }]);
  });

  it('without one, holds the card for the bid alone', async () => {
    const sent = apiStandIn(ethLot);
    open();
    fireEvent.click(await screen.findByTestId('onchain-card-authorize'));
    await waitFor(() => expect(screen.getByTestId('onchain-card-hold').textContent).toBe('$22.00'));
    expect(screen.queryByTestId('onchain-card-maximum')).toBeNull();
    fireEvent.click(screen.getByTestId('onchain-card-confirm'));
    await screen.findByTestId('onchain-card-bid-placed');
    expect(sent).toEqual([{ amount: '0.01', walletAddress: 'card_payment' }]);
  });
});
