/**
 * The BullMQ worker: the lot clock (open, close) and mail delivery. Every job has a deterministic id and is
 * safe to run twice. A reconcile loop re-creates the sweeps, the next hour's close jobs and the jobs of unsent
 * mail every 30 s, so a Redis that lost its data (restart without persistence) is repopulated from the database.
 */
import { Worker } from 'bullmq';
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { closeLotAndAnnounce } from '../bidding/close-lot.ts';
import { LOT_CLOCK_QUEUE } from './lot-clock.ts';
import { startPaymentWorker } from '../payments/payment-worker.ts';
import { startChainFollower } from '../chain/follower.ts';
import { survivesRedisOutage } from './redis-outage.ts';
import { startSettlementFollower } from '../bidding/btc-swap.ts';
import { startInscriptionWatcher } from './inscription-watch.ts';

const SCHEDULE_AHEAD_MS = 60 * 60_000;

export async function startWorker(services: Services): Promise<{ close(): Promise<void> }> {
  const { config, log, lotClock } = services;
  const connection = { url: config.redisUrl, maxRetriesPerRequest: null };
  const worker = new Worker(
    LOT_CLOCK_QUEUE,
    async (job) => {
      if (job.name === 'open-started-lots') return openStartedLots(services);
      if (job.name === 'close-overdue-lots') return closeOverdueLots(services);
      if (job.name === 'close-lot') return (await closeLotAndAnnounce(services, job.data.lotId as string)).closed;
    },
    { connection, prefix: config.redisPrefix, concurrency: 4 },
  );
  survivesRedisOutage(worker, 'lot clock worker', log);
  worker.on('failed', (job, err) => log.warn({ job: job?.name, err: err.message }, 'job failed'));
  const mailWorker = services.mailer.startWorker(config.smtpUrl, config.mailFrom, log);
  const paymentWorker = await startPaymentWorker(services);
  // On-chain bids: outbid notices, lot price and end, reported withdrawals (chain/follower.ts).
  const chainFollower = startChainFollower(services);
  // Card bids on on-chain lots: the relayer's transactions and its sweep (relayer/relayer.ts).
  const relayerWorker = services.relayer.startWorker();
  // BTC lots: the winning offers' swaps followed to their first confirmation, re-broadcast if lost (bidding/btc-swap.ts).
  const settlementFollower = startSettlementFollower(services);
  // Inscriptions: paid commits get their reveal broadcast, reveals are followed to confirmed (inscription-watch.ts).
  const inscriptionWatcher = await startInscriptionWatcher(services);

  const reconcile = async () => {
    try {
      await lotClock.ensureSweeps();
      await scheduleUpcomingCloses(services);
      await services.mailer.requeueUnsent();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'lot clock reconcile failed; will retry');
    }
  };
  await reconcile();
  const timer = setInterval(reconcile, config.reconcileEveryMs);
  return {
    async close() {
      clearInterval(timer);
      await chainFollower.close();
      await settlementFollower.close();
      await inscriptionWatcher.close();
      await relayerWorker.close();
      await mailWorker.close();
      await paymentWorker.close();
      await worker.close();
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

async function scheduleUpcomingCloses(services: Services): Promise<void> {
  const soon = await services.db.prisma.lot.findMany({
    where: { status: { in: ['upcoming', 'live'] }, endTime: { lte: new Date(Date.now() + SCHEDULE_AHEAD_MS) } },
    select: { id: true, endTime: true },
    take: 5000,
  });
  for (const lot of soon) await services.lotClock.scheduleClose(lot.id, lot.endTime);
}
