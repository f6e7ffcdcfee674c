/**
 * A browse's total: exact while small, estimated when large. Counting every one of tens of thousands of matches
 * costs far more than reading a page, so at most EXACT_UP_TO + 1 matches are ever read to count them; past that the
 * total is the planner's estimate of the filter's rows, labelled as such (`totalExact: false`) so the dapp says
 * "about".
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { PRISMA_TYPES } from '../db/prisma-types.ts';
import { lotsAt, lotsOf } from './browse-rows.ts';
import type { LotRow } from './present.ts';
import { finishedParts } from './clock-sql.ts';
import { LOTS, orderColumns, orderedIds, type OrderedFilter, type Window } from './browse-order.ts';

/** Ten pages of 20: a visitor sees the count of anything smaller exactly, and of anything larger, "about". */
export const EXACT_UP_TO = 200;

const { sql } = Prisma;

/**
 * How many of the filter's lots a search is first tested on, read in an order that suits the filter. A word that
 * 1 in 10 of them has finds more than EXACT_UP_TO matches there, and the total is then estimated without a count.
 */
export const PROBED_LOTS = 2000;

/** A search's parts (browse.ts `searchOf`). */
export interface Search {
  /** The ids of the lots that match by description or by a whole id: the statement's `others`. */
  others: Prisma.Sql;
  indexed: Prisma.Sql;
  inOrder: Prisma.Sql;
  /** The title and the look-up in one plain condition, for a query planned on its own (the total's estimate). */
  alone: Prisma.Sql;
}

/** What a browse selects: all of it, and for a search, the filter without it and the search. */
export interface Matching {
  where: Prisma.Sql;
  unsearched: Prisma.Sql;
  search?: Search;
  /** In price order with a price filter, and no search: the filter without its price condition, which the order's parts read. */
  byPrice?: Prisma.Sql;
}

/** A page: the matches counted up to EXACT_UP_TO + 1, the planner's estimate when there are more, and the lots. */
export interface FirstPage {
  n: number;
  /** Null when the count stayed within EXACT_UP_TO, or was known large before (`countKnown`). */
  estimate: number | null;
  /** The window's lots in order: one more than a page when another page follows. */
  lots: LotRow[];
}

/**
 * One statement, one round trip, for a page: the matches counted up to EXACT_UP_TO + 1 (`n`), the window of their
 * ids in the browse's order whatever the count, those lots' rows, and when the count passed the cap, the planner's
 * estimate of the matches (`gavel_estimated_rows`). `countKnown` (a total already estimated for this filter) leaves
 * the count and the estimate out.
 *
 * Without a search, the count and the page each read an order's covering index and stop early.
 *
 * A search is first tested on the first PROBED_LOTS of the filter's lots, in an index's order (`probe`). A word
 * that finds its EXACT_UP_TO + 1 there is common among them: the total is estimated without a count, and the page
 * is read in its order with the title tested in the index, which stops at the page's end after some ten entries a
 * match. Otherwise the matches are counted, planned as if all were wanted (a MATERIALIZED WITH query is) and read
 * only up to the cap: planned for the cap, a search the planner overestimates (a word that rarely meets the other
 * filters) would scan the lots in some order hoping to stop early, and scan them all; planned whole, it is read
 * through the trigram indexes and costs at most its candidates. A small result is then paged from those matches,
 * and a large one read as the planner sees fit. Each part of the statement runs only when its answer is needed.
 */
export async function firstPage(db: Database, filter: OrderedFilter, matching: Matching, now: Date, window: Window, countKnown = false): Promise<FirstPage> {
  const { search } = matching;
  const planned = search ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const counted = countKnown ? sql`${EXACT_UP_TO + 1}::int` : sql`(SELECT count(*)::int FROM (SELECT FROM matching LIMIT ${EXACT_UP_TO + 1}) AS capped)`;
  const inIndex = (where: Prisma.Sql) => sql`ARRAY(${orderedIds(filter, LOTS, where, now, window)})`;
  const ids = search
    ? sql`CASE WHEN probed > ${EXACT_UP_TO} THEN ${inIndex(sql`${matching.unsearched} AND ${search.inOrder}`)}
        WHEN n <= ${EXACT_UP_TO} THEN ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)})
        ELSE ${inIndex(matching.where)} END`
    : matching.byPrice
      ? inIndex(matching.byPrice)
      : sql`ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)})`;
  const estimate = countKnown ? sql`NULL::int` : sql`CASE WHEN n > ${EXACT_UP_TO} THEN ${estimateOf(search ? sql`${matching.unsearched} AND ${search.alone}` : matching.where)} END`;
  // OFFSET 0 keeps each value from being planned again where it is read twice, and the estimate asked once.
  const counts = search
    ? sql`SELECT probed, CASE WHEN probed > ${EXACT_UP_TO} THEN ${EXACT_UP_TO + 1}::int ELSE ${counted} END AS n FROM (SELECT ${probe(filter, matching.unsearched, search.inOrder, now)} AS probed OFFSET 0) AS probing OFFSET 0`
    : sql`SELECT ${counted} AS n OFFSET 0`;
  const others = search ? sql`others AS MATERIALIZED (SELECT COALESCE(array_agg("id"), '{}') AS "ids" FROM (${search.others}) AS found),` : sql``;
  const statement = sql`WITH ${others} matching AS ${planned} (SELECT ${orderColumns(filter)} FROM "Lot" WHERE ${matching.where})
      SELECT page.*, counted.n AS "_n", counted.estimate AS "_estimate"
      FROM (SELECT n, ${ids} AS ids, ${estimate} AS estimate FROM (${counts}) AS matches OFFSET 0) AS counted
      LEFT JOIN LATERAL (${lotsAt(sql`counted.ids`)}) AS page ON TRUE
      ORDER BY page."_place"`;
  const rows = await db.sql<Record<string, unknown> & { _n: number; _estimate: number | null; id: string | null }>(statement.text, statement.values, { parsers: PRISMA_TYPES });
  const first = rows[0];
  const estimated = first?._estimate ?? null;
  return {
    n: first?._n ?? 0,
    estimate: estimated === null ? null : Math.max(roughly(estimated), EXACT_UP_TO + 1),
    // No lot in the window leaves one row of nulls from the outer join.
    lots: lotsOf(rows.filter((row) => row.id !== null)),
  };
}

/**
 * The planner's estimate of the lots matching `where`, as an expression of the page's statement. `where` goes to
 * gavel_estimated_rows as text whose values are read from one text[] parameter ($1[1], $1[2]...): a browse filter's
 * values are text already (times, prices and enums are cast in the SQL).
 */
function estimateOf(where: Prisma.Sql): Prisma.Sql {
  const values = where.values.map(asText);
  const text = where.strings.reduce((text, part, i) => `${text}($1[${i}])${part}`);
  return sql`gavel_estimated_rows(${`SELECT 1 FROM "Lot" WHERE ${text}`}, ${values}::text[])`;
}

/**
 * The search's matches, up to EXACT_UP_TO + 1, among the first PROBED_LOTS of the filter's lots, read as a range of
 * an index: open lots from now in end time order (live ones first, as a visitor meets them), upcoming ones by
 * start time, those the clock ended back from now. (The LIMIT inside keeps the search from being pushed into the
 * read, so the index's title is tested lot by lot and the read stops early.)
 */
function probe(filter: OrderedFilter, unsearched: Prisma.Sql, search: Prisma.Sql, now: Date): Prisma.Sql {
  const { byClock } = finishedParts(now);
  const ranges: Partial<Record<NonNullable<OrderedFilter['phase']>, Prisma.Sql>> = {
    upcoming: sql`ORDER BY "startTime" ASC`,
    ended: sql`AND ${byClock} ORDER BY "endTime" DESC`,
    cancelled: sql`ORDER BY "endTime" ASC`,
  };
  const range = (filter.phase && ranges[filter.phase]) ?? sql`AND NOT ${byClock} ORDER BY "endTime" ASC`;
  return sql`(SELECT count(*)::int FROM (SELECT FROM (SELECT "id", "title" FROM "Lot" WHERE ${unsearched} ${range} LIMIT ${PROBED_LOTS}) AS first
    WHERE ${search} LIMIT ${EXACT_UP_TO + 1}) AS found)`;
}

/** A filter value as the text PostgreSQL would read it; a value of any other kind is a mistake in this module. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`a browse filter value cannot be estimated: ${typeof value}`);
}

/** Two significant digits: an estimate shown as 14,021 would claim a precision it does not have. */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}
