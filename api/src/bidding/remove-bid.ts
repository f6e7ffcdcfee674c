/**
 * Taking a bid back. A bidder may withdraw their own bid once it is no longer the highest; an admin may remove
 * any bid, with the reason kept. Removing the highest bid restores the next highest as the lot's price, under
 * the lot's row lock so it cannot interleave with a new bid.
 */
import { messages } from '@gavel/domain';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { UserRow } from '../auth/session.ts';

const bidMessages = messages.bids;

/**
 * `onPromoted`: runs in the removal's transaction with the bid that leads now (null: none, or the removed bid
 * was not leading), for what must be true of a leader the moment it leads (a card bid's renewed hold).
 */
export async function removeBid(
  prisma: PrismaClient,
  actor: UserRow,
  bidId: string,
  reason: string | undefined,
  onPromoted?: (tx: Prisma.TransactionClient, promotedBidId: string | null) => Promise<void>,
): Promise<{ lotId: string; status: 'withdrawn' | 'removed'; promotedBidId: string | null }> {
  const bid = await prisma.bid.findUnique({ where: { id: bidId } });
  if (!bid || bid.status === 'withdrawn' || bid.status === 'removed') throw notFound(bidMessages.bidNotFound);
  const admin = actor.role === 'admin';
  if (!admin && bid.userId !== actor.id) throw new HttpError(403, bidMessages.notYourBid, 'not_your_bid');

  return prisma.$transaction(async (tx) => {
    const [lot] = await tx.$queryRaw<Array<{ status: string; startingBid: string }>>`
      SELECT status, "startingBid"::text FROM "Lot" WHERE id = ${bid.lotId} FOR UPDATE`;
    const current = await tx.bid.findUniqueOrThrow({ where: { id: bidId } });
    if (!admin && current.status === 'active') throw new HttpError(409, bidMessages.cannotWithdrawHighest, 'bid_is_highest');
    if (!admin && lot?.status === 'ended') throw new HttpError(409, bidMessages.ended, 'lot_ended');
    const status = admin ? 'removed' : 'withdrawn';
    await tx.bid.update({ where: { id: bidId }, data: { status, removedReason: admin ? (reason ?? null) : null } });
    if (current.status === 'active') {
      const next = await tx.bid.findFirst({ where: { lotId: bid.lotId, status: 'outbid' }, orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }] });
      if (next) await tx.bid.update({ where: { id: next.id }, data: { status: 'active' } });
      await tx.lot.update({
        where: { id: bid.lotId },
        // The bid that leads again leads at its own amount, no maximum bidding for it (the proxy state starts afresh).
        data: { currentBid: next?.amount ?? null, currentPrice: next?.amount ?? lot!.startingBid, bidCount: { decrement: 1 }, leaderMaximum: null, runnerUpMaximum: null },
      });
      await onPromoted?.(tx, next?.id ?? null);
      return { lotId: bid.lotId, status, promotedBidId: next?.id ?? null };
    }
    await tx.lot.update({ where: { id: bid.lotId }, data: { bidCount: { decrement: 1 } } });
    await onPromoted?.(tx, null);
    return { lotId: bid.lotId, status, promotedBidId: null };
  });
}
