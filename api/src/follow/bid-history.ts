/**
 * Bid lists: a lot's history (bids that stand or stood, highest first; on the auction house, its bids on the
 * chain), and a user's own bids, newest first, including those only their bidder sees.
 */
import { BIDS_LIST_LIMIT, messages, paginationOf, type Bid, type Pagination } from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { BidStatus } from '../generated/prisma/enums.ts';
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import { bidInclude, presentBid } from '../bidding/present-bid.ts';
import { chainBidsOfLot } from '../chain/bids.ts';
import { requireSignInForResults } from '../lots/results-privacy.ts';
import { publicLotWhere } from '../lots/public-lot.ts';

type Page = { limit?: number; offset?: number };
type BidList = { data: Bid[]; pagination: Pagination };

/** A published lot's bid history, highest first; once the lot ended it is a result, for signed-in viewers only (unauthenticated otherwise). */
export async function lotBidHistory(services: { db: Database; chain: ChainService }, lotId: string, query: Page, viewerId: string | null): Promise<BidList> {
  const { prisma } = services.db;
  const lot = await prisma.lot.findFirst({
    where: { id: lotId, ...publicLotWhere },
    select: { id: true, title: true, chainAuctionId: true, auctionContractAddress: true, status: true, startTime: true, endTime: true, paymentMethod: true, auctionType: true, boughtNow: true },
  });
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  requireSignInForResults(viewerId !== null, lot);
  const limit = query.limit ?? BIDS_LIST_LIMIT;
  const offset = query.offset ?? 0;
  // An auction on the auction house: its bids are on the chain (chain/bids.ts).
  const onChain = await chainBidsOfLot(services, lot, viewerId, limit, offset);
  if (onChain) return onChain;
  // Bids that stand or stood: not those taken back, nor those a leader's change of maximum replaced. On a lot a
  // Buy Now ended, the bids it cancelled stay listed (as cancelled): they were placed, and the seller counts them.
  const standing: BidStatus[] = lot.boughtNow ? ['active', 'outbid', 'cancelled'] : ['active', 'outbid'];
  const where = { lotId: lot.id, status: { in: standing } };
  const [rows, total] = await Promise.all([
    prisma.bid.findMany({ where, include: bidInclude, orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }], take: limit, skip: offset }),
    prisma.bid.count({ where }),
  ]);
  return { data: rows.map((row) => presentBid(row, viewerId)), pagination: paginationOf(total, limit, offset) };
}

/** The user's bids, newest first, with their status (the outbid poll's source), those a change of maximum replaced included. */
export async function bidsOfUser(prisma: PrismaClient, userId: string, query: Page): Promise<BidList> {
  const limit = query.limit ?? BIDS_LIST_LIMIT;
  const offset = query.offset ?? 0;
  const where = { userId };
  // A bid a change of maximum replaced and the one replacing it share their time: the id keeps pages stable.
  const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
  const [rows, total] = await Promise.all([prisma.bid.findMany({ where, include: bidInclude, orderBy, take: limit, skip: offset }), prisma.bid.count({ where })]);
  return { data: rows.map((row) => presentBid(row, userId)), pagination: paginationOf(total, limit, offset) };
}
