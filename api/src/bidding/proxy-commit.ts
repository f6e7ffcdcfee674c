/**
 * The proxy path of a bid's write: a bid that carries a maximum, or any bid on a lot whose leader has a maximum
 * above the price (gavel_place_bid declines those). Read where the lot stands (the price, the leader and their
 * maximum, the runner-up), let the domain's rule (`resolveProxyBid`) say what the bid does, and write it with
 * PostgreSQL's `gavel_place_proxy_bid` (see its migration): one statement that writes only if the lot still stands
 * exactly where the rule saw it, under the lot's row lock, and otherwise answers 'stale', so the bid is read and
 * resolved again. Racing bids and maximums therefore resolve one after the other, each against the state the
 * previous one left, every acknowledged bid is in the table, and the lot's lock is held for one statement only.
 *
 * A rail that writes with the bid (a card hold's PaymentIntent, a Bitcoin offer claimed and its signed PSBT) takes
 * the lot's lock first, in a transaction, and resolves under it; so does a bid whose unlocked attempts kept
 * finding the lot moved on (a bidding war on one lot), so it is never starved.
 *
 * What is written, by outcome (the function does it): leads / leaderUpdated (the leader changes their maximum, or
 * raises their own bid): the previous active bid is outbid and the new bid written active at the visible price,
 * with its maximum, so a card hold for the new maximum replaces the old one. A leader's change that leaves the price
 * where it was leaves no public trace: the previous bid is 'replaced' instead (out of the history and the count),
 * the new one keeps its time, the lot's count and end stay, and the write says so (`maximumChangeOnly`: no lot
 * event). outbidByMaximum: the bid is written outbid at its own amount, and the leader's bid rises to the new price.
 * The lot keeps the proxy state (leaderMaximum while above the price, runnerUpMaximum), private like the bids'
 * maximums, and its end moves by the same anti-sniping rule as any bid. A Bitcoin wallet's maximum is a ladder of
 * signed offers: its steps are read with the leading bid, and a ladder's bid written or moved carries the offer of
 * the step it now stands at.
 */
import { proxyMinimum, resolveProxyBid, type ProxyOutcome, type ProxyState, type Unit } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { Refused } from '../refused.ts';
import type { AdmittedBid, CommitOptions, PlacedBid, ProxyStanding } from './bid-types.ts';
import { maximumTooLowError, refusalError, writeRefusal } from './refusal.ts';
import { LADDER_STEPS_SQL } from './ladder-step.ts';
import { biddingLimitError } from './pay-later.ts';

/**
 * Racing bids queue on the lot's lock while holding a pooled connection, so a bidding war waits longer than
 * Prisma's defaults (2 s for a connection, 5 s for the transaction) allow; each wait is still short.
 */
const PROXY_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };
/** Unlocked attempts before a bid takes the lot's lock: each one lost means another bid on the lot was written. */
const UNLOCKED_ATTEMPTS = 8;

/**
 * Where the lot stands, as the rule sees it, as one JSON column of a read of the lot `l` joined with
 * LEADING_BID_JOIN_SQL: the intake's read of the lot carries it (intake.ts), so a bid's first attempt reads nothing
 * more; a later attempt, after the lot moved on, reads it again with STANDING_SQL.
 */
export const STANDING_JSON_SQL = `json_build_object(
    'open', l.published AND l.status IN ('upcoming', 'live') AND l."startTime" <= now() AND l."endTime" > now(),
    'startingBid', l."startingBid"::text, 'currentBid', l."currentBid"::text,
    'leaderMaximum', l."leaderMaximum"::text, 'runnerUpMaximum', l."runnerUpMaximum"::text,
    'leadingId', b.id, 'leadingUserId', b."userId", 'leadingAmount', b.amount::text, 'steps', ${LADDER_STEPS_SQL})`;
export const LEADING_BID_JOIN_SQL = `LEFT JOIN LATERAL (SELECT id, "userId", amount FROM "Bid" WHERE "lotId" = l.id AND status = 'active' LIMIT 1) b ON true`;

const STANDING_SQL = `SELECT ${STANDING_JSON_SQL} AS standing FROM "Lot" l ${LEADING_BID_JOIN_SQL} WHERE l.id = $1`;

interface ProxyWriteRow {
  result: 'placed' | 'stale' | 'closed' | 'over_limit';
  end_time: Date;
  extended: boolean;
  extension_minutes: number;
  bid_count: number;
  previous_bid_id: string | null;
  previous_user_id: string | null;
  previous_amount: string | null;
  previous_held: boolean;
  bidding_limit: string | null;
  available: string | null;
  maximum_change_only: boolean;
}

const PLACE_PROXY_BID_SQL = `
  SELECT result, end_time, extended, extension_minutes, bid_count, previous_bid_id, previous_user_id,
         previous_amount::text AS previous_amount, previous_held, bidding_limit::text AS bidding_limit, available::text AS available,
         maximum_change_only
    FROM gavel_place_proxy_bid($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8::numeric, $9, $10, $11::numeric, $12::numeric, $13::numeric, $14::numeric, $15::numeric, $16::numeric)`;

/**
 * One statement with $1.. parameters: the pool's (prepared under \`name\` on each connection, as every bid runs the
 * same few), or the transaction's when the lot's lock is held.
 */
type Run = <Row>(text: string, params: unknown[], name: string) => Promise<Row[]>;

class LotClosed extends Error {}
const STALE = Symbol('stale');

interface Writing {
  bidId: string;
  user: UserRow;
  bid: AdmittedBid;
  walletAddress: string | null;
  payLater: CommitOptions['payLater'];
}

export async function commitProxyBid(services: { db: Database }, user: UserRow, bid: AdmittedBid, options: CommitOptions): Promise<PlacedBid> {
  const { db } = services;
  const writing: Writing = { bidId: options.bidId ?? randomUUID(), user, bid, walletAddress: options.walletAddress, payLater: options.payLater };
  try {
    if (!options.before && !options.with) {
      const run: Run = (text, params, name) => db.sql(text, params, { prepared: name });
      // The first attempt resolves against the standing the intake read with the lot; the write checks it still holds.
      let standing: ProxyStanding | undefined = bid.lot.standing;
      for (let attempt = 0; attempt < UNLOCKED_ATTEMPTS; attempt++) {
        const placed = await resolveAndWrite(run, writing, standing);
        if (placed !== STALE) return placed;
        standing = undefined;
      }
    }
    return await db.prisma.$transaction(async (tx) => {
      await options.before?.(tx);
      const run: Run = (text, params) => tx.$queryRawUnsafe(text, ...params);
      // Locks in the order every bid takes them (the pay-later user, then the lot), each in its own statement: the
      // reads after them see every bid committed before they were granted.
      if (writing.payLater) await run('SELECT 1 FROM "User" WHERE id = $1 FOR NO KEY UPDATE', [user.id], 'lock-bidder');
      await run('SELECT 1 FROM "Lot" WHERE id = $1 FOR NO KEY UPDATE', [bid.lot.id], 'lock-lot');
      const placed = await resolveAndWrite(run, writing);
      if (placed === STALE) throw new Error('the lot moved while its row was locked');
      await options.with?.(tx, writing.bidId);
      return placed;
    }, PROXY_TRANSACTION);
  } catch (error) {
    if (error instanceof LotClosed) throw writeRefusal(await db.prisma.lot.findUniqueOrThrow({ where: { id: bid.lot.id } }));
    throw error;
  }
}

/**
 * Resolves the bid by the rule against where the lot stands (read now unless given) and writes the outcome, unless
 * the lot moved on meanwhile (STALE).
 */
async function resolveAndWrite(run: Run, writing: Writing, given?: ProxyStanding): Promise<PlacedBid | typeof STALE> {
  const { bid, user } = writing;
  const standing = given ?? (await run<{ standing: ProxyStanding }>(STANDING_SQL, [bid.lot.id], 'proxy-standing'))[0]?.standing;
  if (!standing?.open) throw new LotClosed();
  const rules = { startingBid: BigInt(standing.startingBid), increment: bid.increment };
  const entered = { bidderId: user.id, amount: bid.amount, ...(bid.maximum !== null && { maximum: bid.maximum }), ...(bid.steps && { steps: bid.steps }) };
  const outcome = resolveProxyBid(proxyStateOf(standing), entered, rules);
  if (outcome.kind === 'refused') throw refusalOf(outcome, bid.unit);

  const { leader, price } = outcome.state as { leader: { bidderId: string; maximum: bigint }; price: bigint };
  const outbidAtOnce = outcome.kind === 'outbidByMaximum';
  // The bid's maximum is kept when it was given or still bids above the price (a leader's plain raise keeps theirs).
  const own = outbidAtOnce
    ? { amount: bid.amount, status: 'outbid' as const, maximum: bid.maximum }
    : { amount: price, status: 'active' as const, maximum: bid.maximum !== null || leader.maximum > price ? leader.maximum : null };
  const row = await runWrite(run, [
    bid.lot.id,
    writing.bidId,
    user.id,
    writing.walletAddress,
    standing.startingBid,
    standing.currentBid,
    standing.leaderMaximum,
    standing.runnerUpMaximum,
    standing.leadingId,
    outcome.kind,
    bid.amount.toString(),
    own.maximum?.toString() ?? null,
    price.toString(),
    leader.maximum > price ? leader.maximum.toString() : null,
    outcome.state.runnerUp?.toString() ?? null,
    writing.payLater?.cents.toString() ?? null,
  ]);
  if (row === STALE) return STALE;
  if (row.result === 'closed') throw new LotClosed();
  if (row.result === 'over_limit') throw biddingLimitError(BigInt(row.bidding_limit ?? '0'), BigInt(row.available ?? '0'), writing.payLater!.field);

  let outbid: PlacedBid['outbid'] = null;
  if (outbidAtOnce) outbid = { bidId: writing.bidId, userId: user.id, amount: bid.amount, ...(bid.maximum !== null && { maximum: bid.maximum }) };
  else if (row.previous_user_id && row.previous_user_id !== user.id) {
    // The previous leader's maximum is what the rule just exceeded: a leader without one bid only their amount.
    const previousAmount = BigInt(row.previous_amount!);
    const exceeded = outcome.kind === 'leads' && outcome.outbid && outcome.outbid.maximum > previousAmount ? outcome.outbid.maximum : null;
    outbid = { bidId: row.previous_bid_id!, userId: row.previous_user_id, amount: previousAmount, ...(exceeded !== null && { maximum: exceeded }) };
  }
  const { id, title, paymentMethod, auctionEventId } = bid.lot;
  return {
    bidId: writing.bidId,
    lot: { id, title, paymentMethod, auctionEventId },
    amount: own.amount,
    walletAddress: writing.walletAddress,
    status: own.status,
    maximum: own.maximum,
    price,
    endTime: row.end_time,
    previousEndTime: bid.lot.endTime,
    auctionExtended: row.extended,
    extensionMinutes: row.extension_minutes,
    bidCount: row.bid_count,
    maximumChangeOnly: row.maximum_change_only,
    outbid,
    // Outbid at once, the bid itself is what no longer needs its hold (written, if it has one, after this).
    replacedBidId: outbidAtOnce ? writing.bidId : row.previous_bid_id,
    ...(!outbidAtOnce && { replacedBidHeld: row.previous_held }),
    minimumNext: proxyMinimum(outcome.state, rules),
  };
}

/**
 * The proxy write; STALE when the lot moved on since the rule saw it: its columns (the write answers 'stale') or, the
 * prices come back to the same numbers, its leading bid (the write raises GV409 and is undone).
 */
async function runWrite(run: Run, params: unknown[]): Promise<ProxyWriteRow | typeof STALE> {
  try {
    const [row] = await run<ProxyWriteRow>(PLACE_PROXY_BID_SQL, params, 'place-proxy-bid');
    return !row || row.result === 'stale' ? STALE : row;
  } catch (error) {
    if ((error as { code?: unknown }).code === LEADING_BID_CHANGED) return STALE;
    throw error;
  }
}

/** The SQLSTATE gavel_place_proxy_bid raises when the bid the rule saw leading no longer does. */
const LEADING_BID_CHANGED = 'GV409';

/**
 * The lot as the rule sees it. A leader without a stored maximum bids no further than the price; a ladder's steps
 * count only while its maximum is above the price.
 */
function proxyStateOf(standing: ProxyStanding): ProxyState {
  if (!standing.leadingId) return { leader: null, price: standing.currentBid === null ? null : BigInt(standing.currentBid), runnerUp: null };
  const price = BigInt(standing.currentBid ?? standing.leadingAmount!);
  const maximum = standing.leaderMaximum === null ? price : BigInt(standing.leaderMaximum);
  const steps = standing.leaderMaximum !== null && standing.steps ? standing.steps.map(BigInt) : undefined;
  return {
    // A bid whose bidder's account is gone still leads, as nobody who could bid again.
    leader: { bidderId: standing.leadingUserId ?? `bid:${standing.leadingId}`, maximum, ...(steps && { steps }) },
    price,
    runnerUp: standing.runnerUpMaximum === null ? null : BigInt(standing.runnerUpMaximum),
  };
}

function refusalOf(outcome: Extract<ProxyOutcome, { kind: 'refused' }>, unit: Unit): Refused {
  if (outcome.reason === 'maximumTooLow') return maximumTooLowError(outcome.minimum, unit);
  return refusalError({ reason: 'tooLow', minimum: outcome.minimum }, unit);
}
