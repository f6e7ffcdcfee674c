/**
 * A Bitcoin wallet's maximum bid: the wallet cannot sign an offer later, while its bidder is away, so it signs in
 * one sitting an offer at each of a few steps up to the maximum, every one spending the same coins (so at most one
 * can ever settle). Gavel keeps them private and the proxy rule (proxy-bids.ts) shows the bidder at the lowest
 * step that leads. The steps are proposed here, so the api builds them and the dapp explains them by one rule.
 *
 * The maximum is seen by its bidder alone, and the price moves along the steps, so the steps must not give it away:
 * spaced evenly, two steps shown (A, then A + d) would tell anyone a five-step maximum was A + 4d. So the steps
 * between the amount and the maximum are drawn at random, privately, by whoever builds the ladder (the api, with
 * the operating system's randomness). Then the prices a ladder has been shown at fit many maximums: any higher one
 * could have been drawn with the same lower steps, and a step the price skipped could have been anywhere else.
 * What stays public is what the price of any maximum tells: the bidder reaches at least the price, and a rival
 * bid within one increment of the maximum is answered at the maximum itself. Beyond that, only a bidder pushed
 * through every one of MAX_LADDER_STEPS steps, each shown in turn, is seen at their maximum, as that last price.
 */

/** At most this many offers to sign for one maximum: each is a wallet prompt, and each one more a smaller gap. */
export const MAX_LADDER_STEPS = 5;

/**
 * A source of whole numbers drawn uniformly from 0 up to, not including, `bound` (at least 1). A parameter so the
 * rule stays pure: the api passes the operating system's randomness, tests pass a seeded or scripted one.
 */
export type DrawBelow = (bound: bigint) => bigint;

/** The least gap between steps: the increment, or a sat on a lot without one, so no two steps are the same. */
const spacingOf = (increment: bigint) => (increment > 0n ? increment : 1n);

/**
 * How many offers a maximum from `amount` up to `maximum` is signed as: as many steps as fit one increment apart,
 * at most `cap` (more steps, smaller gaps, so the bidder pays closer to what leads), at least the amount and the
 * maximum; one offer for a maximum at the amount. The count follows from what the bidder entered, so the dapp can
 * tell them before the api draws the steps.
 */
export function ladderStepCount(amount: bigint, maximum: bigint, increment: bigint, cap = MAX_LADDER_STEPS): number {
  if (maximum <= amount || cap < 2) return 1;
  const fit = (maximum - amount) / spacingOf(increment) + 1n;
  return Math.max(2, Number(fit < BigInt(cap) ? fit : BigInt(cap)));
}

const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The steps from `amount` up to `maximum`, in whole sats: the first the amount, the last the maximum,
 * ladderStepCount of them, and at least one increment apart, since a competing bid moves the price by at least that
 * much and a closer step could never be the one shown. Those between are drawn with `draw`: each its share of the
 * increments the steps need, plus a uniform draw from the room left over (sorted, so they stay in order), so every
 * placement one increment apart can come out. A maximum within one increment of the amount still gets its own
 * step: it is what the bidder said they would pay.
 */
export function proposeLadderSteps(amount: bigint, maximum: bigint, increment: bigint, draw: DrawBelow, cap = MAX_LADDER_STEPS): bigint[] {
  if (maximum <= amount) return [amount];
  if (cap < 2) return [maximum];
  const count = ladderStepCount(amount, maximum, increment, cap);
  const spacing = spacingOf(increment);
  const slack = maximum - amount - BigInt(count - 1) * spacing;
  if (count === 2 || slack < 0n) return [amount, maximum];
  const extras = Array.from({ length: count - 2 }, () => {
    const extra = draw(slack + 1n);
    // A source that answers outside its bound would break the ladder's order: refused, never built.
    if (extra < 0n || extra > slack) throw new RangeError(`a ladder's draw below ${slack + 1n} gave ${extra}`);
    return extra;
  }).sort(ascending);
  return [amount, ...extras.map((extra, i) => amount + BigInt(i + 1) * spacing + extra), maximum];
}
