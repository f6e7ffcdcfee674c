import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { messages, type ApiError } from '@gavel/domain';
import { loggedUrl } from './middleware.ts';
import { CircuitOpenError } from '../health/breaker.ts';
import { notFound, Refused, type RefusalKind } from '../refused.ts';

/** The status each kind of refusal a feature throws is answered with: the one place the api's words meet HTTP's. */
const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_refused: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/** Every failure leaves as JSON {message, code, fields?}; anything unexpected is a logged 500 with no internals. */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound();
    } catch (error) {
      const body = toBody(error);
      ctx.status = body.status;
      ctx.body = body.json;
      if (error instanceof Refused) ctx.set(error.headers);
      // Every 503 says when to come back: a client (and a load balancer) retries then rather than at once.
      if (body.status === 503 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(RETRY_AFTER_S));
      // A client that hung up while its request was read is no fault of the api: nobody is left to answer.
      if (body.status >= 500 && ctx.req.destroyed && (error as { code?: string }).code === 'ECONNRESET') log.info({ method: ctx.method, url: loggedUrl(ctx.url) }, 'client closed the request');
      // A 5xx the api chose (a price or a service unavailable, with Retry-After) is expected: a warning, not a failure.
      else if (body.status >= 500 && (error instanceof Refused || body.json.code === 'busy' || body.json.code === 'unavailable'))
        log.warn({ code: body.json.code, status: body.status, method: ctx.method, url: loggedUrl(ctx.url) }, body.json.message);
      else if (body.status >= 500) log.error({ err: error, method: ctx.method, url: loggedUrl(ctx.url) }, 'request failed');
    }
  };
}

/**
 * The database could not be used just now: Prisma's codes for a pool that had no connection to give in time (P2024),
 * a transaction it could not start (P2028), a server it could not reach (P1001, P1002), a socket that timed out
 * (P1008) or a connection the server closed (P1017), and the driver's own words for the same. Nothing was written
 * (a transaction whose connection broke is rolled back by the server), so a retry a moment later will do.
 */
const DATABASE_BUSY = new Set(['P2024', 'P2028', 'P1001', 'P1002', 'P1008', 'P1017']);
const SOCKET_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P03']);
/** The database driver's words for a lost connection, and Redis's (ioredis) for a silent one given up on. */
const DRIVER_DOWN = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|Command timed out|Socket timeout/i;
/** The disk (or the quota) that would have held a file is full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
/** Seconds a 503 asks the client to wait before trying again. */
const RETRY_AFTER_S = 2;

/** Whether the error (or one it was caused by) says the database could not be used, rather than that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (DATABASE_BUSY.has(e.code) || SOCKET_DOWN.has(e.code))) return true;
    if (typeof e.message === 'string' && DRIVER_DOWN.test(e.message)) return true;
  }
  return false;
}

function toBody(error: unknown): { status: number; json: ApiError } {
  if (error instanceof Refused) {
    return { status: STATUS_OF[error.kind], json: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}), ...error.extra } };
  }
  // The database was busy past the wait (a load peak) or away (a restart, a cut): nothing was written, and a retry will do.
  if (isDatabaseUnavailable(error)) return { status: 503, json: { message: messages.server.busy, code: 'busy' } };
  // The disk is full: nothing was stored (stored files are written whole or not at all), so a retry once space is
  // freed will do; logged as an error, since only an operator can free it.
  if (isStorageFull(error)) return { status: 503, json: { message: messages.server.busy, code: 'storage_full' } };
  // An outside service whose circuit is open, where the route has no words of its own for it.
  if (error instanceof CircuitOpenError) return { status: 503, json: { message: messages.server.busy, code: 'unavailable' } };
  const status = (error as { status?: number; expose?: boolean }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, json: { message: (error as Error).message, code: 'bad_request' } };
  }
  return { status: 500, json: { message: messages.server.internal, code: 'internal' } };
}
