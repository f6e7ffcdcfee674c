import type { Lot } from '@gavel/domain';
import { sellerWalletAddress } from '@gavel/domain/wallet-rules';
import { useCurrentUser } from '../session/use-current-user.ts';
import { useConnectedWallet } from '../wallet/wallet-store.ts';

/**
 * Whether the viewer sells this lot: the signed-in account that created it, or the connected, linked wallet that is
 * the lot's seller wallet (either of its addresses, any case). One rule for the settlement panel and the results.
 */
export function useSellsLot(lot: Pick<Lot, 'creator' | 'walletAddress'>): { isSeller: boolean; isAdmin: boolean } {
  const { user } = useCurrentUser();
  const wallet = useConnectedWallet();
  const isSeller = (user !== null && user.id === lot.creator) || (wallet?.linked === true && sellerWalletAddress([wallet.address, wallet.raw?.ordinalAddress], lot.walletAddress) !== null);
  return { isSeller, isAdmin: user?.role === 'admin' };
}
