import { Link } from 'react-router';
import { checkoutMessages, type Lot } from '@gavel/domain';
import { serverMessage } from '../api/http.ts';
import { BidSigningError } from '../bidding/place-bid.ts';
import { CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { PaymentSignIn, useSignedIn } from './PaymentSignIn.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { useBuyNowWithWallet } from './use-buy-now.ts';

/**
 * BUY NOW on a BTC lot: the Bitcoin wallet signs an offer at the Buy Now price, as binding as a bid's, and that
 * signed offer buys the lot. Nothing is paid yet: the seller co-signs the swap, which moves the coins and the
 * inscription together, so the done step says so rather than thanking anyone for a payment.
 */
export function BuyNowWallet({ lot, onDone }: { lot: Lot; onDone: () => void }) {
  const signedIn = useSignedIn();
  const buy = useBuyNowWithWallet(lot._id);
  const price = lotAmount(lot.buyNowPrice ?? '0', lot.unit);

  if (buy.isSuccess) {
    return (
      <div className="checkout-step checkout-step--center" data-testid="buy-now-done">
        <span className="checkout-success" aria-hidden="true">
          <CheckIcon width={30} height={30} />
        </span>
        <p className="checkout-step__lead">{buy.data.message}</p>
        <p className="checkout-note" data-testid="buy-now-swap-note">
          Your signed offer of {price} wins {lot.title}. The seller now co-signs the swap, which sends the inscription to your wallet and the coins to the seller together. Keep the coins of your offer
          unspent until it confirms: your cart shows when the seller’s signature is due.
        </p>
        <Link to="/cart" className="btn btn--primary btn--block" onClick={onDone} data-testid="buy-now-view-cart">
          View cart
        </Link>
      </div>
    );
  }
  if (!signedIn) return <PaymentSignIn message={checkoutMessages.signToBuy} />;

  const failure = buy.error instanceof BidSigningError ? buy.error.reason : buy.error ? (serverMessage(buy.error) ?? checkoutMessages.purchaseFailed) : null;
  return (
    <div className="checkout-step" data-testid="buy-now-wallet">
      <PriceSummary lot={lot} />
      {failure && (
        <p className="form-banner form-banner--error" role="alert" data-testid="buy-now-failed">
          Not bought: {failure}
        </p>
      )}
      <button type="button" className="btn btn--accent btn--block" disabled={buy.isPending} aria-busy={buy.isPending} data-testid="buy-now-sign" onClick={() => buy.mutate(undefined)}>
        {buy.isPending ? 'Confirm in your wallet…' : failure ? `Try again: sign and buy for ${price}` : `Sign and buy for ${price}`}
      </button>
      <p className="checkout-note">
        Your Bitcoin wallet signs an offer at the Buy Now price, exactly as it signs a bid. Buying ends the auction at once and cancels the other bids; the coins move only when the seller co-signs the
        swap.
      </p>
    </div>
  );
}
