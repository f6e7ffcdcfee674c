/**
 * How long anything waits on Redis, for every connection the api and its worker open (the api's own client, its
 * pub/sub subscriber, and BullMQ's queue, worker and blocking connections). A connection that went silent (a hung
 * server, a dropped route) never errors by itself: without these bounds its commands wait forever and the jobs
 * behind them stall. The rules, in one place:
 * - a connection that owes an answer and hears nothing for its socket timeout is dropped, its pending commands
 *   fail, and ioredis connects again (a connection opened while Redis was silent is dropped the same way, so a new
 *   one is tried soon after Redis answers);
 * - BullMQ's blocking reads (BZPOPMIN) are capped at BLOCKING_WAIT_S, and BullMQ gives up on one a second past
 *   its own wait, so the queue connections' socket timeout sits above both, never cutting a healthy wait short;
 * - the subscriber only listens, so it pings now and then to have something to hear: a dead subscription is
 *   noticed, and ioredis subscribes again on the new connection.
 */
import { Worker, type Processor, type WorkerOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/** The longest a BullMQ worker blocks waiting for a job, in seconds (BullMQ's own ceiling is 10). */
export const BLOCKING_WAIT_S = 2;
/** BullMQ abandons a blocking read this long past its wait when no answer came. */
const BULLMQ_WATCHDOG_MS = 1000;
/** The api's own commands are quick: a connection silent this long while owing an answer is dead. */
const CLIENT_SOCKET_TIMEOUT_MS = 2000;
/** Queue connections also carry the blocking reads, so they wait past a whole blocking read and its watchdog. */
const QUEUE_SOCKET_TIMEOUT_MS = BLOCKING_WAIT_S * 1000 + BULLMQ_WATCHDOG_MS + 1000;
/** How often the subscriber pings. */
const SUBSCRIBER_PING_MS = 1000;
/** Reconnect attempts come at most this far apart, so a Redis that answers again is found within it. */
const MAX_RECONNECT_DELAY_MS = 500;

const reconnectSoon = (times: number) => Math.min(50 * times, MAX_RECONNECT_DELAY_MS);

/** The api's own clients: commands wait out an outage in the offline queue (no per-request retry limit), but each is given up after the socket timeout. */
export function clientOptions(): RedisOptions {
  return {
    maxRetriesPerRequest: null,
    lazyConnect: true,
    socketTimeout: CLIENT_SOCKET_TIMEOUT_MS,
    commandTimeout: CLIENT_SOCKET_TIMEOUT_MS,
    connectTimeout: CLIENT_SOCKET_TIMEOUT_MS,
    retryStrategy: reconnectSoon,
  };
}

/** BullMQ's connections (queues, workers and their blocking reads): BullMQ retries its own commands, so no per-request limit. */
export function queueConnection(url: string) {
  return {
    url,
    maxRetriesPerRequest: null,
    socketTimeout: QUEUE_SOCKET_TIMEOUT_MS,
    connectTimeout: QUEUE_SOCKET_TIMEOUT_MS,
    retryStrategy: reconnectSoon,
  };
}

/** Pings the subscriber now and then, so that its socket timeout has an answer to wait for. Returns the stop. */
export function keepSubscriberAlive(subscriber: Redis, log: Logger): () => void {
  const timer = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().catch((err: Error) => log.debug({ err: err.message }, 'redis subscriber ping unanswered'));
  }, SUBSCRIBER_PING_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** A BullMQ worker whose blocking reads never wait longer than BLOCKING_WAIT_S, delayed jobs or not. */
export class BoundedWorker extends Worker {
  constructor(name: string, processor: Processor, options: WorkerOptions) {
    super(name, processor, { ...options, drainDelay: BLOCKING_WAIT_S });
  }

  override get maximumBlockTimeout(): number {
    return BLOCKING_WAIT_S;
  }
}
