import { z } from 'zod';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { HttpError } from '../http/errors.ts';

export function healthRoutes(routes: RouteTable, { db, redis }: Services): void {
  routes.add({
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'The process is up',
    reply: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  });

  routes.add({
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'The database and Redis answer',
    reply: z.object({ status: z.literal('ready'), database: z.string(), redis: z.string() }),
    errors: { 503: 'A dependency does not answer' },
    handler: async () => {
      const checks = await Promise.allSettled([db.sql('SELECT 1'), redis.ping()]);
      const failed = checks.flatMap((c, i) => (c.status === 'rejected' ? [i === 0 ? 'database' : 'redis'] : []));
      if (failed.length) throw new HttpError(503, `Not ready: ${failed.join(', ')} did not answer`, 'not_ready');
      return { status: 'ready' as const, database: db.kind, redis: 'ok' };
    },
  });
}
