import { Link } from 'react-router';
import { bitcoinSwapNote, followMessages, SETTLEMENT_STATE_TEXT, type WonLot } from '@gavel/domain';
import { formatDateTime } from '../../dates/format-date.ts';
import { useWonLots } from '../../api/follow.ts';
import { lotHref } from '../../components/lot-card/LotCard.tsx';
import { DateTime } from '../../dates/DateTime.tsx';
import { FollowList } from '../../follow/FollowList.tsx';
import { FollowLotRow } from '../../follow/FollowLotRow.tsx';
import { lotAmount } from '../../lots/lot-money.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import '../../follow/follow.css';

const PAYMENT_TEXT = { not_applicable: '-', pending: 'Unpaid', paid: 'Paid' } as const;
const TRANSFER_TEXT = { not_applicable: '-', pending: 'Pending', transferred: 'Transferred' } as const;

/** /won: the lots the user won or bought, with payment and transfer, and where to pay or claim. */
export function WonPage() {
  useDocumentTitle(followMessages.wonTitle);
  const won = useWonLots();
  return (
    <div className="page follow-page" data-testid="won-page">
      <h1 className="page-title">{followMessages.wonTitle}</h1>
      <FollowList
        query={won}
        count={won.data?.length ?? 0}
        testId="won"
        empty={{ title: followMessages.noWins, description: 'Lots you win or buy with Buy Now appear here until they are paid and transferred.' }}
      >
        <ul className="follow-list">
          {won.data?.map((entry) => (
            <WonRow key={entry.lot._id} entry={entry} />
          ))}
        </ul>
      </FollowList>
    </div>
  );
}

function WonRow({ entry: { lot, paymentDueAt, payableInCart, bitcoinSwap } }: { entry: WonLot }) {
  const settlement = lot.settlement;
  const unpaid = settlement?.state === 'awaiting_payment';
  const price = lot.soldPrice ?? lot.currentBid;
  return (
    <FollowLotRow
      lot={lot}
      testId="won-lot"
      tag={{ text: settlement ? SETTLEMENT_STATE_TEXT[settlement.state] : 'Won', tone: settlement?.state === 'complete' ? 'good' : settlement?.state === 'unpaid' ? 'bad' : 'warn' }}
      facts={[
        ['Price', price ? lotAmount(price, lot.unit) : '-'],
        ['Payment', settlement ? PAYMENT_TEXT[settlement.paymentStatus] : '-'],
        ['Transfer', settlement ? TRANSFER_TEXT[settlement.transferStatus] : '-'],
      ]}
      note={
        bitcoinSwap ? (
          <span className="follow-row__meta" data-testid="won-lot-swap">
            {bitcoinSwapNote(bitcoinSwap, formatDateTime)}
          </span>
        ) : unpaid && paymentDueAt ? (
          <span className="follow-row__meta" data-testid="won-lot-due">
            Pay by <DateTime iso={paymentDueAt} />
          </span>
        ) : null
      }
      actions={
        payableInCart ? (
          <Link to="/cart" className="btn btn--primary" data-testid="won-lot-pay">
            Pay in cart
          </Link>
        ) : (
          <Link to={lotHref(lot)} className="btn btn--ghost" data-testid="won-lot-open">
            {unpaid ? 'Pay or claim' : 'View lot'}
          </Link>
        )
      }
    />
  );
}
