/**
 * A browse's total: exact while small, estimated when large. Counting every one of tens of thousands of matches
 * costs far more than reading a page, so at most EXACT_UP_TO + 1 matches are ever read to count them; past that the
 * total is the planner's estimate of the filter's rows, labelled as such (`totalExact: false`) so the dapp says
 * "about".
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { finishedParts } from './clock-sql.ts';
import { LOTS, orderColumns, orderedIds, type OrderedFilter, type Window } from './browse-order.ts';

/** Ten pages of 20: a visitor sees the count of anything smaller exactly, and of anything larger, "about". */
export const EXACT_UP_TO = 200;

const { sql } = Prisma;
const run = <Row>(db: Database, query: Prisma.Sql) => db.sql<Row>(query.text, query.values);

/**
 * How many of the filter's lots a search is first tested on, read in an order that suits the filter. A word that
 * 1 in 10 of them has finds more than EXACT_UP_TO matches there, and the total is then estimated without a count.
 */
export const PROBED_LOTS = 2000;

/** What a browse selects: all of it, and for a search, the filter without it and the search in its two forms (browse.ts `searchOf`). */
export interface Matching {
  where: Prisma.Sql;
  unsearched: Prisma.Sql;
  search?: { indexed: Prisma.Sql; inOrder: Prisma.Sql };
}

/**
 * One statement for a page: the matches counted up to EXACT_UP_TO + 1 (`n`), and the window of their ids in the
 * browse's order, whatever the count. `countKnown` (a total already estimated for this filter) leaves the count out.
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
export async function firstPage(db: Database, filter: OrderedFilter, matching: Matching, now: Date, window: Window, countKnown = false): Promise<{ n: number; ids: string[] }> {
  const { search } = matching;
  const planned = search ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const counted = countKnown ? sql`${EXACT_UP_TO + 1}` : sql`(SELECT count(*)::int FROM (SELECT FROM matching LIMIT ${EXACT_UP_TO + 1}) AS capped)`;
  const inIndex = (where: Prisma.Sql) => sql`ARRAY(${orderedIds(filter, LOTS, where, now, window)})`;
  const ids = search
    ? sql`CASE WHEN probed > ${EXACT_UP_TO} THEN ${inIndex(sql`${matching.unsearched} AND ${search.inOrder}`)}
        WHEN n <= ${EXACT_UP_TO} THEN ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)})
        ELSE ${inIndex(matching.where)} END`
    : sql`ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)})`;
  // OFFSET 0 keeps each value from being planned again where it is read twice.
  const counts = search
    ? sql`SELECT probed, CASE WHEN probed > ${EXACT_UP_TO} THEN ${EXACT_UP_TO + 1} ELSE ${counted} END AS n FROM (SELECT ${probe(filter, matching.unsearched, search.inOrder, now)} AS probed OFFSET 0) AS probing OFFSET 0`
    : sql`SELECT ${counted} AS n OFFSET 0`;
  const [row] = await run<{ n: number; ids: string[] }>(
    db,
    sql`WITH matching AS ${planned} (SELECT ${orderColumns(filter)} FROM "Lot" WHERE ${matching.where})
      SELECT n, ${ids} AS ids FROM (${counts}) AS matches`,
  );
  return { n: row?.n ?? 0, ids: row?.ids ?? [] };
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

/** The planner's estimate of the rows matching `where`, to two significant digits, and never at or under the cap. */
export async function estimatedTotal(db: Database, where: Prisma.Sql): Promise<number> {
  const [row] = await run<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM "Lot" WHERE ${where}`);
  return Math.max(roughly(plannedRows(row?.['QUERY PLAN'])), EXACT_UP_TO + 1);
}

/** The row estimate at the top of an EXPLAIN (FORMAT JSON) plan, parsed or as text depending on the driver. */
function plannedRows(plan: unknown): number {
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
  return parsed[0]?.Plan['Plan Rows'] ?? 0;
}

/** Two significant digits: an estimate shown as 14,021 would claim a precision it does not have. */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}
