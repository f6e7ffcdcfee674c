/** The public auction events (auction-events/browse.ts): published ones, and drafts too for admins. */
import { auctionEventListQuerySchema, auctionEventListSchema, auctionEventReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { browseEvents, eventBy } from '../auction-events/browse.ts';

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
    handler: async ({ query, user }) => browseEvents(db.prisma, query, user),
  });

  const one =
    (by: 'id' | 'slug') =>
    async ({ params, user }: { params: Record<string, string>; user: UserRow | null }) => ({ data: await eventBy(db.prisma, by, params[by], user) });
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
