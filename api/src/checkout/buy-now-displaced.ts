/**
 * The bidders a Buy Now displaced. The purchase cancels every bid standing on the lot; each bidder (the buyer
 * aside) is told once per lot, by a mail and a notice on their stream, that their bid was cancelled because the
 * lot was bought with Buy Now, and, when a bid of theirs held their card, that the hold is released (the lot's
 * settlement releases it: payments/settle-lot). The mails are written in the purchase's own transaction, so a
 * committed purchase never loses them; the notices and the mail queue follow the commit.
 */
import { bidCancelledText, displayAmount, unitFor, type BidCancelledNotification } from '@gavel/domain';
import type { Lot, Prisma } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { EventHub } from '../events/event-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { bidCancelledMail } from '../mail/templates.ts';

export interface DisplacedNotice {
  userId: string;
  notification: BidCancelledNotification;
  mailId: string;
}

/** In the purchase's transaction: cancels the lot's standing bids and writes a mail to each bidder it displaced. */
export async function cancelDisplacedBids(tx: Prisma.TransactionClient, lot: Lot, buyerId: string): Promise<DisplacedNotice[]> {
  const cancelled = await tx.$queryRaw<Array<{ userId: string | null; amount: string; held: boolean }>>`
    UPDATE "Bid" SET status = 'cancelled', "updatedAt" = now() WHERE "lotId" = ${lot.id} AND status IN ('active', 'outbid')
    RETURNING "userId", amount::text AS amount, "holdStatus" IN ('authorized', 'releasing') AS held`;
  const byUser = new Map<string, { amount: bigint; held: boolean }>();
  for (const bid of cancelled) {
    if (!bid.userId || bid.userId === buyerId) continue;
    const seen = byUser.get(bid.userId);
    const amount = BigInt(bid.amount.split('.')[0]!);
    byUser.set(bid.userId, { amount: seen && seen.amount > amount ? seen.amount : amount, held: Boolean(seen?.held || bid.held) });
  }
  if (byUser.size === 0) return [];
  const users = await tx.user.findMany({ where: { id: { in: [...byUser.keys()] } }, select: { id: true, email: true } });
  const unit = unitFor(lot.paymentMethod);
  const timestamp = new Date().toISOString();
  const notices: DisplacedNotice[] = [];
  for (const user of users) {
    const bid = byUser.get(user.id)!;
    const notification: BidCancelledNotification = {
      id: `bid_cancelled:${lot.id}`,
      timestamp,
      auctionId: lot.id,
      auctionEventId: lot.auctionEventId,
      auctionTitle: lot.title,
      bidAmount: displayAmount(bid.amount, unit),
      cardHoldReleased: bid.held,
    };
    const mail = await tx.outboxMail.create({ data: bidCancelledMail(user.email, lot.title, bidCancelledText(notification), lot.id, lot.auctionEventId), select: { id: true } });
    notices.push({ userId: user.id, notification, mailId: mail.id });
  }
  return notices;
}

/** After the commit: each displaced bidder's notice on their stream, and their mail on its way (the worker re-queues one missed here). */
export async function tellDisplaced(services: { eventHub: EventHub; mailer: Pick<Mailer, 'enqueue'>; log: Logger }, notices: DisplacedNotice[]): Promise<void> {
  for (const { userId, notification, mailId } of notices) {
    await services.eventHub
      .publish(`user:${userId}`, { type: 'bid_cancelled', data: notification })
      .catch((err: Error) => services.log.warn({ err: err.message, userId, lotId: notification.auctionId }, 'bid-cancelled notice not published'));
    await services.mailer.enqueue(mailId).catch((err: Error) => services.log.warn({ err: err.message, outboxId: mailId }, 'bid-cancelled mail not queued'));
  }
}
