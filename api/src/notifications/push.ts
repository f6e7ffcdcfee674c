/**
 * Web Push, on the `push` BullMQ queue. A user's notices (outbid, maximum exceeded, ending soon, won: the events
 * their stream gets, handed over by the EventHub; payment due: found by a sweep) each become a `push-notice` job,
 * which worded once (domain/src/schemas/push.ts) fans out to a `push-send` job per subscription of the user, if the
 * user turned that kind on. Each send is its own job, so one phone's push service being slow or refusing for a
 * while (429, 5xx, no answer) is retried with the queue's exponential backoff without sending again to the others;
 * a subscription its push service says is gone (404, 410) is deleted. Job ids are made of the notice and the user,
 * so a notice told twice is pushed once.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import {
  endingSoonPush,
  endingSoonText,
  outbidPush,
  paymentDuePush,
  PUSH_PREFERENCE_OF,
  shownStatus,
  wonPush,
  type EndingSoonNotification,
  type OutbidNotification,
  type PushLot,
  type PushPayload,
} from '@gavel/domain';
import type { Logger } from 'pino';
import webpush, { WebPushError } from 'web-push';
import type { Database } from '../db/client.ts';
import { JobQueue, RetryLater, type QueueRedis, type RunningWorker } from '../jobs/job-queue.ts';
import { lotUpdateForViewer } from '../lots/results-privacy.ts';
import type { PushConfig } from './push-config.ts';
import type { VapidKeys } from './push-keys.ts';

export const PUSH_QUEUE = 'push';

/** The notices that are pushed: the user-stream events of those kinds, and the sweep's payment reminders. */
export type PushNotice =
  | { type: 'outbid'; data: OutbidNotification }
  | { type: 'ending_soon'; data: EndingSoonNotification }
  | { type: 'won'; data: { auctionId: string; auctionTitle: string; amount: string } }
  | { type: 'payment_due'; data: { lotId: string; dueAt: string } };

const PUSHED_EVENTS = new Set(['outbid', 'ending_soon', 'won']);

type PushJobs = {
  'push-notice': { userId: string; notice: PushNotice; key: string };
  'push-send': { subscriptionId: string; payload: PushPayload };
  'payment-due-reminders': Record<string, never>;
};

/** How a send ended: delivered, the subscription gone (deleted), or refused for good (not retried). */
export type SendOutcome = 'sent' | 'gone' | 'refused';

export class PushNotices {
  private readonly queue: JobQueue<PushJobs>;
  private readonly agent: Agent | undefined;

  constructor(
    private readonly db: Database,
    redis: QueueRedis,
    private readonly config: PushConfig,
    private readonly keys: VapidKeys,
    private readonly log: Logger,
  ) {
    this.queue = new JobQueue(PUSH_QUEUE, redis);
    // A development push service with a certificate of its own (the stand-in): trusted for pushes alone.
    this.agent = config.serviceCaFile ? new Agent({ ca: readFileSync(config.serviceCaFile) }) : undefined;
  }

  /** The browsers' applicationServerKey. The private half never leaves this class. */
  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** A user-stream event: queued as a push if it is of a pushed kind (the worker checks the user wants it). */
  async tellEvent(userId: string, event: { type: string; data: unknown }): Promise<void> {
    if (!PUSHED_EVENTS.has(event.type)) return;
    await this.tell(userId, event as PushNotice);
  }

  async tell(userId: string, notice: PushNotice): Promise<void> {
    const key = jobKey(notice.type, noticeId(notice), userId);
    await this.queue.add('push-notice', { userId, notice, key }, { jobId: key });
  }

  /** The worker half: wording and fan-out, each send, and the payment-due sweep. */
  startWorker(): Promise<RunningWorker> {
    return this.queue.work(
      {
        'push-notice': (job) => this.fanOut(job),
        'push-send': async ({ subscriptionId, payload }) => this.send(subscriptionId, payload),
        'payment-due-reminders': () => this.remindPaymentsDue(),
      },
      { concurrency: 8, every: { 'payment-due-reminders': this.config.paymentDueSweepMs } },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  /** The number of subscriptions the notice goes to (0: the user did not turn this kind on, or has none). */
  private async fanOut({ userId, notice, key }: PushJobs['push-notice']): Promise<number> {
    const payload = await this.payloadOf(notice);
    if (!payload) return 0;
    const wants = await this.db.prisma.user.findFirst({
      where: { id: userId, [PUSH_PREFERENCE_OF[payload.kind]]: true },
      select: { pushSubscriptions: { select: { id: true } } },
    });
    const subscriptions = wants?.pushSubscriptions ?? [];
    await this.queue.addBulk(
      'push-send',
      subscriptions.map(({ id }) => ({ data: { subscriptionId: id, payload }, jobId: jobKey(key, id) })),
    );
    return subscriptions.length;
  }

  /** The words of the push, from the lot as it is now (null: the lot is gone). */
  private async payloadOf(notice: PushNotice): Promise<PushPayload | null> {
    const lotId = notice.type === 'payment_due' ? notice.data.lotId : notice.data.auctionId;
    const lot = await this.db.prisma.lot.findUnique({
      where: { id: lotId },
      select: { id: true, title: true, auctionEventId: true, status: true, startTime: true, endTime: true, paymentMethod: true, auctionType: true },
    });
    if (!lot) return null;
    const pushLot: PushLot = { id: lot.id, title: lot.title, auctionEventId: lot.auctionEventId };
    switch (notice.type) {
      case 'outbid': {
        const { data } = notice;
        // The price now is another bidder's amount: said only if the lot's page would show it to anyone holding
        // the phone (the results rule for a viewer not signed in: never once the lot has ended).
        const update = { lotId: lot.id, currentBid: data.currentBidAmount, bidCount: 0, endTime: lot.endTime.toISOString(), status: shownStatus(lot) };
        const price = lotUpdateForViewer(update, false).currentBid;
        return outbidPush(pushLot, data.currencyUnit, { bid: data.userBidAmount, ...(data.maximum !== undefined && { maximum: data.maximum }) }, price);
      }
      case 'ending_soon':
        return endingSoonPush(pushLot, endingSoonText(notice.data));
      case 'won':
        return wonPush(pushLot, notice.data.amount);
      case 'payment_due':
        return paymentDuePush(pushLot, new Date(notice.data.dueAt));
    }
  }

  /** One push to one subscription. Throws (so the queue retries it later) when the push service may take it later. */
  async send(subscriptionId: string, payload: PushPayload): Promise<SendOutcome> {
    const subscription = await this.db.prisma.pushSubscription.findUnique({ where: { id: subscriptionId } });
    if (!subscription) return 'gone';
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.config.vapidSubject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: this.config.ttlSeconds,
        urgency: payload.kind === 'outbid' || payload.kind === 'maximum_exceeded' || payload.kind === 'ending_soon' ? 'high' : 'normal',
        timeout: 10_000,
        ...(this.agent && { agent: this.agent }),
      });
      return 'sent';
    } catch (error) {
      if (!(error instanceof WebPushError)) throw error;
      const { statusCode } = error;
      if (statusCode === 404 || statusCode === 410) {
        await this.db.prisma.pushSubscription.deleteMany({ where: { id: subscriptionId } });
        this.log.info({ subscriptionId, status: statusCode }, 'push subscription gone; deleted');
        return 'gone';
      }
      if (statusCode === 429 || statusCode >= 500) {
        const retryAfter = error.headers?.['retry-after'];
        const waitMs = retryAfter ? retryAfterMs(retryAfter, Date.now()) : null;
        // Told when to come back: the push waits until then (never past its TTL, when the service would drop it
        // anyway), without using up a try. Not told: the queue's backoff.
        if (waitMs !== null) throw new RetryLater(Math.min(waitMs, this.config.ttlSeconds * 1000), `push service answered ${statusCode} (Retry-After: ${retryAfter})`);
        throw new Error(`push service answered ${statusCode}; retried later`);
      }
      // 400, 401, 403, 413: sending the same request again gets the same answer.
      this.log.warn({ subscriptionId, status: statusCode, body: error.body.slice(0, 200) }, 'push refused by the push service');
      return 'refused';
    }
  }

  /**
   * Won lots still unpaid whose deadline is within the lead time: each winner is told once per lot (the
   * NotificationSent row, written only while the lot is still unpaid, decides who is told, as ending-soon does).
   */
  async remindPaymentsDue(now = new Date()): Promise<number> {
    const dueBy = new Date(now.getTime() + this.config.paymentDueLeadMs);
    const told = await this.db.prisma.$queryRaw<Array<{ userId: string; lotId: string; dueAt: Date }>>`
      INSERT INTO "NotificationSent" ("userId", "lotId", kind)
      SELECT l."winnerId", l.id, 'push:payment_due'
        FROM "Lot" l
        JOIN "User" u ON u.id = l."winnerId" AND u."pushPaymentDue"
       WHERE l.status = 'ended' AND NOT l.paid AND l."unpaidAt" IS NULL
         AND l."paymentDueAt" > ${now} AND l."paymentDueAt" <= ${dueBy}
      ON CONFLICT DO NOTHING
      RETURNING "userId", "lotId", (SELECT "paymentDueAt" FROM "Lot" WHERE id = "NotificationSent"."lotId") AS "dueAt"`;
    for (const row of told) await this.tell(row.userId, { type: 'payment_due', data: { lotId: row.lotId, dueAt: row.dueAt.toISOString() } });
    return told.length;
  }
}

/** A Retry-After header's wait in milliseconds (delta-seconds or an HTTP date, at least a second), or null when unreadable. */
function retryAfterMs(header: string, now: number): number | null {
  const text = header.trim();
  const at = /^\d+$/.test(text) ? now + Number(text) * 1000 : Date.parse(text);
  return Number.isFinite(at) ? Math.max(1000, at - now) : null;
}

function noticeId(notice: PushNotice): string {
  switch (notice.type) {
    case 'outbid':
    case 'ending_soon':
      return notice.data.id;
    case 'won':
      return notice.data.auctionId;
    case 'payment_due':
      return notice.data.lotId;
  }
}

/** BullMQ job ids may not hold ':' and ours are made of ids that do: a digest of the parts. */
function jobKey(...parts: string[]): string {
  return `push-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;
}
