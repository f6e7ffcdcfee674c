import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { createStore } from '../state/store.ts';
import { ToastHost } from '../components/toast/ToastHost.tsx';
import { WalletMenu } from './WalletMenu.tsx';

function showLinkedWallet() {
  localStorage.setItem('gavel.session.token', 'token');
  localStorage.setItem('gavel.wallet', JSON.stringify({ address: 'tb1qlinkedwallet', type: 'hiro', walletName: 'Leather', walletId: 'leather', connectedAt: '', linked: true }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Provider store={createStore()}>
        <WalletMenu />
        <ToastHost />
      </Provider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('header-wallet'));
  fireEvent.click(screen.getByTestId('wallet-disconnect'));
}

describe('Disconnect Wallet in the wallet dropdown', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks to try again when the api cannot be reached, and keeps the wallet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    showLinkedWallet();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(walletMessages.disconnectRetry));
    expect(walletMessages.disconnectRetry).toBe('Failed to disconnect wallet. Please try again.');
    expect(screen.getByTestId('header-wallet')).toBeTruthy();
  });

  it("shows the api's message when it refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Wallet not found', code: 'not_found' }), { status: 404 })),
    );
    showLinkedWallet();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Wallet not found'));
  });
});
