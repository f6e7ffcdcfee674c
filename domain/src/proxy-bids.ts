/**
 * Maximum (proxy) bids: a bidder may say how far Gavel should bid for them. The visible price is the lowest amount
 * that leads: the second-highest maximum (or the highest plain bid) plus the lot's minimum increment, capped at the
 * leader's maximum; equal maximums go to the earlier one. A plain bid is a maximum equal to its amount, except
 * that it commits the bidder to that amount, so the price never shows less than a plain bid the leader made.
 *
 * The state is the leader's maximum, the price and the second-highest maximum (`runnerUp`): the price already
 * follows from them, and the runner-up is what a leader raising a capped maximum must be priced against. The api's
 * proxy write (a bid with a maximum, or any bid on a lot whose leader has one) resolves through this rule inside the
 * bid's own transaction; a lot without maximums keeps the plain conditional update, which this rule reduces to.
 *
 * A maximum may also be a ladder of `steps` (a Bitcoin wallet signs one offer per step, all spending the same coins):
 * a bidder with steps can only ever be shown at one of them, so wherever the rule would show them at a price, it
 * shows the lowest step at or above it. The top step is the maximum, so one exists whenever they lead.
 */
import { nextMinimum } from './bid-rules.ts';
import { messages } from './messages.ts';
import type { BidRail } from './schemas/follow.ts';

/** Who leads and how far they bid; `steps` (ascending, the top one the maximum) only for a ladder of signed offers. */
export interface ProxyLeader {
  bidderId: string;
  maximum: bigint;
  steps?: readonly bigint[];
}

/** The lot's standing as the proxy sees it (all of it private but the price). `leader` null: no bid yet. */
export interface ProxyState {
  leader: ProxyLeader | null;
  price: bigint | null;
  /** The highest maximum (or plain bid) of anyone but the leader; null while only the leader has bid. */
  runnerUp: bigint | null;
}

/**
 * A bid as entered: `maximum` undefined for a plain bid (its maximum is its amount). `steps`: a ladder's amounts,
 * ascending; its top step is its maximum, whatever `maximum` says.
 */
export interface ProxyBid {
  bidderId: string;
  amount: bigint;
  maximum?: bigint;
  steps?: readonly bigint[];
}

export interface ProxyRules {
  startingBid: bigint;
  increment: bigint;
}

export type ProxyOutcome =
  /** The bidder leads at `state.price`. `outbid`: the previous leader, now outbid (their maximum, if any, exceeded). */
  | { kind: 'leads'; state: ProxyState; outbid: ProxyLeader | null }
  /** Accepted and recorded at its amount, and at once outbid by the leader's earlier, higher or equal maximum. */
  | { kind: 'outbidByMaximum'; state: ProxyState; leaderId: string }
  /** The leader changed their own maximum (or raised their own committed amount); still leading. */
  | { kind: 'leaderUpdated'; state: ProxyState }
  | { kind: 'refused'; reason: 'tooLow'; minimum: bigint }
  /** A maximum below the amount it comes with, or a leader lowering theirs below the visible price. */
  | { kind: 'refused'; reason: 'maximumTooLow'; minimum: bigint };

/** The least a bidder other than the leader must enter: the starting bid, or the price plus the increment. */
export function proxyMinimum(state: ProxyState, rules: ProxyRules): bigint {
  return nextMinimum(rules.startingBid, state.price, rules.increment);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** What the leader is shown at when the rule would show them at `price`: with steps, the lowest step at or above it. */
export function shownAt(leader: ProxyLeader, price: bigint): bigint {
  if (!leader.steps?.length) return price;
  return leader.steps.find((step) => step >= price) ?? leader.maximum;
}

function leaderOf(bidderId: string, maximum: bigint, steps: readonly bigint[] | undefined): ProxyLeader {
  return steps ? { bidderId, maximum, steps } : { bidderId, maximum };
}

/** What one bid does to the lot: who leads afterwards, at what price, and who was outbid. */
export function resolveProxyBid(state: ProxyState, bid: ProxyBid, rules: ProxyRules): ProxyOutcome {
  const steps = bid.steps?.length ? bid.steps : undefined;
  const maximum = steps ? steps[steps.length - 1]! : (bid.maximum ?? bid.amount);
  const { leader, price } = state;

  if (leader && price !== null && leader.bidderId === bid.bidderId) {
    if (bid.maximum === undefined && !steps) {
      // A plain bid by the leader commits them to more: the price rises to it, their maximum at least to it. A
      // ladder's steps belong to its own offers, so a plain bid after one stands alone, its amount the maximum.
      const minimum = price + rules.increment;
      if (bid.amount < minimum) return { kind: 'refused', reason: 'tooLow', minimum };
      const kept = leader.steps ? bid.amount : max(leader.maximum, bid.amount);
      return { kind: 'leaderUpdated', state: { ...state, leader: { bidderId: leader.bidderId, maximum: kept }, price: bid.amount } };
    }
    // Raising or lowering one's own maximum: never below what is already shown as their bid. A price held down by
    // the old maximum (a runner-up within one increment of it) rises as far as the new one allows.
    if (maximum < price) return { kind: 'refused', reason: 'maximumTooLow', minimum: price };
    const next = state.runnerUp === null ? price : max(price, min(maximum, state.runnerUp + rules.increment));
    const updated = leaderOf(leader.bidderId, maximum, steps);
    return { kind: 'leaderUpdated', state: { leader: updated, price: shownAt(updated, next), runnerUp: state.runnerUp } };
  }

  const minimum = proxyMinimum(state, rules);
  if (bid.amount < minimum) return { kind: 'refused', reason: 'tooLow', minimum };
  if (maximum < bid.amount) return { kind: 'refused', reason: 'maximumTooLow', minimum: bid.amount };

  const bidder = leaderOf(bid.bidderId, maximum, steps);
  if (!leader) return { kind: 'leads', state: { leader: bidder, price: shownAt(bidder, bid.amount), runnerUp: null }, outbid: null };
  if (maximum > leader.maximum) {
    // The old leader's maximum is now the second-highest: one increment above it, within the new maximum, and
    // never below the amount the new leader entered.
    const next = max(bid.amount, min(maximum, leader.maximum + rules.increment));
    return { kind: 'leads', state: { leader: bidder, price: shownAt(bidder, next), runnerUp: leader.maximum }, outbid: leader };
  }
  // At or below the leader's maximum: the earlier maximum answers at once, one increment above, within itself.
  // Its maximum is above every other but the leader's: at or above the minimum, which is above the old runner-up.
  return { kind: 'outbidByMaximum', state: { leader, price: shownAt(leader, min(leader.maximum, maximum + rules.increment)), runnerUp: maximum }, leaderId: leader.bidderId };
}

/** A bid that still stands on a lot (active or outbid), as the rule reads it again when the leading bid is taken away. */
export interface StandingBid {
  id: string;
  bidderId: string;
  /** What the bid shows: the amount entered, or the price it was last shown at while it led. */
  amount: bigint;
  maximum: bigint | null;
  /** A ladder's signed steps, ascending; absent for any other bid. */
  steps?: readonly bigint[];
}

/**
 * Who leads once the leading bid is taken away (an admin's removal, a spent offer): the rule run again over the bids
 * that remain, `bids` in the order they were placed. Each bidder reaches as far as their latest bid's maximum (a
 * later bid of theirs was entered above the price their earlier maximum lost at); the highest reach leads, the
 * earlier among equals; the price is the runner-up's reach plus the increment, never below the most the leader's bids
 * already showed, capped at the leader's reach, and for a ladder its lowest step at or above that. `bidId`: the
 * leader's bid that leads now. Null when no bid remains.
 */
export function standingAfterRemoval(bids: readonly StandingBid[], rules: ProxyRules): { bidId: string; state: ProxyState } | null {
  const bidders = new Map<string, { bid: StandingBid; reach: bigint; shown: bigint; since: number }>();
  bids.forEach((bid, since) => {
    const reach = bid.steps?.length ? bid.steps[bid.steps.length - 1]! : (bid.maximum ?? bid.amount);
    const earlier = bidders.get(bid.bidderId);
    const shown = earlier && earlier.shown > bid.amount ? earlier.shown : bid.amount;
    bidders.set(bid.bidderId, { bid, reach, shown, since: earlier && earlier.reach === reach ? earlier.since : since });
  });
  const ranked = [...bidders.values()].sort((a, b) => (a.reach === b.reach ? a.since - b.since : a.reach > b.reach ? -1 : 1));
  const [first, second] = ranked;
  if (!first) return null;
  const runnerUp = second ? second.reach : null;
  const wanted = runnerUp !== null ? max(first.shown, runnerUp + rules.increment) : first.shown;
  const steps = first.bid.steps?.length ? first.bid.steps : undefined;
  const leader = leaderOf(first.bid.bidderId, first.reach, steps);
  return { bidId: first.bid.id, state: { leader, price: shownAt(leader, min(wanted, first.reach)), runnerUp } };
}

/**
 * Where a maximum can be kept private and backed: a card (held for the maximum: on USD and BTC lots, and on ETH lots,
 * where the relayer places each step on chain and nothing there shows the maximum), pay-later (counted in full
 * against the bidding limit) and a Bitcoin wallet (a ladder of signed offers on the same coins, offer-ladder.ts).
 * A wallet's bid on chain is public, maximum and all: the reason, or null where a maximum may be set.
 */
export function maximumRefusal(rail: BidRail): string | null {
  switch (rail) {
    case 'card':
    case 'pay_later':
    case 'btc_wallet':
    case 'relayed_card':
      return null;
    case 'eth_wallet':
      return messages.bids.maximumNotOnChain;
  }
}

/**
 * A card maximum on an auction on chain, outbid there by someone else: the relayer answers with the contract's
 * minimum next bid while that is within the maximum (each step a public bid, the maximum never sent). Null: the
 * maximum is exceeded, and its bidder is told so.
 */
export function nextChainStep(minNextBid: bigint, maximum: bigint): bigint | null {
  return minNextBid <= maximum ? minNextBid : null;
}

/** The rails each kind of lot is bid on: a USD lot by card or pay-later, a BTC lot by card or a signed offer, an ETH lot on chain. */
const RAILS_OF_LOT = {
  Manual: ['card', 'pay_later'],
  BTC: ['card', 'btc_wallet'],
  ETH: ['eth_wallet', 'relayed_card'],
} as const satisfies Record<string, readonly BidRail[]>;

/**
 * Whether a maximum can be set on a lot before the bidder picks how to pay: `rails`, those of its rails that take
 * one (empty: none does); `reason`, why the others do not (null when every rail takes one).
 */
export function maximumOn(paymentMethod: keyof typeof RAILS_OF_LOT): { rails: BidRail[]; reason: string | null } {
  const rails: readonly BidRail[] = RAILS_OF_LOT[paymentMethod];
  const refused = rails.map(maximumRefusal).find((reason) => reason !== null);
  return { rails: rails.filter((rail) => maximumRefusal(rail) === null), reason: refused ?? null };
}
