/**
 * The one write of a bid Gavel places itself (every rail but the on-chain ones): PostgreSQL's `gavel_place_bid`
 * (see its migration), one transaction whose conditional UPDATE of the lot row succeeds only while the lot is
 * open and the amount meets the minimum next bid, so racing bids are serialised and can never both win or leave
 * the price below an acknowledged bid. A pay-later bid's limit is checked by the same function, in the same
 * statement, so the lot's row is locked only while the database works. A rail that must write something with the
 * bid (a card hold's PaymentIntent, a Bitcoin offer's signed PSBT) does it in the same transaction, so a leading bid
 * never lacks what pays for it.
 *
 * Maximum bids take the proxy path (proxy-commit.ts): a bid carrying a maximum, or any bid while the leader has a
 * maximum above the price, which the conditional update declines to match.
 */
import { randomUUID } from 'node:crypto';
import type { Lot } from '../generated/prisma/client.ts';
import { commitProxyBid } from './proxy-commit.ts';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { AdmittedBid, CommitOptions, PlacedBid } from './bid-types.ts';
import { writeRefusal } from './refusal.ts';
import { biddingLimitError } from './pay-later.ts';

/** Writes an admitted bid; a refused write (outbid or closed meanwhile) is the spec's answer, and nothing stays. */
export async function commitBid(services: { db: Database }, user: UserRow, bid: AdmittedBid, options: CommitOptions): Promise<PlacedBid> {
  // A maximum, or a lot whose leader had one above the price when the bid was admitted (and below, one that has
  // one now), is resolved by the proxy rule.
  if (bid.maximum !== null || bid.lot.leaderMaximum !== null) return commitProxyBid(services, user, bid, options);
  const { db } = services;
  const bidId = options.bidId ?? randomUUID();
  const args = [bid.lot.id, bidId, user.id, bid.amount.toString(), bid.increment.toString(), options.walletAddress, options.payLater?.cents.toString() ?? null];
  let row: PlaceBidRow | undefined;
  if (!options.before && !options.with) {
    [row] = await db.sql<PlaceBidRow>(PLACE_BID_SQL, args, { prepared: 'place-bid' });
  } else {
    row = await db.prisma
      .$transaction(async (tx) => {
        await options.before?.(tx);
        const [placed] = await tx.$queryRawUnsafe<PlaceBidRow[]>(PLACE_BID_SQL, ...args);
        // Thrown to roll back what `before` did: a refused bid leaves nothing behind.
        if (!placed?.placed) throw new BidRefused(placed);
        await options.with?.(tx, bidId);
        return placed;
      })
      .catch((error: unknown) => {
        if (error instanceof BidRefused) return error.row;
        throw error;
      });
  }
  if (row?.over_limit) throw biddingLimitError(BigInt(row.bidding_limit ?? '0'), BigInt(row.available ?? '0'), options.payLater!.field);
  if (!row?.placed) {
    const lot = await db.prisma.lot.findUniqueOrThrow({ where: { id: bid.lot.id } });
    // The conditional update leaves a lot whose leader has a maximum above the price to the proxy path.
    if (lot.leaderMaximum !== null) return commitProxyBid(services, user, bid, options);
    throw writeRefusal(lot);
  }
  return placedBid(row, { bidId, lot: bid.lot, amount: bid.amount, walletAddress: options.walletAddress, userId: user.id, increment: bid.increment });
}

class BidRefused extends Error {
  constructor(readonly row: PlaceBidRow | undefined) {
    super('bid refused');
  }
}

/** What placing a bid did, from gavel_place_bid's row: the reply and the announcements both read this. */
function placedBid(
  result: PlaceBidRow,
  bid: { bidId: string; lot: Pick<Lot, 'id' | 'title' | 'paymentMethod' | 'auctionEventId' | 'endTime'>; amount: bigint; walletAddress: string | null; userId: string; increment: bigint },
): PlacedBid {
  const { id, title, paymentMethod, auctionEventId } = bid.lot;
  return {
    bidId: bid.bidId,
    lot: { id, title, paymentMethod, auctionEventId },
    amount: bid.amount,
    walletAddress: bid.walletAddress,
    status: 'active',
    maximum: null,
    price: bid.amount,
    endTime: result.end_time!,
    previousEndTime: bid.lot.endTime,
    auctionExtended: result.extended,
    extensionMinutes: result.extension_minutes,
    bidCount: result.bid_count,
    maximumChangeOnly: false,
    outbid: result.outbid_user_id && result.outbid_user_id !== bid.userId ? { bidId: result.outbid_bid_id!, userId: result.outbid_user_id, amount: BigInt(result.outbid_amount!) } : null,
    replacedBidId: result.outbid_bid_id,
    replacedBidHeld: result.outbid_held,
    minimumNext: bid.amount + bid.increment,
  };
}

interface PlaceBidRow {
  placed: boolean;
  end_time: Date | null;
  extended: boolean;
  extension_minutes: number;
  bid_count: number;
  outbid_bid_id: string | null;
  outbid_user_id: string | null;
  outbid_amount: string | null;
  outbid_held: boolean;
  /** The pay-later check refused the bid: the user's limit, and what of it is left. */
  over_limit: boolean;
  bidding_limit: string | null;
  available: string | null;
}

/** The amount as text: db.sql and Prisma's raw queries (in a transaction) then answer the same row. */
const PLACE_BID_SQL = `SELECT placed, end_time, extended, extension_minutes, bid_count, outbid_bid_id, outbid_user_id, outbid_amount::text AS outbid_amount,
  outbid_held, over_limit, bidding_limit::text AS bidding_limit, available::text AS available
  FROM gavel_place_bid($1, $2, $3, $4::numeric, $5::numeric, $6, $7::numeric)`;
