/**
 * The BullMQ worker. Every job has a deterministic id and is safe to run twice. For now it keeps stored lot
 * statuses in step with the lot clock (upcoming -> live); closing lots (live -> ended, with the winner) is
 * the bidding issue's, on the same queue.
 */
import { Queue, Worker } from 'bullmq';
import type { Services } from '../services.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';

export const LOT_CLOCK_QUEUE = 'lot-clock';
const SWEEP_EVERY_MS = 15_000;

export async function startWorker(services: Services): Promise<{ close(): Promise<void> }> {
  const connection = { url: services.config.redisUrl, maxRetriesPerRequest: null };
  const prefix = services.config.redisPrefix;
  const queue = new Queue(LOT_CLOCK_QUEUE, { connection, prefix });
  await queue.upsertJobScheduler('open-started-lots', { every: SWEEP_EVERY_MS }, { name: 'open-started-lots' });
  const worker = new Worker(
    LOT_CLOCK_QUEUE,
    async (job) => {
      if (job.name === 'open-started-lots') return openStartedLots(services);
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => services.log.warn({ job: job?.name, err }, 'job failed'));
  const mailWorker = services.mailer.startWorker(services.config.smtpUrl, services.config.mailFrom, services.log);
  return {
    async close() {
      await mailWorker.close();
      await worker.close();
      await queue.close();
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
