import { Link } from 'react-router';
import { messages, type Lot } from '@gavel/domain';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount, lotEstimate } from '../../lots/lot-money.ts';

/**
 * The ended view (screen 6): closed date, estimate, and the sold price or "No bids placed". The price is public
 * as in any auction house; who won and your own bids wait for sign-in, hence the "Log in to view results" link.
 */
export function LotResults({ lot }: { lot: Lot }) {
  const hammer = lot.soldPrice ?? lot.currentBid;
  return (
    <section className="lot-panel" aria-labelledby="lot-results-title" data-testid="lot-results">
      <h2 id="lot-results-title" className="lot-panel__title">Results</h2>
      <dl className="lot-facts">
        <div><dt>Closed</dt><dd>{formatDateTime(lot.closedAt ?? lot.endTime)}</dd></div>
        <div><dt>Estimate</dt><dd data-testid="lot-estimate">{lotEstimate(lot)}</dd></div>
        <div>
          <dt>{lot.soldPrice ? 'Sold price' : hammer ? 'Highest bid' : 'Result'}</dt>
          <dd data-testid="lot-sold-price">{hammer ? lotAmount(hammer, lot.unit) : messages.browse.noBids}</dd>
        </div>
        {!lot.soldPrice && lot.currentBid && lot.hasReserve && !lot.reserveMet && (
          <div><dt>Outcome</dt><dd>Reserve not met</dd></div>
        )}
      </dl>
      <Link to="/signin" className="btn btn--ghost btn--block" data-testid="lot-login-results">
        {messages.browse.logInForResults}
      </Link>
    </section>
  );
}
