/**
 * The watchlist: the lots a signed-in user put a heart on, kept per user. Watching and unwatching are
 * idempotent (a second heart changes nothing). Decided: lot replies do not say whether the caller watches the
 * lot, since browse pages are cached once for every signed-in viewer; the dapp reads the watched ids once
 * (GET /watchlist/ids) and marks the hearts itself.
 */
import { chainLotListSchema, followListQuerySchema, messages, watchedIdsReplySchema, watchReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { unwatchLot, watchedIds, watchedLots, watchLot } from '../follow/watchlist.ts';

const TAG = 'Following';

export function watchlistRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

  routes.add({
    method: 'get',
    path: '/watchlist',
    tag: TAG,
    summary: 'The lots the signed-in user watches, latest watched first, presented like the browse list',
    access: {},
    query: followListQuerySchema,
    reply: chainLotListSchema,
    handler: ({ query, user }) => watchedLots(services, user.id, query),
  });

  routes.add({
    method: 'get',
    path: '/watchlist/ids',
    tag: TAG,
    summary: 'The ids of every lot the signed-in user watches (the hearts), latest watched first',
    access: {},
    reply: watchedIdsReplySchema,
    handler: async ({ user }) => ({ data: await watchedIds(prisma, user.id) }),
  });

  routes.add({
    method: 'put',
    path: '/watchlist/:lotId',
    tag: TAG,
    summary: 'Watch a lot (idempotent)',
    access: {},
    reply: watchReplySchema,
    errors: { 404: messages.browse.auctionNotFound },
    handler: async ({ params, user }) => ({ data: { lotId: await watchLot(prisma, user.id, params.lotId!), watched: true } }),
  });

  routes.add({
    method: 'delete',
    path: '/watchlist/:lotId',
    tag: TAG,
    summary: 'Stop watching a lot (idempotent)',
    access: {},
    reply: watchReplySchema,
    errors: { 404: messages.browse.auctionNotFound },
    handler: async ({ params, user }) => ({ data: { lotId: await unwatchLot(prisma, user.id, params.lotId!), watched: false } }),
  });
}
