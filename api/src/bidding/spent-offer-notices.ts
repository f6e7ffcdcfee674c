/**
 * Notices after the worker removes a leading Bitcoin bid whose offer inputs were spent (btc-offer-watch.ts),
 * with the outbid machinery of notify.ts. The removed bidder no longer leads, so they get the outbid notice
 * (live to their tabs, and by mail saying why the bid went); the bidder whose outbid bid now leads again is
 * told by mail that the outbid notice they had is over. Lot watchers already got the lot update.
 */
import { displayAmount, fill, formatAmount, messages, unitFor, type OutbidNotification } from '@gavel/domain';
import type { Services } from '../services.ts';
import { leadingAgainMail, outbidMail } from '../mail/templates.ts';

export async function announceSpentOfferRemoved(services: Services, removedBidId: string): Promise<void> {
  const { prisma } = services.db;
  const removed = await prisma.bid.findUniqueOrThrow({ where: { id: removedBidId }, include: { lot: true, user: { select: { email: true } } } });
  const { lot } = removed;
  const unit = unitFor(lot.paymentMethod);
  const leader = await prisma.bid.findFirst({ where: { lotId: lot.id, status: 'active' }, include: { user: { select: { email: true } } } });
  // With no bid left the price falls back to the starting bid.
  const current = BigInt((lot.currentBid ?? lot.startingBid).toFixed(0));
  const notification: OutbidNotification = {
    id: removed.id,
    timestamp: new Date().toISOString(),
    auctionTitle: lot.title,
    auctionId: lot.id,
    auctionEventId: lot.auctionEventId,
    userBidAmount: formatAmount(BigInt(removed.amount.toFixed(0)), unit),
    currentBidAmount: formatAmount(current, unit),
    currencyUnit: unit,
  };
  // Bids recorded from the chain may belong to no account: nobody to tell.
  if (removed.userId && removed.user) {
    await services.eventHub.publish(`user:${removed.userId}`, { type: 'outbid', data: notification });
    const removedText = fill(messages.bids.offerSpentMessage, { bid: displayAmount(BigInt(removed.amount.toFixed(0)), unit), title: lot.title, amount: displayAmount(current, unit) });
    await services.mailer.send(outbidMail(removed.user.email, removedText, lot.id, lot.auctionEventId));
  }
  // The same bidder may hold the next bid too: they keep the outbid notice only.
  if (leader?.user && leader.userId !== removed.userId) {
    const text = fill(messages.bids.leadingAgainMessage, { title: lot.title, amount: displayAmount(BigInt(leader.amount.toFixed(0)), unit) });
    await services.mailer.send(leadingAgainMail(leader.user.email, messages.bids.leadingAgainTitle, text, lot.id, lot.auctionEventId));
  }
}
