/**
 * Raw rows typed as Prisma types a model's fields, for reads that skip Prisma (its conversion of each value costs
 * more than the query on wide rows) and hand the rows to code written for Prisma's: numeric as Decimal,
 * timestamp (stored in UTC) as Date, and a date as midnight UTC.
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { TypeParsers } from './client.ts';

const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

export const PRISMA_TYPES: TypeParsers = {
  [NUMERIC]: (text) => new Prisma.Decimal(text),
  [TIMESTAMP]: (text) => new Date(`${text.replace(' ', 'T')}Z`),
  // A calendar date, as Prisma reads a @db.Date: midnight UTC.
  [DATE]: (text) => new Date(`${text}T00:00:00Z`),
  [TIMESTAMPTZ]: (text) => new Date(text),
};

/**
 * A model's columns by name, as Prisma reads them (`Prisma.UserScalarFieldEnum`...), `alias.` before each: for the
 * prepared reads, never `*`. A prepared statement keeps the columns `*` had when it was prepared: a column a
 * migration adds while this instance runs would make every later run of it fail ("cached plan must not change
 * result type") until a restart. Named columns stay what they were.
 */
export function columnsOf(fields: Record<string, string>, alias?: string): string {
  return Object.values(fields)
    .map((field) => (alias ? `${alias}."${field}"` : `"${field}"`))
    .join(', ');
}
