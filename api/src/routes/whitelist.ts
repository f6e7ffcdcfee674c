/**
 * Admin whitelist (decided; the spec shows the screen without contents): wallet addresses or e-mails allowed
 * to bid on whitelist-only auction events, for one event or for all of them. Enforced by the bid and Buy Now
 * paths (bidding/whitelist-gate.ts). Addresses and e-mails are stored lower-case and matched as such.
 */
import {
  adminMessages,
  deletedReplySchema,
  paginationOf,
  whitelistBodySchema,
  whitelistEntryReplySchema,
  whitelistListQuerySchema,
  whitelistListSchema,
  whitelistUpdateBodySchema,
  type WhitelistEntry,
} from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { escapeLike } from '../db/search-text.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: whitelist';
const withEvent = { auctionEvent: { select: { title: true } } } as const;
type EntryRow = P.WhitelistEntryGetPayload<{ include: typeof withEvent }>;

const present = (row: EntryRow): WhitelistEntry => ({
  _id: row.id,
  walletAddress: row.walletAddress,
  email: row.email,
  auctionEventId: row.auctionEventId,
  auctionEventTitle: row.auctionEvent?.title ?? null,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

async function checkEvent(prisma: PrismaClient, eventId: string | null | undefined): Promise<void> {
  if (!eventId) return;
  const event = await prisma.auctionEvent.findUnique({ where: { id: eventId }, select: { id: true } });
  if (!event) throw new HttpError(404, adminMessages.eventNotFound, 'not_found', { auctionEventId: adminMessages.eventNotFound });
}

export function whitelistRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;
  const load = async (id: string) => {
    const row = await prisma.whitelistEntry.findUnique({ where: { id }, include: withEvent });
    if (!row) throw new HttpError(404, adminMessages.whitelistNotFound, 'not_found');
    return row;
  };
  // NULL event ids are distinct to a unique index, so "for every event" duplicates are caught here.
  const duplicate = (target: { walletAddress: string | null; email: string | null }, eventId: string | null, exceptId?: string) =>
    prisma.whitelistEntry.findFirst({ where: { ...target, auctionEventId: eventId, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });

  routes.add({
    method: 'get',
    path: '/admin/whitelist',
    tag: TAG,
    summary: 'Whitelist entries, newest first (filter by event, search address or e-mail)',
    access: admin,
    query: whitelistListQuerySchema,
    reply: whitelistListSchema,
    handler: async ({ query }) => {
      const limit = query.limit ?? 20;
      const offset = query.offset ?? 0;
      const search = query.search?.toLowerCase();
      const where: P.WhitelistEntryWhereInput = {
        ...(query.auctionEventId ? { auctionEventId: query.auctionEventId } : {}),
        ...(search ? { OR: [{ email: { contains: escapeLike(search) } }, { walletAddress: { contains: escapeLike(search) } }] } : {}),
      };
      const [rows, total] = await Promise.all([
        prisma.whitelistEntry.findMany({ where, include: withEvent, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
        prisma.whitelistEntry.count({ where }),
      ]);
      return { data: rows.map(present), pagination: paginationOf(total, limit, offset) };
    },
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
    handler: async ({ body, user }) => {
      await checkEvent(prisma, body.auctionEventId);
      const target = { walletAddress: body.walletAddress?.toLowerCase() ?? null, email: body.email ?? null };
      const eventId = body.auctionEventId ?? null;
      if (await duplicate(target, eventId)) throw new HttpError(409, adminMessages.whitelistDuplicate, 'duplicate', { [target.email ? 'email' : 'walletAddress']: adminMessages.whitelistDuplicate });
      const row = await prisma.whitelistEntry.create({ data: { ...target, auctionEventId: eventId, note: body.note ?? '', createdById: user.id }, include: withEvent });
      return { message: adminMessages.whitelistAdded, data: present(row) };
    },
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
    handler: async ({ params, body }) => {
      const row = await load(params.id!);
      await checkEvent(prisma, body.auctionEventId);
      const eventId = body.auctionEventId === undefined ? row.auctionEventId : body.auctionEventId;
      if (await duplicate({ walletAddress: row.walletAddress, email: row.email }, eventId, row.id)) throw new HttpError(409, adminMessages.whitelistDuplicate, 'duplicate');
      const updated = await prisma.whitelistEntry.update({
        where: { id: row.id },
        data: { auctionEventId: eventId, ...(body.note !== undefined ? { note: body.note } : {}) },
        include: withEvent,
      });
      return { message: adminMessages.whitelistUpdated, data: present(updated) };
    },
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
      const row = await load(params.id!);
      await prisma.whitelistEntry.delete({ where: { id: row.id } });
      return { message: adminMessages.whitelistRemoved, data: { _id: row.id } };
    },
  });
}
