import { extensionMessage, formatAmount, messages, unitFor, type Bid, type PlaceBidReply, type Unit } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { PlacedBid } from './bid-types.ts';
import { fullNameOf } from '../auth/user-name.ts';

export const bidInclude = {
  lot: { select: { id: true, title: true, currentBid: true, paymentMethod: true } },
  user: { select: { id: true, firstName: true, lastName: true, name: true } },
} satisfies P.BidInclude;

export type BidRow = P.BidGetPayload<{ include: typeof bidInclude }>;

/** "Bea Bidder" -> "B***r": enough to tell bidders apart in a history, not to identify them. */
export function maskName(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (text.length < 2) return 'Bidder';
  return `${text[0]}***${text[text.length - 1]}`;
}

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

export function presentBid(row: BidRow, viewerId: string | null): Bid {
  const unit = unitFor(row.lot.paymentMethod);
  const name = row.user ? fullNameOf(row.user) : row.walletAddress;
  return {
    ...bidFields(row, unit),
    bidder: { displayName: maskName(name), isYou: viewerId !== null && row.userId === viewerId },
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
    status: 'active',
    withdrawalStatus: null,
    createdAt: new Date().toISOString(),
    bidder: { displayName: maskName(fullNameOf(user)), isYou: true },
    auction: { _id: placed.lot.id, title: placed.lot.title, currentBid: formatAmount(placed.amount, unit), paymentMethod: placed.lot.paymentMethod },
  };
}

/** The reply to a bid that was placed (201): the bid, the extension it caused and the next minimum. */
export function placedBidReply(placed: PlacedBid, user: UserRow): PlaceBidReply {
  const endTime = placed.endTime.toISOString();
  const extension = placed.auctionExtended ? { minutes: placed.extensionMinutes, endTime } : null;
  return {
    message: messages.bids.placed,
    data: { bid: presentPlacedBid(placed, user), psbtHex: null },
    auctionExtended: extension !== null,
    extensionMessage: extension && extensionMessage(extension),
    ...(extension && { extensionMinutes: extension.minutes }),
    endTime,
    minimumNextBid: formatAmount(placed.minimumNext, unitFor(placed.lot.paymentMethod)),
  };
}
