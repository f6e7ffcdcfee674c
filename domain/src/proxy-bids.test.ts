import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maximumOn, maximumRefusal, proxyMinimum, resolveProxyBid, type ProxyBid, type ProxyState } from './proxy-bids.ts';
import { messages } from './messages.ts';

const rules = { startingBid: 100n, increment: 10n };
const empty: ProxyState = { leader: null, price: null, runnerUp: null };

/** Runs bids in order, failing on a refusal: the state after the last one. */
function after(bids: ProxyBid[]): ProxyState {
  let state = empty;
  for (const bid of bids) {
    const outcome = resolveProxyBid(state, bid, rules);
    if (outcome.kind === 'refused') throw new Error(`refused ${JSON.stringify(bid, (_, v) => (typeof v === 'bigint' ? String(v) : v))}: ${outcome.reason}`);
    state = outcome.state;
  }
  return state;
}

describe('maximum bids', () => {
  it('a first bid with a maximum shows only its amount', () => {
    expect(after([{ bidderId: 'ann', amount: 100n, maximum: 500n }])).toEqual({ leader: { bidderId: 'ann', maximum: 500n }, price: 100n, runnerUp: null });
  });

  it('a plain bid at or below the leader’s maximum is recorded and at once outbid, one increment above it', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, maximum: 500n }]);
    const outcome = resolveProxyBid(state, { bidderId: 'bob', amount: 200n }, rules);
    expect(outcome).toEqual({ kind: 'outbidByMaximum', state: { leader: { bidderId: 'ann', maximum: 500n }, price: 210n, runnerUp: 200n }, leaderId: 'ann' });
  });

  it('the price is capped at the leader’s maximum', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, maximum: 500n }]);
    const outcome = resolveProxyBid(state, { bidderId: 'bob', amount: 495n }, rules);
    expect(outcome.kind === 'outbidByMaximum' && outcome.state.price).toBe(500n);
  });

  it('equal maximums: the earlier one leads, at that maximum', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, maximum: 500n }]);
    const outcome = resolveProxyBid(state, { bidderId: 'bob', amount: 110n, maximum: 500n }, rules);
    expect(outcome).toEqual({ kind: 'outbidByMaximum', state: { leader: { bidderId: 'ann', maximum: 500n }, price: 500n, runnerUp: 500n }, leaderId: 'ann' });
  });

  it('a higher maximum leads one increment above the old one and tells the old leader', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, maximum: 500n }]);
    const outcome = resolveProxyBid(state, { bidderId: 'bob', amount: 110n, maximum: 900n }, rules);
    expect(outcome).toEqual({ kind: 'leads', state: { leader: { bidderId: 'bob', maximum: 900n }, price: 510n, runnerUp: 500n }, outbid: { bidderId: 'ann', maximum: 500n } });
  });

  it('a plain bid above the leader’s maximum leads at its own amount (it commits to it)', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, maximum: 500n }]);
    const outcome = resolveProxyBid(state, { bidderId: 'bob', amount: 800n }, rules);
    expect(outcome.kind === 'leads' && outcome.state).toEqual({ leader: { bidderId: 'bob', maximum: 800n }, price: 800n, runnerUp: 500n });
  });

  it('the leader may raise or lower their maximum, never below the price', () => {
    const state = after([
      { bidderId: 'ann', amount: 100n, maximum: 500n },
      { bidderId: 'bob', amount: 200n },
    ]);
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 0n, maximum: 700n }, rules)).toEqual({
      kind: 'leaderUpdated',
      state: { leader: { bidderId: 'ann', maximum: 700n }, price: 210n, runnerUp: 200n },
    });
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 0n, maximum: 210n }, rules)).toEqual({
      kind: 'leaderUpdated',
      state: { leader: { bidderId: 'ann', maximum: 210n }, price: 210n, runnerUp: 200n },
    });
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 0n, maximum: 209n }, rules)).toEqual({ kind: 'refused', reason: 'maximumTooLow', minimum: 210n });
  });

  it('a leader raising a maximum that held the price down (a tie) lifts the price to one increment above the runner-up', () => {
    const state = after([
      { bidderId: 'ann', amount: 100n, maximum: 500n },
      { bidderId: 'bob', amount: 110n, maximum: 500n },
    ]);
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 0n, maximum: 800n }, rules)).toEqual({
      kind: 'leaderUpdated',
      state: { leader: { bidderId: 'ann', maximum: 800n }, price: 510n, runnerUp: 500n },
    });
  });

  it('refuses an amount under the minimum and a maximum under its own amount', () => {
    expect(resolveProxyBid(empty, { bidderId: 'ann', amount: 99n }, rules)).toEqual({ kind: 'refused', reason: 'tooLow', minimum: 100n });
    expect(resolveProxyBid(empty, { bidderId: 'ann', amount: 150n, maximum: 120n }, rules)).toEqual({ kind: 'refused', reason: 'maximumTooLow', minimum: 150n });
  });
});

/**
 * The model, from the rule's words rather than its steps: every bidder's latest maximum (and since when it stands)
 * and the most the leader committed to in amounts they entered. The leader is the highest maximum, the earliest
 * among equals; the price is the second-highest maximum plus the increment, never below the leader's own amount,
 * capped at the leader's maximum.
 */
class Model {
  private readonly bidders = new Map<string, { maximum: bigint; since: number; floor: bigint }>();
  private clock = 0;

  standing(): ProxyState {
    const ranked = [...this.bidders].sort(([, a], [, b]) => (a.maximum === b.maximum ? a.since - b.since : a.maximum > b.maximum ? -1 : 1));
    const [first, second] = ranked;
    if (!first) return { leader: null, price: null, runnerUp: null };
    const [leaderId, leader] = first;
    const runnerUp = second ? second[1].maximum : null;
    const wanted = runnerUp !== null && runnerUp + rules.increment > leader.floor ? runnerUp + rules.increment : leader.floor;
    return { leader: { bidderId: leaderId, maximum: leader.maximum }, price: wanted < leader.maximum ? wanted : leader.maximum, runnerUp };
  }

  /** Applies an accepted bid; acceptance itself is the simple part of the rule and is not re-modelled. */
  apply(bid: ProxyBid, leaderBefore: string | null): void {
    const now = this.clock++;
    const own = this.bidders.get(bid.bidderId);
    if (leaderBefore === bid.bidderId && own) {
      if (bid.maximum === undefined) own.floor = bid.amount;
      let maximum = bid.maximum ?? own.maximum;
      if (bid.maximum === undefined && bid.amount > maximum) maximum = bid.amount;
      if (maximum !== own.maximum) Object.assign(own, { maximum, since: now });
      return;
    }
    const floor = own && own.floor > bid.amount ? own.floor : bid.amount;
    this.bidders.set(bid.bidderId, { maximum: bid.maximum ?? bid.amount, since: now, floor });
  }
}

describe('maximum bids against the model', () => {
  // Each step is read against the state it meets: an amount some increments around the minimum (below it too)
  // and, for a maximum, some increments around that amount (below it too).
  const step = fc.record({
    bidder: fc.constantFrom('ann', 'bob', 'cat', 'dan'),
    over: fc.integer({ min: -2, max: 40 }),
    maximum: fc.option(fc.integer({ min: -2, max: 80 }), { nil: undefined }),
  });

  it('any sequence of bids and maximums gives the model’s leader and price', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const model = new Model();
        let state = empty;
        let lastPrice = -1n;
        for (const { bidder, over, maximum } of steps) {
          const amount = proxyMinimum(state, rules) + BigInt(over) * 5n;
          const bid: ProxyBid = { bidderId: bidder, amount, maximum: maximum === undefined ? undefined : amount + BigInt(maximum) * 5n };
          const outcome = resolveProxyBid(state, bid, rules);
          if (outcome.kind === 'refused') continue;
          model.apply(bid, state.leader?.bidderId ?? null);
          state = outcome.state;
          expect(state).toEqual(model.standing());
          // What the rule promises whatever the model says: the price never falls and never passes the leader's maximum.
          expect(state.price).not.toBeNull();
          expect((state.price as bigint) >= lastPrice).toBe(true);
          expect((state.price as bigint) <= (state.leader?.maximum ?? 0n)).toBe(true);
          lastPrice = state.price as bigint;
        }
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });
});

describe('where a maximum may be set', () => {
  it('by card and pay-later, where it is held or counted and stays private', () => {
    expect(maximumRefusal('card')).toBeNull();
    expect(maximumRefusal('pay_later')).toBeNull();
  });

  it('not on a Bitcoin wallet’s single offer, nor on chain, where it would be public', () => {
    expect(maximumRefusal('btc_wallet')).toBe(messages.bids.maximumNotOnBtcWallet);
    expect(maximumRefusal('eth_wallet')).toBe(messages.bids.maximumNotOnChain);
    expect(maximumRefusal('relayed_card')).toBe(messages.bids.maximumNotOnChain);
  });
});

describe('a maximum on each kind of lot', () => {
  it('a USD lot by card or pay-later, a BTC lot by card, an ETH lot not at all', () => {
    expect(maximumOn('Manual')).toEqual({ rails: ['card', 'pay_later'], reason: null });
    expect(maximumOn('BTC')).toEqual({ rails: ['card'], reason: messages.bids.maximumNotOnBtcWallet });
    expect(maximumOn('ETH')).toEqual({ rails: [], reason: messages.bids.maximumNotOnChain });
  });
});
