import { displayAmount, ladderStepCount, messages, minimumIncrement, parseAmount, type Lot } from '@gavel/domain';
import { WalletIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { useLadderProgress, type LadderProgress } from '../wallet/ladder-progress.ts';

/** What the bidder is told before their wallet signs a maximum: how many offers, from the amount up to the maximum. */
export interface LadderPreview {
  offers: number;
  amount: bigint;
  maximum: bigint;
}

/**
 * The offers a Bitcoin wallet signs for a bid with a maximum on `lot`: as many as the domain's rule gives for the
 * amount and maximum, or null for a bid of one offer. Only their count and ends: the api draws the steps between
 * at random when it builds them (offer-ladder.ts), and the wallet shows each as it asks.
 */
export function ladderOf(lot: Pick<Lot, 'paymentMethod' | 'auctionType' | 'unit'>, amount: string, maximum: string | undefined): LadderPreview | null {
  if (maximum === undefined || lot.paymentMethod !== 'BTC') return null;
  try {
    const [from, to] = [parseAmount(amount, lot.unit), parseAmount(maximum, lot.unit)];
    const offers = ladderStepCount(from, to, minimumIncrement(lot));
    return offers > 1 ? { offers, amount: from, maximum: to } : null;
  } catch {
    return null; // the bid box checked both amounts; an unreadable one is placed as one offer and the api says why
  }
}

/** The ladder in the bidder's words: its ends, and why the steps between are not shown before they are drawn. */
function ladderText({ offers, amount, maximum }: LadderPreview): string {
  const between = offers - 2;
  const drawn =
    between > 0
      ? `, and ${between} at ${between === 1 ? 'a step' : 'steps'} in between that Gavel draws at random and keeps to you, so the prices the lot moves through do not give your maximum away`
      : '';
  return `For your maximum, your wallet asks you to sign ${offers} offers: one at your amount (${displayAmount(amount, 'sats')}), one at your maximum (${displayAmount(maximum, 'sats')})${drawn}.`;
}

/** What the wallet is asking for now, in the bidder's words. */
function progressText(progress: LadderProgress): string {
  if (progress.kind === 'all') return `Your wallet asks you to sign all ${progress.count} offers at once.`;
  return `Step ${progress.step} of ${progress.of}: sign the offer of ${lotAmount(progress.amount, 'sats')} in your wallet.`;
}

interface BitcoinBidPanelProps {
  walletAddress: string | null;
  /** A maximum's ladder of offers (ladderOf), or null for one offer. */
  ladder: LadderPreview | null;
  onWalletBid: () => void;
  walletBidding: boolean;
  bidError: string | null;
  /** Back to the choice of payment, offered beside a failure (a wallet that cannot sign this offer can bid by card). */
  onOtherWay?: () => void;
}

/**
 * The checkout's Bitcoin sub-panel: the wallet paying, what it will sign (one offer, or a maximum's few offers of
 * which only one can ever be paid), where the signing is while the wallet asks, and why the last bid failed.
 */
export function BitcoinBidPanel({ walletAddress, ladder, onWalletBid, walletBidding, bidError, onOtherWay }: BitcoinBidPanelProps) {
  const progress = useLadderProgress();
  return (
    <div className="checkout-step" data-testid="checkout-bitcoin">
      <p className="checkout-line">
        <WalletIcon /> {walletAddress ? `Bitcoin wallet ${walletAddress}` : messages.bids.walletRequired}
      </p>
      {ladder ? (
        <p className="checkout-note" data-testid="checkout-bitcoin-ladder">
          {ladderText(ladder)} They all spend the same coins, so only one can ever be paid: the one at the price you win at, and only if you win.
        </p>
      ) : (
        <p className="checkout-note">Your wallet signs an offer: it pays only if you win, when the seller completes the transfer of the inscription to you.</p>
      )}
      <p className="checkout-progress" role="status" aria-live="polite" data-testid="checkout-bitcoin-progress">
        {walletBidding && progress ? progressText(progress) : ''}
      </p>
      {bidError && (
        <p className="form-banner form-banner--error" role="alert" data-testid="checkout-bitcoin-error">
          {bidError}
        </p>
      )}
      <button type="button" className="btn btn--primary btn--block" disabled={!walletAddress || walletBidding} onClick={onWalletBid} data-testid="checkout-bitcoin-bid">
        {walletBidding ? 'Signing in your wallet…' : 'Place Bitcoin bid'}
      </button>
      {bidError && onOtherWay && (
        <button type="button" className="btn btn--ghost btn--block" disabled={walletBidding} onClick={onOtherWay} data-testid="checkout-other-way">
          Pay another way
        </button>
      )}
    </div>
  );
}
