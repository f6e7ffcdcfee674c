import { describe, expect, it } from 'vitest';
import { mayWithdraw, myBidState } from './my-bids.ts';

describe('where a bid stands', () => {
  it('leads or is outbid while the lot is open, on the chain clock too', () => {
    expect(myBidState({ status: 'live' }, true, null)).toBe('leading');
    expect(myBidState({ status: 'timeStarted' }, false, null)).toBe('outbid');
    expect(myBidState({ status: 'upcoming' }, false, null)).toBe('outbid');
  });

  it('won or lost once the lot ended, by the close', () => {
    expect(myBidState({ status: 'ended' }, true, true)).toBe('won');
    expect(myBidState({ status: 'timeEnded' }, false, false)).toBe('lost');
    // Leading at the end but below the reserve: the close names no winner.
    expect(myBidState({ status: 'ended' }, true, false)).toBe('lost');
  });

  it('an ended lot not closed yet keeps the leader leading; a cancelled lot is lost', () => {
    expect(myBidState({ status: 'ended' }, true, null)).toBe('leading');
    expect(myBidState({ status: 'ended' }, false, null)).toBe('lost');
    expect(myBidState({ status: 'cancelled' }, true, null)).toBe('lost');
  });
});

describe('taking a bid back', () => {
  it('only an outbid bid through Gavel on an open lot', () => {
    expect(mayWithdraw({ status: 'live' }, { status: 'outbid', onChain: false })).toBe(true);
    expect(mayWithdraw({ status: 'live' }, { status: 'active', onChain: false })).toBe(false);
    expect(mayWithdraw({ status: 'ended' }, { status: 'outbid', onChain: false })).toBe(false);
    expect(mayWithdraw({ status: 'timeStarted' }, { status: 'outbid', onChain: true })).toBe(false);
  });
});
