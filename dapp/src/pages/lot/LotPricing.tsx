import { houseRateMessages, type Lot } from '@gavel/domain';
import { premiumTiersText } from '../../lots/all-in.ts';
import { lotAmount, lotEstimate } from '../../lots/lot-money.ts';

/** The prices of a lot that is still open: starting and current bid, bids so far, estimate, reserve, Buy Now. */
export function LotPricing({ lot }: { lot: Lot }) {
  return (
    <dl className="lot-facts lot-pricing" data-testid="lot-pricing">
      <div>
        <dt>Starting bid</dt>
        <dd data-testid="lot-starting-bid">{lotAmount(lot.startingBid, lot.unit)}</dd>
      </div>
      <div>
        <dt>Current bid</dt>
        <dd data-testid="lot-current-bid">{lot.currentBid ? lotAmount(lot.currentBid, lot.unit) : 'No bids yet'}</dd>
      </div>
      <div>
        <dt>Bids</dt>
        <dd data-testid="lot-bid-count">{lot.bidCount}</dd>
      </div>
      <div>
        <dt>Estimate</dt>
        <dd data-testid="lot-estimate">{lotEstimate(lot)}</dd>
      </div>
      <div>
        <dt>Reserve</dt>
        <dd>{!lot.hasReserve ? 'No reserve' : lot.reserveMet ? 'Reserve met' : 'Reserve not met'}</dd>
      </div>
      {lot.paymentMethod === 'BTC' && lot.vaultBidsRequired !== undefined && (
        <div>
          <dt>Bitcoin bids</dt>
          <dd data-testid="lot-binding-bids">{lot.vaultBidsRequired ? 'Binding Bitcoin bids (from your vault)' : 'Not binding (offers from your wallet)'}</dd>
        </div>
      )}
      {lot.buyerPremium && (
        // Added to the hammer price; the bid form says each bid's figure all in.
        <div>
          <dt>{houseRateMessages.premiumLabel}</dt>
          <dd data-testid="lot-premium">{premiumTiersText(lot)}</dd>
        </div>
      )}
      {lot.buyNowEnabled && lot.buyNowPrice && (
        <div>
          <dt>Buy now</dt>
          <dd data-testid="lot-buy-now-price">{lotAmount(lot.buyNowPrice, lot.unit)}</dd>
        </div>
      )}
    </dl>
  );
}
