/**
 * Admin inscription lists: every inscription Gavel knows (the Inscription table
 * the inscription flow fills), filtered by status, wallet and whether a lot sells it; and counts. A lot
 * "has" an inscription when its inscriptionId is that inscription's.
 */
import { ADMIN_INSCRIPTIONS_LIMIT, adminInscriptionListQuerySchema, adminInscriptionListSchema, inscriptionStatsSchema, paginationOf, type AdminInscription } from '@gavel/domain';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: inscriptions';

interface Row {
  id: string;
  inscriptionId: string | null;
  walletAddress: string;
  status: string;
  contentType: string | null;
  ipfsUrl: string | null;
  createdHere: boolean;
  gatewayUrl: string | null;
  createdAt: Date;
  lotId: string | null;
}

export function adminInscriptionRoutes(routes: RouteTable, { db }: Services): void {
  routes.add({
    method: 'get',
    path: '/inscriptions/admin/all',
    tag: TAG,
    summary: 'Inscriptions, newest first (limit 20, page from 1; status, walletAddress, hasAuction)',
    access: admin,
    query: adminInscriptionListQuerySchema,
    reply: adminInscriptionListSchema,
    handler: async ({ query }) => {
      const limit = query.limit ?? ADMIN_INSCRIPTIONS_LIMIT;
      const offset = ((query.page ?? 1) - 1) * limit;
      const params: unknown[] = [];
      const where: string[] = [];
      if (query.status) where.push(`i.status = $${params.push(query.status)}`);
      if (query.walletAddress) where.push(`lower(i."walletAddress") = lower($${params.push(query.walletAddress)})`);
      if (query.hasAuction !== undefined) where.push(`${query.hasAuction ? '' : 'NOT '}EXISTS (SELECT 1 FROM "Lot" l WHERE l."inscriptionId" = i."inscriptionId")`);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [rows, counted] = await Promise.all([
        db.sql<Row>(
        `SELECT i.id, i."inscriptionId", i."walletAddress", i.status, i."contentType", i."ipfsUrl", i."gatewayUrl", i."createdAt",
                i."commitAddress" IS NOT NULL AS "createdHere",
                (SELECT l.id FROM "Lot" l WHERE l."inscriptionId" = i."inscriptionId" ORDER BY l."createdAt" DESC LIMIT 1) AS "lotId"
           FROM "Inscription" i ${filter}
          ORDER BY i."createdAt" DESC, i.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Inscription" i ${filter}`, params),
      ]);
      const data: AdminInscription[] = rows.map((r) => ({
        _id: r.id,
        inscriptionId: r.inscriptionId,
        walletAddress: r.walletAddress,
        status: r.status,
        contentType: r.contentType,
        ipfsUrl: r.ipfsUrl,
        gatewayUrl: r.gatewayUrl,
        auctionId: r.lotId,
        hasAuction: r.lotId !== null,
        createdHere: r.createdHere,
        createdAt: new Date(r.createdAt).toISOString(),
      }));
      return { data, pagination: paginationOf(counted[0]?.n ?? 0, limit, offset) };
    },
  });

  routes.add({
    method: 'get',
    path: '/inscriptions/admin/stats',
    tag: TAG,
    summary: 'Inscriptions by status, and how many a lot sells',
    access: admin,
    reply: inscriptionStatsSchema,
    handler: async () => {
      const rows = await db.sql<{ status: string; n: number; with_auction: number }>(
        `SELECT i.status, count(*)::int AS n,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Lot" l WHERE l."inscriptionId" = i."inscriptionId"))::int AS with_auction
           FROM "Inscription" i GROUP BY i.status`,
      );
      return {
        data: {
          total: rows.reduce((t, r) => t + r.n, 0),
          withAuction: rows.reduce((t, r) => t + r.with_auction, 0),
          byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
        },
      };
    },
  });
}
