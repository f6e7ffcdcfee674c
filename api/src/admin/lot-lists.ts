/**
 * The admin's lists: every lot, drafts included, and every bid on a lot with the bidder named and the winning
 * bid marked.
 */
import { ADMIN_LOTS_LIMIT, paginationOf, unitFor, type AdminBid, type AdminLot, type AdminLotListQuery, type Pagination } from '@gavel/domain';
import { Prisma as P, type PrismaClient } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { phaseWhere } from '../lots/clock-sql.ts';
import { titleMatches } from '../lots/browse.ts';
import { likeOf } from '../db/search-text.ts';
import { lotInclude } from '../lots/present.ts';
import { fullNameOf } from '../auth/user-name.ts';
import { bidFields, maximumField } from '../bidding/present-bid.ts';
import { loadLot, presentAdminLot } from './lot-view.ts';

const { sql, join } = P;

/**
 * The admin's lot list selection, in SQL: status by the lot clock, as the dapp shows it (lots/clock-sql.ts, the
 * browse's phases), and the title search in the form its per-status trigram indexes answer (lots/browse.ts), which a
 * Prisma filter cannot write (it casts each status from a parameter, which the planner cannot match to an index's
 * condition).
 */
function adminLotsWhere(query: AdminLotListQuery, now: Date): P.Sql {
  const and: P.Sql[] = [sql`TRUE`];
  if (query.status) and.push(phaseWhere(query.status, now));
  if (query.search) and.push(titleMatches(likeOf(query.search), query.status, now));
  if (query.paymentMethod) and.push(sql`"paymentMethod" = ${query.paymentMethod}::"PaymentMethod"`);
  if (query.auctionEventId) and.push(sql`"auctionEventId" = ${query.auctionEventId}`);
  if (query.published !== undefined) and.push(sql`"published" = ${query.published}`);
  return join(and, ' AND ');
}

/** Every lot, drafts included, newest first (offset or page). */
export async function adminLots(db: Database, imageGateway: string, query: AdminLotListQuery): Promise<{ data: AdminLot[]; pagination: Pagination }> {
  const limit = query.limit ?? ADMIN_LOTS_LIMIT;
  const offset = query.page !== undefined ? (query.page - 1) * limit : (query.offset ?? 0);
  const now = new Date();
  const where = adminLotsWhere(query, now);
  const pageIds = sql`SELECT "id" FROM "Lot" WHERE ${where} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit} OFFSET ${offset}`;
  const counting = sql`SELECT count(*)::int AS "total" FROM "Lot" WHERE ${where}`;
  const [page, [counted]] = await Promise.all([db.sql<{ id: string }>(pageIds.text, pageIds.values), db.sql<{ total: number }>(counting.text, counting.values)]);
  const ids = page.map((row) => row.id);
  const byId = new Map((await db.prisma.lot.findMany({ where: { id: { in: ids } }, include: lotInclude })).map((row) => [row.id, row]));
  // A lot deleted between the two reads is left out of its page.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const total = counted?.total ?? 0;
  return { data: rows.map((row) => presentAdminLot(imageGateway, row, now)), pagination: paginationOf(total, limit, offset) };
}

/** Every bid on a lot, highest first, with the bidder named. */
export async function adminBids(prisma: PrismaClient, lotId: string, query: { limit?: number; offset?: number }): Promise<{ data: AdminBid[]; pagination: Pagination }> {
  const lot = await loadLot(prisma, lotId);
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const where = { lotId: lot.id };
  const [rows, total, top] = await Promise.all([
    prisma.bid.findMany({
      where,
      include: { user: { select: { id: true, email: true, name: true, firstName: true, lastName: true } } },
      orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
      take: limit,
      skip: offset,
    }),
    prisma.bid.count({ where }),
    prisma.bid.findFirst({ where: { lotId: lot.id, status: 'active' }, orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }], select: { id: true } }),
  ]);
  const unit = unitFor(lot.paymentMethod);
  const winning = lot.winningBidId ?? (lot.status === 'ended' ? null : top?.id);
  const data: AdminBid[] = rows.map((row) => ({
    ...bidFields(row, unit),
    ...maximumField(row.maximum, unit),
    holdStatus: row.holdStatus,
    isWinning: row.id === winning,
    bidder: {
      userId: row.userId,
      email: row.user?.email ?? null,
      name: row.user ? fullNameOf(row.user) : null,
    },
  }));
  return { data, pagination: paginationOf(total, limit, offset) };
}
