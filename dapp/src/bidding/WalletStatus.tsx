import { Link, useLocation } from 'react-router';
import { messages, type Lot } from '@gavel/domain';
import { WalletIcon } from '../components/icons/icons.tsx';
import { connectWalletHref } from '../components/header/ProfileMenu.tsx';
import { shortAddress, type BidWallet } from './use-bid-wallet.ts';
import { walletKindFor } from '@gavel/domain/wallet-rules';

const TYPE_NAMES = { hiro: 'Leather', xverse: 'Xverse', evm: 'Ethereum' } as const;

/**
 * The lot page's wallet status: which wallet a crypto bid would come from, or how to connect one. Card-paid
 * (Manual) lots need none, and say so, so nobody goes looking for a wallet they do not need.
 */
export function WalletStatus({ lot, wallet }: { lot: Pick<Lot, 'paymentMethod' | 'auctionType'>; wallet: BidWallet }) {
  const location = useLocation();
  const crypto = lot.paymentMethod !== 'Manual' || lot.auctionType === 'onchain';
  if (wallet.address && wallet.type) {
    return (
      <p className="wallet-status wallet-status--connected" data-testid="wallet-status">
        <WalletIcon width={18} height={18} />
        <span>{TYPE_NAMES[wallet.type]} wallet <code title={wallet.address}>{shortAddress(wallet.address)}</code></span>
      </p>
    );
  }
  if (!crypto) {
    return (
      <p className="wallet-status" data-testid="wallet-status">
        <WalletIcon width={18} height={18} />
        <span>No wallet needed: bids on this lot are secured on your saved card.</span>
      </p>
    );
  }
  return (
    <p className="wallet-status wallet-status--missing" data-testid="wallet-status">
      <WalletIcon width={18} height={18} />
      <span>
        {lot.paymentMethod === 'ETH' ? 'Please connect your Ethereum wallet to place a bid.' : messages.bids.walletRequired}{' '}
        <Link to={connectWalletHref(location.pathname, location.search) + (walletKindFor(lot) === 'evm' ? '&tab=evm' : '')} data-testid="wallet-connect">Connect wallet</Link>
      </span>
    </p>
  );
}
