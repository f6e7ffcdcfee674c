/**
 * The lots of one page with what every lot reply loads (present.ts `lotInclude`), in the page's order: one
 * prepared statement with the relations joined in, read without Prisma (whose conversion of each value costs more
 * than the query on rows this wide) but typed as Prisma types them.
 */
import type { Database } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { columnsOf, PRISMA_TYPES } from '../db/prisma-types.ts';
import { lotInclude, type LotRow } from './present.ts';

const RELATIONS = [
  { name: 'auctionEvent', table: 'AuctionEvent', alias: 'e', key: 'auctionEventId', fields: Object.keys(lotInclude.auctionEvent.select) },
  { name: 'winner', table: 'User', alias: 'w', key: 'winnerId', fields: Object.keys(lotInclude.winner.select) },
] as const;

const LOT_ROWS = `SELECT ${columnsOf(Prisma.LotScalarFieldEnum, 'l')}, ${RELATIONS.flatMap(({ name, alias, fields }) => fields.map((field) => `${alias}."${field}" AS "${name}.${field}"`)).join(', ')}
  FROM unnest($1::text[]) WITH ORDINALITY AS page("id", n) JOIN "Lot" l ON l."id" = page."id"
  ${RELATIONS.map(({ table, alias, key }) => `LEFT JOIN "${table}" ${alias} ON ${alias}."id" = l."${key}"`).join(' ')}
  ORDER BY page.n`;

export async function lotRows(db: Database, ids: string[]): Promise<LotRow[]> {
  if (!ids.length) return [];
  const rows = await db.sql<Record<string, unknown>>(LOT_ROWS, [ids], { parsers: PRISMA_TYPES, prepared: 'browse-lot-rows' });
  return rows.map((row) => {
    const lot: Record<string, unknown> = {};
    const related: Record<string, Record<string, unknown>> = {};
    for (const [column, value] of Object.entries(row)) {
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
