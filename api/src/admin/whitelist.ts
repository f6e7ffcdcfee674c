/**
 * The admin's whitelist (decided; the spec shows the screen without contents): wallet addresses or e-mails
 * allowed to bid on whitelist-only auction events, for one event or for all of them. Enforced by the bid and Buy
 * Now paths (bidding/whitelist-gate.ts). Addresses and e-mails are stored lower-case and matched as such.
 */
import type { z } from 'zod';
import { adminMessages, paginationOf, type Pagination, type WhitelistBody, type WhitelistEntry, type whitelistListQuerySchema, type whitelistUpdateBodySchema } from '@gavel/domain';
import { Refused, notFound } from '../refused.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import { escapeLike } from '../db/search-text.ts';

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
  if (!event) throw new Refused('not_found', adminMessages.eventNotFound, 'not_found', { auctionEventId: adminMessages.eventNotFound });
}

async function loadEntry(prisma: PrismaClient, id: string): Promise<EntryRow> {
  const row = await prisma.whitelistEntry.findUnique({ where: { id }, include: withEvent });
  if (!row) throw notFound(adminMessages.whitelistNotFound);
  return row;
}

/** NULL event ids are distinct to a unique index, so "for every event" duplicates are caught here. */
function duplicate(prisma: PrismaClient, target: { walletAddress: string | null; email: string | null }, eventId: string | null, exceptId?: string) {
  return prisma.whitelistEntry.findFirst({ where: { ...target, auctionEventId: eventId, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
}

/** Whitelist entries, newest first, filtered by event and searched by address or e-mail. */
export async function whitelistEntries(prisma: PrismaClient, query: z.output<typeof whitelistListQuerySchema>): Promise<{ data: WhitelistEntry[]; pagination: Pagination }> {
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
}

/** Adds a wallet address or an e-mail, for one event or (no event) for every whitelist-only event. */
export async function addToWhitelist(prisma: PrismaClient, user: Pick<UserRow, 'id'>, body: WhitelistBody): Promise<WhitelistEntry> {
  await checkEvent(prisma, body.auctionEventId);
  const target = { walletAddress: body.walletAddress?.toLowerCase() ?? null, email: body.email ?? null };
  const eventId = body.auctionEventId ?? null;
  if (await duplicate(prisma, target, eventId))
    throw new Refused('conflict', adminMessages.whitelistDuplicate, 'duplicate', { [target.email ? 'email' : 'walletAddress']: adminMessages.whitelistDuplicate });
  const row = await prisma.whitelistEntry.create({ data: { ...target, auctionEventId: eventId, note: body.note ?? '', createdById: user.id }, include: withEvent });
  return present(row);
}

/** Changes an entry's event or note. */
export async function changeWhitelistEntry(prisma: PrismaClient, id: string, body: z.output<typeof whitelistUpdateBodySchema>): Promise<WhitelistEntry> {
  const row = await loadEntry(prisma, id);
  await checkEvent(prisma, body.auctionEventId);
  const eventId = body.auctionEventId === undefined ? row.auctionEventId : body.auctionEventId;
  if (await duplicate(prisma, { walletAddress: row.walletAddress, email: row.email }, eventId, row.id)) throw new Refused('conflict', adminMessages.whitelistDuplicate, 'duplicate');
  const updated = await prisma.whitelistEntry.update({
    where: { id: row.id },
    data: { auctionEventId: eventId, ...(body.note !== undefined ? { note: body.note } : {}) },
    include: withEvent,
  });
  return present(updated);
}

/** Removes an entry. */
export async function removeFromWhitelist(prisma: PrismaClient, id: string): Promise<void> {
  const row = await loadEntry(prisma, id);
  await prisma.whitelistEntry.delete({ where: { id: row.id } });
}
