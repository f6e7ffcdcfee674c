import { allInText, parseAmount, rateTableFromWire, type Lot, type RateTable, type TaxRate, taxRateFor, taxTableFromWire } from '@gavel/domain';
import { lotAmount } from './lot-money.ts';

/** The lot's buyer's premium as the domain reads it; none when its event charges none. */
export function premiumOf(lot: Pick<Lot, 'unit' | 'buyerPremium'>): RateTable {
  try {
    return rateTableFromWire(lot.buyerPremium, lot.unit);
  } catch {
    return [];
  }
}

/** The tax a bidder whose profile names `country` pays on this lot (house-tax.ts); none without a country or a table. */
export function taxOf(lot: Pick<Lot, 'buyerTax'>, country: string | null | undefined): TaxRate | null {
  return taxRateFor(taxTableFromWire(lot.buyerTax), country);
}

/**
 * "$1,000.00 bid, $1,250.00 with the 25% buyer's premium" for an amount typed in the lot's unit (with the tax of a
 * bidder whose profile names `country`), or null (no premium or tax, no amount).
 */
export function allInOf(lot: Pick<Lot, 'unit' | 'buyerPremium' | 'buyerTax'>, amount: string | null | undefined, country?: string | null): string | null {
  if ((!lot.buyerPremium && !lot.buyerTax) || !amount) return null;
  try {
    return allInText(parseAmount(amount, lot.unit), lot.unit, premiumOf(lot), taxOf(lot, country));
  } catch {
    return null;
  }
}

/** "25% of the hammer price", or "25% up to $1,000,000.00, 20% above": the lot's premium in words. */
export function premiumTiersText(lot: Pick<Lot, 'unit' | 'buyerPremium'>): string {
  const tiers = lot.buyerPremium ?? [];
  if (tiers.length === 1) return `${tiers[0]!.percent}% of the hammer price`;
  return tiers.map((tier) => (tier.upTo === null ? `${tier.percent}% above` : `${tier.percent}% up to ${lotAmount(tier.upTo, lot.unit)}`)).join(', ');
}
