/**
 * What Gavel records when a PaymentIntent moves: the one place that turns Stripe's facts into database state,
 * called from the webhook (Stripe says so), from jobs and from requests (the api made the move itself and
 * learnt the result first). Every update is conditional on the state it leaves, so whichever caller comes
 * first applies it and the rest change nothing: a lot is marked paid exactly once.
 *
 * An intent's `metadata.purpose` says what it pays for: a card bid's hold (the Bid row carries the intent), a
 * final checkout or a Buy Now (a CardPayment row). The $1 card verification hold has its own purpose and is
 * ignored here.
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { StripeWebhooks } from './webhooks.ts';

export const PURPOSE = { bidHold: 'bid_hold', checkout: 'checkout', buyNow: 'buy_now' } as const;

/** The hold on a card bid was captured: the bid won, so its lot is paid with this intent. */
export async function holdCaptured(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const bid = await tx.bid.findFirst({ where: { paymentIntentId }, select: { id: true, lotId: true } });
    if (!bid) return;
    await tx.bid.updateMany({ where: { id: bid.id, holdStatus: { not: 'captured' } }, data: { holdStatus: 'captured' } });
    await tx.lot.updateMany({ where: { id: bid.lotId, winningBidId: bid.id, paid: false }, data: { paid: true, paidAt: new Date(), txHash: paymentIntentId } });
  });
}

/** The hold was cancelled: the money is released and the bid no longer guarantees anything. */
export async function holdReleased(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.bid.updateMany({ where: { paymentIntentId, holdStatus: 'authorized' }, data: { holdStatus: 'released' } });
}

/** The winning hold could not be captured (released or expired meanwhile): the winner pays in the cart instead. */
export async function holdFailed(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.bid.updateMany({ where: { paymentIntentId, holdStatus: 'authorized' }, data: { holdStatus: 'failed' } });
}

/**
 * A checkout or Buy Now intent took the money: its lots are paid. A Buy Now pays only the lot it bought
 * (`txHash` was set to the intent when the purchase committed). Returns how many lots it marked paid.
 */
export async function paymentSucceeded(prisma: PrismaClient, paymentIntentId: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const payment = await tx.cardPayment.findUnique({ where: { paymentIntentId } });
    if (!payment) return 0;
    const now = new Date();
    const first = await tx.cardPayment.updateMany({ where: { id: payment.id, status: { not: 'succeeded' } }, data: { status: 'succeeded', paidAt: now } });
    if (first.count === 0) return 0;
    const { count } = await tx.lot.updateMany({
      where: {
        id: { in: payment.lotIds },
        winnerId: payment.userId,
        paid: false,
        ...(payment.kind === 'buy_now' ? { boughtNow: true, txHash: paymentIntentId } : {}),
      },
      data: { paid: true, paidAt: now, txHash: paymentIntentId },
    });
    return count;
  });
}

/** A Buy Now intent was confirmed by the browser: the buy-now price is held. */
export async function paymentAuthorized(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.cardPayment.updateMany({ where: { paymentIntentId, status: 'open' }, data: { status: 'authorized' } });
}

export async function paymentCanceled(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.cardPayment.updateMany({ where: { paymentIntentId, status: { in: ['open', 'authorized'] } }, data: { status: 'canceled' } });
}

/** Stripe's word on our intents, whoever moved them (the api, the browser, or someone in the Dashboard). */
export function registerIntentEvents(webhooks: StripeWebhooks, prisma: PrismaClient, log: Logger): void {
  const purposeOf = (pi: Stripe.PaymentIntent) => pi.metadata?.purpose;
  webhooks.on('payment_intent.succeeded', async (event) => {
    const pi = event.data.object;
    if (purposeOf(pi) === PURPOSE.bidHold) await holdCaptured(prisma, pi.id);
    else if (purposeOf(pi) === PURPOSE.checkout || purposeOf(pi) === PURPOSE.buyNow) {
      const marked = await paymentSucceeded(prisma, pi.id);
      log.info({ paymentIntentId: pi.id, purpose: purposeOf(pi), lotsMarkedPaid: marked, amountReceived: pi.amount_received }, 'card payment succeeded');
    }
  });
  webhooks.on('payment_intent.canceled', async (event) => {
    const pi = event.data.object;
    if (purposeOf(pi) === PURPOSE.bidHold) await holdReleased(prisma, pi.id);
    else if (purposeOf(pi) === PURPOSE.checkout || purposeOf(pi) === PURPOSE.buyNow) await paymentCanceled(prisma, pi.id);
  });
  webhooks.on('payment_intent.amount_capturable_updated', async (event) => {
    if (purposeOf(event.data.object) === PURPOSE.buyNow) await paymentAuthorized(prisma, event.data.object.id);
  });
}
