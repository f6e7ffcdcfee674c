/**
 * The lot clock's queue: a delayed `close-lot` job per lot at its end time (a new one when a bid extends the
 * lot; the old one then finds the lot not yet due and does nothing), and repeating sweeps that open started
 * lots and close any overdue lot the delayed jobs missed (a lost Redis, a crashed worker). The database is
 * the truth: every job is safe to run twice.
 */
import { Queue } from 'bullmq';
import { survivesRedisOutage } from './redis-outage.ts';

export const LOT_CLOCK_QUEUE = 'lot-clock';
export const SWEEP_EVERY_MS = 15_000;

export class LotClock {
  readonly queue: Queue;

  constructor(connection: { url: string; maxRetriesPerRequest: null }, prefix: string) {
    this.queue = new Queue(LOT_CLOCK_QUEUE, {
      connection,
      prefix,
      defaultJobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: 1000 },
    });
    survivesRedisOutage(this.queue, 'lot clock queue');
  }

  /** Idempotent: one job per (lot, end time). */
  async scheduleClose(lotId: string, endTime: Date): Promise<void> {
    await this.queue.add('close-lot', { lotId }, { jobId: `close-${lotId}-${endTime.getTime()}`, delay: Math.max(0, endTime.getTime() - Date.now()) });
  }

  async ensureSweeps(): Promise<void> {
    await this.queue.upsertJobScheduler('open-started-lots', { every: SWEEP_EVERY_MS }, { name: 'open-started-lots' });
    await this.queue.upsertJobScheduler('close-overdue-lots', { every: SWEEP_EVERY_MS }, { name: 'close-overdue-lots' });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
