/**
 * The BullMQ worker: the lot clock (open, close), mail, payments, the relayer's transactions and the followers
 * of the outside world (followers.ts). Every job has a deterministic id and is safe to run twice. A reconcile
 * loop (LOT_CLOCK_RECONCILE_MS) upserts every repeating job again, queues the close and ending-soon jobs due in the
 * next hour and the jobs of unsent mail, so a Redis that lost its data (a restart without persistence) is repopulated from the
 * database: a repeating job cannot bring back its own lost schedule, so this one loop stays a timer.
 */
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { closeLotAndAnnounce } from '../closing/close-lot.ts';
import { SWEEP_EVERY_MS } from '../jobs/lot-clock.ts';
import { startPaymentWorker } from './payment-worker.ts';
import { startFollowers } from './followers.ts';
import { tellEndingSoon } from '../notifications/ending-soon.ts';
import type { RunningWorker } from '../jobs/job-queue.ts';
import { coSignVaultSwap } from '../bitcoin-settlement/vault-settle.ts';

const SCHEDULE_AHEAD_MS = 60 * 60_000;

export async function startWorker(services: Services): Promise<{ close(): Promise<void> }> {
  const { config, log, lotClock, mailer, relayer } = services;
  const workers: RunningWorker[] = [
    await lotClock.queue.work(
      {
        'close-lot': async ({ lotId }) => (await closeLotAndAnnounce(services, lotId)).closed,
        'ending-soon': async (job) => (await tellEndingSoon(services, job)).told.length,
        'open-started-lots': () => openStartedLots(services),
        'close-overdue-lots': () => closeOverdueLots(services),
      },
      { concurrency: 4, every: { 'open-started-lots': SWEEP_EVERY_MS, 'close-overdue-lots': SWEEP_EVERY_MS } },
    ),
    await mailer.startWorker(config.smtpUrl, config.mailFrom),
    await startPaymentWorker(services),
    // Card bids on on-chain lots and mints by card: the relayer's transactions (relayer/relayer.ts).
    await relayer.startWorker(),
    await startFollowers(services),
    // Web Push: each notice to every device of a user who turned its kind on, and the payment-due reminders.
    await services.pushes.startWorker(),
    // Vault withdrawals: G's co-signature and the broadcast, here where G's secret is (bitcoin/vault/).
    await services.vaults.startWorker((lotId) => coSignVaultSwap(services, lotId)),
  ];

  let reconciling = false;
  const reconcile = async () => {
    // A pass still waiting on a Redis that is down is not joined by another.
    if (reconciling) return;
    reconciling = true;
    try {
      for (const worker of workers) await worker.reconcile();
      await scheduleUpcomingCloses(services);
      await mailer.requeueUnsent();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'worker reconcile failed; will retry');
    } finally {
      reconciling = false;
    }
  };
  await reconcile();
  const timer = setInterval(reconcile, config.reconcileEveryMs);
  return {
    async close() {
      clearInterval(timer);
      // The followers first: they queue relay steps and mail the later workers carry out.
      for (const worker of workers.reverse()) await worker.close();
    },
  };
}

export async function openStartedLots({ db, redis, config }: Services): Promise<number> {
  const { count } = await db.prisma.lot.updateMany({
    where: { status: 'upcoming', startTime: { lte: new Date() } },
    data: { status: 'live' },
  });
  if (count > 0) await announceLotsChanged(redis, config.redisPrefix);
  return count;
}

export async function closeOverdueLots(services: Services): Promise<number> {
  const due = await services.db.prisma.lot.findMany({
    where: { status: { in: ['upcoming', 'live'] }, endTime: { lte: new Date() } },
    select: { id: true },
    orderBy: { endTime: 'asc' },
    take: 500,
  });
  let closed = 0;
  for (const { id } of due) if ((await closeLotAndAnnounce(services, id)).closed) closed++;
  return closed;
}

/** The lots whose close or ending-soon notice falls within the next hour: their jobs, queued again (idempotent). */
async function scheduleUpcomingCloses(services: Services): Promise<void> {
  const longestLead = Math.max(0, ...services.lotClock.endingSoonMinutes) * 60_000;
  const soon = await services.db.prisma.lot.findMany({
    where: { status: { in: ['upcoming', 'live'] }, endTime: { lte: new Date(Date.now() + SCHEDULE_AHEAD_MS + longestLead) } },
    select: { id: true, endTime: true },
    take: 5000,
  });
  for (const lot of soon) await services.lotClock.scheduleEnd(lot.id, lot.endTime);
}
