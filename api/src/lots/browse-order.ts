/**
 * A browse's order as SQL: the ids of a window of matching lots, in order. Every order reads an index in that
 * order (schema.prisma: a covering index per sort, holding the filter columns so a filter is checked inside the
 * index) and stops at the window's end, so no query sorts every lot. The id tiebreak keeps pages stable when many
 * lots share a time, price or bid count.
 *
 * A window starts after skipping `offset` lots, or after a lot's place in the order (keyset paging): a page deep
 * in a result is then read from that place in the index, as cheaply as the first page.
 */
import { phaseOf, shownStatus, type LOT_SORTS } from '@gavel/domain';
import { Prisma } from '../generated/prisma/client.ts';
import { finishedParts, phaseWhere } from './clock-sql.ts';
import { CURRENT_PRICE, STARTING_BID, priceBasis, priceRanges, pricedAt, type PricedFilter } from './browse-price.ts';
import type { LotRow } from './present.ts';

type Sql = Prisma.Sql;
type Sort = (typeof LOT_SORTS)[number];
const { sql, raw, empty, join } = Prisma;

export interface OrderedFilter extends PricedFilter {
  sort?: Sort;
  order?: 'asc' | 'desc';
}

/** A lot's place in an order: its sort key and its id. */
export interface Place {
  key: Array<string | number>;
  id: string;
}

/** `take` ids after skipping `offset`, or right after `after`. */
export interface Window {
  take: number;
  offset: number;
  after?: Place;
}

/** The relation an order reads: the lots themselves, or a set of them already selected (see `orderColumns`). */
export const LOTS = sql`"Lot"`;

/** Each sort's column, and the type its key is compared as. */
const SORT_COLUMNS: Record<Exclude<Sort, 'price'>, { column: Sql; type: Sql }> = {
  endTime: { column: sql`"endTime"`, type: raw('timestamp(3)') },
  startTime: { column: sql`"startTime"`, type: raw('timestamp(3)') },
  createdAt: { column: sql`"createdAt"`, type: raw('timestamp(3)') },
  title: { column: sql`"title"`, type: raw('text') },
  bids: { column: sql`"bidCount"`, type: raw('int') },
};
const PRICE = raw('numeric');

const directionOf = (filter: OrderedFilter & { sort: Sort }) => filter.order ?? (filter.sort === 'createdAt' || filter.sort === 'bids' ? 'desc' : 'asc');

/** The columns this filter's order reads, for a set of lots selected before ordering. */
export function orderColumns(filter: OrderedFilter): Sql {
  if (!filter.sort) return sql`"id", "status", "startTime", "endTime"`;
  if (filter.sort !== 'price') return sql`"id", ${SORT_COLUMNS[filter.sort].column}`;
  // A price filter orders each payment method's range apart.
  const basis = priceBasis(filter);
  return basis ? sql`"id", "paymentMethod", ${basis}` : sql`"id", "paymentMethod", "status", "endTime", ${CURRENT_PRICE}, ${STARTING_BID}`;
}

/** Names an order, so a place taken in one is never used in another. */
export function orderName(filter: OrderedFilter): string {
  if (!filter.sort) return 'phased';
  const basis = filter.sort === 'price' ? priceBasis(filter) : null;
  const priced = basis === CURRENT_PRICE ? ':current' : basis === STARTING_BID ? ':starting' : ':by-phase';
  return `${filter.sort}:${directionOf({ ...filter, sort: filter.sort })}${filter.sort === 'price' ? priced : ''}`;
}

/** Where `lot` stands in this filter's order (as the order's SQL reads it at `now`). */
export function placeOf(filter: OrderedFilter, lot: LotRow, now: Date): Place {
  const phase = phaseOf(shownStatus(lot, now));
  if (!filter.sort) return { key: [phase === 'live' ? 0 : phase === 'upcoming' ? 1 : 2, (phase === 'upcoming' ? lot.startTime : lot.endTime).toISOString()], id: lot.id };
  if (filter.sort === 'price') {
    const basis = priceBasis(filter) ?? (phase === 'ended' ? STARTING_BID : CURRENT_PRICE);
    return { key: [(basis === STARTING_BID ? lot.startingBid : lot.currentPrice).toFixed(0)], id: lot.id };
  }
  const values = { endTime: lot.endTime.toISOString(), startTime: lot.startTime.toISOString(), createdAt: lot.createdAt.toISOString(), title: lot.title, bids: lot.bidCount };
  return { key: [values[filter.sort]], id: lot.id };
}

/** Whether `key` can be a place in this filter's order: a place sent back by a client is checked before SQL reads it. */
export function isKeyOf(filter: OrderedFilter, key: unknown[]): boolean {
  const instant = (part: unknown) => typeof part === 'string' && /^\d{4}-\d\d-\d\dT/.test(part) && !Number.isNaN(Date.parse(part));
  if (!filter.sort) return key.length === 2 && [0, 1, 2].includes(key[0] as number) && instant(key[1]);
  const [part] = key;
  if (key.length !== 1) return false;
  if (filter.sort === 'price') return typeof part === 'string' && /^\d{1,78}$/.test(part);
  if (filter.sort === 'bids') return Number.isSafeInteger(part);
  if (filter.sort === 'title') return typeof part === 'string' && part.length <= 1000;
  return instant(part);
}

export function orderedIds(filter: OrderedFilter, from: Sql, where: Sql, now: Date, window: Window): Sql {
  if (!filter.sort) return phasedIds(filter, from, where, now, window);
  const descending = directionOf({ ...filter, sort: filter.sort }) === 'desc';
  const direction = descending ? sql`DESC` : sql`ASC`;
  const skip = window.after ? 0 : window.offset;
  const past = (by: Sql, type: Sql) => (window.after ? sql`AND (${by}, "id") ${raw(descending ? '<' : '>')} (${window.after.key[0]}::${type}, ${window.after.id})` : empty);
  if (filter.sort !== 'price') {
    const { column, type } = SORT_COLUMNS[filter.sort];
    return sql`SELECT "id" FROM ${from} WHERE ${where} ${past(column, type)} ORDER BY ${column} ${direction}, "id" ${direction} LIMIT ${window.take} OFFSET ${skip}`;
  }
  // By price, each part read in its own index order from where it starts: signed out, ended lots by starting bid
  // and open lots by current price; with a price filter, each payment method's range apart (a range per method,
  // so each is read from its own bound instead of from the top of the index). The parts are merged to the window.
  const basis = priceBasis(filter);
  const sides = basis ? [{ column: basis, which: empty }] : [STARTING_BID, CURRENT_PRICE].map((column) => ({ column, which: sql`AND ${pricedAt(column, now)}` }));
  const parts = sides.flatMap(({ column, which }) =>
    (filter.minPrice || filter.maxPrice ? priceRanges(filter, column) : [sql`TRUE`]).map((range) => ({ column, conditions: sql`${which} AND ${range} ${past(column, PRICE)}` })),
  );
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only) return sql`SELECT "id" FROM ${from} WHERE ${where} ${only.conditions} ORDER BY ${only.column} ${direction}, "id" ${direction} LIMIT ${window.take} OFFSET ${skip}`;
  const reach = skip + window.take;
  const part = ({ column, conditions }: (typeof parts)[number]) =>
    sql`(SELECT "id", ${column} AS price FROM ${from} WHERE ${where} ${conditions} ORDER BY ${column} ${direction}, "id" ${direction} LIMIT ${reach})`;
  return sql`SELECT "id" FROM (${join(parts.map(part), ' UNION ALL ')}) AS priced ORDER BY price ${direction}, "id" ${direction} LIMIT ${window.take} OFFSET ${skip}`;
}

/** The ranks of the default order a status filter can match: live 0, upcoming 1, finished 2. */
const PHASE_RANKS: Record<NonNullable<OrderedFilter['phase']>, number[]> = { live: [0], upcoming: [1], active: [0, 1], ended: [2], cancelled: [2] };

/**
 * The default order, what a visitor can act on first: live lots ending soonest, then upcoming lots starting
 * soonest, then finished lots (ended or cancelled) latest first. Each phase is read in its own index order and cut
 * to the window's end. Finished lots come in two parts (clock-sql.ts): those closed early are read whole (OFFSET 0
 * keeps the planner from hoping to stop early in the end-time index, where they are far apart) and are few.
 */
function phasedIds(filter: OrderedFilter, from: Sql, where: Sql, now: Date, window: Window): Sql {
  const skip = window.after ? 0 : window.offset;
  const reach = skip + window.take;
  const after = window.after;
  const rank = after ? Number(after.key[0]) : -1;
  const time = () => sql`${String(after!.key[1])}::timestamp(3)`;
  // A phase before the place's is done; the place's own phase resumes after it; later phases start from the top. A
  // status filter leaves the other phases out altogether (the planner cannot see that they match nothing).
  const shown = filter.phase ? PHASE_RANKS[filter.phase] : [0, 1, 2];
  const past = (phase: number, resume: () => Sql) => (phase < rank || !shown.includes(phase) ? sql`AND FALSE` : phase === rank ? sql`AND ${resume()}` : empty);
  const finished = finishedParts(now);
  const finishedPast = past(2, () => sql`("endTime" < ${time()} OR ("endTime" = ${time()} AND "id" > ${after!.id}))`);
  return sql`SELECT "id" FROM (
    (SELECT "id", 0 AS rank, extract(epoch FROM "endTime") AS key FROM ${from} WHERE ${where} AND ${phaseWhere('live', now)} ${past(0, () => sql`("endTime", "id") > (${time()}, ${after!.id})`)} ORDER BY "endTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 1 AS rank, extract(epoch FROM "startTime") AS key FROM ${from} WHERE ${where} AND ${phaseWhere('upcoming', now)} ${past(1, () => sql`("startTime", "id") > (${time()}, ${after!.id})`)} ORDER BY "startTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 2 AS rank, -extract(epoch FROM "endTime") AS key FROM (
      (SELECT "id", "endTime" FROM ${from} WHERE ${where} AND ${finished.byClock} ${finishedPast} ORDER BY "endTime" DESC, "id" ASC LIMIT ${reach})
      UNION ALL
      (SELECT "id", "endTime" FROM (SELECT "id", "endTime" FROM ${from} WHERE ${where} AND ${finished.closedEarly} ${finishedPast} OFFSET 0) AS early ORDER BY "endTime" DESC, "id" ASC LIMIT ${reach})
    ) AS finished ORDER BY "endTime" DESC, "id" ASC LIMIT ${reach})
  ) AS phased ORDER BY rank, key, "id" LIMIT ${window.take} OFFSET ${skip}`;
}
