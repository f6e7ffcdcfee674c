/** What happens after a bid or a close commits: live events, outbid e-mail, cache invalidation. */
import { displayAmount, fill, formatAmount, messages, unitFor, type LotUpdate, type OutbidNotification } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { outbidMail } from '../mail/templates.ts';
import type { PlacedBid } from './place-bid.ts';

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

/**
 * After a bid commits: the new price to the lot's watchers, the outbid notice to the outbid bidder's tabs and
 * inbox. The browse cache is left to expire (1 s) rather than dropped on every bid, so a bidding war does not
 * turn every browse into a database query.
 */
export async function announceBid(services: Services, placed: PlacedBid): Promise<void> {
  const { eventHub, db, mailer } = services;
  const unit = unitFor(placed.lot.paymentMethod);
  const currentBid = formatAmount(placed.amount, unit);
  await eventHub.publish(`lot:${placed.lot.id}`, {
    type: 'lot',
    data: { lotId: placed.lot.id, currentBid, bidCount: placed.bidCount, endTime: placed.endTime.toISOString(), status: 'live' } satisfies LotUpdate,
  });
  const { outbid } = placed;
  if (!outbid) return;
  const notification: OutbidNotification = {
    id: outbid.bidId,
    timestamp: new Date().toISOString(),
    auctionTitle: placed.lot.title,
    auctionId: placed.lot.id,
    auctionEventId: placed.lot.auctionEventId,
    userBidAmount: formatAmount(outbid.amount, unit),
    currentBidAmount: currentBid,
    currencyUnit: unit,
  };
  await eventHub.publish(`user:${outbid.userId}`, { type: 'outbid', data: notification });
  const user = await db.prisma.user.findUnique({ where: { id: outbid.userId }, select: { email: true } });
  if (user) {
    const text = fill(messages.bids.outbidMessage, { title: placed.lot.title, amount: displayAmount(placed.amount, unit) });
    await mailer.send(outbidMail(user.email, text, placed.lot.id, placed.lot.auctionEventId));
  }
}

/** A lot changed outside bidding (a bid withdrawn or removed): tell watchers, drop browse caches. */
export async function announceLotChanged(services: Services, lotId: string): Promise<void> {
  const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  await services.eventHub.publish(`lot:${lot.id}`, { type: 'lot', data: lotUpdateOf(lot) });
}
