import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletProofMessages, type Wallet } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { balanceText } from '../../wallet/WalletBalance.tsx';
import { WalletsSection } from './WalletsSection.tsx';

const PAYMENT = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const ORDINALS = 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c';
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const wallet = (address: string, type: Wallet['type'], walletName: string, purpose: Wallet['purpose']): Wallet => ({
  id: address,
  walletAddress: address,
  address,
  type,
  walletName,
  purpose,
  connectedAt: '2026-11-01T10:00:00.000Z',
  isConnected: true,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An api holding `linked`: balances of the payment and EVM addresses, the ordinals one unreadable, and unlinking. */
function apiWith(linked: Wallet[]) {
  let wallets = linked;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/wallet/my-wallets')) return json(200, { data: wallets });
    if (url.includes(`/wallet/balance/${PAYMENT}`)) return json(200, { data: { address: PAYMENT, chain: 'bitcoin', balance: '12500', unit: 'sats', raw: '12500', fetchedAt: '' } });
    if (url.includes(`/wallet/balance/${EVM}`)) return json(200, { data: { address: EVM, chain: 'evm', balance: '1.5', unit: 'ETH', raw: '1500000000000000000', fetchedAt: '' } });
    if (url.includes('/wallet/balance/')) return json(503, { message: walletProofMessages.balanceUnavailable, code: 'balance_unavailable' });
    if (url.endsWith('/wallet/disconnect') && init?.method === 'POST') {
      const { walletAddress } = JSON.parse(String(init.body)) as { walletAddress: string };
      wallets = wallets.filter((w) => w.address !== walletAddress);
      return json(200, { message: walletProofMessages.disconnected, data: { walletAddress } });
    }
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSection() {
  localStorage.setItem('gavel.session.token', 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WalletsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the profile's Wallets section", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists each linked wallet with its type, name, short address, purpose and balance, or why the balance is missing', async () => {
    apiWith([wallet(PAYMENT, 'hiro', 'Leather', 'payment'), wallet(ORDINALS, 'hiro', 'Leather', 'ordinals'), wallet(EVM, 'evm', 'MetaMask', 'payment')]);
    renderSection();
    expect(screen.getByTestId('wallets-loading')).toBeTruthy();
    const rows = await screen.findAllByTestId('profile-wallet');
    expect(rows).toHaveLength(3);
    const [payment, ordinals, evm] = rows.map((row) => within(row));
    expect(payment!.getByTestId('profile-wallet-type').textContent).toBe('Leather');
    expect(payment!.getByTestId('profile-wallet-name').textContent).toBe('Leather');
    expect(payment!.getByTestId('profile-wallet-address').textContent).toBe('tb1qw5…jzsx');
    expect(payment!.getByTestId('profile-wallet-address').getAttribute('title')).toBe(PAYMENT);
    expect(payment!.getByTestId('profile-wallet-purpose').textContent).toBe('Payment');
    expect(ordinals!.getByTestId('profile-wallet-purpose').textContent).toMatch(/^Ordinals/);
    expect(evm!.getByTestId('profile-wallet-type').textContent).toBe('EVM');
    expect(evm!.getByTestId('profile-wallet-address').textContent).toBe('0x7099…79C8');

    expect(payment!.getByTestId('wallet-balance').textContent).toBe('Loading balance…');
    await waitFor(() => expect(payment!.getByTestId('wallet-balance').textContent).toBe('12,500 sats (0.000125 BTC)'));
    await waitFor(() => expect(evm!.getByTestId('wallet-balance').textContent).toBe('1.5 ETH'));
    await waitFor(() => expect(ordinals!.getByTestId('wallet-balance').textContent).toBe(walletProofMessages.balanceUnavailable));
    expect(ordinals!.getByTestId('wallet-balance').getAttribute('data-state')).toBe('error');
  });

  it('says when no wallet is linked, with a way to connect one', async () => {
    apiWith([]);
    renderSection();
    const empty = await screen.findByTestId('wallets-empty');
    expect(within(empty).getByRole('link', { name: 'Connect Wallet' }).getAttribute('href')).toBe('/connect-wallet?returnUrl=%2Fprofile');
  });

  it('unlinks a wallet and lists what is left', async () => {
    const fetch = apiWith([wallet(PAYMENT, 'hiro', 'Leather', 'payment'), wallet(EVM, 'evm', 'MetaMask', 'payment')]);
    renderSection();
    const rows = await screen.findAllByTestId('profile-wallet');
    fireEvent.click(within(rows[1]!).getByTestId('profile-wallet-unlink'));
    await waitFor(() => expect(screen.getAllByTestId('profile-wallet')).toHaveLength(1));
    expect(screen.getByTestId('profile-wallet').getAttribute('data-address')).toBe(PAYMENT);
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/wallet/disconnect') && String(init?.body).includes(EVM))).toBe(true);
  });

  it('asks to try again when unlinking cannot reach the api', async () => {
    const fetch = apiWith([wallet(EVM, 'evm', 'MetaMask', 'payment')]);
    renderSection();
    await screen.findByTestId('profile-wallet');
    fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByTestId('profile-wallet-unlink'));
    expect((await screen.findByTestId('wallet-unlink-error')).textContent).toBe(walletMessages.disconnectRetry);
    expect(screen.getByTestId('profile-wallet')).toBeTruthy();
  });
});

describe('balanceText', () => {
  it('shows sats with their BTC, and ETH as it is', () => {
    expect(balanceText({ unit: 'sats', raw: '100000000' })).toBe('100,000,000 sats (1 BTC)');
    expect(balanceText({ unit: 'sats', raw: '0' })).toBe('0 sats (0 BTC)');
    expect(balanceText({ unit: 'ETH', raw: '250000000000000000' })).toBe('0.25 ETH');
  });
});
