import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBid } from '@gavel/domain';
import { createStore } from '../../state/store.ts';
import { AdminBids } from './AdminBids.tsx';

const adminBid = (id: string, amount: string, more: Partial<AdminBid> = {}): AdminBid => ({
  _id: id,
  id,
  auctionId: 'lot-1',
  amount,
  unit: 'USD',
  walletAddress: null,
  status: 'outbid',
  withdrawalStatus: null,
  holdStatus: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  isWinning: false,
  bidder: { userId: `user-${id}`, email: `${id}@example.com`, name: null },
  ...more,
});

const showList = () =>
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminBids lotId="lot-1" />
      </QueryClientProvider>
    </Provider>,
  );

describe("the admin's bid list", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a maximum bid's maximum in its own column, empty for a bid without one", async () => {
    const bids = [adminBid('a', '45.00', { status: 'active', isWinning: true, maximum: '60.00' }), adminBid('b', '40.00')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: bids, pagination: { total: 2, limit: 50, offset: 0 } }), { status: 200 })),
    );
    showList();
    const rows = await screen.findAllByTestId('admin-bid-row');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    const column = headers.indexOf('Maximum');
    expect(column).toBeGreaterThan(-1);
    const maximumOf = (row: HTMLElement) => within(row).getAllByRole('cell')[column]!.textContent;
    expect(maximumOf(rows[0]!)).toBe('60.00 USD');
    expect(maximumOf(rows[1]!)).toBe('');
  });

  it('names a bid its bidder’s change of maximum replaced', async () => {
    const bids = [adminBid('a', '45.00', { status: 'active', isWinning: true, maximum: '80.00' }), adminBid('b', '45.00', { status: 'replaced', maximum: '60.00' })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: bids, pagination: { total: 2, limit: 50, offset: 0 } }), { status: 200 })),
    );
    showList();
    const rows = await screen.findAllByTestId('admin-bid-row');
    const column = screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .indexOf('Status');
    expect(rows.map((row) => within(row).getAllByRole('cell')[column]!.textContent)).toEqual(['Active', 'Maximum changed']);
  });
});
