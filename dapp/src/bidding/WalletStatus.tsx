import { Link, useLocation } from 'react-router';
import { messages, type Lot } from '@gavel/domain';
import { WalletIcon } from '../components/icons/icons.tsx';
import { connectWalletHref } from '../wallet/connect-wallet-href.ts';
import { shortAddress, type BidWallet } from './use-bid-wallet.ts';
import { walletKindFor, walletMessages } from '@gavel/domain/wallet-rules';

const TYPE_NAMES = { hiro: 'Leather', xverse: 'Xverse', evm: 'Ethereum' } as const;

/**
 * The lot page's wallet status: which wallet a crypto bid would come from, or why there is none ("No wallet
 * connected.", or the connected one is of the other kind) and how to connect one. Card-paid (Manual) lots need
 * none, and say so, so nobody goes looking for a wallet they do not need.
 */
export function WalletStatus({ lot, wallet }: { lot: Pick<Lot, 'paymentMethod'>; wallet: BidWallet }) {
  const location = useLocation();
  const crypto = lot.paymentMethod !== 'Manual';
  if (wallet.address && wallet.type) {
    return (
      <p className="wallet-status wallet-status--connected" data-testid="wallet-status">
        <WalletIcon width={18} height={18} />
        <span>
          {TYPE_NAMES[wallet.type]} wallet <code title={wallet.address}>{shortAddress(wallet.address)}</code>
        </span>
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
        {missingWalletText(lot, wallet.refusal)}{' '}
        <Link to={connectWalletHref(location.pathname, location.search) + (walletKindFor(lot) === 'evm' ? '&tab=evm' : '')} data-testid="wallet-connect">
          Connect wallet
        </Link>
      </span>
    </p>
  );
}

/** What is connected ("No wallet connected.", or a wallet of the other kind), then what to do when that does not say it already. */
function missingWalletText(lot: Pick<Lot, 'paymentMethod'>, refusal: string | null): string {
  const instruction = lot.paymentMethod === 'ETH' ? walletMessages.connectEthereum : messages.bids.walletRequired;
  if (refusal === walletMessages.noWallet) return `${refusal} ${instruction}`;
  return refusal ?? instruction;
}
