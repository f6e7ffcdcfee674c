/** What happens after a bid or a close commits: live events, outbid e-mail, cache invalidation. */
import { displayAmount, fill, formatAmount, messages, unitFor, type LotUpdate, type OutbidNotification } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { outbidMail } from '../mail/templates.ts';

export function lotUpdateOf(lot: Lot): LotUpdate {
  const unit = unitFor(lot.paymentMethod);
  return {
    lotId: lot.id,
    currentBid: lot.currentBid === null ? null : formatAmount(BigInt(lot.currentBid.toFixed(0)), unit),
    bidCount: lot.bidCount,
    endTime: lot.endTime.toISOString(),
    status: lot.status,
  };
}

export async function announceBid(services: Services, lotId: string, outbid: { bidId: string; userId: string; amount: bigint } | null): Promise<void> {
  const { db, eventHub, redis, config, mailer } = services;
  const lot = await db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await announceLotsChanged(redis, config.redisPrefix);
  await eventHub.publish(`lot:${lot.id}`, { type: 'lot', data: lotUpdateOf(lot) });
  if (!outbid) return;
  const unit = unitFor(lot.paymentMethod);
  const notification: OutbidNotification = {
    id: outbid.bidId,
    timestamp: new Date().toISOString(),
    auctionTitle: lot.title,
    auctionId: lot.id,
    auctionEventId: lot.auctionEventId,
    userBidAmount: formatAmount(outbid.amount, unit),
    currentBidAmount: formatAmount(BigInt(lot.currentBid!.toFixed(0)), unit),
    currencyUnit: unit,
  };
  await eventHub.publish(`user:${outbid.userId}`, { type: 'outbid', data: notification });
  const user = await db.prisma.user.findUnique({ where: { id: outbid.userId }, select: { email: true } });
  if (user) {
    const text = fill(messages.bids.outbidMessage, { title: lot.title, amount: displayAmount(BigInt(lot.currentBid!.toFixed(0)), unit) });
    await mailer.send(outbidMail(user.email, text, lot.id, lot.auctionEventId));
  }
}
