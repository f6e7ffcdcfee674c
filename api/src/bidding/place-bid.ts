/**
 * Placing a bid on an off-chain lot. The checks that need only the lot's fixed facts (exists, payment method,
 * seller, wallet) run here; the write runs in PostgreSQL as `gavel_place_bid` (see its migration): one
 * transaction whose conditional UPDATE of the lot row succeeds only while the lot is open and the amount meets
 * the minimum next bid, so racing bids are serialised and can never both win or leave the price below an
 * acknowledged bid.
 */
import { fill, formatAmount, messages, minimumIncrement, minimumNextBid, parseAmount, unitFor, AmountError } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import type { Lot, PrismaClient } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { UserRow } from '../auth/session.ts';
import { assertListed } from './whitelist-gate.ts';

const b = messages.bids;

export interface PlacedBid {
  bidId: string;
  lot: { id: string; title: string; paymentMethod: 'BTC' | 'ETH' | 'Manual'; auctionEventId: string };
  amount: bigint;
  walletAddress: string | null;
  endTime: Date;
  auctionExtended: boolean;
  extensionMinutes: number;
  bidCount: number;
  /** The bid this one outbid, when it belonged to someone else. */
  outbid: { bidId: string; userId: string; amount: bigint } | null;
  /** The bid that was highest before this one, whoever's (a card hold on it is no longer needed). */
  replacedBidId: string | null;
  minimumNext: bigint;
}

/**
 * `hold`: a card bid whose amount is already authorised on the bidder's card (payments/bid-holds.ts). The bid
 * is written with that PaymentIntent in the same transaction, so a job releasing an outbid hold always finds it.
 */
export async function placeBid(
  db: Database,
  user: UserRow,
  lotId: string,
  input: { amount: string | number; walletAddress?: string },
  hold?: { bidId: string; paymentIntentId: string },
): Promise<PlacedBid> {
  const { prisma } = db;
  const lot = await lotFacts(prisma, lotId);
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  if (lot.paymentMethod === 'ETH') throw new HttpError(409, b.ethOnChain, 'bid_on_chain');
  if (lot.creatorId === user.id) throw new HttpError(403, b.ownLot, 'own_lot');
  // The event's whitelist flag rides with the lot's cached facts: open events cost the bid path nothing.
  if (lot.auctionEvent.whitelistOnly) await assertListed(prisma, user, lot.auctionEventId);

  const unit = unitFor(lot.paymentMethod);
  let amount: bigint;
  try {
    amount = parseAmount(input.amount, unit);
  } catch (error) {
    if (error instanceof AmountError) throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });
    throw error;
  }
  if (amount <= 0n) throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });

  // A card bid pays from the card it holds, on any lot that takes one: no wallet behind it.
  const walletAddress = hold ? null : await checkWallet(prisma, user, lot.paymentMethod, input.walletAddress);
  const increment = minimumIncrement(lot);

  const bidId = hold?.bidId ?? randomUUID();
  const args = [lotId, bidId, user.id, amount.toString(), increment.toString(), walletAddress];
  const [result] = hold ? await placeHeldBid(prisma, args, hold.paymentIntentId) : await db.sql<PlaceBidRow>(PLACE_BID_SQL, args);
  if (!result?.placed) throw await refusal(prisma, lotId);
  return placedBid(result, { bidId, lot, amount, walletAddress, userId: user.id, increment });
}

/** What placing a bid did, from gavel_place_bid's row: the reply and the announcements both read this. */
export function placedBid(
  result: PlaceBidRow,
  bid: { bidId: string; lot: Pick<Lot, 'id' | 'title' | 'paymentMethod' | 'auctionEventId'>; amount: bigint; walletAddress: string | null; userId: string; increment: bigint },
): PlacedBid {
  const { id, title, paymentMethod, auctionEventId } = bid.lot;
  return {
    bidId: bid.bidId,
    lot: { id, title, paymentMethod, auctionEventId },
    amount: bid.amount,
    walletAddress: bid.walletAddress,
    endTime: result.end_time!,
    auctionExtended: result.extended,
    extensionMinutes: result.extension_minutes,
    bidCount: result.bid_count,
    outbid: result.outbid_user_id && result.outbid_user_id !== bid.userId ? { bidId: result.outbid_bid_id!, userId: result.outbid_user_id, amount: BigInt(result.outbid_amount!) } : null,
    replacedBidId: result.outbid_bid_id,
    minimumNext: bid.amount + bid.increment,
  };
}

export interface PlaceBidRow {
  placed: boolean;
  end_time: Date | null;
  extended: boolean;
  extension_minutes: number;
  bid_count: number;
  outbid_bid_id: string | null;
  outbid_user_id: string | null;
  outbid_amount: string | null;
}

/** The amount as text: db.sql and Prisma's raw queries (in a transaction) then answer the same row. */
export const PLACE_BID_SQL =
  'SELECT placed, end_time, extended, extension_minutes, bid_count, outbid_bid_id, outbid_user_id, outbid_amount::text AS outbid_amount FROM gavel_place_bid($1, $2, $3, $4::numeric, $5::numeric, $6)';

/** The card bid's write: the same function, plus the hold's PaymentIntent on the new bid, in one transaction. */
async function placeHeldBid(prisma: PrismaClient, args: unknown[], paymentIntentId: string): Promise<PlaceBidRow[]> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<PlaceBidRow[]>(PLACE_BID_SQL, ...args);
    if (rows[0]?.placed) await tx.bid.update({ where: { id: args[1] as string }, data: { paymentIntentId, holdStatus: 'authorized' } });
    return rows;
  });
}

type LotFacts = Pick<Lot, 'id' | 'title' | 'paymentMethod' | 'auctionType' | 'creatorId' | 'auctionEventId'> & { auctionEvent: { whitelistOnly: boolean } };
const FACTS_TTL_MS = 5000;
const facts = new Map<string, { at: number; lot: LotFacts }>();

/** An admin edit changed a lot's facts (payment method, event flags): drop this instance's copy (all: no id). */
export function forgetLotFacts(lotId?: string): void {
  if (lotId) facts.delete(lotId);
  else facts.clear();
}

/**
 * What the checks before the write need: facts that do not change while a lot takes bids. They are kept for
 * a few seconds because a bidding war asks for the same lot hundreds of times a second; everything that does
 * change (published, status, times, price) is re-checked by gavel_place_bid inside the write.
 */
async function lotFacts(prisma: PrismaClient, lotId: string): Promise<LotFacts | null> {
  const hit = facts.get(lotId);
  if (hit && Date.now() - hit.at < FACTS_TTL_MS) return hit.lot;
  const lot = await prisma.lot.findFirst({
    where: { id: lotId, published: true },
    select: { id: true, title: true, paymentMethod: true, auctionType: true, creatorId: true, auctionEventId: true, auctionEvent: { select: { whitelistOnly: true } } },
  });
  if (facts.size > 10_000) facts.clear();
  if (lot) facts.set(lotId, { at: Date.now(), lot });
  return lot;
}

/** Why the conditional update matched nothing (also used to refuse a card bid before its hold is placed). */
export async function refusal(tx: PrismaClient, lotId: string): Promise<HttpError> {
  const lot = await tx.lot.findUniqueOrThrow({ where: { id: lotId } });
  const now = new Date();
  if (lot.status === 'cancelled') return new HttpError(409, b.cancelled, 'lot_cancelled');
  if (lot.status === 'ended' || lot.endTime <= now) return new HttpError(409, b.ended, 'lot_ended');
  if (lot.startTime > now) return new HttpError(409, b.notStarted, 'lot_not_started');
  const unit = unitFor(lot.paymentMethod);
  const minimum = minimumNextBid({
    ...lot,
    startingBid: BigInt(lot.startingBid.toFixed(0)),
    currentBid: lot.currentBid === null ? null : BigInt(lot.currentBid.toFixed(0)),
  });
  const message = fill(b.tooLow, { minimum: formatAmount(minimum, unit), unit });
  return new HttpError(400, message, 'bid_too_low', { amount: message }, { minimumBid: formatAmount(minimum, unit) });
}

/**
 * Crypto bids name the wallet they will pay from, and it must be one the user has proved they own.
 * Card bids on Manual lots need none (the spec's `card_payment` marker is accepted and dropped).
 */
async function checkWallet(prisma: PrismaClient, user: UserRow, method: 'BTC' | 'ETH' | 'Manual', address: string | undefined): Promise<string | null> {
  const given = address && address !== 'card_payment' ? address : undefined;
  if (method === 'Manual' && !given) return null;
  if (!given) throw new HttpError(400, b.walletRequired, 'wallet_required', { walletAddress: b.walletRequired });
  const linked = await prisma.wallet.findFirst({ where: { userId: user.id, address: { equals: given, mode: 'insensitive' } } });
  if (!linked) throw new HttpError(403, b.walletNotLinked, 'wallet_not_linked', { walletAddress: b.walletNotLinked });
  return linked.address;
}
