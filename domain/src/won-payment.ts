/**
 * What a winner's money is doing for a lot in their cart, in words the lot page and the cart share, so neither
 * says it was paid while the card is only held: paid (when), held (until when it is charged), being charged,
 * owed (by when), or a Bitcoin swap's stage.
 */
import { fill } from './messages.ts';
import { formatAmount, parseAmount } from './money.ts';
import type { CartItem } from './schemas/checkout.ts';
import type { BitcoinSwap } from './schemas/settlement.ts';

export const wonPaymentMessages = {
  paid: 'Paid {amount}. Thank you for your payment.',
  paidAt: 'Paid {amount} on {time}. Thank you for your payment.',
  held: 'Your card is held for {amount}, not charged yet: it is charged automatically by {time}, or at once with Pay now in your cart.',
  charging: 'Your card hold of {amount} is being charged.',
  owedBy: 'You owe {amount}: pay it from your cart by {time}, or the purchase is cancelled.',
  owed: 'You owe {amount}: pay it from your cart.',
  owedInCoin: 'You owe {amount}, paid from your wallet.',
  swapping: '{stage}. Your coins pay for it once the swap confirms.',
} as const;

export type WonPayment = Pick<CartItem, 'paymentState' | 'amount' | 'unit' | 'paidAt' | 'heldUntil' | 'payBy' | 'payableByCard' | 'cardAmount' | 'bitcoinSwap' | 'premium'>;

/** `money` formats an amount in its unit; `when` formats a time naming its zone. */
export function wonPaymentText(item: WonPayment, money: (amount: string, unit: CartItem['unit']) => string, when: (iso: string) => string): string {
  // What the lot costs in all: the hammer and the buyer's premium, when its event charges one.
  const amount = money(item.premium ? formatAmount(parseAmount(item.amount, item.unit) + parseAmount(item.premium, item.unit), item.unit) : item.amount, item.unit);
  if (item.paymentState === 'paid') return item.paidAt ? fill(wonPaymentMessages.paidAt, { amount, time: when(item.paidAt) }) : fill(wonPaymentMessages.paid, { amount });
  if (item.bitcoinSwap) return fill(wonPaymentMessages.swapping, { stage: bitcoinSwapNote(item.bitcoinSwap, when) });
  if (item.paymentState === 'processing') return item.heldUntil ? fill(wonPaymentMessages.held, { amount, time: when(item.heldUntil) }) : fill(wonPaymentMessages.charging, { amount });
  if (!item.payableByCard) return fill(wonPaymentMessages.owedInCoin, { amount });
  // A USD lot's card amount is its price all in (with any buyer's premium), the same as its amount when there is none.
  const owed = item.cardAmount ? money(item.cardAmount, 'USD') : amount;
  return item.payBy ? fill(wonPaymentMessages.owedBy, { amount: owed, time: when(item.payBy) }) : fill(wonPaymentMessages.owed, { amount: owed });
}

/** The swap's stage in words, with its time in the reader's zone (`when` formats it, naming the zone). */
export function bitcoinSwapNote(swap: BitcoinSwap, when: (iso: string) => string): string {
  if (swap.stage === 'awaiting_seller') return swap.sellerSignBy ? `Waiting for the seller's signature, due ${when(swap.sellerSignBy)}` : "Waiting for the seller's signature";
  return `Sent, ${swap.confirmations} of ${swap.confirmationsNeeded} confirmations`;
}
