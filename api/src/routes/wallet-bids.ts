/**
 * A wallet's bids and wins: GET /auctions/bids/user/:address and
 * GET /auctions/won/:address. Bids placed through the api (any lot) and bids on the auction house (ETH lots)
 * together; the chain decides on-chain status, withdrawal status and winners. The bids on open lots are public, like
 * a live lot's history (`isYou` marks the caller's own bids when signed in); bids on ended lots and the wins are
 * results, for signed-in users only (lots/results-privacy.ts).
 */
import { z } from 'zod';
import { BIDS_LIST_LIMIT, bidListQuerySchema, bidListSchema, chainLotListSchema, formatAmount, paginationOf, type Bid } from '@gavel/domain';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { HttpError } from '../http/errors.ts';
import { bidInclude, presentBid } from '../bidding/present-bid.ts';
import { lotInclude, presentLot } from '../lots/present.ts';
import { presentChainBids } from '../chain/bids.ts';
import { withChain } from '../chain/lots.ts';
import { bidsOfBidder, type AuctionRow } from '../chain/reads.ts';
import { wonWhere } from '../follow/won-and-sold.ts';
import { publicLotWhere } from '../lots/public-lot.ts';
import { unavailable } from '../chain/index.ts';
import { anyCase, isEvmAddress } from '../wallet/linked.ts';
import { lotForViewer, lotsShowingBidsWhere } from '../lots/results-privacy.ts';

const TAG = 'Bidding';
/** Deepest page of a merged list: both sources are read up to offset + limit. */
const MAX_DEPTH = 1000;

const addressOf = (params: Record<string, string>): string => {
  const address = (params.address ?? '').trim();
  if (!/^[0-9a-zA-Z]{20,100}$/.test(address)) throw new HttpError(400, 'Invalid wallet address', 'invalid_address');
  return address;
};

export function walletBidRoutes(routes: RouteTable, services: Services): void {
  const { db, chain } = services;
  const { imageGateway } = services.config.storage;

  routes.add({
    method: 'get',
    path: '/auctions/bids/user/:address',
    tag: TAG,
    summary: "A wallet's bids, newest first: off-chain bids by that wallet and its bids on the auction house",
    description:
      'On-chain bids: status active/outbid and withdrawalStatus available/withdrawing/withdrawn come from the chain. 503 while the indexer is unavailable. ' +
      'Bids on ended lots are results: signed-out callers get only the bids on lots not ended.',
    query: bidListQuerySchema,
    reply: bidListSchema,
    errors: { 503: 'The indexer is unavailable' },
    handler: async ({ params, query, user }) => {
      const address = addressOf(params);
      const limit = query.limit ?? BIDS_LIST_LIMIT;
      const offset = query.offset ?? 0;
      const depth = Math.min(offset + limit, MAX_DEPTH);
      const now = new Date();
      const lot = lotsShowingBidsWhere(user !== null, now);
      // A bid a leader's change of maximum replaced is no bid to anyone but its bidder (GET /auctions/bids/me).
      const where = { walletAddress: anyCase(address), status: { not: 'replaced' as const }, lot: { ...publicLotWhere, ...lot } };
      const [rows, dbTotal, onChain] = await Promise.all([
        db.prisma.bid.findMany({ where, include: bidInclude, orderBy: { createdAt: 'desc' }, take: depth }),
        db.prisma.bid.count({ where }),
        isEvmAddress(address) ? chainBidsOf(services, address.toLowerCase(), depth, user?.id ?? null, now) : { bids: [], total: 0 },
      ]);
      const merged = [...rows.map((row) => presentBid(row, user?.id ?? null)), ...onChain.bids].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { data: merged.slice(offset, offset + limit), pagination: paginationOf(dbTotal + onChain.total, limit, offset) };
    },
  });

  routes.add({
    method: 'get',
    path: '/auctions/won/:address',
    tag: TAG,
    summary: 'Lots a wallet won, latest end first',
    description:
      'Off-chain lots whose recorded winner is this wallet, and auctions on the auction house this wallet won: settled, or ended with it ' +
      'as the highest bidder and not settled yet. 503 while the indexer is unavailable. ' +
      // Redacting the lots would not help: the list itself says who won them.
      'Results are for signed-in users, and every lot here is a result: signed-out callers get 401.',
    query: z.object({ limit: bidListQuerySchema.shape.limit, offset: bidListQuerySchema.shape.offset }),
    reply: chainLotListSchema,
    access: {},
    errors: { 503: 'The indexer is unavailable' },
    handler: async ({ params, query }) => {
      const address = addressOf(params);
      const limit = query.limit ?? BIDS_LIST_LIMIT;
      const offset = query.offset ?? 0;
      const where = await wonWhere(services, { addresses: [address] });
      const [rows, total] = await Promise.all([
        db.prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        db.prisma.lot.count({ where }),
      ]);
      const lots = await withChain(
        chain,
        db,
        rows.map((row) => presentLot(imageGateway, row)),
      );
      return { data: lots.map((lot) => lotForViewer(lot, true)), pagination: paginationOf(total, limit, offset) };
    },
  });
}

/**
 * The newest `depth` bids of an address on the auction house, on lots Gavel knows; for a signed-out caller
 * (no `viewerId`) only those on auctions not ended, as the chain tells.
 */
async function chainBidsOf({ chain, db }: Services, address: string, depth: number, viewerId: string | null, now: Date): Promise<{ bids: Bid[]; total: number }> {
  if (!chain.auctionHouse) return { bids: [], total: 0 };
  const { rows, total } = await bidsOfBidder(chain.ponder, address, depth).catch(unavailable);
  const auctionIds = [...new Set(rows.map((row) => row.auction_id))];
  const [lots, { rows: auctions }] = await Promise.all([
    db.prisma.lot.findMany({
      where: { chainAuctionId: { in: auctionIds }, auctionContractAddress: anyCase(chain.auctionHouse), ...publicLotWhere },
      select: { id: true, title: true, chainAuctionId: true, status: true, endTime: true },
    }),
    chain.auctionStates(auctionIds),
  ]);
  const lotOf = new Map(
    lots.flatMap((lot) => {
      const auction = auctions.get(lot.chainAuctionId!.toFixed(0));
      if (viewerId === null && auctionEnded(auction, lot, now)) return [];
      const currentBid = auction?.highest_bidder ? formatAmount(BigInt(auction.highest_bid), 'ETH') : null;
      return [[lot.chainAuctionId!.toFixed(0), { id: lot.id, title: lot.title, currentBid }] as const];
    }),
  );
  // Bids on auctions no lot points at (made outside Gavel), and those hidden as results, are left out, and out of the total.
  const bids = await presentChainBids(db, rows, (id) => lotOf.get(id), viewerId);
  return { bids, total: total - (rows.length - bids.length) };
}

/** An auction past its end by the chain's clock (settled, or its time up), or its lot ended, if the indexer has not seen it. */
function auctionEnded(auction: AuctionRow | undefined, lot: { status: string; endTime: Date }, now: Date): boolean {
  if (!auction) return lot.status === 'ended' || (lot.status !== 'cancelled' && lot.endTime <= now);
  if (auction.status === 'settled') return true;
  return auction.status === 'started' && auction.end_time !== null && Number(auction.end_time) * 1000 <= now.getTime();
}
