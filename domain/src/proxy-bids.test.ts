import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maximumOn, maximumRefusal, nextChainStep, proxyMinimum, resolveProxyBid, standingAfterRemoval, type ProxyBid, type ProxyOutcome, type ProxyState, type StandingBid } from './proxy-bids.ts';
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

describe('a maximum as a ladder of steps', () => {
  const ladder = [100n, 200n, 300n, 500n];

  it('leads at its lowest step, and a bid below the top is answered at the next step that leads', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, steps: ladder }]);
    expect(state).toEqual({ leader: { bidderId: 'ann', maximum: 500n, steps: ladder }, price: 100n, runnerUp: null });
    // 210 would lead at 220 by the continuous rule: the lowest step at or above it is 300.
    expect(resolveProxyBid(state, { bidderId: 'bob', amount: 210n }, rules)).toEqual({
      kind: 'outbidByMaximum',
      state: { leader: { bidderId: 'ann', maximum: 500n, steps: ladder }, price: 300n, runnerUp: 210n },
      leaderId: 'ann',
    });
  });

  it('a bid above the top step leads; a ladder over a maximum leads at its own lowest step that beats it', () => {
    const state = after([{ bidderId: 'ann', amount: 100n, steps: ladder }]);
    const over = resolveProxyBid(state, { bidderId: 'bob', amount: 510n }, rules);
    expect(over).toMatchObject({ kind: 'leads', state: { leader: { bidderId: 'bob', maximum: 510n }, price: 510n, runnerUp: 500n } });
    const card = after([{ bidderId: 'cat', amount: 100n, maximum: 250n }]);
    // One increment above the card's maximum is 260: the ladder shows its step 300.
    expect(resolveProxyBid(card, { bidderId: 'ann', amount: 110n, steps: [110n, 300n, 500n] }, rules)).toMatchObject({ kind: 'leads', state: { price: 300n, runnerUp: 250n } });
  });

  it('a plain bid from a ladder’s leader stands alone; a new ladder never shows less than the price', () => {
    const state = after([
      { bidderId: 'ann', amount: 100n, steps: ladder },
      { bidderId: 'bob', amount: 110n },
    ]);
    expect(state.price).toBe(200n);
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 250n }, rules)).toEqual({
      kind: 'leaderUpdated',
      state: { leader: { bidderId: 'ann', maximum: 250n }, price: 250n, runnerUp: 110n },
    });
    expect(resolveProxyBid(state, { bidderId: 'ann', amount: 0n, steps: [150n, 400n] }, rules)).toMatchObject({ kind: 'leaderUpdated', state: { price: 400n } });
  });
});

/**
 * The model, from the rule's words rather than its steps: every bidder's latest maximum (and since when it stands,
 * and its steps for a ladder) and the most the leader committed to: amounts they entered, and the price they were
 * already shown at. The leader is the highest maximum, the earliest among equals; the price is the second-highest
 * maximum plus the increment, never below that floor, capped at the leader's maximum, and for a ladder the lowest
 * step at or above that.
 */
interface Standing {
  maximum: bigint;
  since: number;
  floor: bigint;
  steps?: readonly bigint[];
}

class Model {
  private readonly bidders = new Map<string, Standing>();
  private clock = 0;

  standing(): ProxyState {
    const ranked = [...this.bidders].sort(([, a], [, b]) => (a.maximum === b.maximum ? a.since - b.since : a.maximum > b.maximum ? -1 : 1));
    const [first, second] = ranked;
    if (!first) return { leader: null, price: null, runnerUp: null };
    const [leaderId, leader] = first;
    const runnerUp = second ? second[1].maximum : null;
    const wanted = runnerUp !== null && runnerUp + rules.increment > leader.floor ? runnerUp + rules.increment : leader.floor;
    const capped = wanted < leader.maximum ? wanted : leader.maximum;
    const price = leader.steps ? leader.steps.find((step) => step >= capped)! : capped;
    return { leader: { bidderId: leaderId, maximum: leader.maximum, ...(leader.steps && { steps: leader.steps }) }, price, runnerUp };
  }

  /** Applies an accepted bid; acceptance itself is the simple part of the rule and is not re-modelled. */
  apply(bid: ProxyBid, leaderBefore: string | null, shown: bigint | null): void {
    const now = this.clock++;
    const own = this.bidders.get(bid.bidderId);
    const steps = bid.steps?.length ? bid.steps : undefined;
    const entered = steps ? steps.at(-1)! : (bid.maximum ?? bid.amount);
    if (leaderBefore === bid.bidderId && own) {
      // Already shown at a price: whatever they change, they are never shown at less.
      if (shown !== null && shown > own.floor) own.floor = shown;
      let maximum: bigint;
      if (bid.maximum === undefined && !steps) {
        own.floor = bid.amount;
        // A plain bid after a ladder stands alone; after a maximum it only raises it.
        maximum = own.steps || bid.amount > own.maximum ? bid.amount : own.maximum;
        own.steps = undefined;
      } else {
        maximum = entered;
        own.steps = steps;
      }
      if (maximum !== own.maximum) Object.assign(own, { maximum, since: now });
      return;
    }
    const floor = own && own.floor > bid.amount ? own.floor : bid.amount;
    this.bidders.set(bid.bidderId, { maximum: entered, since: now, floor, ...(steps && { steps }) });
  }
}

/**
 * A random bid, read against the state it meets: an amount some increments around the minimum (below it too) and,
 * for a maximum, some increments around that amount (below it too); a ladder, a few steps around that amount (below
 * it too), the top one its maximum.
 */
type RandomBid = { bidder: string; over: number; maximum: number | undefined; ladder: number[] | undefined };
const randomBid: fc.Arbitrary<RandomBid> = fc.record({
  bidder: fc.constantFrom('ann', 'bob', 'cat', 'dan'),
  over: fc.integer({ min: -2, max: 40 }),
  maximum: fc.option(fc.integer({ min: -2, max: 80 }), { nil: undefined }),
  ladder: fc.option(fc.uniqueArray(fc.integer({ min: -2, max: 80 }), { minLength: 1, maxLength: 5 }), { nil: undefined }),
});

function bidAgainst(state: ProxyState, { bidder, over, maximum, ladder }: RandomBid): ProxyBid {
  const amount = proxyMinimum(state, rules) + BigInt(over) * 5n;
  const bid: ProxyBid = { bidderId: bidder, amount, maximum: maximum === undefined ? undefined : amount + BigInt(maximum) * 5n };
  if (ladder) {
    bid.steps = ladder.map((n) => amount + BigInt(n) * 5n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    bid.maximum = bid.steps.at(-1);
  }
  return bid;
}

describe('maximum bids against the model', () => {
  it('any sequence of bids, maximums and ladders gives the model’s leader and price', () => {
    fc.assert(
      fc.property(fc.array(randomBid, { maxLength: 40 }), (bids) => {
        const model = new Model();
        let state = empty;
        let lastPrice = -1n;
        for (const entered of bids) {
          const bid = bidAgainst(state, entered);
          const outcome = resolveProxyBid(state, bid, rules);
          if (outcome.kind === 'refused') continue;
          model.apply(bid, state.leader?.bidderId ?? null, state.price);
          state = outcome.state;
          expect(state).toEqual(model.standing());
          // What the rule promises whatever the model says: the price never falls and never passes the leader's
          // maximum, and a ladder is only ever shown at one of its steps.
          expect(state.price).not.toBeNull();
          expect((state.price as bigint) >= lastPrice).toBe(true);
          expect((state.price as bigint) <= (state.leader?.maximum ?? 0n)).toBe(true);
          if (state.leader?.steps) expect(state.leader.steps).toContain(state.price);
          lastPrice = state.price as bigint;
        }
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });
});

/**
 * The bid rows as the api writes each outcome (proxy-commit.ts and gavel_place_proxy_bid): a bid outbid at once is a
 * row at its amount and the leading row rises to the price; a bid that leads is a new active row at the price (with
 * its maximum, or the leader's kept one while above it) and the previous one is outbid, or, when the leader changed
 * only their maximum at the same price, replaced by the new row, which takes its place in time.
 */
type Row = StandingBid & { active: boolean };
function written(rows: Row[], before: ProxyState, bid: ProxyBid, outcome: Exclude<ProxyOutcome, { kind: 'refused' }>, id: string): Row[] {
  const steps = bid.steps?.length ? bid.steps : undefined;
  const price = outcome.state.price!;
  if (outcome.kind === 'outbidByMaximum') {
    const rose = rows.map((row) => (row.active ? { ...row, amount: price } : row));
    return [...rose, { id, bidderId: bid.bidderId, amount: bid.amount, maximum: bid.maximum ?? null, ...(steps && { steps }), active: false }];
  }
  const leader = outcome.state.leader!;
  const kept = bid.maximum !== undefined || steps || leader.maximum > price ? leader.maximum : null;
  const row: Row = { id, bidderId: bid.bidderId, amount: price, maximum: kept, ...(steps && { steps }), active: true };
  if (outcome.kind === 'leaderUpdated' && price === before.price) return rows.map((old) => (old.active ? row : old));
  return [...rows.map((old) => ({ ...old, active: false })), row];
}

describe('the rule run again when the leading bid is taken away', () => {
  const standing = (bids: StandingBid[]) => standingAfterRemoval(bids, rules);
  const plain = (id: string, bidderId: string, amount: bigint): StandingBid => ({ id, bidderId, amount, maximum: null });

  it('no bid left: nobody leads', () => {
    expect(standing([])).toBeNull();
  });

  it('plain bids only: the highest leads at its own amount, the earlier of equal ones', () => {
    expect(standing([plain('1', 'ann', 200n), plain('2', 'bob', 300n), plain('3', 'cat', 300n)])).toEqual({
      bidId: '2',
      state: { leader: { bidderId: 'bob', maximum: 300n }, price: 300n, runnerUp: 300n },
    });
  });

  it('a maximum that remains bids again: above the bids below it, up to itself, never below what it showed', () => {
    // ann's maximum of 500 had risen to 310 over cat's 300 before someone's 510 (removed) led.
    const bids = [{ id: '1', bidderId: 'ann', amount: 310n, maximum: 500n }, plain('2', 'cat', 300n)];
    expect(standing(bids)).toEqual({ bidId: '1', state: { leader: { bidderId: 'ann', maximum: 500n }, price: 310n, runnerUp: 300n } });
    // A bid entered under the removed leader, above ann's shown amount: ann's maximum answers it.
    expect(standing([...bids, plain('3', 'dan', 450n)])).toEqual({ bidId: '1', state: { leader: { bidderId: 'ann', maximum: 500n }, price: 460n, runnerUp: 450n } });
    // ...capped at ann's maximum, and a higher plain bid leads instead.
    expect(standing([...bids, plain('3', 'dan', 495n)])?.state.price).toBe(500n);
    expect(standing([...bids, plain('3', 'dan', 600n)])).toMatchObject({ bidId: '3', state: { price: 600n, runnerUp: 500n } });
  });

  it('a bidder reaches as far as their latest bid, and a ladder shows its lowest step that leads', () => {
    const bids = [{ id: '1', bidderId: 'ann', amount: 100n, maximum: 200n }, plain('2', 'bob', 150n), { id: '3', bidderId: 'ann', amount: 220n, maximum: 400n }];
    expect(standing(bids)).toEqual({ bidId: '3', state: { leader: { bidderId: 'ann', maximum: 400n }, price: 220n, runnerUp: 150n } });
    const ladder = [100n, 200n, 300n, 500n];
    expect(standing([{ id: '1', bidderId: 'ann', amount: 100n, maximum: 500n, steps: ladder }, plain('2', 'bob', 210n)])).toEqual({
      bidId: '1',
      state: { leader: { bidderId: 'ann', maximum: 500n, steps: ladder }, price: 300n, runnerUp: 210n },
    });
  });

  it('with nothing removed, the rows any sequence of bids wrote give back the rule’s own standing', () => {
    fc.assert(
      fc.property(fc.array(randomBid, { maxLength: 30 }), (bids) => {
        let state = empty;
        let rows: Row[] = [];
        bids.forEach((entered, n) => {
          const bid = bidAgainst(state, entered);
          const outcome = resolveProxyBid(state, bid, rules);
          if (outcome.kind === 'refused') return;
          rows = written(rows, state, bid, outcome, String(n));
          state = outcome.state;
        });
        const again = standingAfterRemoval(rows, rules);
        expect(again?.state ?? empty).toEqual(state);
        if (again) expect(rows.find((row) => row.active)?.id).toBe(again.bidId);
      }),
      { numRuns: 3000, seed: 20261125 },
    );
  });
});

describe('where a maximum may be set', () => {
  it('by card and pay-later, where it is held or counted and stays private', () => {
    expect(maximumRefusal('card')).toBeNull();
    expect(maximumRefusal('pay_later')).toBeNull();
  });

  it('from a Bitcoin wallet, as a ladder of signed offers', () => {
    expect(maximumRefusal('btc_wallet')).toBeNull();
  });

  it('by card on an ETH lot, where the relayer bids each step and the maximum never goes on chain', () => {
    expect(maximumRefusal('relayed_card')).toBeNull();
  });

  it('not from a wallet on chain, where it would be public', () => {
    expect(maximumRefusal('eth_wallet')).toBe(messages.bids.maximumNotOnChain);
  });
});

describe('a maximum on each kind of lot', () => {
  it('a USD lot by card or pay-later, a BTC lot by card or wallet, an ETH lot by card only', () => {
    expect(maximumOn('Manual')).toEqual({ rails: ['card', 'pay_later'], reason: null });
    expect(maximumOn('BTC')).toEqual({ rails: ['card', 'btc_wallet'], reason: null });
    expect(maximumOn('ETH')).toEqual({ rails: ['relayed_card'], reason: messages.bids.maximumNotOnChain });
  });
});

describe('a card maximum stepped on chain', () => {
  it("answers an outbid with the contract's minimum next bid while the maximum covers it", () => {
    expect(nextChainStep(110n, 200n)).toBe(110n);
    expect(nextChainStep(200n, 200n)).toBe(200n);
  });

  it('stops once the minimum next bid is above the maximum', () => {
    expect(nextChainStep(201n, 200n)).toBeNull();
  });
});
