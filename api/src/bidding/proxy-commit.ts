/**
 * The proxy path of a bid's write: a bid that carries a maximum, or any bid on a lot whose leader has a maximum
 * above the price (gavel_place_bid declines those). One transaction, under the lot's row lock: read where the lot
 * stands (the price, the leader and their maximum, the runner-up), let the domain's rule (`resolveProxyBid`) say
 * what the bid does, and write all of it, with what the rail writes alongside (the pay-later check, the card
 * hold). Racing bids and maximums therefore resolve one after the other, each against the state the previous one
 * left, and every acknowledged bid is in the table.
 *
 * What it writes, by outcome:
 * - leads: the previous active bid is outbid; the new bid is written active at the visible price, with its maximum;
 * - leaderUpdated (the leader changes their maximum, or raises their own bid): the same, their old bid replaced by
 *   the new one, so a card hold for the new maximum replaces the old hold;
 * - outbidByMaximum: the bid is written outbid at its own amount, and the leader's bid rises to the new price.
 * The lot keeps the proxy state (leaderMaximum while above the price, runnerUpMaximum), private like the bids'
 * maximums, and its end moves by the same anti-sniping rule as any bid (gavel_bid_end, in the migrations). A
 * Bitcoin wallet's maximum is a ladder of signed offers: its steps are read with the leading bid, and a ladder's
 * bid written or moved carries the offer of the step it now stands at (ladder-step.ts).
 */
import { proxyMinimum, resolveProxyBid, type ProxyOutcome, type ProxyState, type Unit } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import type { HttpError } from '../http/errors.ts';
import type { AdmittedBid, CommitOptions, PlacedBid, Transaction } from './bid-types.ts';
import { maximumTooLowError, refusalError, writeRefusal } from './refusal.ts';
import { carryLadderStep, LADDER_STEPS_SQL } from './ladder-step.ts';

/**
 * Racing bids queue on the lot's lock while holding a pooled connection, so a bidding war waits longer than
 * Prisma's defaults (2 s for a connection, 5 s for the transaction) allow; each wait is still short.
 */
const PROXY_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

interface LockedLot {
  open: boolean;
  startingBid: string;
  currentBid: string | null;
  leaderMaximum: string | null;
  runnerUpMaximum: string | null;
}

interface LeadingBid {
  id: string;
  userId: string | null;
  amount: string;
  /** A ladder's signed steps, ascending; null for any other bid. */
  steps: string[] | null;
}

class LotClosed extends Error {}

export async function commitProxyBid(services: Pick<Services, 'db'>, user: UserRow, bid: AdmittedBid, options: CommitOptions): Promise<PlacedBid> {
  const { prisma } = services.db;
  const bidId = options.bidId ?? randomUUID();
  try {
    return await prisma.$transaction(async (tx) => {
      await options.before?.(tx);
      // The lock in its own statement: the reads after it see every bid committed before it was granted.
      const [lot] = await tx.$queryRawUnsafe<LockedLot[]>(LOCK_LOT_SQL, bid.lot.id);
      if (!lot?.open) throw new LotClosed();
      const [leading] = await tx.$queryRawUnsafe<LeadingBid[]>(LEADING_BID_SQL, bid.lot.id);
      const rules = { startingBid: BigInt(lot.startingBid), increment: bid.increment };
      const entered = { bidderId: user.id, amount: bid.amount, ...(bid.maximum !== null && { maximum: bid.maximum }), ...(bid.steps && { steps: bid.steps }) };
      const outcome = resolveProxyBid(proxyStateOf(lot, leading), entered, rules);
      if (outcome.kind === 'refused') throw refusalOf(outcome, bid.unit);
      const placed = await writeOutcome(tx, { bidId, user, bid, walletAddress: options.walletAddress, leading: leading ?? null }, outcome);
      for (const written of [bidId, leading?.id]) if (written) await carryLadderStep(tx, written);
      await options.with?.(tx, bidId);
      return { ...placed, minimumNext: proxyMinimum(outcome.state, rules) };
    }, PROXY_TRANSACTION);
  } catch (error) {
    if (error instanceof LotClosed) throw writeRefusal(await prisma.lot.findUniqueOrThrow({ where: { id: bid.lot.id } }));
    throw error;
  }
}

const LOCK_LOT_SQL = `
  SELECT (published AND status IN ('upcoming', 'live') AND "startTime" <= now() AND "endTime" > now()) AS open,
         "startingBid"::text AS "startingBid", "currentBid"::text AS "currentBid",
         "leaderMaximum"::text AS "leaderMaximum", "runnerUpMaximum"::text AS "runnerUpMaximum"
    FROM "Lot" WHERE id = $1 FOR UPDATE`;

const LEADING_BID_SQL = `SELECT b.id, b."userId", b.amount::text AS amount, ${LADDER_STEPS_SQL} AS steps FROM "Bid" b WHERE b."lotId" = $1 AND b.status = 'active' LIMIT 1`;

/**
 * The lot as the rule sees it. A leader without a stored maximum bids no further than the price; a ladder's steps
 * count only with its maximum (a bid that leads again after a removal leads at its amount alone).
 */
function proxyStateOf(lot: LockedLot, leading: LeadingBid | undefined): ProxyState {
  if (!leading) return { leader: null, price: lot.currentBid === null ? null : BigInt(lot.currentBid), runnerUp: null };
  const price = BigInt(lot.currentBid ?? leading.amount);
  const maximum = lot.leaderMaximum === null ? price : BigInt(lot.leaderMaximum);
  const steps = lot.leaderMaximum !== null && leading.steps ? leading.steps.map(BigInt) : undefined;
  return {
    // A bid whose bidder's account is gone still leads, as nobody who could bid again.
    leader: { bidderId: leading.userId ?? `bid:${leading.id}`, maximum, ...(steps && { steps }) },
    price,
    runnerUp: lot.runnerUpMaximum === null ? null : BigInt(lot.runnerUpMaximum),
  };
}

function refusalOf(outcome: Extract<ProxyOutcome, { kind: 'refused' }>, unit: Unit): HttpError {
  if (outcome.reason === 'maximumTooLow') return maximumTooLowError(outcome.minimum, unit);
  return refusalError({ reason: 'tooLow', minimum: outcome.minimum }, unit);
}

interface Writing {
  bidId: string;
  user: UserRow;
  bid: AdmittedBid;
  walletAddress: string | null;
  leading: LeadingBid | null;
}

type Accepted = Exclude<ProxyOutcome, { kind: 'refused' }>;

/** Writes what the rule decided: the bids, then the lot (its price, count, end and proxy state). */
async function writeOutcome(tx: Transaction, writing: Writing, outcome: Accepted): Promise<Omit<PlacedBid, 'minimumNext'>> {
  const { bidId, user, bid, leading } = writing;
  const { leader, price } = outcome.state as { leader: { bidderId: string; maximum: bigint }; price: bigint };
  let row: { amount: bigint; status: 'active' | 'outbid'; maximum: bigint | null };
  let outbid: PlacedBid['outbid'] = null;
  let replacedBidId: string | null = null;

  if (outcome.kind === 'outbidByMaximum') {
    // Recorded at its own amount, outbid at once; the leader's bid shows the price the proxy raised it to.
    row = { amount: bid.amount, status: 'outbid', maximum: bid.maximum };
    await insertBid(tx, writing, row);
    await tx.$executeRawUnsafe('UPDATE "Bid" SET amount = $2::numeric, "updatedAt" = now() WHERE id = $1', leading!.id, price.toString());
    outbid = { bidId, userId: user.id, amount: bid.amount, ...(bid.maximum !== null && { maximum: bid.maximum }) };
    replacedBidId = bidId;
  } else {
    const [previous] = await tx.$queryRawUnsafe<Omit<LeadingBid, 'steps'>[]>(
      `UPDATE "Bid" SET status = 'outbid', "updatedAt" = now() WHERE "lotId" = $1 AND status = 'active' RETURNING id, "userId", amount::text AS amount`,
      bid.lot.id,
    );
    // The bid's maximum is kept when it was given or still bids above the price (a leader's plain raise keeps theirs).
    row = { amount: price, status: 'active', maximum: bid.maximum !== null || leader.maximum > price ? leader.maximum : null };
    await insertBid(tx, writing, row);
    if (previous && previous.userId !== user.id && previous.userId) {
      // The previous leader's maximum is what the rule just exceeded: a leader without one bid only their amount.
      const exceeded = outcome.kind === 'leads' && outcome.outbid && outcome.outbid.maximum > BigInt(previous.amount) ? outcome.outbid.maximum : null;
      outbid = { bidId: previous.id, userId: previous.userId, amount: BigInt(previous.amount), ...(exceeded !== null && { maximum: exceeded }) };
    }
    replacedBidId = previous?.id ?? null;
  }

  const [lot] = await tx.$queryRawUnsafe<Array<{ end_time: Date; extension_minutes: number; bid_count: number; extended: boolean }>>(
    UPDATE_LOT_SQL,
    bid.lot.id,
    price.toString(),
    leader.maximum > price ? leader.maximum.toString() : null,
    outcome.state.runnerUp?.toString() ?? null,
  );
  const { id, title, paymentMethod, auctionEventId } = bid.lot;
  return {
    bidId,
    lot: { id, title, paymentMethod, auctionEventId },
    amount: row.amount,
    walletAddress: writing.walletAddress,
    status: row.status,
    maximum: row.maximum,
    price,
    endTime: lot!.end_time,
    previousEndTime: bid.lot.endTime,
    auctionExtended: lot!.extended,
    extensionMinutes: lot!.extension_minutes,
    bidCount: lot!.bid_count,
    outbid,
    replacedBidId,
  };
}

/** Written at the moment of the write (the lock is held), so the history reads in the order bids were accepted. */
async function insertBid(tx: Transaction, writing: Writing, row: { amount: bigint; status: 'active' | 'outbid'; maximum: bigint | null }): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, "walletAddress", status, "createdAt", "updatedAt")
     VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6, $7::"BidStatus", clock_timestamp(), clock_timestamp())`,
    writing.bidId,
    writing.bid.lot.id,
    writing.user.id,
    row.amount.toString(),
    row.maximum?.toString() ?? null,
    writing.walletAddress,
    row.status,
  );
}

const UPDATE_LOT_SQL = `
  UPDATE "Lot" AS l
     SET "currentBid" = $2::numeric, "currentPrice" = $2::numeric, "bidCount" = l."bidCount" + 1, status = 'live',
         "endTime" = gavel_bid_end(l."endTime", l."extensionMinutes"),
         "leaderMaximum" = $3::numeric, "runnerUpMaximum" = $4::numeric, "updatedAt" = now()
   WHERE l.id = $1
  RETURNING l."endTime" AS end_time, l."extensionMinutes" AS extension_minutes, l."bidCount" AS bid_count,
            gavel_bid_extended(l."endTime", l."extensionMinutes") AS extended`;
