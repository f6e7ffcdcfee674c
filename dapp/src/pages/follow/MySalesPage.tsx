import { Link } from 'react-router';
import { followMessages, SETTLEMENT_STATE_TEXT, type Lot } from '@gavel/domain';
import { useMySales } from '../../api/follow.ts';
import { lotHref } from '../../components/lot-card/LotCard.tsx';
import { FollowList } from '../../follow/FollowList.tsx';
import { FollowLotRow } from '../../follow/FollowLotRow.tsx';
import { MyConsignments } from '../../follow/MyConsignments.tsx';
import { MySaleDocuments } from '../../follow/MySaleDocuments.tsx';
import { lotAmount } from '../../lots/lot-money.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import '../../follow/follow.css';

const NEEDS_SELLER = new Set(['awaiting_payment', 'awaiting_transfer']);

/**
 * /my-sales: the lots the user sells and each one's settlement (an ended lot opens on its settlement panel), then
 * the items they offered from the Sell page and each one's review.
 */
export function MySalesPage() {
  useDocumentTitle(followMessages.mySalesTitle);
  const sales = useMySales();
  return (
    <div className="page follow-page" data-testid="my-sales-page">
      <h1 className="page-title">{followMessages.mySalesTitle}</h1>
      <FollowList
        query={sales}
        count={sales.data?.length ?? 0}
        testId="my-sales"
        empty={{ title: followMessages.noSales, description: 'Lots you sell appear here with their bids, payment and transfer.' }}
      >
        <ul className="follow-list">
          {sales.data?.map((lot) => (
            <SaleRow key={lot._id} lot={lot} />
          ))}
        </ul>
      </FollowList>
      <MySaleDocuments kind="statements" />
      <MyConsignments />
    </div>
  );
}

function SaleRow({ lot }: { lot: Lot }) {
  const state = lot.settlement?.state ?? 'open';
  const price = lot.soldPrice ?? lot.currentBid;
  return (
    <FollowLotRow
      lot={lot}
      testId="my-sale"
      tag={{ text: SETTLEMENT_STATE_TEXT[state], tone: state === 'complete' ? 'good' : state === 'unpaid' || state === 'no_winner' ? 'muted' : 'warn' }}
      facts={[
        ['Bids', String(lot.bidCount)],
        [state === 'open' ? 'Current bid' : 'Final bid', price ? lotAmount(price, lot.unit) : '-'],
      ]}
      actions={
        <Link to={lotHref(lot)} className={`btn ${NEEDS_SELLER.has(state) ? 'btn--primary' : 'btn--ghost'}`} data-testid="my-sale-open">
          {NEEDS_SELLER.has(state) ? 'Settle' : 'View lot'}
        </Link>
      }
    />
  );
}
