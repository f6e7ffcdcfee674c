/**
 * Taking a bid back. A bidder may withdraw their own bid by the rule the dapp shows (`mayWithdraw`: an outbid bid
 * while the lot's clock says it is open, so also before a due close job has run); an admin may remove any bid,
 * with the reason kept. Removing the highest bid restores the next highest as the lot's price, under the lot's
 * row lock so it cannot interleave with a new bid.
 */
import { mayWithdraw, messages, phaseOf, shownStatus, type ClockedLot } from '@gavel/domain';
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
    const [lot] = await tx.$queryRaw<Array<ClockedLot & { startingBid: string }>>`
      SELECT status::text, "startTime", "endTime", "paymentMethod"::text, "auctionType"::text, "startingBid"::text FROM "Lot" WHERE id = ${bid.lotId} FOR UPDATE`;
    const current = await tx.bid.findUniqueOrThrow({ where: { id: bidId } });
    if (!admin) assertWithdrawable(lot!, current);
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
    // A bid no longer standing (cancelled by a Buy Now or a relisting) was already taken out of the count; one its
    // bidder's change of maximum replaced was never in it.
    if (current.status === 'outbid') await tx.lot.update({ where: { id: bid.lotId }, data: { bidCount: { decrement: 1 } } });
    await onPromoted?.(tx, null);
    return { lotId: bid.lotId, status, promotedBidId: null };
  });
}

/** A bidder's own withdrawal: refused, with the reason, unless `mayWithdraw` allows it on the lot's clocked phase. */
function assertWithdrawable(lot: ClockedLot, bid: { status: string }): void {
  const shown = shownStatus(lot);
  if (mayWithdraw({ status: shown }, { status: bid.status, onChain: false })) return;
  const phase = phaseOf(shown);
  if (phase === 'ended') throw new HttpError(409, bidMessages.ended, 'lot_ended');
  if (phase === 'cancelled') throw new HttpError(409, bidMessages.cancelled, 'lot_cancelled');
  if (bid.status === 'active') throw new HttpError(409, bidMessages.cannotWithdrawHighest, 'bid_is_highest');
  throw new HttpError(409, bidMessages.notWithdrawable, 'bid_not_withdrawable');
}
