import { Link } from 'react-router';
import { LOT_OUTCOME_TEXT, lotOutcome, messages, outcomePrice, type Lot } from '@gavel/domain';
import { useBidHistory } from '../../api/bids.ts';
import { useCart } from '../../api/checkout.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { lotAmount, lotEstimate } from '../../lots/lot-money.ts';
import { OnChainOutcome } from '../../bidding/OnChainOutcome.tsx';
import { walletKindFor } from '@gavel/domain/wallet-rules';

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

/** The signed-in viewer's own outcome: a lot they won (by bid or Buy Now) is in their cart; else their bids say. */
function YourResult({ lot }: { lot: Lot }) {
  const cart = useCart();
  const history = useBidHistory(lot._id);
  if (!cart.data || !history.data) return null;
  const won = cart.data.items.find((item) => item.lotId === lot._id);
  if (won) {
    return (
      <p className="lot-result lot-result--won" data-testid="lot-result-won">
        You won this lot.{' '}
        {won.paymentState === 'awaiting_payment' ? (
          <>
            <Link to="/cart">Go to your cart</Link> to pay for it.
          </>
        ) : (
          'Thank you for your payment.'
        )}
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
  return (
    <p className="lot-result" data-testid="lot-result-lost">
      Your highest bid was {lotAmount(mine[0]!.amount, lot.unit)}. {lot.winner ? 'Another bidder won this lot.' : 'The lot did not sell.'}
    </p>
  );
}
