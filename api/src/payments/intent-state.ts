/**
 * What Gavel records when a PaymentIntent moves: the one place that turns Stripe's facts into database state,
 * called from the webhook (Stripe says so), from jobs and from requests (the api made the move itself and
 * learnt the result first). Every update is conditional on the state it leaves, so whichever caller comes
 * first applies it and the rest change nothing: a lot is marked paid exactly once.
 *
 * An intent's `metadata.purpose` says what it pays for: a card bid's hold (the Bid row carries the intent), a
 * final checkout or a Buy Now (a CardPayment row). The $1 card verification hold has its own purpose and is
 * ignored here.
 *
 * A succeeded intent is checked, not trusted: it pays only when the amount it received and its currency are
 * what Gavel recorded as owed (the hold's amount on the bid, the CardPayment's amount). A webhook is only as
 * trustworthy as its secret, and even Stripe's own answer can differ (a partial capture in the Dashboard), so
 * a difference pays nothing and is recorded as a PaymentMismatch, which the admin sees on the lot.
 *
 * A card hold that pays a won lot (a winning bid's, a Buy Now's) tells its buyer how it ended, in the same
 * transaction: charged, or not (pay from the cart by the deadline); see card-outcome-mails.ts. `mailer`, when the
 * caller has it, sends that mail at once.
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { HoldStatus, Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import type { StripeWebhooks } from './webhooks.ts';
import type { PaymentJobs } from './payment-jobs.ts';
import { deliver, writeCardChargedMail, writePaymentNeededMail, type MailQueue } from './card-outcome-mails.ts';

/** secondChance: the runner-up's card paying an unpaid lot (checkout/second-chance.ts records it itself). */
export const PURPOSE = { bidHold: 'bid_hold', checkout: 'checkout', buyNow: 'buy_now', secondChance: 'second_chance' } as const;

/** What an intent says it took. */
export type TakenIntent = Pick<Stripe.PaymentIntent, 'id' | 'amount_received' | 'currency'>;

/**
 * Who says so. `webhook`: a signed event's copy of the intent, a claim, so a mismatch changes nothing but the
 * flag (the api's own capture still runs and finds the truth). `stripe`: Stripe's answer to the api's own call,
 * so the money really moved: a mismatching hold or payment is closed and left to the admin.
 */
export type IntentSource = 'webhook' | 'stripe';

/** paid: recorded as paid (now or before); mismatch: flagged, nothing paid; unknown: not one of ours. */
export type PaymentOutcome = 'paid' | 'mismatch' | 'unknown';

interface Owed {
  purpose: (typeof PURPOSE)[keyof typeof PURPOSE];
  lotIds: string[];
  /** Smallest currency unit; null when nothing was recorded (a hold placed before amounts were kept). */
  amount: bigint | null;
  currency: string;
}

/** The intent took exactly what is owed; anything malformed in a claim counts as a difference. */
function takesOwed(intent: TakenIntent, owed: Owed): boolean {
  const received = receivedOf(intent);
  return owed.amount !== null && received.amount === owed.amount && received.currency === owed.currency.toLowerCase();
}

function receivedOf(intent: TakenIntent): { amount: bigint | null; currency: string | null } {
  return {
    amount: Number.isSafeInteger(intent.amount_received) ? BigInt(intent.amount_received) : null,
    currency: typeof intent.currency === 'string' ? intent.currency.toLowerCase() : null,
  };
}

async function flagMismatch(tx: P.TransactionClient, intent: TakenIntent, owed: Owed, source: IntentSource): Promise<void> {
  const received = receivedOf(intent);
  await tx.paymentMismatch.createMany({
    data: [
      {
        paymentIntentId: intent.id,
        purpose: owed.purpose,
        lotIds: owed.lotIds,
        owedAmount: owed.amount?.toString() ?? null,
        owedCurrency: owed.currency,
        receivedAmount: received.amount?.toString() ?? null,
        receivedCurrency: received.currency,
        source,
      },
    ],
    skipDuplicates: true,
  });
}

/** The hold on a card bid was captured: the bid won, so its lot is paid with this intent, if it took the hold's amount. */
export async function holdCaptured(prisma: PrismaClient, intent: TakenIntent, source: IntentSource, mailer?: MailQueue): Promise<PaymentOutcome> {
  const { outcome, mailId } = await prisma.$transaction(async (tx): Promise<{ outcome: PaymentOutcome; mailId?: string | null }> => {
    const bid = await tx.bid.findFirst({ where: { paymentIntentId: intent.id }, select: { id: true, lotId: true, holdCents: true, captureCents: true } });
    if (!bid) return { outcome: 'unknown' };
    // What winning takes: the amount decided at the close, else (a hold captured whole) the hold.
    const charged = bid.captureCents ?? bid.holdCents;
    const owed: Owed = { purpose: PURPOSE.bidHold, lotIds: [bid.lotId], amount: charged === null ? null : BigInt(charged), currency: 'usd' };
    if (!takesOwed(intent, owed)) {
      await flagMismatch(tx, intent, owed, source);
      // The capture happened with the wrong amount: the hold is over, and the lot waits for the admin.
      if (source === 'stripe') await tx.bid.updateMany({ where: { id: bid.id, holdStatus: 'authorized' }, data: { holdStatus: 'failed' } });
      return { outcome: 'mismatch' };
    }
    await tx.bid.updateMany({ where: { id: bid.id, holdStatus: { not: 'captured' } }, data: { holdStatus: 'captured' } });
    const paid = await tx.lot.updateMany({ where: { id: bid.lotId, winningBidId: bid.id, paid: false }, data: { paid: true, paidAt: new Date(), txHash: intent.id } });
    return { outcome: 'paid', mailId: paid.count ? await writeCardChargedMail(tx, bid.lotId, owed.amount!) : null };
  });
  await deliver(mailer, mailId ?? null);
  return outcome;
}

/** A hold Stripe still has: authorized, or being given back (releasing) after a cancel not yet confirmed. */
export const HELD_AT_STRIPE: HoldStatus[] = ['authorized', 'releasing'];

/** What a lost winning hold needs: the mail to the winner (none in some tests) and how long they have to pay. */
export interface LostHolds {
  mailer?: MailQueue;
  paymentDueMs: number;
}

/**
 * The hold on this bid is over without being charged (`to`: released, or failed to capture). Once, by the
 * conditional update; a winning bid's leaves its lot to be paid from the cart, and the winner is asked to. They
 * learn it only now, however long after the close the capture failed, so their deadline to pay is at least
 * `paymentDueMs` from now: a winner is never voided for a payment they could not know was due.
 */
async function holdLost(prisma: PrismaClient, paymentIntentId: string, to: 'released' | 'failed', { mailer, paymentDueMs }: LostHolds): Promise<void> {
  const mailId = await prisma.$transaction(async (tx) => {
    const held = { in: HELD_AT_STRIPE };
    const bid = await tx.bid.findFirst({ where: { paymentIntentId, holdStatus: held }, select: { id: true, lotId: true } });
    if (!bid) return null;
    const { count } = await tx.bid.updateMany({ where: { id: bid.id, paymentIntentId, holdStatus: held }, data: { holdStatus: to } });
    if (count === 0) return null;
    const won = await tx.lot.findFirst({ where: { id: bid.lotId, winningBidId: bid.id }, select: { paymentDueAt: true } });
    if (!won) return null;
    const fresh = new Date(Date.now() + paymentDueMs);
    if (!won.paymentDueAt || won.paymentDueAt < fresh) await tx.lot.updateMany({ where: { id: bid.lotId, paid: false, unpaidAt: null }, data: { paymentDueAt: fresh } });
    return writePaymentNeededMail(tx, bid.lotId);
  });
  await deliver(mailer, mailId);
}

/** The hold was cancelled: the money is released and the bid no longer guarantees anything. */
export async function holdReleased(prisma: PrismaClient, paymentIntentId: string, lostHolds: LostHolds): Promise<void> {
  await holdLost(prisma, paymentIntentId, 'released', lostHolds);
}

/** The winning hold could not be captured (released or expired meanwhile): the winner pays in the cart instead. */
export async function holdFailed(prisma: PrismaClient, paymentIntentId: string, lostHolds: LostHolds): Promise<void> {
  await holdLost(prisma, paymentIntentId, 'failed', lostHolds);
}

/**
 * A checkout or Buy Now intent took the money: its lots are paid if it took the recorded amount and currency.
 * A Buy Now pays only the lot it bought (`txHash` was set to the intent when the purchase committed).
 * `lotsPaid`: how many lots this call marked paid.
 */
export async function paymentSucceeded(prisma: PrismaClient, intent: TakenIntent, source: IntentSource, mailer?: MailQueue): Promise<{ outcome: PaymentOutcome; lotsPaid: number }> {
  const paymentIntentId = intent.id;
  const { mailId, ...settled } = await prisma.$transaction(async (tx): Promise<{ outcome: PaymentOutcome; lotsPaid: number; mailId?: string | null }> => {
    const payment = await tx.cardPayment.findUnique({ where: { paymentIntentId } });
    if (!payment) return { outcome: 'unknown', lotsPaid: 0 };
    const owed: Owed = {
      purpose: payment.kind === 'buy_now' ? PURPOSE.buyNow : PURPOSE.checkout,
      lotIds: payment.lotIds,
      amount: BigInt(payment.amount.toFixed(0)),
      currency: payment.currency,
    };
    // Stripe itself said this intent took the wrong amount: no later claim overrules that.
    if (payment.status === 'mismatch') return { outcome: 'mismatch', lotsPaid: 0 };
    if (!takesOwed(intent, owed)) {
      await flagMismatch(tx, intent, owed, source);
      if (source === 'stripe') await tx.cardPayment.updateMany({ where: { id: payment.id, status: { in: ['open', 'authorized'] } }, data: { status: 'mismatch' } });
      return { outcome: 'mismatch', lotsPaid: 0 };
    }
    const now = new Date();
    const first = await tx.cardPayment.updateMany({ where: { id: payment.id, status: { notIn: ['succeeded', 'mismatch'] } }, data: { status: 'succeeded', paidAt: now } });
    if (first.count === 0) return { outcome: 'paid', lotsPaid: 0 };
    const { count } = await tx.lot.updateMany({
      where: {
        id: { in: payment.lotIds },
        winnerId: payment.userId,
        paid: false,
        ...(payment.kind === 'buy_now' ? { boughtNow: true, txHash: paymentIntentId } : {}),
      },
      data: { paid: true, paidAt: now, txHash: paymentIntentId },
    });
    // A Buy Now's hold was charged after the purchase: its receipt (a checkout the buyer paid there and then has none).
    const mailId = payment.kind === 'buy_now' && count > 0 ? await writeCardChargedMail(tx, payment.lotIds[0]!, owed.amount!) : null;
    return { outcome: 'paid', lotsPaid: count, mailId };
  });
  await deliver(mailer, mailId ?? null);
  return settled;
}

/** A Buy Now intent was confirmed by the browser: the buy-now price is held. */
export async function paymentAuthorized(prisma: PrismaClient, paymentIntentId: string): Promise<void> {
  await prisma.cardPayment.updateMany({ where: { paymentIntentId, status: 'open' }, data: { status: 'authorized' } });
}

/** Cancelled: nothing was taken. A Buy Now whose purchase it backed now waits for its buyer's payment, who is asked for it. */
export async function paymentCanceled(prisma: PrismaClient, paymentIntentId: string, mailer?: MailQueue): Promise<void> {
  const mailId = await prisma.$transaction(async (tx) => {
    const { count } = await tx.cardPayment.updateMany({ where: { paymentIntentId, status: { in: ['open', 'authorized'] } }, data: { status: 'canceled' } });
    if (count === 0) return null;
    const payment = await tx.cardPayment.findUniqueOrThrow({ where: { paymentIntentId }, select: { kind: true, userId: true, lotIds: true } });
    if (payment.kind !== 'buy_now') return null;
    const bought = await tx.lot.count({ where: { id: payment.lotIds[0], boughtNow: true, txHash: paymentIntentId, winnerId: payment.userId } });
    return bought ? writePaymentNeededMail(tx, payment.lotIds[0]!) : null;
  });
  await deliver(mailer, mailId);
}

/** A leading card bid, or a relayed card bid on chain, carries this hold. */
async function standsOn(prisma: PrismaClient, paymentIntentId: string): Promise<boolean> {
  const [bids, relayed] = await Promise.all([
    prisma.bid.count({ where: { paymentIntentId, status: 'active' } }),
    prisma.relayedBid.count({ where: { paymentIntentId, status: 'placed', holdStatus: 'authorized' } }),
  ]);
  return bids + relayed > 0;
}

/** Stripe's word on our intents, whoever moved them (the api, the browser, or someone in the Dashboard). */
export function registerIntentEvents(webhooks: StripeWebhooks, prisma: PrismaClient, log: Logger, lostHolds: LostHolds, jobs: Pick<PaymentJobs, 'holdLost'>): void {
  const { mailer } = lostHolds;
  const purposeOf = (pi: Stripe.PaymentIntent) => pi.metadata?.purpose;
  webhooks.on('payment_intent.succeeded', async (event) => {
    const pi = event.data.object;
    const purpose = purposeOf(pi);
    let outcome: PaymentOutcome = 'unknown';
    if (purpose === PURPOSE.bidHold) outcome = await holdCaptured(prisma, pi, 'webhook', mailer);
    else if (purpose === PURPOSE.checkout || purpose === PURPOSE.buyNow) {
      const settled = await paymentSucceeded(prisma, pi, 'webhook', mailer);
      outcome = settled.outcome;
      if (outcome === 'paid') log.info({ paymentIntentId: pi.id, purpose, lotsMarkedPaid: settled.lotsPaid, amountReceived: pi.amount_received }, 'card payment succeeded');
    }
    if (outcome === 'mismatch') {
      log.warn(
        { eventId: event.id, paymentIntentId: pi.id, purpose, amountReceived: pi.amount_received, currency: pi.currency },
        'a succeeded intent took another amount or currency than owed: nothing paid, flagged for the admin',
      );
    }
  });
  webhooks.on('payment_intent.canceled', async (event) => {
    const pi = event.data.object;
    if (purposeOf(pi) === PURPOSE.bidHold) {
      await holdReleased(prisma, pi.id, lostHolds);
      // Gavel cancels only holds nothing stands on: a bid still standing on this one lost it to Stripe (it lapsed, or
      // was cancelled in the Dashboard), and its lead must pass on (worker/hold-renewal.ts).
      if (await standsOn(prisma, pi.id)) await jobs.holdLost(pi.id);
    } else if (purposeOf(pi) === PURPOSE.checkout || purposeOf(pi) === PURPOSE.buyNow) await paymentCanceled(prisma, pi.id, mailer);
  });
  webhooks.on('payment_intent.amount_capturable_updated', async (event) => {
    if (purposeOf(event.data.object) === PURPOSE.buyNow) await paymentAuthorized(prisma, event.data.object.id);
  });
}
