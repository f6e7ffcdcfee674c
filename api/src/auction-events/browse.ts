/**
 * Auction events as buyers browse them: published events (admins: drafts too), soonest first, each with its
 * published lots counted. `status` follows the event clock.
 */
import { paginationOf, type AuctionEvent, type AuctionEventStatus, type Pagination } from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { eventStatusWhere } from './event-status.ts';
import type { UserRow } from '../auth/session.ts';
import { containing } from '../db/search-text.ts';
import { presentEvent } from './present.ts';

/** Admins see drafts too (the admin area lists and opens them here); everyone else only published events. */
const visibleTo = (viewer: Pick<UserRow, 'role'> | null): P.AuctionEventWhereInput => (viewer?.role === 'admin' ? {} : { published: true });

const EVENT_LIMIT = 20;

const withLotCount = { _count: { select: { lots: { where: { published: true } } } } } as const;

/** Events the viewer may see, soonest first, by page (from 1). */
export async function browseEvents(
  prisma: PrismaClient,
  query: { page?: number; limit?: number; status?: AuctionEventStatus; search?: string },
  viewer: Pick<UserRow, 'role'> | null,
): Promise<{ data: AuctionEvent[]; pagination: Pagination }> {
  const limit = query.limit ?? EVENT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where: P.AuctionEventWhereInput = {
    AND: [visibleTo(viewer), query.status ? eventStatusWhere(query.status) : {}],
    ...(query.search ? { title: containing(query.search) } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.auctionEvent.findMany({ where, include: withLotCount, orderBy: [{ startTime: 'asc' }, { id: 'asc' }], take: limit, skip: offset }),
    prisma.auctionEvent.count({ where }),
  ]);
  return { data: rows.map(presentEvent), pagination: paginationOf(total, limit, offset) };
}

/** One event the viewer may see, by id or by slug; otherwise not found. */
export async function eventBy(prisma: PrismaClient, by: 'id' | 'slug', value: string | undefined, viewer: Pick<UserRow, 'role'> | null): Promise<AuctionEvent> {
  const row = await prisma.auctionEvent.findFirst({ where: { [by]: value, ...visibleTo(viewer) }, include: withLotCount });
  if (!row) throw notFound('Auction event not found');
  return presentEvent(row);
}
