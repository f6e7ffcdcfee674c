import { useState } from 'react';
import type { Nft } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { nftApi } from '../api/nfts.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { useEvmWallet } from './use-evm-wallet.ts';

type ApprovableNft = Pick<Nft, 'name' | 'contractAddress' | 'tokenId'>;

/**
 * The NFT approve dialog: approve(auctionHouse, tokenId), only from the token's owner ("Connected
 * wallet is not the owner of this token."), then the api re-reads the record (status approved).
 */
export function ApproveNftDialog({ nft, onClose, onApproved }: { nft: ApprovableNft | null; onClose: () => void; onApproved?: (nft: Nft) => void }) {
  const wallet = useEvmWallet();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function approve() {
    if (!nft) return;
    if (!wallet) return setError(walletMessages.connectFirst);
    setBusy(true);
    setError(null);
    try {
      const kit = await loadWalletKit();
      await kit.approveForAuction(wallet.walletId, wallet.address, BigInt(nft.tokenId));
      const reply = await nftApi.refresh(nft);
      notify.success(undefined, walletMessages.approved);
      onApproved?.(reply.data);
      onClose();
    } catch (failure) {
      const reason = await walletFailure(failure, walletMessages.approveFailed);
      setError(reason === walletMessages.notOwner || reason.startsWith(walletMessages.approveFailed) ? reason : `${walletMessages.approveFailed}: ${reason}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={nft !== null}
      title="Approve for auction"
      onClose={() => {
        setError(null);
        onClose();
      }}
      testId="approve-nft-dialog"
    >
      {nft && (
        <>
          <p>
            Let Gavel's auction house take <strong>{nft.name}</strong> (token #{nft.tokenId}) into escrow when its auction is created.
          </p>
          <button type="button" className="btn btn--primary btn--block" disabled={busy} data-testid="approve-submit" onClick={() => void approve()}>
            {busy ? 'APPROVING...' : 'APPROVE'}
          </button>
        </>
      )}
      {error && (
        <p className="connect-wallet__error" role="alert" data-testid="approve-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
