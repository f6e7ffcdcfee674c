/**
 * Every BullMQ queue of the api is defined through here, so that all of them behave alike:
 * - a one-off job is tried up to ATTEMPTS times, the tries FIRST_RETRY_MS apart and doubling (exponential backoff);
 * - the queue and its worker ride out a Redis outage (redis-outage.ts), a silent Redis included (bounded waits:
 *   redis-connections.ts), and every failed try is logged with the
 *   queue, the job's name and its id;
 * - repeating jobs (sweeps and followers, as BullMQ job schedulers) are declared with the worker, which upserts
 *   them when it starts and again on every `reconcile` (a Redis that lost its data has forgotten them too). A
 *   turn is tried once, since the next turn is its retry, and a turn that finds the previous one of the same job
 *   still running in this process returns at once instead of doing the same work beside it.
 * Job ids come from the caller and are deterministic, so adding a job twice queues it once; every handler must
 * still be safe to run twice (a retry after a crash mid-way, a sweep redoing what a lost job would have done).
 */
import { DelayedError, Queue, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { survivesRedisOutage } from './redis-outage.ts';
import { BoundedWorker, queueConnection } from './redis-connections.ts';

const ATTEMPTS = 10;
const FIRST_RETRY_MS = 1000;
/** Finished jobs each queue keeps for inspection (done and failed, each). */
const KEEP_FINISHED = 1000;

/**
 * Thrown by a handler told to come back at a given time (a 429 with Retry-After): the job waits until then and is
 * tried again, without using up one of its tries; a backoff would knock sooner and, against a long wait, give up.
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the queues live: the Redis url, the prefix that namespaces them (REDIS_PREFIX), the log their failures go to. */
export interface QueueRedis {
  url: string;
  prefix: string;
  log: Logger;
}

/** A queue's jobs: each job's name and the data it carries. */
type JobMap = Record<string, object>;
type JobName<Jobs extends JobMap> = keyof Jobs & string;
type Handlers<Jobs extends JobMap> = { [N in JobName<Jobs>]: (data: Jobs[N]) => Promise<unknown> };

export interface RunningWorker {
  /** Upserts the worker's repeating jobs again (the worker's reconcile loop calls it). */
  reconcile(): Promise<void>;
  /** Waits for the jobs in hand, then stops. */
  close(): Promise<void>;
}

export class JobQueue<Jobs extends JobMap> {
  readonly bullmq: Queue;

  /** `removeFinished`: finished jobs are removed at once, so that the same id can be queued again later. */
  constructor(
    readonly name: string,
    private readonly redis: QueueRedis,
    options: { removeFinished?: boolean } = {},
  ) {
    const keep = options.removeFinished ? true : KEEP_FINISHED;
    const queue = new Queue(name, {
      connection: queueConnection(redis.url),
      prefix: redis.prefix,
      defaultJobOptions: { attempts: ATTEMPTS, backoff: { type: 'exponential', delay: FIRST_RETRY_MS }, removeOnComplete: keep, removeOnFail: keep },
    });
    this.bullmq = survivesRedisOutage(queue, `${name} queue`, redis.log);
  }

  /** Queues the job once per `jobId`; `delay`: not before this many milliseconds from now. */
  async add<N extends JobName<Jobs>>(name: N, data: Jobs[N], placement: { jobId: string; delay?: number }): Promise<void> {
    await this.bullmq.add(name, data, placement);
  }

  /**
   * Queues the job again for work its caller's durable record says is still to do: added when Redis has no such
   * job (it was lost), tried again from its first attempt when every try failed (an outage outlasted the backoff),
   * left alone while it waits, runs or is scheduled for a retry. Adding it would not do: a failed job keeps its id.
   */
  async requeue<N extends JobName<Jobs>>(name: N, data: Jobs[N], jobId: string): Promise<void> {
    const job = await this.bullmq.getJob(jobId);
    if (!job) return this.add(name, data, { jobId });
    if ((await job.getState()) === 'failed') await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  }

  /** Queues several jobs of one name in one call to Redis, each once per `jobId`. */
  async addBulk<N extends JobName<Jobs>>(name: N, jobs: { data: Jobs[N]; jobId: string }[]): Promise<void> {
    if (jobs.length > 0) await this.bullmq.addBulk(jobs.map(({ data, jobId }) => ({ name, data, opts: { jobId } })));
  }

  /**
   * The worker half: a handler per job name, `concurrency` jobs at a time, and in `every` the jobs that repeat
   * and how often, in milliseconds (0: not at all, and a schedule left by an earlier run is removed).
   */
  async work(handlers: Handlers<Jobs>, options: { concurrency: number; every?: Partial<Record<JobName<Jobs>, number>> }): Promise<RunningWorker> {
    const { log } = this.redis;
    const every = Object.entries(options.every ?? {}) as [JobName<Jobs>, number][];
    const repeating = new Set<string>(every.map(([name]) => name));
    const turning = new Set<string>();
    const run = async (job: Job, token?: string): Promise<unknown> => {
      const handler = handlers[job.name as JobName<Jobs>];
      if (!handler) {
        log.warn({ queue: this.name, job: job.name, jobId: job.id }, `${this.name}: no handler for this job; dropped`);
        return undefined;
      }
      if (!repeating.has(job.name)) {
        try {
          return await handler(job.data as Jobs[JobName<Jobs>]);
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          log.info({ queue: this.name, job: job.name, jobId: job.id, delayMs: error.delayMs, reason: error.message }, `${this.name} job put off`);
          await job.moveToDelayed(Date.now() + error.delayMs, token);
          throw new DelayedError();
        }
      }
      if (turning.has(job.name)) return undefined;
      turning.add(job.name);
      try {
        return await handler(job.data as Jobs[JobName<Jobs>]);
      } finally {
        turning.delete(job.name);
      }
    };
    const worker = new BoundedWorker(this.name, run, { connection: queueConnection(this.redis.url), prefix: this.redis.prefix, concurrency: options.concurrency });
    survivesRedisOutage(worker, `${this.name} worker`, log);
    worker.on('failed', (job, err) => log.warn({ queue: this.name, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, `${this.name} job failed`));

    const reconcile = async () => {
      for (const [name, ms] of every) {
        try {
          if (ms > 0) await this.bullmq.upsertJobScheduler(name, { every: ms }, { name, data: {}, opts: { attempts: 1, removeOnComplete: true } });
          else await this.bullmq.removeJobScheduler(name);
        } catch (error) {
          log.warn({ queue: this.name, job: name, err: (error as Error).message }, `${this.name}: scheduling ${name} failed; the next reconcile retries`);
        }
      }
    };
    await reconcile();
    return { reconcile, close: () => worker.close() };
  }

  close(): Promise<void> {
    return this.bullmq.close();
  }
}
