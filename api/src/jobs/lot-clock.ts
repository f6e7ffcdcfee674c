/**
 * The lot clock's queue: per lot and end time, a delayed `close-lot` job at the end and an `ending-soon` job at
 * each lead time before it (ENDING_SOON_MINUTES), all scheduled together by scheduleEnd (the first bid, every
 * extension, every admin edit, the worker's reconcile loop); and repeating sweeps that open started lots and
 * close any overdue lot the delayed jobs missed (a lost Redis, a crashed worker). The database is the truth:
 * every job is safe to run twice, and one left for an end the lot no longer has finds that out and does nothing.
 */
import { JobQueue, type QueueRedis } from './job-queue.ts';

export const LOT_CLOCK_QUEUE = 'lot-clock';
export const SWEEP_EVERY_MS = 15_000;

export type EndingSoonJob = { lotId: string; minutes: number; endTime: number };
export type LotClockJobs = { 'close-lot': { lotId: string }; 'ending-soon': EndingSoonJob; 'open-started-lots': object; 'close-overdue-lots': object };

export class LotClock {
  readonly queue: JobQueue<LotClockJobs>;

  /** `endingSoonMinutes`: the lead times, largest first (config.notifications). */
  constructor(
    redis: QueueRedis,
    readonly endingSoonMinutes: readonly number[],
  ) {
    this.queue = new JobQueue(LOT_CLOCK_QUEUE, redis);
  }

  /**
   * Idempotent: one close job and one ending-soon job per lead time for each (lot, end time). `previousEnd`, when
   * the end moved: that end's ending-soon jobs are taken off the queue (their handler would find the end moved
   * and tell nobody, but a queue that shows only what will happen is easier to reason about).
   */
  async scheduleEnd(lotId: string, endTime: Date, previousEnd?: Date): Promise<void> {
    if (previousEnd && previousEnd.getTime() !== endTime.getTime()) await this.cancelEndingSoon(lotId, previousEnd);
    const end = endTime.getTime();
    await this.queue.add('close-lot', { lotId }, { jobId: `close-${lotId}-${end}`, delay: Math.max(0, end - Date.now()) });
    for (const minutes of this.endingSoonMinutes) {
      // A lead time already inside the next smaller one would tell nothing: the smaller one tells instead.
      if (!endingSoonDue(this.endingSoonMinutes, minutes, end, Date.now())) continue;
      const at = end - minutes * 60_000;
      await this.queue.add('ending-soon', { lotId, minutes, endTime: end }, { jobId: endingSoonJobId(lotId, minutes, end), delay: Math.max(0, at - Date.now()) });
    }
  }

  /** The lot closed, or its end moved: the ending-soon jobs for `endTime` are removed (one running now finishes, and tells nobody). */
  async cancelEndingSoon(lotId: string, endTime: Date): Promise<void> {
    for (const minutes of this.endingSoonMinutes) await this.queue.bullmq.remove(endingSoonJobId(lotId, minutes, endTime.getTime()));
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

export function endingSoonJobId(lotId: string, minutes: number, endTime: number): string {
  return `ending-soon-${lotId}-${minutes}-${endTime}`;
}

/**
 * Whether the `minutes` notice still has something to say at `now`: the lot has not ended, and more time is left
 * than the next smaller lead time (else that one tells, with the right words). A lot listed 30 minutes before
 * its end is told at once "ends in 30 minutes", then 10 minutes before; one listed 5 minutes before, only once.
 */
export function endingSoonDue(leadTimes: readonly number[], minutes: number, end: number, now: number): boolean {
  const smaller = Math.max(0, ...leadTimes.filter((lead) => lead < minutes));
  return end - now > smaller * 60_000;
}
