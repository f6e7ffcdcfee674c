import { Link } from 'react-router';
import { LOT_OUTCOME_TEXT, lotOutcome, messages, outcomePrice, wonPaymentText, type Lot } from '@gavel/domain';
import { useBidHistory } from '../../api/bids.ts';
import { useCart } from '../../api/checkout.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount, lotEstimate } from '../../lots/lot-money.ts';
import { OnChainOutcome } from '../../bidding/OnChainOutcome.tsx';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import { useSellsLot } from '../../settlement/use-sells-lot.ts';

/**
 * The lot page's ended view: closed date, estimate ("Upon Request" if none), and the sold price or "No bids
 * placed". The results (the price, the winner, the viewer's own outcome) need an account: signed-out visitors
 * get "Log in to view results" instead, and the api sends them none of it (`resultsHidden`).
 */
export function LotResults({ lot, signedIn }: { lot: Lot; signedIn: boolean }) {
  const resultsShown = signedIn && !lot.resultsHidden && lot.status !== 'cancelled';
  const price = outcomePrice(lot);
  return (
    <section className="lot-panel" aria-labelledby="lot-results-title" data-testid="lot-results">
      <h2 id="lot-results-title" className="lot-panel__title">
        {lot.status === 'cancelled' ? 'Cancelled' : 'Results'}
      </h2>
      <dl className="lot-facts">
        <div>
          <dt>Closed</dt>
          <dd data-testid="lot-closed-at">
            <DateTime iso={lot.closedAt ?? lot.endTime} />
          </dd>
        </div>
        <div>
          <dt>Estimate</dt>
          <dd data-testid="lot-estimate">{lotEstimate(lot)}</dd>
        </div>
        {resultsShown && price && (
          <div>
            <dt>Outcome</dt>
            <dd data-testid="lot-outcome">{LOT_OUTCOME_TEXT[lotOutcome(lot)]}</dd>
          </div>
        )}
        {resultsShown && (
          <div>
            <dt>{price?.label ?? 'Result'}</dt>
            <dd data-testid="lot-sold-price">{price ? lotAmount(price.amount, lot.unit) : LOT_OUTCOME_TEXT[lotOutcome(lot)]}</dd>
          </div>
        )}
      </dl>
      {signedIn && walletKindFor(lot) === 'evm' && <OnChainOutcome lot={lot} />}
      {signedIn ? (
        <YourResult lot={lot} />
      ) : (
        <Link to="/signin" className="btn btn--ghost btn--block" data-testid="lot-login-results">
          {messages.browse.logInForResults}
        </Link>
      )}
    </section>
  );
}

/**
 * The signed-in viewer's own outcome: a lot they won (by bid or Buy Now) is in their cart, whose item says what
 * their money is doing (held until a time, being charged, paid, owed by a deadline, a swap's stage); else their bids say.
 */
function YourResult({ lot }: { lot: Lot }) {
  const cart = useCart();
  const history = useBidHistory(lot._id);
  const { isSeller } = useSellsLot(lot);
  // The seller's outcome is the sale: the settlement panel below tells it, not "You did not bid".
  if (isSeller) {
    return (
      <p className="lot-result" data-testid="lot-result-seller">
        You are the seller of this lot{lot.winner ? ': settle the sale below.' : '.'}
      </p>
    );
  }
  if (!cart.data || !history.data) return null;
  const won = cart.data.items.find((item) => item.lotId === lot._id);
  if (won) {
    return (
      <p className="lot-result lot-result--won" data-testid="lot-result-won">
        {won.source === 'buy_now' ? 'You bought this lot with Buy Now.' : 'You won this lot.'} {wonPaymentText(won, lotAmount, formatDateTime)}{' '}
        {won.paymentState !== 'paid' && !won.bitcoinSwap && <Link to="/cart">Go to your cart</Link>}
      </p>
    );
  }
  const mine = history.data.filter((bid) => bid.bidder.isYou);
  if (mine.length === 0)
    return (
      <p className="lot-result" data-testid="lot-result-none">
        You did not bid on this lot.
      </p>
    );
  // Bids a Buy Now cancelled are the only cancelled bids a history lists.
  if (mine[0]!.status === 'cancelled')
    return (
      <p className="lot-result" data-testid="lot-result-cancelled">
        Your highest bid was {lotAmount(mine[0]!.amount, lot.unit)}. {messages.bids.cancelledByBuyNow}: another buyer bought this lot, so your bids were cancelled and nothing is owed.
      </p>
    );
  return (
    <p className="lot-result" data-testid="lot-result-lost">
      Your highest bid was {lotAmount(mine[0]!.amount, lot.unit)}. {lot.winner ? 'Another bidder won this lot.' : 'The lot did not sell.'}
    </p>
  );
}
