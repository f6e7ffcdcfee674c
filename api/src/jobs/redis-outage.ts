import type { Logger } from 'pino';

/**
 * BullMQ queues and workers emit 'error' when Redis goes away; an EventEmitter with no 'error' listener throws,
 * which would kill the worker process during an outage it is built to ride out (it reconnects, and the
 * reconcile loop rebuilds lost jobs). Every queue and worker (job-queue.ts) and the api's own Redis clients go
 * through here.
 */
export function survivesRedisOutage<T extends { on(event: 'error', listener: (err: Error) => void): unknown }>(emitter: T, what: string, log: Logger): T {
  let last = 0;
  emitter.on('error', (err) => {
    // One line per 10 s is enough while Redis is down; it retries many times a second.
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    log.warn({ err: err.message }, `${what}: Redis error; retrying`);
  });
  return emitter;
}
