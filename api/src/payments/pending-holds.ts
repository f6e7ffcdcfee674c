/**
 * Write-ahead for card holds. A bid's hold is asked of Stripe before the bid row that carries it commits, so a
 * crash between the two would leave the card held for nothing until Stripe lets the hold lapse (7 days). The
 * request is therefore recorded first (the bid id, the idempotency key and the exact create parameters), and the
 * record is deleted in the transaction that writes the hold on its bid, or once a refused bid's hold was
 * cancelled. A record still there after PENDING_HOLD_GRACE_MS is such a crash: the payments reconcile sends the
 * same create with the same idempotency key (Stripe answers with the intent it made, or makes one now if the
 * first request never arrived) and cancels it unless the bid carries that intent after all.
 */
import Stripe from 'stripe';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Payments } from './index.ts';
import { cancelIntent } from './intents.ts';

type Db = PrismaClient | Prisma.TransactionClient;

const BATCH = 200;

/** Before asking Stripe for the hold `idempotencyKey` of `bidId` with `request`. */
export async function recordPendingHold(db: Db, bidId: string, idempotencyKey: string, request: Stripe.PaymentIntentCreateParams): Promise<void> {
  await db.pendingHold.create({ data: { bidId, idempotencyKey, request: JSON.stringify(request) } });
}

/** The hold is on its bid (in the same transaction), or was never made or given back: nothing left to watch. */
export async function clearPendingHold(db: Db, idempotencyKey: string): Promise<void> {
  await db.pendingHold.deleteMany({ where: { idempotencyKey } });
}

/**
 * Whether the row the hold was asked for carries it: a bid, or, for a renewed hold (worker/hold-renewal.ts), a relayed card
 * bid or a held Buy Now, whose ids the pending record keeps in the same place.
 */
async function carries(prisma: PrismaClient, id: string, paymentIntentId: string): Promise<boolean> {
  const [bids, relayed, payments] = await Promise.all([
    prisma.bid.count({ where: { id, paymentIntentId } }),
    prisma.relayedBid.count({ where: { id, paymentIntentId } }),
    prisma.cardPayment.count({ where: { paymentIntentId } }),
  ]);
  return bids + relayed + payments > 0;
}

/** The reconcile's turn: cancels the holds of pending records older than the grace period that no bid carries. */
export async function reconcilePendingHolds(services: { db: Database; log: Logger; payments: Pick<Payments, 'stripe' | 'config'> }): Promise<{ cancelled: number; cleared: number }> {
  const { prisma } = services.db;
  const { stripe, config } = services.payments;
  const stale = await prisma.pendingHold.findMany({
    where: { createdAt: { lt: new Date(Date.now() - config.pendingHoldGraceMs) } },
    orderBy: { createdAt: 'asc' },
    take: BATCH,
  });
  let cancelled = 0;
  for (const pending of stale) {
    const log = services.log.child({ bidId: pending.bidId, idempotencyKey: pending.idempotencyKey });
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(JSON.parse(pending.request) as Stripe.PaymentIntentCreateParams, { idempotencyKey: pending.idempotencyKey });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        // The card refused (Stripe replays the refusal): nothing is held.
        await clearPendingHold(prisma, pending.idempotencyKey);
      } else if (error instanceof Stripe.errors.StripeIdempotencyError) {
        log.error({ err: error.message }, 'a pending card hold cannot be asked again with its key; Stripe lets the hold lapse in 7 days');
        await clearPendingHold(prisma, pending.idempotencyKey);
      } else {
        log.warn({ err: (error as Error).message }, 'a pending card hold could not be checked; the next reconcile tries again');
      }
      continue;
    }
    const carried = await carries(prisma, pending.bidId, intent.id);
    if (!carried && intent.status !== 'canceled') {
      const status = await cancelIntent(stripe, intent.id).catch((err: Error) => {
        log.warn({ err: err.message, paymentIntentId: intent.id }, 'a hold without a bid could not be cancelled; the next reconcile tries again');
        return null;
      });
      if (status === null) continue;
      if (status === 'canceled') cancelled++;
      else log.error({ paymentIntentId: intent.id, status }, 'a card hold whose bid was never written could not be cancelled');
    }
    await clearPendingHold(prisma, pending.idempotencyKey);
  }
  return { cancelled, cleared: stale.length };
}
