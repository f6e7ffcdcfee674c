/**
 * The lot clock's queue: a delayed `close-lot` job per lot at its end time (a new one when a bid extends the
 * lot; the old one then finds the lot not yet due and does nothing), and repeating sweeps that open started
 * lots and close any overdue lot the delayed jobs missed (a lost Redis, a crashed worker). The database is
 * the truth: every job is safe to run twice.
 */
import { JobQueue, type QueueRedis } from './job-queue.ts';

export const LOT_CLOCK_QUEUE = 'lot-clock';
export const SWEEP_EVERY_MS = 15_000;

export type LotClockJobs = { 'close-lot': { lotId: string }; 'open-started-lots': object; 'close-overdue-lots': object };

export class LotClock {
  readonly queue: JobQueue<LotClockJobs>;

  constructor(redis: QueueRedis) {
    this.queue = new JobQueue(LOT_CLOCK_QUEUE, redis);
  }

  /** Idempotent: one job per (lot, end time). */
  async scheduleClose(lotId: string, endTime: Date): Promise<void> {
    await this.queue.add('close-lot', { lotId }, { jobId: `close-${lotId}-${endTime.getTime()}`, delay: Math.max(0, endTime.getTime() - Date.now()) });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
