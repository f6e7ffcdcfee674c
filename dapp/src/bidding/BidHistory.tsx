import type { Bid } from '@gavel/domain';
import { useBidHistory } from '../api/bids.ts';
import { formatDateTime } from '../dates/format-date.ts';
import { lotAmount } from '../lots/lot-money.ts';

/**
 * The lot's bids, highest first (at most 50), refetched with the lot and on every live update. Other bidders
 * are masked by the api ("B***r"); the viewer's own bids say "You".
 */
export function BidHistory({ lotId, ended }: { lotId: string; ended: boolean }) {
  const history = useBidHistory(lotId);
  return (
    <section className="bid-history" aria-labelledby="bid-history-title" data-testid="bid-history">
      <h2 id="bid-history-title" className="lot-detail__section-title">
        Bid history {history.data && history.data.length > 0 && <span className="bid-history__count">{history.data.length}</span>}
      </h2>
      {history.isPending ? (
        <div className="bid-history__loading" aria-busy="true">
          {[0, 1, 2].map((row) => <span key={row} className="skeleton skeleton--line" />)}
        </div>
      ) : history.isError ? (
        <p className="bid-history__empty">The bid history could not be loaded. It will try again in a moment.</p>
      ) : history.data.length === 0 ? (
        <p className="bid-history__empty" data-testid="bid-history-empty">{ended ? 'No bids were placed on this lot.' : 'No bids yet. Be the first.'}</p>
      ) : (
        <ol className="bid-history__list">
          {history.data.map((bid, index) => <BidRow key={bid.id} bid={bid} leading={index === 0} />)}
        </ol>
      )}
    </section>
  );
}

function BidRow({ bid, leading }: { bid: Bid; leading: boolean }) {
  return (
    <li className="bid-row" data-testid="bid-row" data-you={bid.bidder.isYou || undefined} data-status={bid.status}>
      <span className="bid-row__who">
        {bid.bidder.isYou ? <strong>You</strong> : bid.bidder.displayName}
        {leading && <span className="bid-row__tag">Highest</span>}
      </span>
      <time className="bid-row__when" dateTime={bid.createdAt}>{formatDateTime(bid.createdAt)}</time>
      <span className="bid-row__amount" data-testid="bid-row-amount">{lotAmount(bid.amount, bid.unit)}</span>
    </li>
  );
}
