import { useState, type FormEvent } from 'react';
import { parseAmount } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { chainAdminApi } from '../api/chain-admin.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { useEvmWallet } from '../nft/use-evm-wallet.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';

export interface StartChainAuctionProps {
  /** The lot the auction is for; null closes the dialog. */
  lot: { id: string; title: string; tokenId: string | null; reserveEth: string | null } | null;
  onClose: () => void;
  onStarted?: (auctionId: string) => void;
}

/**
 * The admin's "start an ETH auction": from the connected wallet, which must own the
 * approved NFT, create(nft, tokenId, reserve, durationMinutes, timeBufferSeconds) then start(auctionId) on the
 * auction house (duration in minutes, as the contract takes it), then tell the api so the lot goes live.
 * For the admin NFT and lot screens to mount.
 */
export function StartChainAuctionDialog({ lot, onClose, onStarted }: StartChainAuctionProps) {
  const wallet = useEvmWallet();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!lot) return;
    if (!wallet) return setError(walletMessages.connectFirst);
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const kit = await loadWalletKit();
      const started = await kit.createAndStartAuction(wallet.walletId, wallet.address, {
        tokenId: BigInt(value('tokenId')),
        reserveWei: parseAmount(value('reserve') || '0', 'ETH'),
        durationMinutes: BigInt(value('duration')),
        timeBufferSeconds: BigInt(value('buffer') || '0'),
      });
      const linked = await chainAdminApi.link(lot.id, { auctionId: started.auctionId.toString(), txHash: started.startTxHash });
      notify.success(linked.message, `On-chain auction #${started.auctionId} started`);
      onStarted?.(started.auctionId.toString());
      onClose();
    } catch (failure) {
      setError(await walletFailure(failure, 'Failed to create auction'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={lot !== null}
      title="Start on-chain auction"
      onClose={() => {
        setError(null);
        onClose();
      }}
      testId="start-chain-auction"
    >
      {lot && (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <p>{lot.title}</p>
          <label className="field">
            <span className="field__label">Token id</span>
            <input className="field__input" name="tokenId" required inputMode="numeric" pattern="\d+" defaultValue={lot.tokenId ?? ''} data-testid="chain-token-id" />
          </label>
          <label className="field">
            <span className="field__label">Reserve (ETH)</span>
            <input className="field__input" name="reserve" type="number" min="0" step="0.0001" defaultValue={lot.reserveEth ?? ''} data-testid="chain-reserve" />
          </label>
          <label className="field">
            <span className="field__label">Duration (minutes)</span>
            <input className="field__input" name="duration" type="number" min="1" step="1" required defaultValue="60" data-testid="chain-duration" />
          </label>
          <label className="field">
            <span className="field__label">Extension window (seconds)</span>
            <input className="field__input" name="buffer" type="number" min="0" step="1" defaultValue="300" />
          </label>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="chain-start-submit">
            {busy ? 'STARTING...' : 'CREATE AND START'}
          </button>
        </form>
      )}
      {error && (
        <p className="connect-wallet__error" role="alert" data-testid="chain-start-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
