/**
 * ADD TO CART's held Buy Now (checkout/buy-now.ts) waits for the cart's checkout until its capture deadline
 * (CART_HOLD_CAPTURE_MS, 48 hours by default, well inside a hold's 7 days). A deadline set longer than a hold lasts
 * needs the hold renewed as a bid's is (worker/hold-renewal.ts): a new hold for the price, swapped in for the purchase (its
 * CardPayment and the lot's txHash, which together say which intent pays the lot) in one transaction conditional on
 * both still naming the old one, the old then released, and the new one's capture queued for the same deadline. A
 * card that refuses the renewal leaves the purchase to be paid from the cart, as when a capture fails: the old hold is
 * released (its buyer is mailed to pay, intent-state.ts) with at least the usual time to pay from now.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '@gavel/domain';
import type { CardPayment } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import { releaseBuyNowHold, type BuyNowDeps } from './buy-now.ts';
import { cardRefusal, holdOnCard, lapseOf } from '../payments/bid-holds.ts';
import { cancelIntent } from '../payments/intents.ts';
import { PURPOSE } from '../payments/intent-state.ts';
import { clearPendingHold } from '../payments/pending-holds.ts';

const BATCH = 100;

/** The held Buy Nows whose hold lapses before `soon` and whose capture is due later still. */
export async function renewCartHolds(services: BuyNowDeps, now: Date, soon: Date): Promise<{ renewed: number; lost: number }> {
  const { prisma } = services.db;
  const { holdLapseMs } = services.payments.config;
  // A hold recorded before lapses were kept lapses a hold's time after its purchase was written.
  const written = new Date(soon.getTime() - holdLapseMs);
  const payments = await prisma.cardPayment.findMany({
    where: {
      kind: 'buy_now',
      status: 'authorized',
      captureAfter: { gt: now },
      OR: [{ holdLapsesAt: { lt: soon } }, { holdLapsesAt: null, createdAt: { lt: written } }],
    },
    take: BATCH,
  });
  const count = { renewed: 0, lost: 0 };
  for (const payment of payments) {
    const outcome = await renewCartHold(services, payment, now).catch((err: Error) => {
      services.log.warn({ err: err.message, paymentIntentId: payment.paymentIntentId }, 'a held Buy Now could not be renewed; the next turn tries again');
      return null;
    });
    if (outcome === 'renewed') count.renewed++;
    if (outcome === 'lost') count.lost++;
  }
  return count;
}

async function renewCartHold(services: BuyNowDeps, payment: CardPayment, now: Date): Promise<'renewed' | 'gone' | 'lost'> {
  const { prisma } = services.db;
  const lotId = payment.lotIds[0]!;
  const old = payment.paymentIntentId;
  const user = await prisma.user.findUnique({ where: { id: payment.userId } });
  const idempotencyKey = `cart-hold:${payment.userId}:${lotId}:renewal:${randomUUID()}`;
  let fresh: string;
  try {
    if (!user) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');
    fresh = await holdOnCard(services.payments.stripe, user, {
      cents: BigInt(payment.amount.toFixed(0)),
      description: 'Gavel Buy Now, held again until the cart’s checkout (the card network lets a hold last only days)',
      metadata: { purpose: PURPOSE.buyNow, lotId },
      idempotencyKey,
      pendingIn: prisma,
    });
  } catch (error) {
    if (!cardRefusal(error)) throw error;
    const dueBy = new Date(now.getTime() + services.config.unpaid.paymentDueMs);
    await prisma.lot.updateMany({ where: { id: lotId, txHash: old, paid: false, unpaidAt: null, OR: [{ paymentDueAt: null }, { paymentDueAt: { lt: dueBy } }] }, data: { paymentDueAt: dueBy } });
    await releaseBuyNowHold(services, old);
    return 'lost';
  }
  const swapped = await prisma
    .$transaction(async (tx) => {
      const { count } = await tx.cardPayment.updateMany({
        where: { id: payment.id, paymentIntentId: old, status: 'authorized' },
        data: { paymentIntentId: fresh, idempotencyKey, holdLapsesAt: lapseOf(services, now) },
      });
      const lot = count === 1 ? await tx.lot.updateMany({ where: { id: lotId, txHash: old, boughtNow: true, paid: false }, data: { txHash: fresh } }) : { count: 0 };
      // Either both name the new hold or neither does: the transaction is undone.
      if (lot.count !== 1) throw new NotSwapped();
      await clearPendingHold(tx, idempotencyKey);
    })
    .then(
      () => true,
      (error: unknown) => (error instanceof NotSwapped ? false : Promise.reject(error)),
    );
  if (swapped) await services.payments.jobs.captureCartHoldAt(fresh, payment.captureAfter!);
  const unused = swapped ? old : fresh;
  await cancelIntent(services.payments.stripe, unused)
    .then(() => (swapped ? undefined : clearPendingHold(prisma, idempotencyKey)))
    .catch((err: Error) => services.log.warn({ err: err.message, paymentIntentId: unused }, 'a Buy Now hold nothing carries could not be released; it lapses on its own'));
  return swapped ? 'renewed' : 'gone';
}

class NotSwapped extends Error {}
