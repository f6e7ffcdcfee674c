import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../state/store.ts';
import { WalletMenu } from './WalletMenu.tsx';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe("the wallet dropdown's balance", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the connected wallet balance once opened, and asks for it only then', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: { address: ADDRESS, chain: 'evm', balance: '2.5', unit: 'ETH', raw: '2500000000000000000', fetchedAt: '' },
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('gavel.wallet', JSON.stringify({ address: ADDRESS, type: 'evm', walletName: 'MetaMask', walletId: 'metaMask', connectedAt: '', linked: true }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Provider store={createStore()}>
          <WalletMenu />
        </Provider>
      </QueryClientProvider>,
    );
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('header-wallet'));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('2.5 ETH'));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(new RegExp(`/wallet/balance/${ADDRESS}$`));
  });
});
