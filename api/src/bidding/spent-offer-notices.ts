/**
 * Notices after the worker removes a leading Bitcoin bid whose offer inputs were spent (btc-offer-watch.ts),
 * through the one outbid notifier. The removed bidder no longer leads, so they get the outbid notice
 * (live to their tabs, and by mail saying why the bid went); the bidder whose outbid bid now leads again is
 * told by mail that the outbid notice they had is over. Lot watchers already got the lot update.
 */
import { displayAmount, fill, messages, unitFor } from '@gavel/domain';
import { leadingAgainMail } from '../mail/templates.ts';
import { tellOutbid, type OutbidTeller } from '../notifications/outbid-notifier.ts';

export async function announceSpentOfferRemoved(services: OutbidTeller, removedBidId: string): Promise<void> {
  const { prisma } = services.db;
  const removed = await prisma.bid.findUniqueOrThrow({ where: { id: removedBidId }, include: { lot: true, user: { select: { email: true } } } });
  const { lot } = removed;
  const unit = unitFor(lot.paymentMethod);
  const leader = await prisma.bid.findFirst({ where: { lotId: lot.id, status: 'active' }, include: { user: { select: { email: true } } } });
  // With no bid left the price falls back to the starting bid.
  const current = BigInt((lot.currentBid ?? lot.startingBid).toFixed(0));
  // Bids recorded from the chain may belong to no account: nobody to tell.
  if (removed.userId && removed.user) {
    const bidAmount = BigInt(removed.amount.toFixed(0));
    const mailText = fill(messages.bids.offerSpentMessage, { bid: displayAmount(bidAmount, unit), title: lot.title, amount: displayAmount(current, unit) });
    await tellOutbid(services, { userId: removed.userId, bidId: removed.id, lot, unit, bidAmount, currentAmount: current, mailText });
  }
  // The same bidder may hold the next bid too: they keep the outbid notice only.
  if (leader?.user && leader.userId !== removed.userId) {
    const text = fill(messages.bids.leadingAgainMessage, { title: lot.title, amount: displayAmount(BigInt(leader.amount.toFixed(0)), unit) });
    await services.mailer
      .send(leadingAgainMail(leader.user.email, messages.bids.leadingAgainTitle, text, lot.id, lot.auctionEventId))
      .catch((err: Error) => services.log.warn({ err: err.message, lotId: lot.id }, 'leading-again mail failed'));
  }
}
