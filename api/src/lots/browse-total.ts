/**
 * A browse's total: exact while small, estimated when large. Counting every one of tens of thousands of matches
 * costs far more than reading a page, so at most EXACT_UP_TO + 1 matches are ever read to count them; past that the
 * total is the planner's estimate of the filter's rows, labelled as such (`totalExact: false`) so the dapp says
 * "about".
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { orderColumns, orderedIds, type OrderedFilter, type Window } from './browse-order.ts';

/** Ten pages of 20: a visitor sees the count of anything smaller exactly, and of anything larger, "about". */
export const EXACT_UP_TO = 200;

const { sql } = Prisma;
const run = <Row>(db: Database, query: Prisma.Sql) => db.sql<Row>(query.text, query.values);

/**
 * The matches counted up to EXACT_UP_TO + 1 and, when that is all of them, the window of their ids in the browse's
 * order: a small result is counted and paged by one statement. `ids` is null when there are more.
 *
 * A search's matches are planned as if all were wanted (a MATERIALIZED WITH query is) and read only up to the cap.
 * Planned for the cap, a search the planner overestimates (a word that rarely meets the other filters) would scan
 * the lots in some order hoping to stop early, and scan them all; planned whole, it is read through the trigram
 * indexes and costs at most its candidates. Other filters are checked inside the covering indexes, where stopping
 * early is what makes them cheap.
 */
export async function firstMatches(db: Database, filter: OrderedFilter & { search?: string }, where: Prisma.Sql, now: Date, window: Window): Promise<{ n: number; ids: string[] | null }> {
  const planned = filter.search ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  const [row] = await run<{ n: number; ids: string[] | null }>(
    db,
    sql`WITH matching AS ${planned} (SELECT ${orderColumns(filter)} FROM "Lot" WHERE ${where})
      SELECT n, CASE WHEN n <= ${EXACT_UP_TO} THEN ARRAY(${orderedIds(filter, sql`matching`, sql`TRUE`, now, window)}) END AS ids
      FROM (SELECT count(*)::int AS n FROM (SELECT FROM matching LIMIT ${EXACT_UP_TO + 1}) AS capped) AS matches`,
  );
  return { n: row?.n ?? 0, ids: row?.ids ?? null };
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
