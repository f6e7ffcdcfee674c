import { formatAmount, parseAmount, type CartItem } from '@gavel/domain';

/** The lots final checkout can take: those still awaiting the user's payment that a card can pay. */
export function payableItems(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.payableByCard && item.paymentState === 'awaiting_payment');
}

/** The selected lots' sum in USD ("37.50"); the api computes the charged total itself, this is the preview. */
export function selectedTotal(items: readonly CartItem[], selected: ReadonlySet<string>): string {
  const cents = payableItems(items)
    .filter((item) => selected.has(item.lotId))
    .reduce((sum, item) => sum + parseAmount(item.cardAmount ?? item.amount, 'USD'), 0n);
  return formatAmount(cents, 'USD');
}

/** ADD TO CART lots: their card is held (not charged) until Pay now or their deadline. */
export function heldItems(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.paymentState === 'processing' && item.heldUntil !== null);
}

/** What the cart's card holds stand for together, in USD ("300.00"), and the soonest time one is charged anyway. */
export function heldSummary(items: readonly CartItem[]): { total: string; chargedBy: string } | null {
  const held = heldItems(items);
  if (held.length === 0) return null;
  const cents = held.reduce((sum, item) => sum + parseAmount(item.amount, 'USD'), 0n);
  const chargedBy = held.map((item) => item.heldUntil!).sort()[0]!;
  return { total: formatAmount(cents, 'USD'), chargedBy };
}
