import { Link } from 'react-router';
import type { Lot, LotPhase } from '@gavel/domain';
import { lotAmount, lotEstimate } from '../../lots/lot-money.ts';

/** Prices of a lot that is still open, and the way in to bidding (which needs an account). */
export function LotPricing({ lot, phase }: { lot: Lot; phase: LotPhase }) {
  return (
    <section className="lot-panel" aria-label="Bidding" data-testid="lot-pricing">
      <dl className="lot-facts">
        <div><dt>Starting bid</dt><dd data-testid="lot-starting-bid">{lotAmount(lot.startingBid, lot.unit)}</dd></div>
        <div>
          <dt>Current bid</dt>
          <dd data-testid="lot-current-bid">{lot.currentBid ? lotAmount(lot.currentBid, lot.unit) : 'No bids yet'}</dd>
        </div>
        <div><dt>Bids</dt><dd>{lot.bidCount}</dd></div>
        <div><dt>Estimate</dt><dd data-testid="lot-estimate">{lotEstimate(lot)}</dd></div>
        <div><dt>Reserve</dt><dd>{!lot.hasReserve ? 'No reserve' : lot.reserveMet ? 'Reserve met' : 'Reserve not met'}</dd></div>
        {lot.buyNowEnabled && lot.buyNowPrice && (
          <div><dt>Buy now</dt><dd>{lotAmount(lot.buyNowPrice, lot.unit)}</dd></div>
        )}
      </dl>
      <p className="lot-panel__note">
        {phase === 'upcoming' ? 'Bidding opens when the lot goes live. ' : ''}
        Bidding needs a Gavel account with a verified identity and a payment method.
      </p>
      <Link to="/signin" className="btn btn--primary btn--block" data-testid="lot-sign-in-to-bid">Sign in to bid</Link>
    </section>
  );
}
