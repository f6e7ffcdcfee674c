/**
 * Admin writes to auction events: create, edit, publish, delete. Publishing an event publishes its lots with it
 * (a sale goes live as a whole); a single lot can still be published on its own (lot-writes.ts). Setting a first
 * close and an interval (lots that close in turn) writes every open lot's end in one statement, and the event's
 * end follows its last turn. After each write the event's whitelist flag and every cached lot page are dropped.
 */
import {
  adminMessages,
  checkCloseInTurn,
  houseRateMessages,
  commissionRefusal,
  premiumRefusal,
  rateScheduleProblem,
  type AdminAuctionEvent,
  type AuctionEventBody,
  type RateScheduleWire,
  type TaxTableWire,
  taxMessages,
  taxTableProblem,
} from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { HouseConfig } from '../house/config.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { withLotCount as withCounts } from '../auction-events/present.ts';
import { lastTurn, rescheduleTurns, writeTurns, type MovedLot } from '../auction-events/close-in-turn.ts';
import { forgetEventFlag } from '../bidding/whitelist-gate.ts';
import { lotsChanged, type LotWrites } from './lot-writes.ts';
import { loadEvent, presentAdminEvent, scheduleOf, taxOf } from './event-view.ts';

/**
 * The event form's rates, checked: each table well formed, no buyer's premium on lots whose premium the event does
 * not set (PREMIUM_COLLECTED_UNITS), and no commission on ETH lots, whose seller pays the contract's fee. A refusal (invalid)
 * naming the field.
 */
function checkRates(body: { buyerPremium?: RateScheduleWire; sellerCommission?: RateScheduleWire; buyerTax?: TaxTableWire }): void {
  const fields: Record<string, string> = {};
  const premium = body.buyerPremium && (rateScheduleProblem(body.buyerPremium) ?? premiumRefusal(body.buyerPremium));
  if (premium) fields.buyerPremium = premium;
  const commission = body.sellerCommission && (rateScheduleProblem(body.sellerCommission) ?? commissionRefusal(body.sellerCommission));
  if (commission) fields.sellerCommission = commission;
  const tax = body.buyerTax && taxTableProblem(body.buyerTax);
  if (tax) fields.buyerTax = tax;
  const first = Object.values(fields)[0];
  if (first) throw new Refused('invalid', first, 'validation_failed', fields);
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
  if (first) throw new Refused('invalid', first, 'validation_failed', fields);
  return { startTime, endTime };
}

/** The event form's close-in-turn fields, checked against the event's start: a refusal (invalid) naming the field, or the plan. */
function closeInTurnOf(input: { firstCloseAt?: string | null; closeIntervalSeconds?: number | null }, startTime: Date) {
  const checked = checkCloseInTurn(input, startTime);
  if (!checked.ok) throw new Refused('invalid', Object.values(checked.fields)[0]!, 'validation_failed', checked.fields);
  return checked.value;
}

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'auction';

async function slugFree(prisma: PrismaClient, slug: string, exceptId?: string): Promise<boolean> {
  return !(await prisma.auctionEvent.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } }));
}

/** What an event's writes need: its lots' writes (clock, caches), and the house's default rates a new event copies. */
type EventWrites = LotWrites & { config: { house: HouseConfig } };

async function changed(services: EventWrites, id: string): Promise<void> {
  forgetEventFlag(id);
  await lotsChanged(services, null);
}

/** Creates an event, a draft until published. The slug is made from the title when not given (made unique with -2, -3...); one given and in use is refused (conflict). */
export async function createEvent(services: EventWrites, body: AuctionEventBody): Promise<AdminAuctionEvent> {
  const { prisma } = services.db;
  const { startTime, endTime } = checkTimes(body.startTime, body.endTime);
  const turns = closeInTurnOf(body, startTime);
  checkRates(body);
  let slug = body.slug;
  if (slug && !(await slugFree(prisma, slug))) throw new Refused('conflict', adminMessages.slugTaken, 'slug_taken', { slug: adminMessages.slugTaken });
  if (!slug) {
    const base = slugify(body.title);
    slug = base;
    for (let n = 2; !(await slugFree(prisma, slug)); n++) slug = `${base}-${n}`;
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
  return presentAdminEvent(prisma, row);
}

/**
 * Edits an event (absent fields keep their values). Its lots keep their own times unless the close-in-turn fields
 * are given; the premium and the tax are fixed once a lot of the event has bids.
 */
export async function updateEvent(services: EventWrites, id: string, body: Partial<AuctionEventBody>): Promise<AdminAuctionEvent> {
  const { prisma } = services.db;
  const row = await loadEvent(prisma, id);
  const { startTime, endTime } = checkTimes(body.startTime ?? row.startTime.toISOString(), body.endTime ?? row.endTime.toISOString());
  if (body.slug && body.slug !== row.slug && !(await slugFree(prisma, body.slug, row.id))) throw new Refused('conflict', adminMessages.slugTaken, 'slug_taken', { slug: adminMessages.slugTaken });
  checkRates(body);
  // Bids, holds and pay-later limits were taken all in at the premium and tax they saw: both stay until the sale is over.
  const premiumChanged = body.buyerPremium !== undefined && JSON.stringify(body.buyerPremium) !== JSON.stringify(scheduleOf(row.buyerPremium));
  const taxChanged = body.buyerTax !== undefined && JSON.stringify(body.buyerTax) !== JSON.stringify(taxOf(row.buyerTax));
  if (premiumChanged || taxChanged) {
    const bidOn = await prisma.lot.count({ where: { auctionEventId: row.id, OR: [{ bidCount: { gt: 0 } }, { winnerId: { not: null } }] } });
    if (bidOn > 0 && premiumChanged) throw new Refused('conflict', houseRateMessages.premiumFixed, 'premium_fixed', { buyerPremium: houseRateMessages.premiumFixed });
    if (bidOn > 0) throw new Refused('conflict', taxMessages.fixed, 'tax_fixed', { buyerTax: taxMessages.fixed });
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
  await changed(services, row.id);
  return presentAdminEvent(prisma, updated);
}

/** Publishes an event and its lots (idempotent); each newly published lot's close is scheduled. */
export async function publishEvent(services: EventWrites, id: string): Promise<AdminAuctionEvent> {
  const { prisma } = services.db;
  const row = await loadEvent(prisma, id);
  const lots = await prisma.lot.findMany({ where: { auctionEventId: row.id, published: false, status: { not: 'cancelled' } }, select: { id: true, endTime: true } });
  const updated = await prisma.$transaction(async (tx) => {
    await tx.lot.updateMany({ where: { id: { in: lots.map((l) => l.id) } }, data: { published: true } });
    return tx.auctionEvent.update({ where: { id: row.id }, data: { published: true, status: statusAt(row.startTime, row.endTime) }, include: withCounts });
  });
  for (const lot of lots) await services.lotClock.scheduleEnd(lot.id, lot.endTime);
  await changed(services, row.id);
  return presentAdminEvent(prisma, updated);
}

/** Deletes an event and its lots, unless any of its lots has bids (conflict). */
export async function deleteEvent(services: EventWrites, id: string): Promise<void> {
  const { prisma } = services.db;
  const row = await loadEvent(prisma, id);
  const withBids = await prisma.lot.count({ where: { auctionEventId: row.id, OR: [{ bidCount: { gt: 0 } }, { winnerId: { not: null } }, { bids: { some: {} } }] } });
  if (withBids > 0) throw new Refused('conflict', adminMessages.eventHasBids, 'event_has_bids');
  await prisma.auctionEvent.delete({ where: { id: row.id } });
  await changed(services, row.id);
}
