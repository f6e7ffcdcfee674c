import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { Nft } from '@gavel/domain';
import { RECEIPT_TIMEOUT_MS, walletMessages } from '@gavel/domain/wallet-rules';
import { ApiRequestError } from '../api/http.ts';
import { nftApi } from '../api/nfts.ts';
import { connectWalletHref } from '../wallet/connect-wallet-href.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { useEvmWallet } from './use-evm-wallet.ts';

/** How often a card mint's status is asked for while the relayer's transaction is on its way. */
const CARD_MINT_POLL_MS = 1_000;

/**
 * The relayer's cardMint to the caller's linked wallet, paid by the saved card: started, then followed until
 * it is minted (its token id) or failed (refunded), for at most the receipt wait.
 */
async function mintByCard(metadataUrl: string): Promise<{ tokenId: string; contractAddress: string; hash: string }> {
  let mint = (await nftApi.cardMint(metadataUrl)).data;
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  while (mint.status === 'queued') {
    if (Date.now() > deadline) throw new Error(walletMessages.receiptTimeout);
    await new Promise((resolve) => setTimeout(resolve, CARD_MINT_POLL_MS));
    mint = (await nftApi.cardMintStatus(mint.id)).data;
  }
  if (mint.status === 'failed' || !mint.tokenId || !mint.contractAddress || !mint.mintTxHash) throw new Error('the mint failed and the card was refunded');
  return { tokenId: mint.tokenId, contractAddress: mint.contractAddress, hash: mint.mintTxHash };
}

/**
 * The NFT mint dialog: GavelNFT.publicMint(metadataUrl) from the connected EVM wallet at the contract's
 * current price (read at send time), or paid by card (the api's relayer calls cardMint to the linked wallet);
 * then the token is recorded with POST /nfts, which re-reads it from chain.
 */
export function MintNftDialog({ open, onClose, onMinted }: { open: boolean; onClose: () => void; onMinted?: (nft: Nft) => void }) {
  const wallet = useEvmWallet();
  const notify = useNotify();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!wallet) return setError(walletMessages.connectFirst);
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const byCard = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'card';
    setBusy(true);
    setError(null);
    try {
      let minted: { tokenId: string; contractAddress: string; hash: string };
      if (byCard) minted = await mintByCard(field('metadataUrl'));
      else {
        const kit = await loadWalletKit();
        const sent = await kit.publicMint(wallet.walletId, wallet.address, field('metadataUrl'));
        if (sent.tokenId === null) throw new Error('The mint transaction carried no Minted event');
        minted = { tokenId: sent.tokenId.toString(), contractAddress: sent.contractAddress, hash: sent.hash };
      }
      const record = {
        name: field('name'),
        description: field('description') || undefined,
        imageUrl: field('imageUrl') || undefined,
        metadataUrl: field('metadataUrl'),
        contractAddress: minted.contractAddress,
        tokenId: minted.tokenId,
        mintTxHash: minted.hash,
      };
      // A card mint may already be on record (the api's relayer keeps its own); then it is re-read instead.
      const reply = await nftApi.create(record).catch((failure: unknown) => {
        if (failure instanceof ApiRequestError && failure.status === 409) return nftApi.refresh(record);
        throw failure;
      });
      notify.success(undefined, walletMessages.minted);
      onMinted?.(reply.data);
      onClose();
    } catch (failure) {
      const reason = await walletFailure(failure, walletMessages.mintFailed);
      setError(reason.startsWith(walletMessages.mintFailed) ? reason : `${walletMessages.mintFailed}: ${reason}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title="Mint NFT" onClose={onClose} testId="mint-nft-dialog">
      {!wallet ? (
        <p className="field__hint">
          {walletMessages.connectFirst}. <Link to={`${connectWalletHref(location.pathname, location.search)}&tab=evm`}>Connect wallet</Link>
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <label className="field">
            <span className="field__label">Name</span>
            <input className="field__input" name="name" required maxLength={200} data-testid="mint-name" />
          </label>
          <label className="field">
            <span className="field__label">Description</span>
            <textarea className="field__input" name="description" maxLength={5000} />
          </label>
          <label className="field">
            <span className="field__label">Metadata URL</span>
            <input className="field__input" name="metadataUrl" required placeholder="ipfs://..." data-testid="mint-metadata" />
          </label>
          <label className="field">
            <span className="field__label">Image URL</span>
            <input className="field__input" name="imageUrl" />
          </label>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="mint-submit">
            {busy ? 'MINTING...' : 'MINT'}
          </button>
          <button type="submit" value="card" className="btn btn--ghost btn--block" disabled={busy} data-testid="mint-by-card">
            PAY BY CARD
          </button>
        </form>
      )}
      {error && (
        <p className="connect-wallet__error" role="alert" data-testid="mint-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
