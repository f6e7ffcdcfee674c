/**
 * The tax a buyer pays on a sale (VAT or sales tax): a rate per buyer's country, levied either on the buyer's
 * premium alone (as VAT on an auction house's margin) or on the whole of hammer and premium (as a sales tax).
 *
 * The buyer's country is the one in their profile, matched without regard to case, spaces or punctuation, so
 * "United Kingdom", "united kingdom" and "United-Kingdom" are one; the house lists each spelling it accepts ("UK"
 * beside "United Kingdom"). A buyer whose profile names no country, or a country the table does not list, pays
 * no tax, and the invoice says which.
 *
 * Exact in the lot's smallest unit, with the premium's rounding rule: the base times the rate in basis points,
 * rounded half up to the unit, once per sale.
 */
import { fill } from './messages.ts';
import { basisPointsOf, halfUp, MAX_BASIS_POINTS, percentText } from './basis-points.ts';

/** One country's rate as an admin sends it and the event stores it (schemas/house-tax.ts checks it). */
export type TaxRateWire = {
  country: string;
  percent: string;
  base: 'premium' | 'total';
};
export type TaxTableWire = TaxRateWire[];

/** What a rate is levied on: the buyer's premium, or hammer and premium together. */
export type TaxBase = 'premium' | 'total';

/** One country's rate. */
export interface TaxRate {
  /** The country as the house wrote it (shown on the invoice). */
  country: string;
  basisPoints: number;
  base: TaxBase;
}

/** A rate per country; an empty table levies no tax anywhere. */
export type TaxTable = readonly TaxRate[];

export const taxMessages = {
  noCountry: 'No tax: the buyer’s profile names no country.',
  untaxedCountry: 'No tax: the house levies none for {country}.',
  taxed: 'Tax {rate} of the {base} ({country})',
  premiumBase: 'buyer’s premium',
  totalBase: 'hammer price and premium',
  label: 'Tax',
  duplicate: '{country} is listed twice.',
  fixed: 'The buyer’s tax cannot change once a lot of this event has a bid or a buyer: bids, holds and purchases were made at it.',
  badLine: '"{line}" is not a tax rate: write United Kingdom 20% on premium, or Texas 6.25% on total',
} as const;

/** The form a country is matched in: lower case, letters and digits only. */
export function countryKey(country: string): string {
  return country.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Why a table cannot be used, or null: each rate 0 to 100%, each country once. */
export function taxTableProblem(wire: TaxTableWire): string | null {
  const seen = new Set<string>();
  for (const rate of wire) {
    const basisPoints = basisPointsOf(rate.percent);
    if (basisPoints > MAX_BASIS_POINTS) return 'Each rate is a percentage from 0 to 100 with at most two decimals.';
    const key = countryKey(rate.country);
    if (!key) return 'Name the country.';
    if (seen.has(key)) return fill(taxMessages.duplicate, { country: rate.country });
    seen.add(key);
  }
  return null;
}

/**
 * A table as a lot reply carries it (already checked by the api), read without schema code for the pages that show
 * a bid's all-in figure and card hold.
 */
export function taxTableFromWire(wire: TaxTableWire | undefined): TaxTable {
  return (wire ?? []).map((rate) => ({ country: rate.country, basisPoints: basisPointsOf(rate.percent), base: rate.base }));
}

/** The rate of a buyer whose profile names `country` (null: none named, or not in the table). */
export function taxRateFor(table: TaxTable, country: string | null | undefined): TaxRate | null {
  if (!country) return null;
  const key = countryKey(country);
  if (!key) return null;
  return table.find((rate) => countryKey(rate.country) === key && rate.basisPoints > 0) ?? null;
}

/** The tax on a sale of `hammer` with `premium` on it, at `rate` (none: 0). */
export function taxAmount(hammer: bigint, premium: bigint, rate: TaxRate | null): bigint {
  if (!rate || rate.basisPoints === 0) return 0n;
  return halfUp(rate.base === 'premium' ? premium : hammer + premium, rate.basisPoints);
}

/** The invoice's words for its tax line: the rate and its base, or why there is none. */
export function taxLineText(rate: { country: string; basisPoints: number; base: TaxBase } | null, buyerCountry: string | null): string {
  if (rate) return fill(taxMessages.taxed, { rate: percentText(rate.basisPoints), base: rate.base === 'premium' ? taxMessages.premiumBase : taxMessages.totalBase, country: rate.country });
  return buyerCountry ? fill(taxMessages.untaxedCountry, { country: buyerCountry }) : taxMessages.noCountry;
}

/** The table as an admin types it, one country a line: "United Kingdom 20% on premium". */
export function taxTableText(wire: TaxTableWire | undefined): string {
  return (wire ?? []).map((rate) => `${rate.country} ${rate.percent}% on ${rate.base}`).join('\n');
}

/** The admin's text back to the wire form; throws RangeError naming the line that is wrong. */
export function parseTaxText(text: string): TaxTableWire {
  return text
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.+?)\s+(\d{1,3}(?:\.\d{1,2})?)\s*%\s+on\s+(premium|total)$/i.exec(line);
      if (!match) throw new RangeError(fill(taxMessages.badLine, { line }));
      return { country: match[1]!.trim(), percent: match[2]!, base: match[3]!.toLowerCase() as TaxBase };
    });
}
