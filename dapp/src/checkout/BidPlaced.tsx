import type { Lot, PlaceBidReply } from '@gavel/domain';
import { CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { extensionNotice } from '../bidding/use-place-bid.ts';

/** The success modal of the bid flow: its Done runs the caller's success callback. */
export function BidPlaced({ lot, reply, onDone }: { lot: Lot; reply: PlaceBidReply; onDone: () => void }) {
  const extension = extensionNotice(reply);
  return (
    <div className="checkout-step checkout-step--center" data-testid="checkout-placed">
      <span className="checkout-success" aria-hidden="true">
        <CheckIcon width={30} height={30} />
      </span>
      <p className="checkout-step__lead">{reply.message}</p>
      <p className="checkout-note">
        You are the highest bidder on {lot.title} at {lotAmount(reply.data.bid.amount, reply.data.bid.unit)}. We will tell you at once if someone outbids you.
      </p>
      {extension && <p className="form-banner form-banner--info">{extension}</p>}
      <button type="button" className="btn btn--primary btn--block" data-testid="checkout-done" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
