import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request, after it is answered. */
export function requestLog(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    await next();
    if (log.isLevelEnabled('info')) {
      log.info({ method: ctx.method, url: ctx.url, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  };
}

/** The dapp is same-origin behind its proxy; direct browser callers must come from a listed origin. */
export function corsMiddleware(origins: string[]) {
  const allowed = new Set(origins);
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get('Origin');
    if (origin && allowed.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.set('Vary', 'Origin');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
        ctx.set('Access-Control-Allow-Headers', ctx.get('Access-Control-Request-Headers') || 'Content-Type, Authorization');
        ctx.status = 204;
        return;
      }
    }
    await next();
  };
}
