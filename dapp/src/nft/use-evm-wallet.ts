import type { ConnectedWallet } from '../wallet/wallet-store.ts';
import { useConnectedWallet } from '../wallet/wallet-store.ts';

/** The connected wallet when it is an EVM one: NFT and auction-house calls need nothing else. */
export function useEvmWallet(): ConnectedWallet | null {
  const wallet = useConnectedWallet();
  return wallet?.type === 'evm' ? wallet : null;
}
