/**
 * The inscriptions queue: a repeating `watch-inscriptions` job (INSCRIPTION_WATCH_MS) that asks Esplora
 * about every unpaid commit address and every unconfirmed reveal (inscriptions/inscriptions.ts). The
 * database is the truth, so a lost Redis only delays a turn: the scheduler is re-created on a timer.
 */
import { Queue, Worker } from 'bullmq';
import type { Services } from '../services.ts';
import { watchInscriptions } from '../inscriptions/inscriptions.ts';
import { survivesRedisOutage } from './redis-outage.ts';

export const INSCRIPTION_QUEUE = 'inscriptions';

export async function startInscriptionWatcher(services: Services): Promise<{ close(): Promise<void> }> {
  const { config, log } = services;
  const connection = { url: config.redisUrl, maxRetriesPerRequest: null };
  const queue = survivesRedisOutage(
    new Queue(INSCRIPTION_QUEUE, { connection, prefix: config.redisPrefix, defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 } }),
    'inscription queue',
    log,
  );
  // Concurrency 1: two turns at once would only ask Esplora twice (every step is idempotent).
  const worker = new Worker(INSCRIPTION_QUEUE, async (job) => (job.name === 'watch-inscriptions' ? watchInscriptions(services) : undefined), {
    connection,
    prefix: config.redisPrefix,
    concurrency: 1,
  });
  survivesRedisOutage(worker, 'inscription worker', log);
  worker.on('failed', (job, err) => log.warn({ job: job?.name, err: err.message }, 'inscription job failed'));
  const every = config.inscriptions.watchEveryMs;
  const ensure = () =>
    queue.upsertJobScheduler('watch-inscriptions', { every }, { name: 'watch-inscriptions' }).catch((err: Error) => log.warn({ err: err.message }, 'inscription watch scheduling failed'));
  await ensure();
  const timer = setInterval(ensure, config.reconcileEveryMs);
  return {
    async close() {
      clearInterval(timer);
      await worker.close();
      await queue.close();
    },
  };
}
