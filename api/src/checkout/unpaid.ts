/**
 * Voiding purchases nobody paid. A USD lot (or one won by a card bid) ends with a payment deadline
 * (Lot.paymentDueAt, PAYMENT_DUE_MS after the close); a repeating job on the payments queue voids every lot past
 * it that is still unpaid with no card money standing for it: the lot becomes unpaid (Lot.unpaidAt, the admin's
 * to offer to the runner-up or relist), the buyer's unpaid mark goes up by one, their pay-later commitment for it
 * ends, and they are told by mail.
 *
 * Exactly once: the lot, the mark and the mail change in one transaction whose conditional update only a lot
 * not yet voided passes, so a second run (or two workers) changes nothing. Per lot, under the buyer's card
 * payment lock (the one checkout takes), a checkout intent still payable for the lot is cancelled first: a
 * purchase that is voided can no longer be paid, and one the buyer paid meanwhile is recorded as paid instead.
 */
import { displayAmount, unitFor } from '@gavel/domain';
import { unpaidVoidedMail } from '../mail/templates.ts';
import { announceLotChanged } from '../bidding/notify.ts';
import { cancelIntent } from '../payments/intents.ts';
import { paymentCanceled, paymentSucceeded } from '../payments/intent-state.ts';
import { withUserPaymentLock } from './user-lock.ts';
import { paymentStates } from './cart.ts';
import { voidSaleDocuments } from '../house/documents.ts';
import type { BuyNowDeps } from './buy-now.ts';

const BATCH = 100;

/** One turn of the job: the lots past their deadline at `now`, voided where still unpaid. Returns those voided. */
export async function voidUnpaidLots(services: BuyNowDeps, now: Date = new Date()): Promise<string[]> {
  const due = await services.db.prisma.lot.findMany({
    where: { status: 'ended', paid: false, unpaidAt: null, winnerId: { not: null }, paymentDueAt: { lte: now } },
    select: { id: true, winnerId: true },
    orderBy: { paymentDueAt: 'asc' },
    take: BATCH,
  });
  const voided: string[] = [];
  for (const lot of due) {
    try {
      if (await voidIfUnpaid(services, lot.id, lot.winnerId!, now)) voided.push(lot.id);
    } catch (error) {
      // One lot that cannot be decided now (Stripe away, the buyer's checkout in progress) holds up no other.
      services.log.warn({ err: (error as Error).message, lotId: lot.id }, 'voiding an unpaid lot failed; the next turn retries');
    }
  }
  return voided;
}

async function voidIfUnpaid(services: BuyNowDeps, lotId: string, buyerId: string, now: Date): Promise<boolean> {
  const { prisma } = services.db;
  return withUserPaymentLock(services.redis, services.config.redisPrefix, buyerId, async () => {
    const lot = await prisma.lot.findUnique({ where: { id: lotId } });
    if (!lot || lot.paid || lot.unpaidAt || lot.winnerId !== buyerId) return false;
    // A card hold still being captured (a won bid's, an ADD TO CART hold) pays it or fails; a failed one is
    // voided on a later turn.
    if ((await paymentStates(prisma, [lot])).get(lot.id) !== 'awaiting_payment') return false;
    if (!(await closeOpenCheckouts(services, buyerId, lotId))) return false;

    const mailId = await prisma.$transaction(async (tx) => {
      const { count } = await tx.lot.updateMany({
        where: { id: lotId, status: 'ended', paid: false, unpaidAt: null, winnerId: buyerId, paymentDueAt: { lte: now } },
        data: { unpaidAt: new Date() },
      });
      if (count === 0) return null;
      await voidSaleDocuments(tx, lotId);
      const buyer = await tx.user.update({ where: { id: buyerId }, data: { unpaidCount: { increment: 1 } }, select: { email: true } });
      const price = BigInt((lot.soldPrice ?? lot.currentBid ?? lot.startingBid).toFixed(0));
      const mail = await tx.outboxMail.create({
        data: unpaidVoidedMail(buyer.email, lot.title, displayAmount(price, unitFor(lot.paymentMethod)), lot.id, lot.auctionEventId),
        select: { id: true },
      });
      return mail.id;
    });
    if (!mailId) return false;
    const after = (what: string) => (err: Error) => services.log.warn({ err: err.message, lotId }, `unpaid lot: ${what} failed; it is redone later`);
    await services.mailer.enqueue(mailId).catch(after('queueing the mail'));
    await announceLotChanged(services, lotId).catch(after('announcing'));
    return true;
  });
}

/**
 * Cancels the buyer's checkout intents still payable for the lot. False when one cannot be cancelled: it was
 * paid meanwhile (then recorded, and the lot is paid) or Stripe is still processing it (the next turn decides).
 */
async function closeOpenCheckouts(services: BuyNowDeps, buyerId: string, lotId: string): Promise<boolean> {
  const { prisma } = services.db;
  const { stripe } = services.payments;
  const open = await prisma.cardPayment.findMany({ where: { userId: buyerId, kind: 'checkout', status: 'open', lotIds: { has: lotId } } });
  for (const payment of open) {
    const status = await cancelIntent(stripe, payment.paymentIntentId);
    if (status === 'canceled') {
      await paymentCanceled(prisma, payment.paymentIntentId);
      continue;
    }
    if (status === 'succeeded') await paymentSucceeded(prisma, await stripe.paymentIntents.retrieve(payment.paymentIntentId), 'stripe');
    return false;
  }
  return true;
}
