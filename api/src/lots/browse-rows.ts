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

/** Where each column of a row goes: the lot's own field, or a field of one of its relations ("winner.name"). */
const DESTINATIONS = new Map<string, { relation: string | null; field: string }>();
function destinationOf(column: string): { relation: string | null; field: string } {
  let destination = DESTINATIONS.get(column);
  if (!destination) {
    const dot = column.indexOf('.');
    destination = dot < 0 ? { relation: null, field: column } : { relation: column.slice(0, dot), field: column.slice(dot + 1) };
    DESTINATIONS.set(column, destination);
  }
  return destination;
}

/** The rows `lotsAt` selected (other columns of the statement left out), as Prisma would have loaded them. */
export function lotsOf(rows: Array<Record<string, unknown>>): LotRow[] {
  return rows.map((row) => {
    const lot: Record<string, unknown> = {};
    const related: Record<string, Record<string, unknown>> = Object.fromEntries(RELATIONS.map(({ name }) => [name, {}]));
    for (const column in row) {
      if (column.startsWith(OWN)) continue;
      const { relation, field } = destinationOf(column);
      if (relation === null) lot[field] = row[column];
      else related[relation]![field] = row[column];
    }
    // A relation that is not set (a lot without a winner) comes back as a row of nulls from the outer join.
    for (const { name, key } of RELATIONS) lot[name] = lot[key] === null ? null : related[name];
    return lot as LotRow;
  });
}
