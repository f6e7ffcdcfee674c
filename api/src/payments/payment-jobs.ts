/**
 * The payments queue: moving card money after the request that decided it (release an outbid hold, settle a
 * closed lot's holds, capture a Buy Now), off the bid path and retried with backoff when Stripe is away. Job
 * ids are deterministic, so enqueuing twice runs once, and every job is safe to run twice anyway: the
 * database and Stripe's idempotency keys decide, not the queue. The worker half is worker/payment-worker.ts.
 */
import { JobQueue, type QueueRedis } from '../jobs/job-queue.ts';

export const PAYMENT_QUEUE = 'payments';

export type PaymentQueueJobs = {
  'release-hold': { bidId: string };
  'settle-lot': { lotId: string };
  'capture-buy-now': { paymentIntentId: string };
  'reconcile-payments': object;
  /** Purchases past their payment deadline voided, second-chance accepts cut short finished (checkout/). */
  'void-unpaid-lots': object;
  /** Card holds that must outlast Stripe's few days renewed before they lapse (worker/hold-renewal.ts). */
  'renew-holds': object;
  /** Stripe cancelled a hold a bid still stood on: its lead passed on, its bidder told. */
  'hold-lost': { paymentIntentId: string };
};

export class PaymentJobs {
  readonly queue: JobQueue<PaymentQueueJobs>;

  constructor(redis: QueueRedis) {
    this.queue = new JobQueue(PAYMENT_QUEUE, redis);
  }

  /** A card bid was outbid, withdrawn or removed. */
  async releaseHold(bidId: string): Promise<void> {
    await this.queue.add('release-hold', { bidId }, { jobId: `release-hold-${bidId}` });
  }

  /** A lot ended (clock or Buy Now) or was cancelled: capture the winning hold, release the rest. */
  async settleLot(lotId: string): Promise<void> {
    await this.queue.add('settle-lot', { lotId }, { jobId: `settle-lot-${lotId}` });
  }

  /** A Buy Now committed but its capture did not happen in the request. */
  async captureBuyNow(paymentIntentId: string): Promise<void> {
    await this.queue.add('capture-buy-now', { paymentIntentId }, { jobId: `capture-buy-now-${paymentIntentId}` });
  }

  /** ADD TO CART: the hold is captured at `at` unless the cart's checkout captured it first (then this confirms it). */
  async captureCartHoldAt(paymentIntentId: string, at: Date): Promise<void> {
    await this.queue.add('capture-buy-now', { paymentIntentId }, { jobId: `capture-cart-hold-${paymentIntentId}`, delay: Math.max(0, at.getTime() - Date.now()) });
  }

  /** Stripe cancelled a hold (it lapsed, or someone cancelled it in the Dashboard) that a standing bid carries. */
  async holdLost(paymentIntentId: string): Promise<void> {
    await this.queue.add('hold-lost', { paymentIntentId }, { jobId: `hold-lost-${paymentIntentId}` });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
