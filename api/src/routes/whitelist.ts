/** The admin's whitelist screen (admin/whitelist.ts keeps the entries; bidding/whitelist-gate.ts enforces them). */
import { adminMessages, deletedReplySchema, whitelistBodySchema, whitelistEntryReplySchema, whitelistListQuerySchema, whitelistListSchema, whitelistUpdateBodySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { addToWhitelist, changeWhitelistEntry, removeFromWhitelist, whitelistEntries } from '../admin/whitelist.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: whitelist';

export function whitelistRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/admin/whitelist',
    tag: TAG,
    summary: 'Whitelist entries, newest first (filter by event, search address or e-mail)',
    access: admin,
    query: whitelistListQuerySchema,
    reply: whitelistListSchema,
    handler: ({ query }) => whitelistEntries(prisma, query),
  });

  routes.add({
    method: 'post',
    path: '/admin/whitelist',
    tag: TAG,
    summary: 'Add a wallet address or an e-mail (for one event, or all whitelist-only events when auctionEventId is absent)',
    access: admin,
    body: whitelistBodySchema,
    reply: whitelistEntryReplySchema,
    status: 201,
    errors: { 404: adminMessages.eventNotFound, 409: adminMessages.whitelistDuplicate },
    handler: async ({ body, user }) => ({ message: adminMessages.whitelistAdded, data: await addToWhitelist(prisma, user, body) }),
  });

  routes.add({
    method: 'put',
    path: '/admin/whitelist/:id',
    tag: TAG,
    summary: 'Change an entry’s event or note',
    access: admin,
    body: whitelistUpdateBodySchema,
    reply: whitelistEntryReplySchema,
    errors: { 404: adminMessages.whitelistNotFound, 409: adminMessages.whitelistDuplicate },
    handler: async ({ params, body }) => ({ message: adminMessages.whitelistUpdated, data: await changeWhitelistEntry(prisma, params.id!, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/admin/whitelist/:id',
    tag: TAG,
    summary: 'Remove an entry',
    access: admin,
    reply: deletedReplySchema,
    errors: { 404: adminMessages.whitelistNotFound },
    handler: async ({ params }) => {
      await removeFromWhitelist(prisma, params.id!);
      return { message: adminMessages.whitelistRemoved, data: { _id: params.id! } };
    },
  });
}
