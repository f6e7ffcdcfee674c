/**
 * A browse's order as SQL: the ids of a window of matching lots, in order. Every order reads an index in that
 * order (schema.prisma: a covering index per sort, holding the filter columns so a filter is checked inside the
 * index) and stops at the window's end, so no query sorts every lot. The id tiebreak keeps pages stable when many
 * lots share a time, price or bid count.
 */
import type { LOT_SORTS } from '@gavel/domain';
import { Prisma } from '../generated/prisma/client.ts';
import { phaseWhere } from './clock-sql.ts';
import { CURRENT_PRICE, STARTING_BID, priceBasis, pricedAt, type PricedFilter } from './browse-price.ts';

type Sql = Prisma.Sql;
type Sort = (typeof LOT_SORTS)[number];
const { sql } = Prisma;

export interface OrderedFilter extends PricedFilter {
  sort?: Sort;
  order?: 'asc' | 'desc';
}

/** `take` ids from `offset` on. */
export interface Window {
  take: number;
  offset: number;
}

/** The relation an order reads: the lots themselves, or a set of them already selected (see `orderColumns`). */
export const LOTS = sql`"Lot"`;

const SORT_COLUMNS: Record<Exclude<Sort, 'price'>, Sql> = {
  endTime: sql`"endTime"`,
  startTime: sql`"startTime"`,
  createdAt: sql`"createdAt"`,
  title: sql`"title"`,
  bids: sql`"bidCount"`,
};

/** The columns this filter's order reads, for a set of lots selected before ordering. */
export function orderColumns(filter: OrderedFilter): Sql {
  if (!filter.sort) return sql`"id", "status", "startTime", "endTime"`;
  if (filter.sort !== 'price') return sql`"id", ${SORT_COLUMNS[filter.sort]}`;
  const basis = priceBasis(filter);
  return basis ? sql`"id", ${basis}` : sql`"id", "status", "endTime", ${CURRENT_PRICE}, ${STARTING_BID}`;
}

export function orderedIds(filter: OrderedFilter, from: Sql, where: Sql, now: Date, window: Window): Sql {
  if (!filter.sort) return phasedIds(from, where, now, window);
  const order = filter.order ?? (filter.sort === 'createdAt' || filter.sort === 'bids' ? 'desc' : 'asc');
  const direction = order === 'desc' ? sql`DESC` : sql`ASC`;
  const column = filter.sort === 'price' ? priceBasis(filter) : SORT_COLUMNS[filter.sort];
  if (column) return sql`SELECT "id" FROM ${from} WHERE ${where} ORDER BY ${column} ${direction}, "id" ${direction} LIMIT ${window.take} OFFSET ${window.offset}`;
  // Ended lots by starting bid and open lots by current price, each read in its own index order up to the
  // window's end, then merged.
  const reach = window.offset + window.take;
  const side = (price: Sql) => sql`(SELECT "id", ${price} AS price FROM ${from} WHERE ${where} AND ${pricedAt(price, now)} ORDER BY ${price} ${direction}, "id" ${direction} LIMIT ${reach})`;
  return sql`SELECT "id" FROM (${side(STARTING_BID)} UNION ALL ${side(CURRENT_PRICE)}) AS priced ORDER BY price ${direction}, "id" ${direction} LIMIT ${window.take} OFFSET ${window.offset}`;
}

/**
 * The default order, what a visitor can act on first: live lots ending soonest, then upcoming lots starting
 * soonest, then finished lots (ended or cancelled) latest first. Each phase is read in its own index order and cut
 * to the window's end.
 */
function phasedIds(from: Sql, where: Sql, now: Date, window: Window): Sql {
  const reach = window.offset + window.take;
  return sql`SELECT "id" FROM (
    (SELECT "id", 0 AS rank, extract(epoch FROM "endTime") AS key FROM ${from} WHERE ${where} AND ${phaseWhere('live', now)} ORDER BY "endTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 1 AS rank, extract(epoch FROM "startTime") AS key FROM ${from} WHERE ${where} AND ${phaseWhere('upcoming', now)} ORDER BY "startTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 2 AS rank, -extract(epoch FROM "endTime") AS key FROM ${from} WHERE ${where} AND NOT ${phaseWhere('active', now)} ORDER BY "endTime" DESC, "id" ASC LIMIT ${reach})
  ) AS phased ORDER BY rank, key, "id" LIMIT ${window.take} OFFSET ${window.offset}`;
}
