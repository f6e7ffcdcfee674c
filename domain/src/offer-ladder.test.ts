import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DrawBelow, ladderStepCount, MAX_LADDER_STEPS, proposeLadderSteps } from './offer-ladder.ts';
import { resolveProxyBid, type ProxyBid, type ProxyState } from './proxy-bids.ts';

const MASK = (1n << 64n) - 1n;

/** A seeded source (splitmix64): the same seed, the same ladder. Its modulo's bias is far below what a test sees. */
function seeded(seed: number): DrawBelow {
  let state = BigInt(seed) & MASK;
  return (bound) => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return (z ^ (z >> 31n)) % bound;
  };
}

/**
 * The draws that make proposeLadderSteps build `steps` (every step past the first its share of increments above the
 * amount, plus its draw): a source that answers them in turn, each checked within the bound it was asked for. A
 * ladder it builds is one the real randomness could have drawn.
 */
function drawing(steps: readonly bigint[], increment: bigint): DrawBelow {
  const answers = steps.slice(1, -1).map((step, i) => step - steps[0]! - BigInt(i + 1) * increment);
  return (bound) => {
    const answer = answers.shift();
    if (answer === undefined || answer < 0n || answer >= bound) throw new Error(`no draw below ${bound} builds these steps`);
    return answer;
  };
}

describe('the steps proposed for a Bitcoin wallet’s maximum', () => {
  it('from the amount to the maximum, as many as fit one increment apart, at most the cap, the ones between drawn', () => {
    const steps = proposeLadderSteps(10_000n, 30_000n, 100n, seeded(1));
    expect(steps).toHaveLength(MAX_LADDER_STEPS);
    expect([steps[0], steps.at(-1)]).toEqual([10_000n, 30_000n]);
    expect(proposeLadderSteps(10_000n, 30_000n, 100n, drawing([10_000n, 11_234n, 11_400n, 27_001n, 30_000n], 100n))).toEqual([10_000n, 11_234n, 11_400n, 27_001n, 30_000n]);
    // Room for four steps one increment apart, and one sat over: the draws place that sat.
    expect(proposeLadderSteps(10_000n, 10_301n, 100n, drawing([10_000n, 10_100n, 10_201n, 10_301n], 100n))).toEqual([10_000n, 10_100n, 10_201n, 10_301n]);
    expect(proposeLadderSteps(10_000n, 10_000n, 100n, seeded(1))).toEqual([10_000n]);
    expect(proposeLadderSteps(10_000n, 10_050n, 100n, seeded(1))).toEqual([10_000n, 10_050n]);
    expect([ladderStepCount(10_000n, 30_000n, 100n), ladderStepCount(10_000n, 10_301n, 100n), ladderStepCount(10_000n, 10_050n, 100n), ladderStepCount(10_000n, 10_000n, 100n)]).toEqual([5, 4, 2, 1]);
  });

  it('a source answering outside its bound builds nothing', () => {
    expect(() => proposeLadderSteps(10_000n, 30_000n, 100n, (bound) => bound)).toThrow(RangeError);
    expect(() => proposeLadderSteps(10_000n, 30_000n, 100n, () => -1n)).toThrow(RangeError);
  });

  it('any amount, maximum, cap and draw: ascending, ends at both, one increment apart, as many as ladderStepCount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 546n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.integer({ min: 2, max: MAX_LADDER_STEPS }),
        fc.integer(),
        (amount, room, increment, cap, seed) => {
          const steps = proposeLadderSteps(amount, amount + room, increment, seeded(seed), cap);
          expect(steps[0]).toBe(amount);
          expect(steps.at(-1)).toBe(amount + room);
          expect(steps.length).toBe(ladderStepCount(amount, amount + room, increment, cap));
          expect(steps.length).toBeLessThanOrEqual(cap);
          for (const [i, step] of steps.slice(1).entries()) {
            expect(step).toBeGreaterThan(steps[i]!);
            if (room >= increment) expect(step - steps[i]!).toBeGreaterThanOrEqual(increment);
          }
          // As many as fit: one more step would not.
          if (steps.length < cap && room >= increment) expect(room).toBeLessThan(BigInt(steps.length) * increment);
        },
      ),
      { numRuns: 500, seed: 20261124 },
    );
  });
});

const rules = { startingBid: 1_000n, increment: 100n };

/** A competing bid: how far above the minimum it enters, and how far above that its maximum goes (none: plain). */
interface Rival {
  bidderId: string;
  over: bigint;
  reach: bigint | null;
}

/**
 * What the public sees of a ladder while it leads: `ann` bids her ladder, then each rival in turn, entering its
 * offset above the minimum of that moment; every outcome's kind and price, up to the bid that outbids her (from
 * there on, what shows is what any outbid maximum shows). Rivals are entered by what they offer over the minimum,
 * so they meet another ladder just as they met this one as long as the prices agree, which is what is compared.
 */
function replay(steps: readonly bigint[], rivals: readonly Rival[]): { seen: Array<[string, bigint | null]>; capped: boolean } {
  let state: ProxyState = { leader: null, price: null, runnerUp: null };
  const seen: Array<[string, bigint | null]> = [];
  let capped = false;
  const first = resolveProxyBid(state, { bidderId: 'ann', amount: steps[0]!, steps }, rules);
  if (first.kind === 'refused') throw new Error('the ladder enters at the starting bid or above');
  state = first.state;
  seen.push([first.kind, state.price]);
  for (const rival of rivals) {
    const amount = state.price! + rules.increment + rival.over;
    const bid: ProxyBid = rival.reach === null ? { bidderId: rival.bidderId, amount } : { bidderId: rival.bidderId, amount, maximum: amount + rival.reach };
    const outcome = resolveProxyBid(state, bid, rules);
    if (outcome.kind === 'refused') throw new Error('rivals enter at or above the minimum');
    if (outcome.state.leader?.bidderId !== 'ann') break;
    seen.push([outcome.kind, outcome.state.price]);
    state = outcome.state;
    if (state.runnerUp !== null && state.price! < state.runnerUp + rules.increment) capped = true;
  }
  return { seen, capped };
}

const rival: fc.Arbitrary<Rival> = fc.record({
  bidderId: fc.constantFrom('bob', 'cat', 'dan'),
  over: fc.bigInt({ min: 0n, max: 3_000n }),
  reach: fc.option(fc.bigInt({ min: 0n, max: 5_000n }), { nil: null }),
});

const ladderInputs = fc.record({
  amount: fc.bigInt({ min: rules.startingBid, max: 5_000n }),
  room: fc.bigInt({ min: rules.increment, max: 40_000n }),
  seed: fc.integer(),
  rivals: fc.array(rival, { maxLength: 12 }),
  extra: fc.bigInt({ min: 0n, max: 100_000n }),
});

describe('what the prices a ladder moves through tell of its maximum', () => {
  it('shown at fewer than every step, they fit another drawn ladder with another maximum above them; shown at every one, the last is the maximum', () => {
    fc.assert(
      fc.property(ladderInputs, ({ amount, room, seed, rivals, extra }) => {
        const maximum = amount + room;
        const steps = proposeLadderSteps(amount, maximum, rules.increment, seeded(seed));
        const { seen, capped } = replay(steps, rivals);
        // Every price the ladder is shown at is one of its steps: the rule never shows another.
        const shown = [...new Set(seen.map(([, price]) => price!))];
        for (const price of shown) expect(steps).toContain(price);
        const last = shown.at(-1)!;
        // A rival within one increment of the maximum is answered at the maximum itself, as any maximum is: the
        // proxy rule's own telling, the same for a card's. And a bidder shown at every step is at the top one.
        if (capped || shown.length === MAX_LADDER_STEPS) {
          expect(last).toBe(maximum);
          return;
        }
        // Another draw: the steps shown, then steps one increment apart above the last, up to a maximum as far
        // above as any. The steps the price skipped are gone from it: no price ever landed on them.
        const above = MAX_LADDER_STEPS - shown.length;
        let other = last + BigInt(above) * rules.increment + extra;
        if (other === maximum) other += rules.increment;
        const otherSteps = [...shown, ...Array.from({ length: above - 1 }, (_, i) => last + BigInt(i + 1) * rules.increment), other];
        expect(proposeLadderSteps(amount, other, rules.increment, drawing(otherSteps, rules.increment))).toEqual(otherSteps);
        expect(other).toBeGreaterThan(last);
        expect(replay(otherSteps, rivals.slice(0, seen.length - 1)).seen).toEqual(seen);
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });

  it('no spacing ties the steps shown to the maximum: the same first two steps fit maximums far apart, and draws differ', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: rules.startingBid, max: 5_000n }),
        fc.bigInt({ min: rules.increment, max: 5_000n }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.bigInt({ min: 1n, max: 50_000n }),
        (amount, gap, low, apart) => {
          const second = amount + gap;
          const ladders = [low, low + apart].map((beyond) => {
            const maximum = second + 3n * rules.increment + beyond;
            const steps = [amount, second, second + rules.increment, second + 2n * rules.increment, maximum];
            return proposeLadderSteps(amount, maximum, rules.increment, drawing(steps, rules.increment));
          });
          expect(ladders[0]!.slice(0, 2)).toEqual(ladders[1]!.slice(0, 2));
          expect(ladders[0]!.at(-1)).not.toBe(ladders[1]!.at(-1));
        },
      ),
      { numRuns: 200, seed: 20261130 },
    );
    // The same amount and maximum, drawn again and again: the steps between are seldom where even spacing puts them.
    const draws = Array.from({ length: 200 }, (_, seed) => proposeLadderSteps(10_000n, 30_000n, 100n, seeded(seed)));
    expect(new Set(draws.map((steps) => steps[1])).size).toBeGreaterThan(150);
    expect(draws.filter((steps) => steps[1] === 15_000n && steps[2] === 20_000n && steps[3] === 25_000n).length).toBeLessThan(2);
  });
});
