import { auctionEventListQuerySchema, auctionEventListSchema, auctionEventReplySchema, paginationOf } from '@gavel/domain';
import { presentEvent } from '../auction-events/present.ts';
import { notFound } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Prisma as P } from '../generated/prisma/client.ts';
import { eventStatusWhere } from '../admin/event-status.ts';
import type { UserRow } from '../auth/session.ts';
import { containing } from '../db/search-text.ts';

/** Admins see drafts too (the admin area lists and opens them here); everyone else only published events. */
const visibleTo = (user: UserRow | null): P.AuctionEventWhereInput => (user?.role === 'admin' ? {} : { published: true });

const EVENT_LIMIT = 20;

const withLotCount = { _count: { select: { lots: { where: { published: true } } } } } as const;

export function auctionEventRoutes(routes: RouteTable, { db }: Services): void {
  routes.add({
    method: 'get',
    path: '/auction-events',
    tag: 'Browsing',
    summary: 'Auction events',
    description:
      'Published events (admins: drafts too), soonest first. `status` follows the event clock (upcoming, live, ended by its times; draft while unpublished). Paging by page (from 1) and limit (default 20).',
    query: auctionEventListQuerySchema,
    reply: auctionEventListSchema,
    handler: async ({ query, user }) => {
      const limit = query.limit ?? EVENT_LIMIT;
      const offset = ((query.page ?? 1) - 1) * limit;
      const where: P.AuctionEventWhereInput = {
        AND: [visibleTo(user), query.status ? eventStatusWhere(query.status) : {}],
        ...(query.search ? { title: containing(query.search) } : {}),
      };
      const [rows, total] = await Promise.all([
        db.prisma.auctionEvent.findMany({ where, include: withLotCount, orderBy: [{ startTime: 'asc' }, { id: 'asc' }], take: limit, skip: offset }),
        db.prisma.auctionEvent.count({ where }),
      ]);
      return { data: rows.map(presentEvent), pagination: paginationOf(total, limit, offset) };
    },
  });

  const one =
    (by: 'id' | 'slug') =>
    async ({ params, user }: { params: Record<string, string>; user: UserRow | null }) => {
      const row = await db.prisma.auctionEvent.findFirst({ where: { [by]: params[by], ...visibleTo(user) }, include: withLotCount });
      if (!row) throw notFound('Auction event not found');
      return { data: presentEvent(row) };
    };
  routes.add({
    method: 'get',
    path: '/auction-events/:id',
    tag: 'Browsing',
    summary: 'One auction event',
    reply: auctionEventReplySchema,
    errors: { 404: 'Auction event not found' },
    handler: one('id'),
  });
  routes.add({
    method: 'get',
    path: '/auction-events/slug/:slug',
    tag: 'Browsing',
    summary: 'One auction event by slug',
    reply: auctionEventReplySchema,
    errors: { 404: 'Auction event not found' },
    handler: one('slug'),
  });
}
