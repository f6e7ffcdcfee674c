/**
 * Admin auction events: create, edit, publish, delete (admin/event-writes.ts), and the admin lists (drafts
 * included, with the whitelist-only flag; admin/event-view.ts). The public GET routes (auction-events.ts) show
 * published events only.
 */
import {
  adminAuctionEventListSchema,
  adminAuctionEventReplySchema,
  adminMessages,
  auctionEventBodySchema,
  auctionEventListQuerySchema,
  auctionEventUpdateBodySchema,
  deletedReplySchema,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { adminEvent, adminEventList } from '../admin/event-view.ts';
import { createEvent, deleteEvent, publishEvent, updateEvent } from '../admin/event-writes.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: auction events';

export function adminEventRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

  routes.add({
    method: 'post',
    path: '/auction-events',
    tag: TAG,
    summary: 'Create an auction event (a draft until published)',
    description: 'The slug is made from the title when not given (made unique with -2, -3...). An explicit slug already in use is a 409.',
    access: admin,
    body: auctionEventBodySchema,
    reply: adminAuctionEventReplySchema,
    status: 201,
    errors: { 409: adminMessages.slugTaken },
    handler: async ({ body }) => ({ message: adminMessages.eventCreated, data: await createEvent(services, body) }),
  });

  routes.add({
    method: 'put',
    path: '/auction-events/:id',
    tag: TAG,
    summary: 'Edit an auction event (absent fields keep their values)',
    description:
      'Its lots keep their own times, unless firstCloseAt and closeIntervalSeconds are given: then every open lot (in lot order) closes in turn, the first at firstCloseAt and each next one the interval later, and the event ends no earlier than its last turn. Both null stops closing in turn (lots keep their ends). New lot times are held to the new window.',
    access: admin,
    body: auctionEventUpdateBodySchema,
    reply: adminAuctionEventReplySchema,
    errors: { 404: adminMessages.eventNotFound, 409: adminMessages.slugTaken },
    handler: async ({ params, body }) => ({ message: adminMessages.eventUpdated, data: await updateEvent(services, params.id!, body) }),
  });

  routes.add({
    method: 'post',
    path: '/auction-events/:id/publish',
    tag: TAG,
    summary: 'Publish an auction event and its lots (idempotent)',
    access: admin,
    reply: adminAuctionEventReplySchema,
    errors: { 404: adminMessages.eventNotFound },
    handler: async ({ params }) => ({ message: adminMessages.eventPublished, data: await publishEvent(services, params.id!) }),
  });

  routes.add({
    method: 'delete',
    path: '/auction-events/:id',
    tag: TAG,
    summary: 'Delete an auction event and its lots, unless any of its lots has bids',
    access: admin,
    reply: deletedReplySchema,
    errors: { 404: adminMessages.eventNotFound, 409: adminMessages.eventHasBids },
    handler: async ({ params }) => {
      await deleteEvent(services, params.id!);
      return { message: adminMessages.eventDeleted, data: { _id: params.id! } };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events',
    tag: TAG,
    summary: 'Every auction event, drafts included (status=draft for drafts only), latest start first',
    access: admin,
    query: auctionEventListQuerySchema,
    reply: adminAuctionEventListSchema,
    handler: ({ query }) => adminEventList(prisma, query),
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events/:id',
    tag: TAG,
    summary: 'One auction event, draft or not',
    access: admin,
    reply: adminAuctionEventReplySchema,
    errors: { 404: adminMessages.eventNotFound },
    handler: async ({ params }) => ({ data: await adminEvent(prisma, params.id!) }),
  });
}
