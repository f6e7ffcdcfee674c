/**
 * A browse's total: exact while small, estimated when large. Counting every one of tens of thousands of matches
 * costs far more than reading a page, so at most EXACT_UP_TO + 1 matches are ever read to count them; past that the
 * total is the planner's estimate of the filter's rows, labelled as such (`totalExact: false`) so the dapp says
 * "about".
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { finishedParts } from './clock-sql.ts';
import { orderColumns, orderedIds, type OrderedFilter, type Window } from './browse-order.ts';

/** Ten pages of 20: a visitor sees the count of anything smaller exactly, and of anything larger, "about". */
export const EXACT_UP_TO = 200;

const { sql } = Prisma;
const run = <Row>(db: Database, query: Prisma.Sql) => db.sql<Row>(query.text, query.values);

/**
 * How many of the filter's lots a search is first tested on, read in an order that suits the filter. A word that
 * 1 in 10 of them has finds more than EXACT_UP_TO matches there, and the total is then estimated without a count.
 */
export const PROBED_LOTS = 2000;

/** What a browse selects: all of it, and for a search, the filter without it and the search as an ordered read tests it. */
export interface Matching {
  where: Prisma.Sql;
  unsearched: Prisma.Sql;
  search?: Prisma.Sql;
}

/**
 * The matches counted up to EXACT_UP_TO + 1 and, when that is all of them, the window of their ids in the browse's
 * order: a small result is counted and paged by one statement. `ids` is null when there are more.
 *
 * A search is first tested on the first PROBED_LOTS of the filter's lots, in an index's order (`probe`): a common
 * word finds its EXACT_UP_TO + 1 there, at a cost that does not grow with the catalogue. Only when it does not are
 * its matches counted, planned as if all were wanted (a MATERIALIZED WITH query is) and read only up to the cap.
 * Planned for the cap, a search the planner overestimates (a word that rarely meets the other filters) would scan
 * the lots in some order hoping to stop early, and scan them all; planned whole, it is read through the trigram
 * indexes and costs at most its candidates. Each part of the statement runs only when its answer is needed. Other
 * filters are checked inside the covering indexes, where stopping early is what makes them cheap.
 */
export async function firstMatches(db: Database, filter: OrderedFilter, matching: Matching, now: Date, window: Window): Promise<{ n: number; ids: string[] | null }> {
  const planned = matching.search ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const counted = sql`(SELECT count(*)::int FROM (SELECT FROM matching LIMIT ${EXACT_UP_TO + 1}) AS capped)`;
  const n = matching.search ? sql`CASE WHEN ${probe(filter, matching.unsearched, matching.search, now)} > ${EXACT_UP_TO} THEN ${EXACT_UP_TO + 1} ELSE ${counted} END` : counted;
  const [row] = await run<{ n: number; ids: string[] | null }>(
    db,
    sql`WITH matching AS ${planned} (SELECT ${orderColumns(filter)} FROM "Lot" WHERE ${matching.where})
      SELECT n, CASE WHEN n <= ${EXACT_UP_TO} THEN ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)}) END AS ids
      FROM (SELECT ${n} AS n OFFSET 0) AS matches`,
  );
  return { n: row?.n ?? 0, ids: row?.ids ?? null };
}

/**
 * The search's matches, up to EXACT_UP_TO + 1, among the first PROBED_LOTS of the filter's lots, read as a range of
 * an index: live lots from now in end time order, upcoming ones from now by start time, those the clock ended back
 * from now. (OFFSET 0 keeps the count from being planned twice where it is read twice; the LIMIT inside keeps the
 * search from being pushed into the read, so the index's title is tested lot by lot and the read stops early.)
 */
function probe(filter: OrderedFilter, unsearched: Prisma.Sql, search: Prisma.Sql, now: Date): Prisma.Sql {
  const range = filter.phase === 'upcoming' ? sql`ORDER BY "startTime" ASC` : filter.phase === 'ended' ? sql`AND ${finishedParts(now).byClock} ORDER BY "endTime" DESC` : sql`ORDER BY "endTime" ASC`;
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
