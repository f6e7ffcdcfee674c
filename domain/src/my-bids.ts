/**
 * Where a user's bid on a lot stands, one rule for the api (which decides it) and the dapp (which groups and
 * labels it): while the lot is open the best bid leads or is outbid; once it ended the bid won or lost. An
 * ended lot whose close has not been recorded yet keeps a leading bid as leading (the close names the winner
 * in a moment), and an outbid bid there has lost already.
 */
import { phaseOf } from './lot-clock.ts';
import { messages } from './messages.ts';

export const MY_BID_STATES = ['leading', 'outbid', 'won', 'lost', 'cancelled'] as const;
export type MyBidState = (typeof MY_BID_STATES)[number];

/** Each state in a word, as My bids' filters name it. */
export const MY_BID_STATE_TEXT: Record<MyBidState, string> = {
  leading: 'Leading',
  outbid: 'Outbid',
  won: 'Won',
  lost: 'Lost',
  cancelled: 'Cancelled',
};

/** Each state as a lot's row on My bids says it: a cancelled bid says what cancelled it. */
export const MY_BID_OUTCOME_TEXT: Record<MyBidState, string> = { ...MY_BID_STATE_TEXT, cancelled: messages.bids.cancelledByBuyNow };

/**
 * `leading`: the user's best bid is the lot's highest. `won`: the close's verdict (the user is the recorded
 * winner), or null while the close has not run. `cancelledByBuyNow`: someone bought the lot with Buy Now, which
 * cancelled the user's bids: neither won nor lost at bidding.
 */
export function myBidState(lot: { status: string }, leading: boolean, won: boolean | null, cancelledByBuyNow = false): MyBidState {
  const phase = phaseOf(lot.status);
  if (phase === 'cancelled') return 'lost';
  if (phase !== 'ended') return leading ? 'leading' : 'outbid';
  if (cancelledByBuyNow && won !== true) return 'cancelled';
  if (won === null) return leading ? 'leading' : 'lost';
  return won ? 'won' : 'lost';
}

/**
 * An outbid bid placed through Gavel may be taken back while its lot is open, as the lot's legal note says; the
 * leading bid never. A bid on the auction house is refunded by the contract instead (POST /evm-withdrawals).
 */
export function mayWithdraw(lot: { status: string }, bid: { status: string; onChain: boolean }): boolean {
  const phase = phaseOf(lot.status);
  return !bid.onChain && bid.status === 'outbid' && (phase === 'live' || phase === 'upcoming');
}
