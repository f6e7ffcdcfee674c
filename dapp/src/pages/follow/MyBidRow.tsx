import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fill, messages, MY_BID_OUTCOME_TEXT, notificationMessages, phaseOf, type MyBid, type MyBidState } from '@gavel/domain';
import { lotHref } from '../../components/lot-card/LotCard.tsx';
import { WithdrawButton } from '../../bidding/WithdrawButton.tsx';
import { lotAmount } from '../../lots/lot-money.ts';
import { FollowLotRow } from '../../follow/FollowLotRow.tsx';

const RAIL_TEXT: Record<MyBid['bid']['rail'], string> = {
  card: 'Card',
  pay_later: 'Pay later',
  btc_wallet: 'Bitcoin wallet',
  eth_wallet: 'Ethereum wallet',
  relayed_card: 'Card, on chain',
};
const TONE: Record<MyBidState, 'good' | 'warn' | 'bad' | 'muted'> = { leading: 'good', outbid: 'warn', won: 'good', lost: 'muted', cancelled: 'muted' };

/** A bid that stopped leading: its maximum, if it had one, did not hold. */
const EXCEEDED_STATES: readonly MyBidState[] = ['outbid', 'lost'];

/**
 * One lot on My bids: the user's best bid on it and where it stands. A maximum is the bidder's own (the api sends
 * it only to them), so it shows here as a figure, and once beaten the row says it was exceeded.
 */
export function MyBidRow({ entry }: { entry: MyBid }) {
  const { bid, lot } = entry;
  const facts: Array<[string, ReactNode]> = [
    ['Your bid', `${lotAmount(bid.amount, bid.unit)} · ${RAIL_TEXT[bid.rail]}`],
    [phaseOf(lot.status) === 'ended' ? 'Final bid' : 'Current bid', lot.currentBid ? lotAmount(lot.currentBid, lot.unit) : '-'],
  ];
  const maximum = bid.maximum ? lotAmount(bid.maximum, bid.unit) : null;
  if (maximum) facts.push(['Your maximum', maximum]);
  const exceeded = maximum && EXCEEDED_STATES.includes(entry.state) ? fill(messages.bids.maximumExceeded, { amount: maximum }) : null;
  return (
    <FollowLotRow
      lot={lot}
      testId="my-bid"
      tag={{ text: MY_BID_OUTCOME_TEXT[entry.state], tone: TONE[entry.state] }}
      facts={facts}
      note={
        entry.state === 'cancelled' ? (
          <span className="follow-row__meta" data-testid="my-bid-cancelled">
            Another buyer bought this lot with Buy Now, so your bid was cancelled and nothing is owed.{bid.rail === 'card' && ` ${notificationMessages.bidCancelledHoldReleased}`}
          </span>
        ) : exceeded ? (
          <span className="follow-row__meta" data-testid="my-bid-maximum-exceeded">
            {exceeded}
          </span>
        ) : null
      }
      actions={
        entry.state === 'cancelled' ? (
          <Link to={lotHref(lot)} className="btn btn--ghost" data-testid="my-bid-view">
            View lot
          </Link>
        ) : entry.canWithdraw && bid.id ? (
          <WithdrawButton lotId={lot._id} bidId={bid.id} amount={lotAmount(bid.amount, bid.unit)} className="btn btn--ghost" testId="my-bid-withdraw" />
        ) : null
      }
    />
  );
}
