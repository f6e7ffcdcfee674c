import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Lot, Nft } from '@gavel/domain';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import { connectWalletHref } from '../wallet/connect-wallet-href.ts';
import { ApproveNftDialog } from '../nft/ApproveNftDialog.tsx';
import { MintNftDialog } from '../nft/MintNftDialog.tsx';
import { useEvmWallet } from '../nft/use-evm-wallet.ts';
import { headerAddress } from '../wallet/wallet-store.ts';
import { SettleChainAuctionButtons } from './SettleChainAuctionButtons.tsx';
import { StartChainAuctionDialog } from './StartChainAuctionDialog.tsx';

type ChainLot = Pick<Lot, '_id' | 'title' | 'paymentMethod' | 'tokenId' | 'contractAddress' | 'auctionId'> & { reservePrice: string | null };

/**
 * The admin lot screen's chain block for ETH lots (the only auctions on the auction house; a BTC lot's
 * on-chain side is its inscription and swap, BitcoinLotPanel): before the lot has an auction on chain, mint
 * its NFT, approve it for the auction house and create and start the auction, which sets the lot live; after,
 * end or cancel it on chain. Every call goes from the admin's connected EVM wallet.
 */
export function OnChainLotPanel({ lot, onChanged }: { lot: ChainLot; onChanged?: () => void }) {
  const wallet = useEvmWallet();
  const location = useLocation();
  const [dialog, setDialog] = useState<'mint' | 'approve' | 'start' | null>(null);
  const [minted, setMinted] = useState<Nft | null>(null);
  if (walletKindFor(lot) !== 'evm') return null;
  const tokenId = minted?.tokenId ?? lot.tokenId;
  const contractAddress = minted?.contractAddress ?? lot.contractAddress;

  return (
    <div className="admin-card" data-testid="onchain-lot-panel">
      <h2 className="admin-card__title">On chain</h2>
      {wallet ? (
        <p>
          Wallet <code>{headerAddress(wallet.address)}</code>
          {lot.auctionId ? <> · auction #{lot.auctionId}</> : null}
        </p>
      ) : (
        <p>
          <Link to={`${connectWalletHref(location.pathname, location.search)}&tab=evm`} data-testid="onchain-connect">
            Connect an EVM wallet
          </Link>{' '}
          to act on chain.
        </p>
      )}
      {lot.auctionId ? (
        <SettleChainAuctionButtons auctionId={lot.auctionId} onDone={onChanged} />
      ) : (
        <div className="admin-actions">
          <button type="button" className="btn btn--ghost" disabled={!wallet} data-testid="onchain-mint" onClick={() => setDialog('mint')}>
            Mint NFT
          </button>
          <button type="button" className="btn btn--ghost" disabled={!wallet || !tokenId || !contractAddress} data-testid="onchain-approve" onClick={() => setDialog('approve')}>
            Approve NFT
          </button>
          <button type="button" className="btn btn--primary" disabled={!wallet} data-testid="onchain-start" onClick={() => setDialog('start')}>
            Start on-chain auction
          </button>
        </div>
      )}
      <MintNftDialog open={dialog === 'mint'} onClose={() => setDialog(null)} onMinted={setMinted} />
      <ApproveNftDialog nft={dialog === 'approve' && tokenId && contractAddress ? { name: lot.title, tokenId, contractAddress } : null} onClose={() => setDialog(null)} />
      <StartChainAuctionDialog
        lot={dialog === 'start' ? { id: lot._id, title: lot.title, tokenId, reserveEth: lot.reservePrice } : null}
        onClose={() => setDialog(null)}
        onStarted={() => onChanged?.()}
      />
    </div>
  );
}
