import { z } from 'zod';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';

export function healthRoutes(routes: RouteTable, { db, health }: Services): void {
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
    summary: 'The database and Redis answer (each within a bounded wait: one that went silent reads as not ready)',
    reply: z.object({ status: z.literal('ready'), database: z.string(), redis: z.string() }),
    errors: { 503: 'A dependency does not answer' },
    handler: async () => {
      const ready = await health.check();
      const failed = (['database', 'redis'] as const).filter((dependency) => !ready[dependency]);
      if (failed.length) throw new Refused('unavailable', `Not ready: ${failed.join(', ')} did not answer`, 'not_ready');
      return { status: 'ready' as const, database: db.kind, redis: 'ok' };
    },
  });
}
