import { parseAmount, type Bid, type OutbidNotification } from '@gavel/domain';

/** Each of the user's bids by id, with the status the last poll saw. */
export type BidBaseline = ReadonlyMap<string, Bid['status']>;

/**
 * The spec's poll rule: the first poll only records a baseline; later polls raise a notice for each
 * bid that went from active to outbid since the previous one. Bids first seen already outbid raise nothing:
 * they were outbid before this tab was looking, and the stream or the e-mail told the user then. A bid the user
 * replaced with their own newer one is no notice either: a new maximum at the same price marks it replaced, and a
 * raise marks it outbid while they still lead that lot.
 */
export function outbidSince(baseline: BidBaseline | null, bids: readonly Bid[], now: Date = new Date()): { baseline: BidBaseline; outbid: OutbidNotification[] } {
  const next = new Map(bids.map((bid) => [bid.id, bid.status] as const));
  if (baseline === null) return { baseline: next, outbid: [] };
  const leading = new Set(bids.filter((bid) => bid.status === 'active').map((bid) => bid.auctionId));
  const outbid = bids.filter((bid) => bid.status === 'outbid' && baseline.get(bid.id) === 'active' && !leading.has(bid.auctionId)).map((bid) => notificationOf(bid, now));
  return { baseline: next, outbid };
}

/** The poll's bid, in the shape the stream sends, so both paths raise the same notice (same id: the bid's). */
export function notificationOf(bid: Bid, now: Date): OutbidNotification {
  return {
    id: bid.id,
    timestamp: now.toISOString(),
    auctionTitle: bid.auction.title,
    auctionId: bid.auctionId,
    // Not in a bid; the notice links by lot id (/auctions/{id}), which needs no event id.
    auctionEventId: '',
    userBidAmount: bid.amount,
    currentBidAmount: bid.auction.currentBid ?? bid.amount,
    currencyUnit: bid.unit,
    ...exceededMaximum(bid),
  };
}

/** As the stream says it: a maximum above the bid's amount was exceeded; one the bid had already reached bid nothing more. */
function exceededMaximum(bid: Bid): { maximum?: string } {
  if (!bid.maximum) return {};
  try {
    return parseAmount(bid.maximum, bid.unit) > parseAmount(bid.amount, bid.unit) ? { maximum: bid.maximum } : {};
  } catch {
    return {};
  }
}
