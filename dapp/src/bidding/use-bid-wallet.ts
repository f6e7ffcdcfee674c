/**
 * The wallet a crypto bid pays from (a wallet must be connected to bid with crypto): the connected
 * wallet when it is of the kind the lot needs (Ethereum for ETH or on-chain lots, Bitcoin otherwise), else none.
 */
import { walletKindFor } from '@gavel/domain/wallet-rules';
import type { Lot } from '@gavel/domain';
import { useConnectedWallet, type ConnectedWallet } from '../wallet/wallet-store.ts';

export interface BidWallet {
  address: string | null;
  /** hiro (Leather), xverse or evm. */
  type: 'hiro' | 'xverse' | 'evm' | null;
  /** The stored wallet behind it, for the calls that need the wallet itself (signing, contract calls). */
  wallet: ConnectedWallet | null;
}

const NONE: BidWallet = { address: null, type: null, wallet: null };

export function useBidWallet(lot: Pick<Lot, 'paymentMethod' | 'auctionType'>): BidWallet {
  const wallet = useConnectedWallet();
  if (!wallet) return NONE;
  const fits = walletKindFor(lot) === 'evm' ? wallet.type === 'evm' : wallet.type !== 'evm';
  return fits ? { address: wallet.address, type: wallet.type, wallet } : NONE;
}

/** "tb1qxy2kgd…0wlh5f8rl": the lot page shows the first 10 and last 10 characters. */
export function shortAddress(address: string): string {
  return address.length <= 24 ? address : `${address.slice(0, 10)}…${address.slice(-10)}`;
}
