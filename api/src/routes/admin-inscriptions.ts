/**
 * Admin inscription lists: every inscription Gavel knows, filtered by status, wallet and whether a lot sells
 * it; and counts. Gavel knows an inscription it created (POST /inscriptions/create), one read from a linked
 * wallet (sync-wallet-inscriptions, which the demo runs for its seller), and one only a lot names: the last
 * has no Inscription row, so it is listed from the lot, under its seller's wallet, with the status
 * "unverified" (nobody asked ord about it). A lot "has" an inscription when its inscriptionId is that
 * inscription's.
 */
import { ADMIN_INSCRIPTIONS_LIMIT, adminInscriptionListQuerySchema, adminInscriptionListSchema, inscriptionStatsSchema, paginationOf, type AdminInscription } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: inscriptions';
/** The status of an inscription only a lot names. */
const UNVERIFIED = 'unverified';

/**
 * Every inscription Gavel knows, one row each: the Inscription table, then the inscriptions of lots that
 * have no row there (one per inscription, dated by the first lot that named it).
 */
const KNOWN = `
  SELECT i.id, i."inscriptionId", i."walletAddress", i.status, i."contentType", i."ipfsUrl", i."gatewayUrl", i."createdAt",
         i."commitAddress" IS NOT NULL AS "createdHere"
    FROM "Inscription" i
  UNION ALL
  (SELECT DISTINCT ON (l."inscriptionId") l."inscriptionId", l."inscriptionId", coalesce(l."sellerWalletAddress", ''), '${UNVERIFIED}',
          NULL, NULL, NULL, l."createdAt", false
     FROM "Lot" l
    WHERE l."inscriptionId" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "Inscription" i WHERE i."inscriptionId" = l."inscriptionId")
    ORDER BY l."inscriptionId", l."createdAt")`;
const ON_A_LOT = `EXISTS (SELECT 1 FROM "Lot" l WHERE l."inscriptionId" = k."inscriptionId")`;

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
    summary: 'Inscriptions Gavel knows, newest first (limit 20, page from 1; status, walletAddress, hasAuction)',
    description: `Created here, read from a linked wallet, or named by a lot only (status "${UNVERIFIED}", the lot seller's wallet).`,
    access: admin,
    query: adminInscriptionListQuerySchema,
    reply: adminInscriptionListSchema,
    handler: async ({ query }) => {
      const limit = query.limit ?? ADMIN_INSCRIPTIONS_LIMIT;
      const offset = ((query.page ?? 1) - 1) * limit;
      const params: unknown[] = [];
      const where: string[] = [];
      if (query.status) where.push(`k.status = $${params.push(query.status)}`);
      if (query.walletAddress) where.push(`lower(k."walletAddress") = lower($${params.push(query.walletAddress)})`);
      if (query.hasAuction !== undefined) where.push(`${query.hasAuction ? '' : 'NOT '}${ON_A_LOT}`);
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [rows, counted] = await Promise.all([
        db.sql<Row>(
          `SELECT k.*, (SELECT l.id FROM "Lot" l WHERE l."inscriptionId" = k."inscriptionId" ORDER BY l."createdAt" DESC LIMIT 1) AS "lotId"
             FROM (${KNOWN}) k ${filter}
            ORDER BY k."createdAt" DESC, k.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM (${KNOWN}) k ${filter}`, params),
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
        `SELECT k.status, count(*)::int AS n, count(*) FILTER (WHERE ${ON_A_LOT})::int AS with_auction
           FROM (${KNOWN}) k GROUP BY k.status`,
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
