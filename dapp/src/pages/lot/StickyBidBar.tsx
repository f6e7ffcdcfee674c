import type { RefObject } from 'react';
import type { Lot } from '@gavel/domain';
import { bidTermsOf } from '../../bidding/bid-terms.ts';
import { lotAmount } from '../../lots/lot-money.ts';
import { useInView } from './use-in-view.ts';

/**
 * On a phone, the bidding block (outbid banner, prices, bid box) is soon scrolled away: this bar at the foot of the
 * screen keeps the price, the minimum and PLACE BID at hand while none of that block is on screen, so it never covers
 * the banner or the bid box, and PLACE BID takes the bidder to the bid box with the cursor in it. Hidden on wide
 * screens, where the block stays beside the picture (CSS).
 */
export function StickyBidBar({ lot, bidding }: { lot: Lot; bidding: RefObject<HTMLElement | null> }) {
  const biddingInView = useInView(bidding);
  if (biddingInView) return null;
  const terms = bidTermsOf(lot);

  function toBidBox() {
    // No bid box (the seller's own lot, a check still to pass): the bidding block says why, so go there instead.
    const input = bidding.current?.querySelector<HTMLInputElement>('.bid-form__input');
    (input ?? bidding.current)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input?.focus({ preventScroll: true });
  }

  return (
    <section className="sticky-bid-bar" aria-label="Quick bid" data-testid="sticky-bid-bar">
      <dl className="sticky-bid-bar__prices">
        <div>
          <dt>Current bid</dt>
          <dd data-testid="sticky-bid-current">{lot.currentBid ? lotAmount(lot.currentBid, lot.unit) : 'No bids yet'}</dd>
        </div>
        <div>
          <dt>Minimum</dt>
          <dd data-testid="sticky-bid-minimum">{lotAmount(terms.minimumText, terms.unit)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--accent sticky-bid-bar__action" data-testid="sticky-place-bid" onClick={toBidBox}>
        PLACE BID
      </button>
    </section>
  );
}
