/**
 * The spec's raw admin helper retries an admin path under /api, /v1 and /api/v1 when the bare one answers 404 or
 * 405. Gavel has one base path, but answers the admin area under those prefixes too, so a client written for the
 * spec's helper finds the same routes (with the same access rules) wherever it asks first.
 */
import type { Context, Next } from 'koa';

const PREFIX = /^\/(?:api\/v1|v1|api)(?=\/admin(?:\/|$))/;

export function adminPrefixes() {
  return async (ctx: Context, next: Next) => {
    if (PREFIX.test(ctx.path)) ctx.path = ctx.path.replace(PREFIX, '');
    await next();
  };
}
