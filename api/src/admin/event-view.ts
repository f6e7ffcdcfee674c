/**
 * Auction events as the admin sees them: drafts included, with the whitelist-only and vault-bids flags and the
 * house's rates as the admin edits them. The public replies (auction-events/present.ts) show published events only.
 */
import {
  adminMessages,
  paginationOf,
  rateScheduleWireSchema,
  taxTableWireSchema,
  type AdminAuctionEvent,
  type AuctionEventStatus,
  type Pagination,
  type RateScheduleWire,
  type TaxTableWire,
} from '@gavel/domain';
import { notFound } from '../refused.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { presentEvent, withLotCount as withCounts, type EventRow } from '../auction-events/present.ts';
import { containing } from '../db/search-text.ts';
import { eventStatusWhere } from '../auction-events/event-status.ts';

/** The event with its lot count; a missing one is refused as not found. */
export async function loadEvent(prisma: PrismaClient, id: string): Promise<EventRow> {
  const row = await prisma.auctionEvent.findUnique({ where: { id }, include: withCounts });
  if (!row) throw notFound(adminMessages.eventNotFound);
  return row;
}

/** One auction event, draft or not. */
export async function adminEvent(prisma: PrismaClient, id: string): Promise<AdminAuctionEvent> {
  return presentAdminEvent(prisma, await loadEvent(prisma, id));
}

/** Every auction event, drafts included (status=draft for drafts only), latest start first. */
export async function adminEventList(
  prisma: PrismaClient,
  query: { page?: number; limit?: number; status?: AuctionEventStatus; search?: string },
): Promise<{ data: AdminAuctionEvent[]; pagination: Pagination }> {
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where: P.AuctionEventWhereInput = {
    ...(query.status ? eventStatusWhere(query.status) : {}),
    ...(query.search ? { title: containing(query.search) } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.auctionEvent.findMany({ where, include: withCounts, orderBy: [{ startTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.auctionEvent.count({ where }),
  ]);
  return { data: await Promise.all(rows.map((row) => presentAdminEvent(prisma, row))), pagination: paginationOf(total, limit, offset) };
}

/** The admin reply: the public one, plus all lots counted, the flags and the rates as the admin edits them. */
export async function presentAdminEvent(prisma: PrismaClient, row: EventRow): Promise<AdminAuctionEvent> {
  const published = await prisma.lot.count({ where: { auctionEventId: row.id, published: true } });
  return {
    ...presentEvent(row),
    lotCount: published,
    allLotCount: row._count.lots,
    whitelistOnly: row.whitelistOnly,
    vaultBidsRequired: row.vaultBidsRequired,
    buyerPremium: scheduleOf(row.buyerPremium),
    sellerCommission: scheduleOf(row.sellerCommission),
    buyerTax: taxOf(row.buyerTax),
  };
}

/** A stored tax table as the admin edits it (written checked; anything else reads as none). */
export function taxOf(stored: unknown): TaxTableWire {
  const parsed = taxTableWireSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/** A stored schedule as the admin edits it (the column is always written checked; anything else reads as none). */
export function scheduleOf(stored: unknown): RateScheduleWire {
  const parsed = rateScheduleWireSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}
