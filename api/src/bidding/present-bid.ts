import { extensionMessage, formatAmount, messages, unitFor, type Bid, type PlaceBidReply, type Unit } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { PlacedBid } from './bid-types.ts';
import { fullNameOf, maskName } from '../auth/user-name.ts';

export const bidInclude = {
  lot: { select: { id: true, title: true, currentBid: true, paymentMethod: true } },
  user: { select: { id: true, firstName: true, lastName: true, name: true } },
} satisfies P.BidInclude;

export type BidRow = P.BidGetPayload<{ include: typeof bidInclude }>;

/** What every view of a stored bid shows alike (the bidder's own list, a lot's history, the admin's list). */
export function bidFields(row: Pick<BidRow, 'id' | 'lotId' | 'amount' | 'walletAddress' | 'status' | 'withdrawalStatus' | 'createdAt'>, unit: Unit) {
  return {
    _id: row.id,
    id: row.id,
    auctionId: row.lotId,
    amount: formatAmount(BigInt(row.amount.toFixed(0)), unit),
    unit,
    walletAddress: row.walletAddress,
    status: row.status,
    withdrawalStatus: row.withdrawalStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A maximum bid's maximum, for its own bidder's eyes (and an admin's): never in a reply to anyone else. */
export function maximumField(maximum: { toFixed(digits: number): string } | bigint | null, unit: Unit): { maximum?: string } {
  if (maximum === null) return {};
  return { maximum: formatAmount(typeof maximum === 'bigint' ? maximum : BigInt(maximum.toFixed(0)), unit) };
}

export function presentBid(row: BidRow, viewerId: string | null): Bid {
  const unit = unitFor(row.lot.paymentMethod);
  const name = row.user ? fullNameOf(row.user) : row.walletAddress;
  const isYou = viewerId !== null && row.userId === viewerId;
  // Everyone else sees the id the bid stands under publicly: unchanged by its bidder's change of maximum.
  const id = isYou ? row.id : (row.publicId ?? row.id);
  return {
    ...bidFields(row, unit),
    _id: id,
    id,
    bidder: { displayName: maskName(name), isYou },
    ...(isYou && maximumField(row.maximum, unit)),
    auction: {
      _id: row.lot.id,
      title: row.lot.title,
      currentBid: row.lot.currentBid === null ? null : formatAmount(BigInt(row.lot.currentBid.toFixed(0)), unit),
      paymentMethod: row.lot.paymentMethod,
    },
  };
}

/** The reply to the bid just placed, built from what placing it returned (no second read). */
export function presentPlacedBid(placed: PlacedBid, user: UserRow): Bid {
  const unit = unitFor(placed.lot.paymentMethod);
  return {
    _id: placed.bidId,
    id: placed.bidId,
    auctionId: placed.lot.id,
    amount: formatAmount(placed.amount, unit),
    unit,
    walletAddress: placed.walletAddress,
    status: placed.status,
    withdrawalStatus: null,
    createdAt: new Date().toISOString(),
    bidder: { displayName: maskName(fullNameOf(user)), isYou: true },
    ...maximumField(placed.maximum, unit),
    auction: { _id: placed.lot.id, title: placed.lot.title, currentBid: formatAmount(placed.price, unit), paymentMethod: placed.lot.paymentMethod },
  };
}

/**
 * The reply to a bid that was placed (201): the bid, the extension it caused and the next minimum. A bid an
 * earlier maximum outbid at once was placed too, and says so.
 */
export function placedBidReply(placed: PlacedBid, user: UserRow): PlaceBidReply {
  const endTime = placed.endTime.toISOString();
  const extension = placed.auctionExtended ? { minutes: placed.extensionMinutes, endTime } : null;
  return {
    message: placed.status === 'outbid' ? messages.bids.outbidByMaximum : messages.bids.placed,
    data: { bid: presentPlacedBid(placed, user), psbtHex: null },
    auctionExtended: extension !== null,
    extensionMessage: extension && extensionMessage(extension),
    ...(extension && { extensionMinutes: extension.minutes }),
    endTime,
    minimumNextBid: formatAmount(placed.minimumNext, unitFor(placed.lot.paymentMethod)),
  };
}
