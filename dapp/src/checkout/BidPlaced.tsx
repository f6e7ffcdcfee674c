import { messages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { AlertIcon, CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { extensionNotice } from '../bidding/use-place-bid.ts';

/**
 * The result modal of the bid flow: its Done runs the caller's success callback. A bid an earlier maximum outbid
 * at once was placed too, and says so (the reply's message) with the price that leads now.
 */
export function BidPlaced({ lot, reply, onDone }: { lot: Lot; reply: PlaceBidReply; onDone: () => void }) {
  const extension = extensionNotice(reply);
  const { bid } = reply.data;
  const outbid = bid.status === 'outbid';
  return (
    <div className="checkout-step checkout-step--center" data-testid="checkout-placed">
      <span className={outbid ? 'checkout-success checkout-success--outbid' : 'checkout-success'} aria-hidden="true">
        {outbid ? <AlertIcon width={30} height={30} /> : <CheckIcon width={30} height={30} />}
      </span>
      {/* The toast says the reply's message; repeating it here would say it twice at once. */}
      <p className="checkout-step__lead" data-testid="checkout-placed-message">
        {outbid ? messages.bids.outbidLead : messages.bids.placedLead}
      </p>
      <p className="checkout-note">
        {outbid
          ? `Your bid of ${lotAmount(bid.amount, bid.unit)} is placed, and another bidder’s maximum already covers it: the price is now ${lotAmount(bid.auction.currentBid ?? bid.amount, bid.unit)}. Bid ${lotAmount(reply.minimumNextBid, bid.unit)} or more to lead.`
          : `You are the highest bidder on ${lot.title} at ${lotAmount(bid.auction.currentBid ?? bid.amount, bid.unit)}.${bid.maximum ? ` Gavel bids for you up to your maximum of ${lotAmount(bid.maximum, bid.unit)}; only you see it.` : ''} We will tell you at once if someone outbids you.`}
      </p>
      {extension && <p className="form-banner form-banner--info">{extension}</p>}
      <button type="button" className="btn btn--primary btn--block" data-testid="checkout-done" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
