/**
 * Admin auction events: create, edit, publish, delete, and the admin lists (drafts
 * included, with the whitelist-only flag). The public GET routes (auction-events.ts) show published events only.
 * Publishing an event publishes its lots with it (a sale goes live as a whole); a single lot can still be
 * published on its own with POST /lots/:id/publish. Setting a first close and an interval (lots that close in
 * turn) writes every open lot's end in one statement, and the event's end follows its last turn.
 */
import {
  adminAuctionEventListSchema,
  adminAuctionEventReplySchema,
  adminMessages,
  auctionEventBodySchema,
  auctionEventListQuerySchema,
  auctionEventUpdateBodySchema,
  checkCloseInTurn,
  deletedReplySchema,
  houseRateMessages,
  paginationOf,
  premiumRefusal,
  rateScheduleProblem,
  rateScheduleWireSchema,
  type AdminAuctionEvent,
  type RateScheduleWire,
  type TaxTableWire,
  taxMessages,
  taxTableProblem,
  taxTableWireSchema,
} from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { lotsChanged } from '../admin/lot-writes.ts';
import { forgetEventFlag } from '../bidding/whitelist-gate.ts';
import { eventStatusWhere } from '../admin/event-status.ts';
import { presentEvent, withLotCount as withCounts, type EventRow } from '../auction-events/present.ts';
import { containing } from '../db/search-text.ts';
import { lastTurn, rescheduleTurns, writeTurns, type MovedLot } from '../auction-events/close-in-turn.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: auction events';

async function present(prisma: PrismaClient, row: EventRow): Promise<AdminAuctionEvent> {
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
function taxOf(stored: unknown): TaxTableWire {
  const parsed = taxTableWireSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/** A stored schedule as the admin edits it (the column is always written checked; anything else reads as none). */
function scheduleOf(stored: unknown): RateScheduleWire {
  const parsed = rateScheduleWireSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/**
 * The event form's rates, checked: each table well formed, and no buyer's premium on lots whose rails do not
 * collect it yet (PREMIUM_COLLECTED_UNITS). A 400 naming the field.
 */
function checkRates(body: { buyerPremium?: RateScheduleWire; sellerCommission?: RateScheduleWire; buyerTax?: TaxTableWire }): void {
  const fields: Record<string, string> = {};
  const premium = body.buyerPremium && (rateScheduleProblem(body.buyerPremium) ?? premiumRefusal(body.buyerPremium));
  if (premium) fields.buyerPremium = premium;
  const commission = body.sellerCommission && rateScheduleProblem(body.sellerCommission);
  if (commission) fields.sellerCommission = commission;
  const tax = body.buyerTax && taxTableProblem(body.buyerTax);
  if (tax) fields.buyerTax = tax;
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, 'validation_failed', fields);
}

/** An event's status once published, from its times (a draft stays draft until then). */
function statusAt(start: Date, end: Date, now = new Date()): 'upcoming' | 'live' | 'ended' {
  if (end <= now) return 'ended';
  return start <= now ? 'live' : 'upcoming';
}

function checkTimes(startText: string, endText: string): { startTime: Date; endTime: Date } {
  const startTime = new Date(startText);
  const endTime = new Date(endText);
  const fields: Record<string, string> = {};
  if (Number.isNaN(startTime.getTime())) fields.startTime = adminMessages.startTimeInvalid;
  if (Number.isNaN(endTime.getTime())) fields.endTime = adminMessages.endTimeInvalid;
  else if (!fields.startTime && endTime <= startTime) fields.endTime = adminMessages.endAfterStart;
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, 'validation_failed', fields);
  return { startTime, endTime };
}

/** The event form's close-in-turn fields, checked against the event's start: a 400 naming the field, or the plan. */
function closeInTurnOf(input: { firstCloseAt?: string | null; closeIntervalSeconds?: number | null }, startTime: Date) {
  const checked = checkCloseInTurn(input, startTime);
  if (!checked.ok) throw new HttpError(400, Object.values(checked.fields)[0]!, 'validation_failed', checked.fields);
  return checked.value;
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'auction';

export function adminEventRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;
  const load = async (id: string) => {
    const row = await prisma.auctionEvent.findUnique({ where: { id }, include: withCounts });
    if (!row) throw new HttpError(404, adminMessages.eventNotFound, 'not_found');
    return row;
  };
  const slugFree = async (slug: string, exceptId?: string) => !(await prisma.auctionEvent.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } }));
  const changed = async (id: string) => {
    forgetEventFlag(id);
    await lotsChanged(services, null);
  };

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
    handler: async ({ body }) => {
      const { startTime, endTime } = checkTimes(body.startTime, body.endTime);
      const turns = closeInTurnOf(body, startTime);
      checkRates(body);
      let slug = body.slug;
      if (slug && !(await slugFree(slug))) throw new HttpError(409, adminMessages.slugTaken, 'slug_taken', { slug: adminMessages.slugTaken });
      if (!slug) {
        const base = slugify(body.title);
        slug = base;
        for (let n = 2; !(await slugFree(slug)); n++) slug = `${base}-${n}`;
      }
      const row = await prisma.auctionEvent.create({
        data: {
          slug,
          title: body.title,
          description: body.description ?? '',
          startTime,
          // A new event has no lots yet: its end still covers the first close.
          endTime: turns && turns.firstCloseAt > endTime ? turns.firstCloseAt : endTime,
          coverImageUrl: body.coverImageUrl ?? null,
          whitelistOnly: body.whitelistOnly ?? false,
          vaultBidsRequired: body.vaultBidsRequired ?? false,
          firstCloseAt: turns?.firstCloseAt ?? null,
          closeIntervalSeconds: turns?.intervalSeconds ?? null,
          buyerPremium: body.buyerPremium ?? services.config.house.buyerPremium,
          sellerCommission: body.sellerCommission ?? services.config.house.sellerCommission,
          buyerTax: body.buyerTax ?? services.config.house.buyerTax,
        },
        include: withCounts,
      });
      return { message: adminMessages.eventCreated, data: await present(prisma, row) };
    },
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
    handler: async ({ params, body }) => {
      const row = await load(params.id!);
      const { startTime, endTime } = checkTimes(body.startTime ?? row.startTime.toISOString(), body.endTime ?? row.endTime.toISOString());
      if (body.slug && body.slug !== row.slug && !(await slugFree(body.slug, row.id))) throw new HttpError(409, adminMessages.slugTaken, 'slug_taken', { slug: adminMessages.slugTaken });
      checkRates(body);
      // Bids, holds and pay-later limits were taken all in at the premium and tax they saw: both stay until the sale is over.
      const premiumChanged = body.buyerPremium !== undefined && JSON.stringify(body.buyerPremium) !== JSON.stringify(scheduleOf(row.buyerPremium));
      const taxChanged = body.buyerTax !== undefined && JSON.stringify(body.buyerTax) !== JSON.stringify(taxOf(row.buyerTax));
      if (premiumChanged || taxChanged) {
        const bidOn = await prisma.lot.count({ where: { auctionEventId: row.id, OR: [{ bidCount: { gt: 0 } }, { winnerId: { not: null } }] } });
        if (bidOn > 0 && premiumChanged) throw new HttpError(409, houseRateMessages.premiumFixed, 'premium_fixed', { buyerPremium: houseRateMessages.premiumFixed });
        if (bidOn > 0) throw new HttpError(409, taxMessages.fixed, 'tax_fixed', { buyerTax: taxMessages.fixed });
      }
      // Lots close in turn when the body sets (or clears) the first close or the interval; other edits leave lot ends alone.
      const turnsGiven = body.firstCloseAt !== undefined || body.closeIntervalSeconds !== undefined;
      const turns = closeInTurnOf(
        {
          firstCloseAt: body.firstCloseAt !== undefined ? body.firstCloseAt : (row.firstCloseAt?.toISOString() ?? null),
          closeIntervalSeconds: body.closeIntervalSeconds !== undefined ? body.closeIntervalSeconds : row.closeIntervalSeconds,
        },
        startTime,
      );
      let moved: MovedLot[] = [];
      const updated = await prisma.$transaction(async (tx) => {
        const last = turnsGiven && turns ? await lastTurn(tx, row.id, turns) : null;
        if (turnsGiven && turns) moved = await writeTurns(tx, row.id, turns);
        const end = last && last > endTime ? last : endTime;
        return tx.auctionEvent.update({
          where: { id: row.id },
          data: {
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.slug !== undefined ? { slug: body.slug } : {}),
            ...(body.coverImageUrl !== undefined ? { coverImageUrl: body.coverImageUrl } : {}),
            ...(body.whitelistOnly !== undefined ? { whitelistOnly: body.whitelistOnly } : {}),
            ...(body.vaultBidsRequired !== undefined ? { vaultBidsRequired: body.vaultBidsRequired } : {}),
            ...(body.buyerPremium !== undefined ? { buyerPremium: body.buyerPremium } : {}),
            ...(body.sellerCommission !== undefined ? { sellerCommission: body.sellerCommission } : {}),
            ...(body.buyerTax !== undefined ? { buyerTax: body.buyerTax } : {}),
            ...(turnsGiven ? { firstCloseAt: turns?.firstCloseAt ?? null, closeIntervalSeconds: turns?.intervalSeconds ?? null } : {}),
            startTime,
            endTime: end,
            ...(row.published ? { status: statusAt(startTime, end) } : {}),
          },
          include: withCounts,
        });
      });
      await rescheduleTurns(services, moved);
      await changed(row.id);
      return { message: adminMessages.eventUpdated, data: await present(prisma, updated) };
    },
  });

  routes.add({
    method: 'post',
    path: '/auction-events/:id/publish',
    tag: TAG,
    summary: 'Publish an auction event and its lots (idempotent)',
    access: admin,
    reply: adminAuctionEventReplySchema,
    errors: { 404: adminMessages.eventNotFound },
    handler: async ({ params }) => {
      const row = await load(params.id!);
      const lots = await prisma.lot.findMany({ where: { auctionEventId: row.id, published: false, status: { not: 'cancelled' } }, select: { id: true, endTime: true } });
      const updated = await prisma.$transaction(async (tx) => {
        await tx.lot.updateMany({ where: { id: { in: lots.map((l) => l.id) } }, data: { published: true } });
        return tx.auctionEvent.update({ where: { id: row.id }, data: { published: true, status: statusAt(row.startTime, row.endTime) }, include: withCounts });
      });
      for (const lot of lots) await services.lotClock.scheduleEnd(lot.id, lot.endTime);
      await changed(row.id);
      return { message: adminMessages.eventPublished, data: await present(prisma, updated) };
    },
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
      const row = await load(params.id!);
      const withBids = await prisma.lot.count({ where: { auctionEventId: row.id, OR: [{ bidCount: { gt: 0 } }, { winnerId: { not: null } }, { bids: { some: {} } }] } });
      if (withBids > 0) throw new HttpError(409, adminMessages.eventHasBids, 'event_has_bids');
      await prisma.auctionEvent.delete({ where: { id: row.id } });
      await changed(row.id);
      return { message: adminMessages.eventDeleted, data: { _id: row.id } };
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
    handler: async ({ query }) => {
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
      return { data: await Promise.all(rows.map((row) => present(prisma, row))), pagination: paginationOf(total, limit, offset) };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/auction-events/:id',
    tag: TAG,
    summary: 'One auction event, draft or not',
    access: admin,
    reply: adminAuctionEventReplySchema,
    errors: { 404: adminMessages.eventNotFound },
    handler: async ({ params }) => ({ data: await present(prisma, await load(params.id!)) }),
  });
}
