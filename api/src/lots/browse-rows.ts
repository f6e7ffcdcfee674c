/**
 * The lots of one page with what every lot reply loads (present.ts `lotInclude`), in the page's order: selected in
 * the page's own statement (browse-total.ts), read without Prisma (whose conversion of each value costs more than
 * the query on rows this wide) but typed as Prisma types them (`PRISMA_TYPES`).
 */
import { Prisma } from '../generated/prisma/client.ts';
import { columnsOf } from '../db/prisma-types.ts';
import { lotInclude, type LotRow } from './present.ts';

const RELATIONS = [
  { name: 'auctionEvent', table: 'AuctionEvent', alias: 'e', key: 'auctionEventId', fields: Object.keys(lotInclude.auctionEvent.select) },
  { name: 'winner', table: 'User', alias: 'w', key: 'winnerId', fields: Object.keys(lotInclude.winner.select) },
] as const;

/** Columns of the statement that are not the lot's: their names start with an underscore, as no lot field does. */
const OWN = '_';

const COLUMNS = `${columnsOf(Prisma.LotScalarFieldEnum, 'l')}, ${RELATIONS.flatMap(({ name, alias, fields }) => fields.map((field) => `${alias}."${field}" AS "${name}.${field}"`)).join(', ')}`;
const JOINS = RELATIONS.map(({ table, alias, key }) => `LEFT JOIN "${table}" ${alias} ON ${alias}."id" = l."${key}"`).join(' ');

/** The lots whose ids `ids` (a text[] expression) lists, with `_place` their place in it. */
export function lotsAt(ids: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT ${Prisma.raw(COLUMNS)}, page.place AS "_place"
    FROM unnest(${ids}) WITH ORDINALITY AS page("id", place) JOIN "Lot" l ON l."id" = page."id" ${Prisma.raw(JOINS)}`;
}

/** The rows `lotsAt` selected (other columns of the statement left out), as Prisma would have loaded them. */
export function lotsOf(rows: Array<Record<string, unknown>>): LotRow[] {
  return rows.map((row) => {
    const lot: Record<string, unknown> = {};
    const related: Record<string, Record<string, unknown>> = {};
    for (const [column, value] of Object.entries(row)) {
      if (column.startsWith(OWN)) continue;
      const dot = column.indexOf('.');
      if (dot < 0) lot[column] = value;
      else {
        const relation = column.slice(0, dot);
        related[relation] = { ...related[relation], [column.slice(dot + 1)]: value };
      }
    }
    // A relation that is not set (a lot without a winner) comes back as a row of nulls from the outer join.
    for (const { name, key } of RELATIONS) lot[name] = lot[key] === null ? null : related[name];
    return lot as LotRow;
  });
}
