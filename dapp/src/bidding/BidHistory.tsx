import { mayWithdraw, messages, type Bid, type LotPhase } from '@gavel/domain';
import { useBidHistory } from '../api/bids.ts';
import { DateTime } from '../dates/DateTime.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { WithdrawButton } from './WithdrawButton.tsx';

/**
 * The lot's bids, highest first (at most 50), refetched with the lot and on live updates. On a lot a Buy Now ended
 * the api lists the bids it cancelled, and each says so (none of them is the highest any more). Other bidders
 * are masked by the api ("B***r"); the viewer's own bids say "You". `phase`: the lot clock's; `onChain`: an ETH
 * lot, whose bids the contract refunds instead of a withdrawal here.
 */
export function BidHistory({ lotId, phase, onChain }: { lotId: string; phase: LotPhase; onChain: boolean }) {
  const history = useBidHistory(lotId);
  const ended = phase === 'ended' || phase === 'cancelled';
  return (
    <section className="bid-history" aria-labelledby="bid-history-title" data-testid="bid-history">
      <h2 id="bid-history-title" className="lot-detail__section-title">
        Bid history {history.data && history.data.length > 0 && <span className="bid-history__count">{history.data.length}</span>}
      </h2>
      {history.isPending ? (
        <div className="bid-history__loading" aria-busy="true">
          {[0, 1, 2].map((row) => (
            <span key={row} className="skeleton skeleton--line" />
          ))}
        </div>
      ) : history.isError ? (
        <p className="bid-history__empty">The bid history could not be loaded. It will try again in a moment.</p>
      ) : history.data.length === 0 ? (
        <p className="bid-history__empty" data-testid="bid-history-empty">
          {ended ? 'No bids were placed on this lot.' : 'No bids yet. Be the first.'}
        </p>
      ) : (
        <ol className="bid-history__list">
          {history.data.map((bid, index) => (
            <BidRow
              key={bid.id}
              bid={bid}
              leading={index === 0 && bid.status !== 'cancelled'}
              withdraw={bid.bidder.isYou && mayWithdraw({ status: phase }, { status: bid.status, onChain }) ? lotId : null}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** `withdraw`: the lot id when this is the viewer's own outbid bid on an open off-chain lot, which they may take back. */
function BidRow({ bid, leading, withdraw }: { bid: Bid; leading: boolean; withdraw: string | null }) {
  return (
    <li className="bid-row" data-testid="bid-row" data-you={bid.bidder.isYou || undefined} data-status={bid.status}>
      <span className="bid-row__who">
        {bid.bidder.isYou ? <strong>You</strong> : bid.bidder.displayName}
        {leading && <span className="bid-row__tag">Highest</span>}
        {bid.status === 'cancelled' && (
          <span className="bid-row__tag bid-row__tag--cancelled" data-testid="bid-row-cancelled">
            {messages.bids.cancelledByBuyNow}
          </span>
        )}
      </span>
      <DateTime className="bid-row__when" iso={bid.createdAt} />
      <span className="bid-row__amount" data-testid="bid-row-amount">
        {lotAmount(bid.amount, bid.unit)}
      </span>
      {withdraw && <WithdrawButton lotId={withdraw} bidId={bid.id} amount={lotAmount(bid.amount, bid.unit)} className="text-link bid-row__withdraw" testId="bid-row-withdraw" />}
    </li>
  );
}
