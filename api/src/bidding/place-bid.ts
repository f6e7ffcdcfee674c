/**
 * Placing a bid on an off-chain lot. The lot's new price and the bid are written in one transaction whose
 * first statement is a conditional UPDATE of the lot row: it only succeeds while the lot is open and the
 * amount meets the minimum next bid, and it locks the row, so racing bids are serialised by PostgreSQL and
 * can never both win or leave the price below an acknowledged bid.
 */
import { fill, formatAmount, messages, minimumIncrement, minimumNextBid, parseAmount, unitFor, AmountError } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { UserRow } from '../auth/session.ts';

const b = messages.bids;

export interface PlacedBid {
  bidId: string;
  lotId: string;
  endTime: Date;
  auctionExtended: boolean;
  extensionMinutes: number;
  /** The bid this one outbid, when it belonged to someone else. */
  outbid: { bidId: string; userId: string; amount: bigint } | null;
  minimumNext: bigint;
}

interface LotAfterBid {
  endTime: Date;
  extended: boolean;
  extensionMinutes: number;
}

export async function placeBid(prisma: PrismaClient, user: UserRow, lotId: string, input: { amount: string | number; walletAddress?: string }): Promise<PlacedBid> {
  const lot = await prisma.lot.findFirst({ where: { id: lotId, published: true } });
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  if (lot.paymentMethod === 'ETH') throw new HttpError(409, b.ethOnChain, 'bid_on_chain');
  if (lot.creatorId === user.id) throw new HttpError(403, b.ownLot, 'own_lot');

  const unit = unitFor(lot.paymentMethod);
  let amount: bigint;
  try {
    amount = parseAmount(input.amount, unit);
  } catch (error) {
    if (error instanceof AmountError) throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });
    throw error;
  }
  if (amount <= 0n) throw new HttpError(400, b.invalidAmount, 'validation_failed', { amount: b.invalidAmount });

  const walletAddress = await checkWallet(prisma, user, lot.paymentMethod, input.walletAddress);
  const increment = minimumIncrement(lot);

  return prisma.$transaction(async (tx) => {
    const [updated] = await tx.$queryRaw<LotAfterBid[]>`
      UPDATE "Lot" AS l
         SET "currentBid" = ${amount.toString()}::numeric,
             "currentPrice" = ${amount.toString()}::numeric,
             "bidCount" = l."bidCount" + 1,
             "status" = 'live',
             "endTime" = GREATEST(l."endTime", now() + make_interval(mins => l."extensionMinutes")),
             "updatedAt" = now()
       WHERE l.id = ${lotId}
         AND l.published
         AND l.status IN ('upcoming', 'live')
         AND l."startTime" <= now()
         AND l."endTime" > now()
         AND ${amount.toString()}::numeric >= COALESCE(l."currentBid" + ${increment.toString()}::numeric, l."startingBid")
      RETURNING l."endTime" AS "endTime",
                -- the end was moved iff it now sits at (the ms-rounded) now + N minutes
                l."endTime" BETWEEN now() + make_interval(mins => l."extensionMinutes") - interval '1 millisecond'
                                AND now() + make_interval(mins => l."extensionMinutes") + interval '1 millisecond' AS extended,
                l."extensionMinutes" AS "extensionMinutes"`;
    if (!updated) throw await refusal(tx as unknown as PrismaClient, lotId);

    const [previous] = await tx.$queryRaw<Array<{ id: string; userId: string | null; amount: string }>>`
      UPDATE "Bid" SET status = 'outbid', "updatedAt" = now()
       WHERE "lotId" = ${lotId} AND status = 'active'
      RETURNING id, "userId", amount::text`;
    const bid = await tx.bid.create({ data: { lotId, userId: user.id, amount: amount.toString(), walletAddress, status: 'active' } });
    return {
      bidId: bid.id,
      lotId,
      endTime: updated.endTime,
      auctionExtended: updated.extended,
      extensionMinutes: updated.extensionMinutes,
      outbid: previous?.userId && previous.userId !== user.id ? { bidId: previous.id, userId: previous.userId, amount: BigInt(previous.amount) } : null,
      minimumNext: amount + increment,
    };
  });
}

/** Why the conditional update matched nothing, read inside the same transaction. */
async function refusal(tx: PrismaClient, lotId: string): Promise<HttpError> {
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
