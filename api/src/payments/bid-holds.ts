/**
 * Card bids on off-chain lots: USD (Manual) lots, and BTC lots, whose card bids are in sats and held for their
 * USD value at the live BTC price plus the hold margin (prices/usd-price.ts; a card winner of a BTC lot receives
 * the inscription by the seller's manual transfer). A card bid is worth only what the card can pay, so before
 * the bid is written its hold is authorised on the bidder's saved card: a manual-capture PaymentIntent confirmed
 * off-session (idempotency key per bid id). A declined card refuses the bid and nothing is written. Afterwards:
 * - outbid (by a card bid or, on a BTC lot, a signed offer), withdrawn or removed: the hold is released by a job;
 * - the lot closes with the bid winning: the hold is captured by a job and the lot is paid; losing holds are
 *   released by the same job. A maximum bid is held for its maximum and captured for the price it won at (the
 *   rest of the hold is released with the capture);
 * - a capture that fails (the hold was released or expired meanwhile) leaves the lot awaiting payment, and the
 *   winner pays it in the cart like any other won lot.
 * A hold lasts only days at Stripe: a bid that must lead longer has it renewed by the worker (worker/hold-renewal.ts).
 * A reconcile sweep (payment-jobs.ts) redoes any of these whose job was lost. A hold is recorded as pending
 * before Stripe is asked and cleared with the bid's commit, so a crash between the two is cancelled by the
 * reconcile within minutes (pending-holds.ts).
 *
 * Only card bids ever reach Stripe; the checks before the hold are the bid intake's (bidding/intake.ts), and the
 * hold is asked and the bid written by bidding/card-bid.ts.
 */
import Stripe from 'stripe';
import { cardChargeCents, SATS_PER_BTC, paymentMessages } from '@gavel/domain';
import { buyerTaxRate, lotRates } from '../house/rates.ts';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { UsdPrices } from '../prices/usd-price.ts';
import type { Payments } from './index.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { cancelIntent, capturedIntent, paymentSetupError, stripeAmount } from './intents.ts';
import { HELD_AT_STRIPE, holdCaptured, holdFailed, holdReleased, PURPOSE } from './intent-state.ts';
import { clearPendingHold, recordPendingHold } from './pending-holds.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { MailQueue } from './card-outcome-mails.ts';

/**
 * What the holds of card bids work with: the database, Stripe and its queue, the BTC price a bid in sats is charged
 * at, and the winner's mail and time to pay when a winning hold is lost. The api's services carry all of it.
 */
export interface HoldDeps {
  db: Database;
  log: Logger;
  payments: Payments;
  prices: Pick<UsdPrices, 'holdPrice'>;
  mailer: MailQueue;
  config: { unpaid: { paymentDueMs: number } };
}

/** When a hold authorised at `at` lapses at Stripe (its card network's limit), for the worker to renew it first (worker/hold-renewal.ts). */
export const lapseOf = (services: { payments: Pick<Payments, 'config'> }, at = new Date()) => new Date(at.getTime() + services.payments.config.holdLapseMs);

/**
 * Authorises `cents` on the user's saved card, off-session, to be captured only if the bid wins. A declined card
 * (or one that wants the cardholder, which off-session cannot ask) is refused (payment refused) with the card's message.
 * `pendingIn`: a bid's hold (or a renewed one's), recorded as pending (with `metadata.bidId`) before Stripe is asked, for the caller
 * to clear when the bid carries it (pending-holds.ts); a refusal holds nothing and clears it here.
 */
export async function holdOnCard(
  stripe: Stripe,
  user: UserRow,
  hold: { cents: bigint; description: string; metadata: Record<string, string>; idempotencyKey: string; pendingIn?: PrismaClient },
): Promise<string> {
  const request: Stripe.PaymentIntentCreateParams = {
    amount: stripeAmount(hold.cents),
    currency: 'usd',
    customer: user.stripeCustomerId!,
    payment_method: user.stripePaymentMethodId!,
    allowed_payment_method_types: ['card'],
    capture_method: 'manual',
    confirm: true,
    off_session: true,
    description: hold.description,
    metadata: { purpose: PURPOSE.bidHold, userId: user.id, ...hold.metadata },
  };
  const pending = hold.pendingIn;
  // Kept with the row it is for (a bid, a relayed bid; a Buy Now's is found by its intent).
  const forRow = hold.metadata.bidId ?? hold.metadata.relayedBidId ?? hold.idempotencyKey;
  if (pending) await recordPendingHold(pending, forRow, hold.idempotencyKey, request);
  const refused = async (message: string) => {
    if (pending) await clearPendingHold(pending, hold.idempotencyKey);
    return new Refused('payment_refused', message, 'card_declined');
  };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(request, { idempotencyKey: hold.idempotencyKey });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw await refused(error.message || paymentMessages.failed);
    throw paymentSetupError(error);
  }
  if (intent.status !== 'requires_capture') {
    await cancelIntent(stripe, intent.id).catch(() => undefined);
    throw await refused(intent.last_payment_error?.message ?? paymentMessages.failed);
  }
  return intent.id;
}

/**
 * Why a hold on the saved card was not made, when the card itself is the reason: 'refused' (declined) or 'no_card'
 * (the bidder has no card on record, or Stripe no longer knows it). Null for anything else, such as Stripe away:
 * that is worth another try.
 */
export function cardRefusal(error: unknown): 'refused' | 'no_card' | null {
  if (!(error instanceof Refused)) return null;
  if (error.kind === 'payment_refused') return 'refused';
  if (error.code === 'payment_method_missing' || error.code === 'gate_paymentMethod') return 'no_card';
  return null;
}

/**
 * After a bid was outbid, withdrawn or removed: queue the release of its hold, if it has one. Runs beside the
 * reply (the read is the only cost for bids without a hold); the sweep covers a crash before the enqueue.
 */
export async function releaseHoldLater(services: { db: Database; payments: Pick<Payments, 'jobs'> }, bidId: string): Promise<void> {
  const bid = await services.db.prisma.bid.findUnique({ where: { id: bidId }, select: { holdStatus: true } });
  if (bid?.holdStatus === 'authorized') await services.payments.jobs.releaseHold(bidId);
}

/** After a lot closed: queue the capture of the winning hold and the release of the others, if it has any. */
export async function settleHoldsLater(services: { db: Database; payments: Pick<Payments, 'jobs'> }, lotId: string): Promise<void> {
  const held = await services.db.prisma.bid.count({ where: { lotId, holdStatus: { in: HELD_AT_STRIPE } } });
  if (held > 0) await services.payments.jobs.settleLot(lotId);
}

/**
 * Releases a bid's hold once the bid cannot win any more: outbid, withdrawn, removed, cancelled, or its lot is
 * over and it is not the winner. A bid that is the highest of an open lot again (a higher one was removed)
 * keeps its hold. Safe to run any number of times.
 *
 * The hold is marked releasing by one conditional update before Stripe is asked. A removal that makes the bid
 * lead again serialises with it on the bid's row: if the removal came first, nothing is marked and the hold is
 * kept; if the mark came first, the removal sees a hold on its way out and holds the card anew before the bid
 * leads (backed-leader.ts). So a bid never leads on a hold that is being cancelled. A cancel that fails leaves
 * the mark for the sweep to finish.
 */
export async function releaseBidHold(services: HoldDeps, bidId: string): Promise<'released' | 'kept' | 'none'> {
  const { prisma } = services.db;
  const [marked] = await prisma.$queryRaw<Array<{ paymentIntentId: string }>>`
    UPDATE "Bid" b SET "holdStatus" = 'releasing', "updatedAt" = now() FROM "Lot" l
    WHERE b.id = ${bidId} AND l.id = b."lotId" AND b."holdStatus"::text = ANY(${HELD_AT_STRIPE}) AND b."paymentIntentId" IS NOT NULL
      AND CASE WHEN l.status IN ('ended', 'cancelled') THEN l."winningBidId" IS DISTINCT FROM b.id ELSE b.status <> 'active' END
    RETURNING b."paymentIntentId"`;
  if (!marked) return (await prisma.bid.count({ where: { id: bidId, holdStatus: 'authorized' } })) > 0 ? 'kept' : 'none';
  const status = await cancelIntent(services.payments.stripe, marked.paymentIntentId);
  if (status === 'canceled') await holdReleased(prisma, marked.paymentIntentId, lostHoldsOf(services));
  else services.log.error({ bidId, paymentIntentId: marked.paymentIntentId, status }, 'a losing bid’s hold could not be released');
  return 'released';
}

/** After a lot ends (clock or Buy Now) or is cancelled: capture the winning hold, release all others. */
export async function settleLotHolds(services: HoldDeps, lotId: string): Promise<{ captured: number; released: number }> {
  const { prisma } = services.db;
  const lot = await prisma.lot.findUnique({ where: { id: lotId }, select: { status: true, winningBidId: true } });
  if (!lot || (lot.status !== 'ended' && lot.status !== 'cancelled')) return { captured: 0, released: 0 };
  const holds = await prisma.bid.findMany({ where: { lotId, holdStatus: { in: HELD_AT_STRIPE } }, select: { id: true, paymentIntentId: true } });
  let captured = 0;
  let released = 0;
  for (const hold of holds) {
    if (hold.id === lot.winningBidId && lot.status === 'ended') {
      if (await captureBidHold(services, hold.id, hold.paymentIntentId!)) captured++;
    } else if ((await releaseBidHold(services, hold.id)) === 'released') released++;
  }
  return { captured, released };
}

/**
 * What the winning bid is charged, decided once and kept on the bid (a retried capture takes the same amount): a
 * USD bid its amount; a bid in sats its value at the BTC price now, at most the hold. No fresh price: this throws,
 * and the job tries again later.
 */
async function chargeOf(services: HoldDeps, bidId: string): Promise<number> {
  const { prisma } = services.db;
  const bid = await prisma.bid.findUniqueOrThrow({
    where: { id: bidId },
    select: { amount: true, lotId: true, userId: true, holdCents: true, captureCents: true, lot: { select: { paymentMethod: true } } },
  });
  if (bid.captureCents !== null) return bid.captureCents;
  const amount = BigInt(bid.amount.toFixed(0));
  const hold = bid.holdCents === null ? amount : BigInt(bid.holdCents);
  const inSats = bid.lot.paymentMethod === 'BTC';
  const price = inSats ? (await services.prices.holdPrice('BTC')).usdCents : null;
  // The same figures as the invoice issued at the close: the event's premium and the winner's tax.
  const rates = await lotRates(prisma, bid.lotId);
  const tax = await buyerTaxRate(prisma, rates.tax, bid.userId);
  const cents = Number(cardChargeCents(amount, inSats ? BigInt(SATS_PER_BTC) : null, price, hold, rates.premium, tax));
  await prisma.bid.updateMany({ where: { id: bidId, captureCents: null }, data: { captureCents: cents } });
  return (await prisma.bid.findUniqueOrThrow({ where: { id: bidId }, select: { captureCents: true } })).captureCents!;
}

/** Takes the winning bid's money (its value, not the hold's margin); true when the lot is now paid. */
async function captureBidHold(services: HoldDeps, bidId: string, paymentIntentId: string): Promise<boolean> {
  const intent = await capturedIntent(services.payments.stripe, paymentIntentId, await chargeOf(services, bidId));
  if (intent.status === 'succeeded') {
    const outcome = await holdCaptured(services.db.prisma, intent, 'stripe', services.mailer);
    if (outcome !== 'mismatch') return true;
    services.log.error(
      { paymentIntentId, amountReceived: intent.amount_received, currency: intent.currency },
      'a winning hold was captured for another amount than the bid’s: nothing paid, flagged for the admin',
    );
    return false;
  }
  services.log.warn({ paymentIntentId, status: intent.status }, 'winning hold could not be captured; the winner pays in the cart');
  await holdFailed(services.db.prisma, paymentIntentId, lostHoldsOf(services));
  return false;
}

/** What a lost winning hold needs from the services: the winner's mail and their deadline to pay. */
const lostHoldsOf = (services: HoldDeps) => ({ mailer: services.mailer, paymentDueMs: services.config.unpaid.paymentDueMs });
