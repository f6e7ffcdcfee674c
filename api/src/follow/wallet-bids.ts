/**
 * A wallet's bids, wins and the lots it sells. Bids placed through the api (any lot) and bids on the auction house (ETH lots)
 * together; the chain decides on-chain status, withdrawal status and winners. The bids on open lots are public,
 * like a live lot's history (`isYou` marks the viewer's own bids); bids on ended lots and the wins are results,
 * for signed-in users only (lots/results-privacy.ts).
 */
import { BIDS_LIST_LIMIT, formatAmount, paginationOf, type Bid, type ChainLot, type Pagination } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import { bidInclude, presentBid } from '../bidding/present-bid.ts';
import { lotInclude, presentLot } from '../lots/present.ts';
import { presentChainBids } from '../chain/bids.ts';
import { withChain } from '../chain/lots.ts';
import { bidsOfBidder, type AuctionRow } from '../chain/reads.ts';
import { publicLotWhere } from '../lots/public-lot.ts';
import { unavailable } from '../chain/index.ts';
import { anyCase, isEvmAddress } from '../wallet/linked.ts';
import { lotForViewer, lotsShowingBidsWhere } from '../lots/results-privacy.ts';
import { soldWhere, wonWhere } from './won-and-sold.ts';
import type { LotListDeps } from './lot-page.ts';

/** Deepest page of a merged list: both sources are read up to offset + limit. */
const MAX_DEPTH = 1000;

type Page = { limit?: number; offset?: number };

/**
 * A wallet's bids, newest first: off-chain bids by that wallet and its bids on the auction house. A signed-out
 * viewer (no `viewerId`) gets only the bids on lots not ended.
 */
export async function walletBids(services: LotListDeps, address: string, query: Page, viewerId: string | null): Promise<{ data: Bid[]; pagination: Pagination }> {
  const { db } = services;
  const limit = query.limit ?? BIDS_LIST_LIMIT;
  const offset = query.offset ?? 0;
  const depth = Math.min(offset + limit, MAX_DEPTH);
  const now = new Date();
  const lot = lotsShowingBidsWhere(viewerId !== null, now);
  // A bid a leader's change of maximum replaced is no bid to anyone but its bidder (GET /auctions/bids/me).
  const where = { walletAddress: anyCase(address), status: { not: 'replaced' as const }, lot: { ...publicLotWhere, ...lot } };
  const [rows, dbTotal, onChain] = await Promise.all([
    db.prisma.bid.findMany({ where, include: bidInclude, orderBy: { createdAt: 'desc' }, take: depth }),
    db.prisma.bid.count({ where }),
    isEvmAddress(address) ? chainBidsOf(services, address.toLowerCase(), depth, viewerId, now) : { bids: [], total: 0 },
  ]);
  const merged = [...rows.map((row) => presentBid(row, viewerId)), ...onChain.bids].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { data: merged.slice(offset, offset + limit), pagination: paginationOf(dbTotal + onChain.total, limit, offset) };
}

/** The lots a wallet won, latest end first: off-chain lots with it as recorded winner, and auctions on the auction house it won. */
export async function lotsWonBy(services: LotListDeps, address: string, query: Page): Promise<{ data: ChainLot[]; pagination: Pagination }> {
  return lotPage(services, await wonWhere(services, { addresses: [address] }), query, true);
}

/**
 * The published lots a wallet address sells, newest end first: those whose seller address it is, and those created
 * by the user who linked it. An ended lot's results are shown to signed-in viewers only.
 */
export async function lotsSoldBy(services: LotListDeps, address: string, query: Page, signedIn: boolean): Promise<{ data: ChainLot[]; pagination: Pagination }> {
  const owners = await services.db.prisma.wallet.findMany({ where: { address: anyCase(address) }, select: { userId: true } });
  return lotPage(services, soldWhere({ addresses: [address], creatorIds: owners.map((o) => o.userId) }), query, signedIn);
}

/** One page of the lots `where` picks, latest end first, with their chain state and results as `signedIn` may see them. */
async function lotPage(services: LotListDeps, where: P.LotWhereInput, query: Page, signedIn: boolean): Promise<{ data: ChainLot[]; pagination: Pagination }> {
  const { db, chain } = services;
  const limit = query.limit ?? BIDS_LIST_LIMIT;
  const offset = query.offset ?? 0;
  const [rows, total] = await Promise.all([
    db.prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    db.prisma.lot.count({ where }),
  ]);
  const lots = await withChain(
    chain,
    db,
    rows.map((row) => presentLot(services.config.storage.imageGateway, row)),
  );
  return { data: lots.map((lot) => lotForViewer(lot, signedIn)), pagination: paginationOf(total, limit, offset) };
}

/**
 * The newest `depth` bids of an address on the auction house, on lots Gavel knows; for a signed-out caller
 * (no `viewerId`) only those on auctions not ended, as the chain tells.
 */
async function chainBidsOf({ chain, db }: Pick<LotListDeps, 'db' | 'chain'>, address: string, depth: number, viewerId: string | null, now: Date): Promise<{ bids: Bid[]; total: number }> {
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
