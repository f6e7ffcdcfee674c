/**
 * The worker's follower of the indexer. For every new on-chain bid it raises the same events as an off-chain
 * bid: `outbid` (server-sent event and e-mail) to the user who linked the outbid wallet, and the new price to
 * the lot's watchers. It copies price, bid count and end time into the lot record, so browse filters, sorting
 * and the close job see on-chain bids too (replies read the chain itself); a moved end moves the lot clock's jobs. It also settles reported
 * withdrawals (withdrawals.ts).
 *
 * Exactly once, across restarts and several workers: a cursor in Redis (the last block handled) and a claim
 * per bid (SET NX on its transaction hash and log index). Each pass re-reads the last REORG_WINDOW blocks, so
 * a bid that a reorg moved into a block below the cursor is still seen, and its claim keeps a bid that was
 * re-mined in a new block from being announced twice.
 */
import { formatAmount, type LotUpdate } from '@gavel/domain';
import type { Redis } from 'ioredis';
import type { ChainService } from './index.ts';
import type { LotClock } from '../jobs/lot-clock.ts';
import { tellOutbid, type OutbidTeller } from '../notifications/outbid-notifier.ts';
import { IndexerUnavailable } from './ponder.ts';
import { bidsAfterBlock, lastBidBlock, type BidRow } from './reads.ts';
import { reconcilePendingWithdrawals } from './withdrawals.ts';
import { ownersOf } from './wallets.ts';
import { anyCase } from '../wallet/linked.ts';

/** Ponder's finality depth on chains it has no figure for (anvil included): reorgs deeper than this are final. */
export const REORG_WINDOW = 30;
const BATCH = 1000;
const CLAIM_TTL_SECONDS = 7 * 24 * 3600;
/** Withdrawals are settled once every this many bid turns (each may cost an RPC call per pending record). */
export const WITHDRAWALS_EVERY = 8;

/**
 * The follower's two turns, repeated by the worker's followers (worker/followers.ts): announce new bids, and
 * settle reported withdrawals. The indexer being down is logged once by its reader, so a turn it fails is not
 * logged again; anything else fails the turn, and the next turn tries again.
 */
/** What following the chain's bids works with: the indexer and node, the database, Redis for its claims, the lot clock and the outbid notices. */
export type FollowerDeps = OutbidTeller & { chain: ChainService; redis: Redis; config: { redisPrefix: string }; lotClock: Pick<LotClock, 'scheduleEnd'> };

export function chainFollowerTurns(services: FollowerDeps): { followBids(): Promise<void>; settleWithdrawals(): Promise<void> } {
  // Bids already handled by this process: the Redis claims decide, this only saves round trips.
  const seen = new Set<string>();
  const quietWhileIndexerDown = (error: unknown) => {
    if (!(error instanceof IndexerUnavailable)) throw error;
  };
  return {
    followBids: () => followBids(services, seen).then(() => undefined, quietWhileIndexerDown),
    settleWithdrawals: () => reconcilePendingWithdrawals(services.chain, services.db).then(() => undefined, quietWhileIndexerDown),
  };
}

/** One pass: announce the bids after the cursor that nobody has announced yet. Returns how many it announced. */
export async function followBids(services: FollowerDeps, seen: Set<string>): Promise<number> {
  const { chain, redis, config } = services;
  const cursorKey = `${config.redisPrefix}:chain:bid-cursor`;
  const stored = await redis.get(cursorKey);
  if (stored === null) {
    // First run: what happened before is history, not news.
    await redis.set(cursorKey, String(await lastBidBlock(chain.ponder)));
    return 0;
  }
  const cursor = Number(stored);
  const bids = await bidsAfterBlock(chain.ponder, Math.max(0, cursor - REORG_WINDOW), BATCH);
  const fresh = bids.filter((bid) => !seen.has(claimKey(bid)));
  const claimed = await claim(services, fresh);
  for (const bid of fresh) seen.add(claimKey(bid));
  if (seen.size > 10 * BATCH) seen.clear(); // the Redis claims still hold; this set only saves round trips

  if (claimed.length > 0) {
    try {
      await announce(services, claimed);
    } catch (error) {
      // Release the claims so the next pass (here or on another worker) tries again.
      await services.redis.del(...claimed.map((bid) => `${config.redisPrefix}:chain:bid:${claimKey(bid)}`));
      for (const bid of claimed) seen.delete(claimKey(bid));
      throw error;
    }
  }
  const head = bids.reduce((max, bid) => Math.max(max, Number(bid.block_number)), cursor);
  if (head > cursor) await redis.set(cursorKey, String(head));
  return claimed.length;
}

const claimKey = (bid: BidRow) => `${bid.tx_hash}:${bid.log_index}`;

async function claim(services: FollowerDeps, bids: BidRow[]): Promise<BidRow[]> {
  if (bids.length === 0) return [];
  const pipeline = services.redis.pipeline();
  for (const bid of bids) pipeline.set(`${services.config.redisPrefix}:chain:bid:${claimKey(bid)}`, '1', 'EX', CLAIM_TTL_SECONDS, 'NX');
  const results = (await pipeline.exec()) ?? [];
  return bids.filter((_, i) => results[i]?.[1] === 'OK');
}

async function announce(services: FollowerDeps, bids: BidRow[]): Promise<void> {
  const { chain, db, eventHub } = services;
  const auctionIds = [...new Set(bids.map((bid) => bid.auction_id))];
  const [lots, { rows: auctions }] = await Promise.all([
    db.prisma.lot.findMany({
      where: { chainAuctionId: { in: auctionIds }, auctionContractAddress: anyCase(chain.auctionHouse ?? '') },
      select: { id: true, title: true, auctionEventId: true, chainAuctionId: true, endTime: true },
    }),
    chain.auctionStates(auctionIds),
  ]);
  const lotOf = new Map(lots.map((lot) => [lot.chainAuctionId!.toFixed(0), lot]));

  // The lot record follows the chain, and watchers hear the new price once per lot.
  for (const [auctionId, lot] of lotOf) {
    const auction = auctions.get(auctionId);
    if (!auction?.end_time) continue;
    const endTime = new Date(Number(auction.end_time) * 1000);
    await db.prisma.lot.update({
      where: { id: lot.id },
      data: { currentBid: auction.highest_bid, currentPrice: auction.highest_bid, bidCount: auction.bid_count, endTime },
    });
    const update: LotUpdate = { lotId: lot.id, currentBid: formatAmount(BigInt(auction.highest_bid), 'ETH'), bidCount: auction.bid_count, endTime: endTime.toISOString(), status: 'live' };
    await eventHub.publish(`lot:${lot.id}`, { type: 'lot', data: update });
    // An on-chain extension moved the end: the close and ending-soon jobs move with it (the old end's go).
    if (endTime.getTime() !== lot.endTime.getTime()) {
      await services.lotClock
        .scheduleEnd(lot.id, endTime, lot.endTime)
        .catch((err: Error) => services.log.warn({ err: err.message, lotId: lot.id }, 'moving the lot clock to the on-chain end failed; the reconcile loop will'));
    }
  }

  const outbids = bids.filter((bid) => bid.previous_bidder && bid.previous_bidder !== bid.bidder && lotOf.has(bid.auction_id));
  const owners = await ownersOf(
    db,
    outbids.map((bid) => bid.previous_bidder!),
  );
  for (const bid of outbids) {
    const owner = owners.get(bid.previous_bidder!);
    if (!owner) continue;
    await tellOutbid(services, {
      userId: owner.userId,
      bidId: bid.previous_bid_id ?? bid.id,
      lot: lotOf.get(bid.auction_id)!,
      unit: 'ETH',
      bidAmount: BigInt(bid.previous_amount ?? '0'),
      currentAmount: BigInt(bid.amount),
    });
  }
}
