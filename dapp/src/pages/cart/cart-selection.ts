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
