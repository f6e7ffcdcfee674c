/**
 * The wallet a crypto bid pays from (a wallet must be connected to bid with crypto): the connected
 * wallet when it is of the kind the lot takes (the domain's walletKindFor: Ethereum for ETH lots, Leather or
 * Xverse for BTC lots, on-chain or not), else none, with why not.
 */
import { bidWalletRefusal } from '@gavel/domain/wallet-rules';
import type { Lot } from '@gavel/domain';
import { useConnectedWallet, type ConnectedWallet } from '../wallet/wallet-store.ts';

export interface BidWallet {
  address: string | null;
  /** hiro (Leather), xverse or evm. */
  type: 'hiro' | 'xverse' | 'evm' | null;
  /** The stored wallet behind it, for the calls that need the wallet itself (signing, contract calls). */
  wallet: ConnectedWallet | null;
  /** Why there is none: "No wallet connected.", or the connected wallet is of the other kind. */
  refusal: string | null;
}

export function useBidWallet(lot: Pick<Lot, 'paymentMethod'>): BidWallet {
  const wallet = useConnectedWallet();
  const refusal = bidWalletRefusal(lot, wallet);
  if (refusal !== null || !wallet) return { address: null, type: null, wallet: null, refusal };
  return { address: wallet.address, type: wallet.type, wallet, refusal: null };
}

/** "tb1qxy2kgd…0wlh5f8rl": the lot page shows the first 10 and last 10 characters. */
export function shortAddress(address: string): string {
  return address.length <= 24 ? address : `${address.slice(0, 10)}…${address.slice(-10)}`;
}
