/**
 * The house's rate tables (the buyer's premium and the seller's commission) as sent and stored, and reading one:
 * the rules themselves are in house-rates.ts, which needs no schema code, so pages that only show a rate load none.
 */
import { z } from 'zod';
import { rateTableFromWire, type RateScheduleWire, type RateTable, type RateTierWire } from '../house-rates.ts';
import { type PaymentMethod, unitFor, type Unit } from '../money.ts';

/** The wire and stored form: thresholds as decimal strings in the unit's display form, rates as percent strings. */
export const rateTierWireSchema = z.object({
  upTo: z.string().nullable(),
  percent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'A rate is a percentage with at most two decimals.'),
}) satisfies z.ZodType<RateTierWire>;
export const rateTableWireSchema = z.array(rateTierWireSchema).max(10);
export const rateScheduleWireSchema = z.object({
  USD: rateTableWireSchema.optional(),
  sats: rateTableWireSchema.optional(),
  ETH: rateTableWireSchema.optional(),
}) satisfies z.ZodType<RateScheduleWire>;
// The types live with the rules, which load no schema code; named here too for the schemas' users.
export type { RateScheduleWire, RateTableWire } from '../house-rates.ts';

/**
 * The buyer's premium a lot charges: an ETH lot's is its on-chain auction's, which the contract fixed at the
 * auction's creation and collects with every bid (`chainPremiumBps`; none before the lot is linked), every other
 * lot's is its event's table for the lot's unit.
 */
export function lotPremiumTable(lot: { paymentMethod: PaymentMethod; chainPremiumBps: number | null }, eventPremium: unknown): RateTable {
  const unit = unitFor(lot.paymentMethod);
  if (unit !== 'ETH') return tableFor(eventPremium, unit);
  return lot.chainPremiumBps ? [{ upTo: null, basisPoints: lot.chainPremiumBps }] : [];
}

/** The table a schedule (stored or sent) gives `unit`; anything unreadable or absent charges nothing. */
export function tableFor(schedule: unknown, unit: Unit): RateTable {
  const parsed = rateScheduleWireSchema.safeParse(schedule);
  if (!parsed.success) return [];
  try {
    return rateTableFromWire(parsed.data[unit], unit);
  } catch {
    return [];
  }
}
