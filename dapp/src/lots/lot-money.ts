import { displayAmount, messages, parseAmount, type Lot, type Unit } from '@gavel/domain';

/** "15000" sats -> "15,000 sats", "12.5" USD -> "$12.50": amounts arrive as decimal strings in the lot's unit. */
export function lotAmount(amount: string, unit: Unit): string {
  try {
    return displayAmount(parseAmount(amount, unit), unit);
  } catch {
    // A malformed amount is the api's bug; still show what came rather than hiding the price.
    return `${amount} ${unit}`;
  }
}

/** "10,000 – 20,000 sats", one side if only one is set, or the spec's "Upon Request" when neither is. */
export function lotEstimate(lot: Pick<Lot, 'estimateLow' | 'estimateHigh' | 'unit'>): string {
  const { estimateLow: low, estimateHigh: high, unit } = lot;
  if (low && high) return `${lotAmount(low, unit)} – ${lotAmount(high, unit)}`;
  if (low) return `From ${lotAmount(low, unit)}`;
  if (high) return `Up to ${lotAmount(high, unit)}`;
  return messages.browse.upcomingEstimate;
}
