/**
 * A buyer's tax table (a rate per country) as sent and stored, and reading one: the rules themselves are in
 * house-tax.ts, which needs no schema code, so pages that only show a price with its tax load none.
 */
import { z } from 'zod';
import { basisPointsOf } from '../basis-points.ts';
import { taxTableProblem, type TaxRateWire, type TaxTable } from '../house-tax.ts';

/** One country's rate as an admin sends it and the event stores it: a percent string and what it is levied on. */
export const taxRateWireSchema = z.object({
  country: z.string().trim().min(1, 'Name the country.').max(100),
  percent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'A rate is a percentage with at most two decimals.'),
  base: z.enum(['premium', 'total']),
}) satisfies z.ZodType<TaxRateWire>;
export const taxTableWireSchema = z.array(taxRateWireSchema).max(300);
// The type lives with the rules, which load no schema code; named here too for the schemas' users.
export type { TaxTableWire } from '../house-tax.ts';

/** The stored or sent table read exactly; anything unreadable levies nothing. */
export function taxTableOf(stored: unknown): TaxTable {
  const parsed = taxTableWireSchema.safeParse(stored);
  if (!parsed.success || taxTableProblem(parsed.data)) return [];
  return parsed.data.map((rate) => ({ country: rate.country, basisPoints: basisPointsOf(rate.percent), base: rate.base }));
}
