import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request, after it is answered. */
export function requestLog(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    await next();
    if (log.isLevelEnabled('info')) {
      log.info({ method: ctx.method, url: loggedUrl(ctx.url), status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  };
}

/** Query parameters whose name holds one of these words carry secrets (tickets, codes, tokens...). */
const SECRET_PARAM = /token|ticket|code|password|secret/i;

/**
 * A request address as logs may keep it: the values of secret-looking query parameters are replaced, whoever
 * sent them, so no log line holds a credential. Every log line that names an address goes through here.
 */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAM.test(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${params.join('&')}`;
}

/** The name as the server reads it (`t%6Fken` is `token`); a malformed escape is judged as written. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
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
