/**
 * A Bitcoin wallet's maximum bid: the wallet cannot sign an offer later, while its bidder is away, so it signs in
 * one sitting an offer at each of a few steps up to the maximum, every one spending the same coins (so at most one
 * can ever settle). Gavel keeps them private and the proxy rule (proxy-bids.ts) shows the bidder at the lowest
 * step that leads. The steps are proposed here, so the api builds and the dapp explains the same ones.
 */

/** At most this many offers to sign for one maximum: each is a wallet prompt, and each one more a smaller gap. */
export const MAX_LADDER_STEPS = 5;

/**
 * The steps from `amount` up to `maximum`, evenly spread and in whole sats: the first the amount, the last the
 * maximum, at most MAX_LADDER_STEPS, and at least one increment apart, since a competing bid moves the price by at
 * least that much and a closer step could never be the one shown. A maximum within one increment of the amount
 * still gets its own step: it is what the bidder said they would pay.
 */
export function proposeLadderSteps(amount: bigint, maximum: bigint, increment: bigint, cap = MAX_LADDER_STEPS): bigint[] {
  if (maximum <= amount) return [amount];
  const room = maximum - amount;
  const fit = increment > 0n ? room / increment + 1n : BigInt(cap);
  const count = Number(fit < BigInt(cap) ? fit : BigInt(cap));
  if (count < 2) return cap < 2 ? [maximum] : [amount, maximum];
  const gaps = BigInt(count - 1);
  return Array.from({ length: count }, (_, i) => amount + (room * BigInt(i)) / gaps);
}
