/**
 * Admin lot management: create, edit, delete, publish, end, cancel, the admin
 * lists (drafts included) and the admin bid views. Every route is admin-only; a missing lot is the spec's
 * 404 "Auction not found. It may have been deleted.".
 */
import {
  adminMessages,
  adminBidListQuerySchema,
  adminBidListSchema,
  adminLotListQuerySchema,
  adminLotListSchema,
  adminLotReplySchema,
  deletedReplySchema,
  lotCreateBodySchema,
  lotUpdateBodySchema,
  messages,
  type LotCreateBody,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { loadLot, presentAdminLot } from '../admin/lot-view.ts';
import { paymentMismatchesOf } from '../admin/payment-mismatches.ts';
import { unpaidLotOf } from '../checkout/second-chance.ts';
import { cancelLot, createLot, deleteLot, endLot, publishLot, updateLot } from '../admin/lot-writes.ts';
import { adminBids, adminLots } from '../admin/lot-lists.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: lots';
const NOT_FOUND = { 404: messages.browse.auctionNotFoundAdmin };

export function adminLotRoutes(routes: RouteTable, services: Services): void {
  const { db } = services;
  const { imageGateway } = services.config.storage;
  const CREATE_NOTES =
    'Amounts in the lot’s display unit (sats, ETH, USD). The lot form’s rules apply (domain lot-edit-rules.ts): title, times, ' +
    'end after start, inside the event’s window, starting bid above 0, reserve not negative. Created as a draft unless `published: true`.';

  // The event comes in the body on the spec's two create paths, and in the path on the v2 one; the rest is one route.
  const createLotRoute = (path: string, summary: string, eventIdOf: (params: Record<string, string>, body: LotCreateBody) => string | undefined) =>
    routes.add({
      method: 'post',
      path,
      tag: TAG,
      summary,
      description: CREATE_NOTES,
      access: admin,
      body: lotCreateBodySchema,
      reply: adminLotReplySchema,
      status: 201,
      errors: { 404: adminMessages.eventNotFound },
      handler: async ({ params, body, user }) => ({
        message: adminMessages.lotCreated,
        data: presentAdminLot(imageGateway, await createLot(services, user, eventIdOf(params, body), body)),
      }),
    });
  for (const path of ['/auctions', '/auctions/create']) createLotRoute(path, 'Create a lot in an auction event (auctionEventId in the body)', (_params, body) => body.auctionEventId);
  createLotRoute('/auctions-v2/:auctionId/lots', 'Create a lot in the auction event :auctionId', (params) => params.auctionId);

  // The spec does not say whether the edit form PUTs or PATCHes: both are the same partial update.
  for (const [base, method] of [
    ['/lots', 'put'],
    ['/auctions', 'put'],
    ['/lots', 'patch'],
    ['/auctions', 'patch'],
  ] as const) {
    routes.add({
      method,
      path: `${base}/:id`,
      tag: TAG,
      summary: 'Edit a lot (absent fields keep their values)',
      description:
        'Ended lots: 409 "Cannot Edit Ended Auction.". Live lots: the start is locked, the end may move (never before the start). ' +
        'Times within 60 s of the stored ones count as unchanged. The starting bid and payment method are locked once bids exist. ' +
        'A new end reschedules the close; browse caches drop the old lot at once.',
      access: admin,
      body: lotUpdateBodySchema,
      reply: adminLotReplySchema,
      errors: { ...NOT_FOUND, 409: `${adminMessages.cannotEditEnded} / ${adminMessages.cannotEditCancelled}` },
      handler: async ({ params, body }) => ({ message: adminMessages.lotUpdated, data: presentAdminLot(imageGateway, await updateLot(services, params.id!, body)) }),
    });
  }

  for (const base of ['/lots', '/auctions']) {
    routes.add({
      method: 'delete',
      path: `${base}/:id`,
      tag: TAG,
      summary: 'Delete a lot that has no bids (cancel one that has)',
      access: admin,
      reply: deletedReplySchema,
      errors: { ...NOT_FOUND, 409: adminMessages.lotHasBids },
      handler: async ({ params }) => {
        await deleteLot(services, params.id!);
        return { message: adminMessages.lotDeleted, data: { _id: params.id! } };
      },
    });
  }

  routes.add({
    method: 'post',
    path: '/lots/:id/publish',
    tag: TAG,
    summary: 'Publish a draft lot (idempotent)',
    access: admin,
    reply: adminLotReplySchema,
    errors: NOT_FOUND,
    handler: async ({ params }) => ({ message: adminMessages.lotPublished, data: presentAdminLot(imageGateway, await publishLot(services, params.id!)) }),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/end',
    tag: TAG,
    summary: 'End a live lot now (the highest bid at or above the reserve wins)',
    access: admin,
    reply: adminLotReplySchema,
    errors: { ...NOT_FOUND, 409: `${adminMessages.alreadyEnded} / ${adminMessages.alreadyCancelled} / ${adminMessages.endNotStarted} / ${adminMessages.endsOnChain}` },
    handler: async ({ params }) => ({ message: adminMessages.lotEnded, data: presentAdminLot(imageGateway, await endLot(services, params.id!)) }),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/cancel',
    tag: TAG,
    summary: 'Cancel an open lot: no winner, bids cancelled, card holds released',
    access: admin,
    reply: adminLotReplySchema,
    errors: { ...NOT_FOUND, 409: `${adminMessages.alreadyEnded} / ${adminMessages.alreadyCancelled} / ${adminMessages.endsOnChain}` },
    handler: async ({ params }) => ({ message: adminMessages.lotCancelled, data: presentAdminLot(imageGateway, await cancelLot(services, params.id!)) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/auctions',
    tag: TAG,
    summary: 'All lots, drafts included, newest first (limit 20; offset or page)',
    access: admin,
    query: adminLotListQuerySchema,
    reply: adminLotListSchema,
    handler: async ({ query }) => adminLots(db, imageGateway, query),
  });

  routes.add({
    method: 'get',
    path: '/admin/auctions/:id',
    tag: TAG,
    summary: 'One lot as the admin sees it (drafts, reserve price, settlement, card payments that did not match what was owed, an unpaid purchase and its runner-up)',
    access: admin,
    reply: adminLotReplySchema,
    errors: NOT_FOUND,
    handler: async ({ params }) => {
      const row = await loadLot(db.prisma, params.id!);
      const lot = presentAdminLot(imageGateway, row);
      return { data: { ...lot, paymentMismatches: await paymentMismatchesOf(db.prisma, lot._id), unpaid: await unpaidLotOf(db.prisma, row) } };
    },
  });

  for (const path of ['/auctions/:id/bids/admin', '/admin/auctions/:id/bids']) {
    routes.add({
      method: 'get',
      path,
      tag: TAG,
      summary: 'Every bid on a lot, highest first, with the bidder named (limit 50)',
      access: admin,
      query: adminBidListQuerySchema,
      reply: adminBidListSchema,
      errors: NOT_FOUND,
      handler: async ({ params, query }) => adminBids(db.prisma, params.id!, query),
    });
  }
}
