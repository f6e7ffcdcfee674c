import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { Nft } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { nftApi } from '../api/nfts.ts';
import { connectWalletHref } from '../components/header/ProfileMenu.tsx';
import { Modal } from '../components/modal/Modal.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { useEvmWallet } from './use-evm-wallet.ts';

/**
 * Screen 12's mint dialog: GavelNFT.publicMint(metadataUrl) from the connected EVM wallet at the contract's
 * current price (read at send time), then the token is recorded with POST /nfts, which re-reads it from chain.
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
    setBusy(true);
    setError(null);
    try {
      const kit = await loadWalletKit();
      const minted = await kit.publicMint(wallet.walletId, wallet.address, field('metadataUrl'));
      if (minted.tokenId === null) throw new Error('The mint transaction carried no Minted event');
      const reply = await nftApi.create({
        name: field('name'),
        description: field('description') || undefined,
        imageUrl: field('imageUrl') || undefined,
        metadataUrl: field('metadataUrl'),
        contractAddress: minted.contractAddress,
        tokenId: minted.tokenId.toString(),
        mintTxHash: minted.hash,
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
          {walletMessages.connectFirst}. <Link to={connectWalletHref(location.pathname, location.search) + '&tab=evm'}>Connect wallet</Link>
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <label className="field"><span className="field__label">Name</span><input className="field__input" name="name" required maxLength={200} data-testid="mint-name" /></label>
          <label className="field"><span className="field__label">Description</span><textarea className="field__input" name="description" maxLength={5000} /></label>
          <label className="field"><span className="field__label">Metadata URL</span><input className="field__input" name="metadataUrl" required placeholder="ipfs://..." data-testid="mint-metadata" /></label>
          <label className="field"><span className="field__label">Image URL</span><input className="field__input" name="imageUrl" /></label>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="mint-submit">{busy ? 'MINTING...' : 'MINT'}</button>
        </form>
      )}
      {error && <p className="connect-wallet__error" role="alert" data-testid="mint-error">{error}</p>}
    </Modal>
  );
}
