import { useState } from 'react';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { useNotify } from '../components/toast/use-notify.ts';
import { useEvmWallet } from '../nft/use-evm-wallet.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';

/**
 * End (settle after the end time: NFT to the winner, proceeds to the seller) and Cancel (before any bid: NFT
 * back to the seller) on the auction house, from the admin's connected wallet. The lot follows through the
 * indexer; the contract refuses either at the wrong time and the simulation says why before anything is signed.
 */
export function SettleChainAuctionButtons({ auctionId, onDone }: { auctionId: string; onDone?: () => void }) {
  const wallet = useEvmWallet();
  const notify = useNotify();
  const [busy, setBusy] = useState<'end' | 'cancel' | null>(null);

  async function run(action: 'end' | 'cancel') {
    if (!wallet) return notify.failure(null, walletMessages.connectFirst);
    setBusy(action);
    try {
      const kit = await loadWalletKit();
      if (action === 'end') await kit.endAuction(wallet.walletId, wallet.address, BigInt(auctionId));
      else await kit.cancelAuction(wallet.walletId, wallet.address, BigInt(auctionId));
      notify.success(undefined, action === 'end' ? `On-chain auction #${auctionId} settled` : `On-chain auction #${auctionId} cancelled`);
      onDone?.();
    } catch (failure) {
      notify.failure(null, await walletFailure(failure, action === 'end' ? 'Failed to end auction' : 'Failed to cancel auction'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="chain-settle">
      <button type="button" className="btn btn--primary" disabled={busy !== null} data-testid="chain-end" onClick={() => void run('end')}>
        {busy === 'end' ? 'ENDING...' : 'END ON CHAIN'}
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy !== null} data-testid="chain-cancel" onClick={() => void run('cancel')}>
        {busy === 'cancel' ? 'CANCELLING...' : 'CANCEL ON CHAIN'}
      </button>
    </div>
  );
}
