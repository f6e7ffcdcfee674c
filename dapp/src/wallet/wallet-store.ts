/**
 * The connected wallet (Bitcoin or EVM),
 * kept in localStorage so it survives reloads, and followed across tabs through the `storage` event: connect
 * or disconnect in one tab and every other tab's header and lot page change with it. No wallet library is
 * imported here: the header and lot pages read this on every route, so it must stay tiny.
 */
import { useSyncExternalStore } from 'react';

export type WalletType = 'hiro' | 'xverse' | 'evm';

export interface BitcoinWalletRaw {
  paymentAddress: string;
  paymentPublicKey: string;
  ordinalAddress: string;
  ordinalPublicKey: string;
}

export interface ConnectedWallet {
  address: string;
  type: WalletType;
  /** "Leather", "Xverse", "MetaMask", "Trust Wallet", ... */
  walletName: string;
  /** The wallet-kit id of the EVM wallet (`trust`, `metaMask`, ...), so a later page can reconnect the same one. */
  walletId: string;
  connectedAt: string;
  /** True once the api has checked a signature from this address and linked it to the signed-in user. */
  linked: boolean;
  raw?: BitcoinWalletRaw;
}

const KEY = 'gavel.wallet';
const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cached: ConnectedWallet | null = null;

function parse(text: string | null): ConnectedWallet | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ConnectedWallet>;
    if (typeof value.address !== 'string' || !['hiro', 'xverse', 'evm'].includes(value.type as string)) return null;
    return value as ConnectedWallet;
  } catch {
    return null;
  }
}

/** The stored wallet; the same object while the stored text is unchanged (useSyncExternalStore needs that). */
export function readWallet(): ConnectedWallet | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    text = null;
  }
  if (text !== cachedText) {
    cachedText = text;
    cached = parse(text);
  }
  return cached;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function saveWallet(wallet: ConnectedWallet): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(wallet));
  } catch {
    // Storage off: the wallet lasts for this page only.
    cachedText = JSON.stringify(wallet);
    cached = wallet;
  }
  emit();
}

export function clearWallet(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    cachedText = null;
    cached = null;
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs write the same key; a 401 clearing all storage (the spec's 401 rule) fires this with key null.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useConnectedWallet(): ConnectedWallet | null {
  return useSyncExternalStore(subscribe, readWallet, () => null);
}

/** "0x1234…abcd": the header shows the first 6 and last 4 characters. */
export function headerAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

export const WALLET_TYPE_LABELS: Record<WalletType, string> = { hiro: 'Leather', xverse: 'Xverse', evm: 'EVM' };
