/**
 * The payments queue's worker, and its reconcile sweep. Jobs are enqueued right after the decision that needs
 * them (outbid, close, Buy Now), but a crash between a commit and its enqueue, or a Redis that lost its data,
 * would leave money held: the sweep finds every such case from the database and does what the job would have.
 * - an authorised card bid hold whose bid can no longer win, or whose lot is over: release or capture;
 * - a Buy Now hold whose purchase committed but was not captured: capture;
 * - a Buy Now intent left unused (the buyer closed the tab, or lost the race and the request died): cancel;
 * - a card hold asked of Stripe whose bid never committed (a crash in between, pending-holds.ts): cancel.
 * Beside it, void-unpaid-lots voids purchases past their payment deadline (checkout/unpaid.ts) and finishes
 * second-chance accepts a crash cut short (checkout/second-chance.ts), and renew-holds renews the card holds that
 * must outlast Stripe's few days before they lapse (hold-renewal.ts).
 */
import type { Services } from '../services.ts';
import { captureBuyNowPayment, releaseBuyNowHold } from '../checkout/buy-now.ts';
import { releaseBidHold, settleLotHolds } from '../payments/bid-holds.ts';
import { HELD_AT_STRIPE } from '../payments/intent-state.ts';
import { reconcilePendingHolds } from '../payments/pending-holds.ts';
import type { RunningWorker } from '../jobs/job-queue.ts';
import { voidUnpaidLots } from '../checkout/unpaid.ts';
import { finishStuckAccepts } from '../checkout/second-chance.ts';
import { holdLostAtStripe, renewLapsingHolds } from './hold-renewal.ts';

/** How long a Buy Now hold may wait for its POST /auctions/:id/buy-now before it is given back. */
const UNUSED_BUY_NOW_MS = 30 * 60_000;
/** Leaves a request that is mid-way (intent checked, purchase not yet committed) alone. */
const IN_FLIGHT_GRACE_MS = 60_000;
const BATCH = 200;

/** The sweep runs every LOT_CLOCK_RECONCILE_MS, like the worker's other rebuilds from the database. */
export function startPaymentWorker(services: Services): Promise<RunningWorker> {
  return services.payments.jobs.queue.work(
    {
      'release-hold': ({ bidId }) => releaseBidHold(services, bidId),
      'settle-lot': ({ lotId }) => settleLotHolds(services, lotId),
      'capture-buy-now': ({ paymentIntentId }) => captureBuyNowPayment(services, paymentIntentId),
      'reconcile-payments': () => reconcilePayments(services),
      'void-unpaid-lots': async () => {
        await finishStuckAccepts(services);
        return voidUnpaidLots(services);
      },
      'renew-holds': () => renewLapsingHolds(services),
      'hold-lost': ({ paymentIntentId }) => holdLostAtStripe(services, paymentIntentId),
    },
    {
      concurrency: 4,
      every: { 'reconcile-payments': services.config.reconcileEveryMs, 'void-unpaid-lots': services.config.reconcileEveryMs, 'renew-holds': services.config.reconcileEveryMs },
    },
  );
}

export async function reconcilePayments(services: Services): Promise<{ holds: number; buyNows: number; pendingHolds: number }> {
  const { prisma } = services.db;
  // From the holds standing at Stripe (few: the leading card bids of open lots, and what a close or an outbid has
  // not settled yet) to their lots by key. Written through Prisma, the lot's status inside the OR was read by a
  // subquery over every ended lot ever. (The statuses go as text: the embedded database knows no array type created
  // after it opened, such as the enum's.)
  const holds = await prisma.$queryRaw<Array<{ id: string; lotId: string; lotStatus: string }>>`
    SELECT b.id, b."lotId", l.status::text AS "lotStatus" FROM "Bid" b JOIN "Lot" l ON l.id = b."lotId"
     WHERE b."holdStatus" = ANY(CAST(${HELD_AT_STRIPE}::text[] AS "HoldStatus"[])) AND (b.status <> 'active' OR l.status IN ('ended', 'cancelled'))
     LIMIT ${BATCH}`;
  const settled = new Set<string>();
  for (const hold of holds) {
    const over = hold.lotStatus === 'ended' || hold.lotStatus === 'cancelled';
    // One hold Stripe will not settle now does not keep the others waiting for the next pass.
    const later = (err: Error) => services.log.warn({ err: err.message, bidId: hold.id }, 'a hold could not be settled; the next sweep tries again');
    if (!over) await releaseBidHold(services, hold.id).catch(later);
    else if (!settled.has(hold.lotId)) {
      settled.add(hold.lotId);
      await settleLotHolds(services, hold.lotId).catch(later);
    }
  }

  const buyNows = await prisma.cardPayment.findMany({
    where: { kind: 'buy_now', status: { in: ['open', 'authorized'] }, updatedAt: { lt: new Date(Date.now() - IN_FLIGHT_GRACE_MS) } },
    take: BATCH,
  });
  for (const payment of buyNows) {
    const lot = await prisma.lot.findUnique({ where: { id: payment.lotIds[0]! } });
    const bought = lot?.boughtNow && lot.winnerId === payment.userId && lot.txHash === payment.paymentIntentId;
    // An ADD TO CART hold waits for the cart's checkout until its deadline (its delayed job captures it then).
    if (bought && payment.captureAfter && payment.captureAfter > new Date()) continue;
    if (bought) {
      // Also when the lot is already paid: the capture then only confirms it and closes this record.
      await captureBuyNowPayment(services, payment.paymentIntentId);
      continue;
    }
    const lotGone = !lot || lot.status === 'ended' || lot.status === 'cancelled';
    if (lotGone || payment.updatedAt.getTime() < Date.now() - UNUSED_BUY_NOW_MS) await releaseBuyNowHold(services, payment.paymentIntentId);
  }
  const pending = await reconcilePendingHolds(services);
  return { holds: holds.length, buyNows: buyNows.length, pendingHolds: pending.cancelled };
}
