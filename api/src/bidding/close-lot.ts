/**
 * Closing a lot, exactly once. One transaction flips the lot from open to ended only if it is still open and
 * due, and records the winner (the highest active bid at or above the reserve) in the same commit. Run it
 * twice, from two workers, or after a crash mid-way: the conditional update lets exactly one run through.
 */
import { displayAmount, unitFor } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { wonMail } from '../mail/templates.ts';
import { lotUpdateOf } from './notify.ts';

export type CloseResult = { closed: false } | { closed: true; winnerId: string | null; winningBidId: string | null };

export async function closeLot(prisma: PrismaClient, lotId: string): Promise<CloseResult> {
  return prisma.$transaction(async (tx) => {
    const [lot] = await tx.$queryRaw<Array<{ id: string; reservePrice: string | null }>>`
      UPDATE "Lot" SET status = 'ended', "closedAt" = now(), "updatedAt" = now()
       WHERE id = ${lotId} AND status IN ('upcoming', 'live') AND "endTime" <= now()
      RETURNING id, "reservePrice"::text`;
    if (!lot) return { closed: false } as const;
    const [top] = await tx.$queryRaw<Array<{ id: string; userId: string | null; walletAddress: string | null; amount: string }>>`
      SELECT id, "userId", "walletAddress", amount::text FROM "Bid"
       WHERE "lotId" = ${lotId} AND status = 'active'
       ORDER BY amount DESC, "createdAt" ASC LIMIT 1`;
    const wins = top && (lot.reservePrice === null || BigInt(top.amount) >= BigInt(lot.reservePrice));
    if (!wins) return { closed: true, winnerId: null, winningBidId: null } as const;
    await tx.lot.update({
      where: { id: lotId },
      data: { winnerId: top.userId, winnerWalletAddress: top.walletAddress, winningBidId: top.id, soldPrice: top.amount },
    });
    return { closed: true, winnerId: top.userId, winningBidId: top.id } as const;
  });
}

/** Close and tell everyone: watchers see the result, the winner gets an event and an e-mail. */
export async function closeLotAndAnnounce(services: Services, lotId: string): Promise<CloseResult> {
  const result = await closeLot(services.db.prisma, lotId);
  if (!result.closed) return result;
  const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  await services.eventHub.publish(`lot:${lotId}`, { type: 'lot', data: lotUpdateOf(lot) });
  if (result.winnerId && lot.soldPrice) {
    const amount = displayAmount(BigInt(lot.soldPrice.toFixed(0)), unitFor(lot.paymentMethod));
    await services.eventHub.publish(`user:${result.winnerId}`, { type: 'won', data: { auctionId: lot.id, auctionTitle: lot.title, amount } });
    const winner = await services.db.prisma.user.findUnique({ where: { id: result.winnerId }, select: { email: true } });
    if (winner) await services.mailer.send(wonMail(winner.email, lot.title, amount, `/details/${lot.id}?auction=${lot.auctionEventId}`));
  }
  return result;
}
