/**
 * The wallet a crypto bid pays from (section 5: a wallet must be connected to bid with crypto). Wallet
 * connection is its own issue and not built yet, so no wallet is ever connected here; the lot page already
 * shows the status and blocks crypto bids on it, and the wallets work only has to answer this hook.
 */
export interface BidWallet {
  address: string | null;
  /** hiro (Leather), xverse or evm. */
  type: 'hiro' | 'xverse' | 'evm' | null;
}

const NONE: BidWallet = { address: null, type: null };

export function useBidWallet(): BidWallet {
  return NONE;
}

/** "tb1qxy2kgd…0wlh5f8rl": the lot view shows the first 10 and last 10 characters (screen 6). */
export function shortAddress(address: string): string {
  return address.length <= 24 ? address : `${address.slice(0, 10)}…${address.slice(-10)}`;
}
