/** The admin dashboard's figures (admin/stats.ts counts them). */
import { auctionStatsSchema, kycStatsSchema, platformStatsSchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { auctionStats, kycStats, platformStats } from '../admin/stats.ts';
import { relayerExposure } from '../relayer/unpaid-wins.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: statistics';

export function adminStatsRoutes(routes: RouteTable, { db, health }: Services): void {
  routes.add({
    method: 'get',
    path: '/admin/platform-stats',
    tag: TAG,
    summary: 'Users by KYC status, events, lots by status and payment method, bids today, gross sales by currency',
    access: admin,
    reply: platformStatsSchema,
    handler: async () => ({ data: await platformStats(db) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-stats',
    tag: TAG,
    summary: 'Lots by status and payment method, bids today, lots ending within 24 h, settlement progress, gross sales, relayed wins left unpaid, dependencies degraded and for how long',
    access: admin,
    reply: auctionStatsSchema,
    handler: async () => ({ data: await auctionStats(db, { relayerExposure: () => relayerExposure(db.prisma), degradations: () => health.record.list() }) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/kyc-stats',
    tag: TAG,
    summary: 'Users by KYC status, payment verification, identity checks waiting for review',
    access: admin,
    reply: kycStatsSchema,
    handler: async () => ({ data: await kycStats(db) }),
  });
}
