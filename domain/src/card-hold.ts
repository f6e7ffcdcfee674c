/**
 * What a card bid holds on the bidder's card. A bid on a USD lot holds its own
 * amount; a bid on a BTC lot is in sats and holds their USD value at the price the api is configured with
 * (BTC_USD_PRICE), so the api and the checkout show and hold the same cents.
 */
import { z } from 'zod';
import { SATS_PER_BTC } from './cost-calculator.ts';
import { MAX_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_SATS, paymentMessages } from './schemas/payment.ts';

/** The units a card bid can be in: USD lots and BTC lots (ETH card bids are held by the relayer). */
export type CardBidUnit = 'USD' | 'sats';

/** The cents held for a card bid of `amount` (cents or sats); sats are rounded up to whole cents, so the hold covers the bid. */
export function cardHoldCents(amount: bigint, unit: CardBidUnit, btcUsdCents: number): bigint {
  if (unit === 'USD') return amount;
  const satsPerBtc = BigInt(SATS_PER_BTC);
  return (amount * BigInt(btcUsdCents) + satsPerBtc - 1n) / satsPerBtc;
}

/**
 * Whether a card can carry a bid of `amount`: the message refusing it, or null. At least the spec's minimum card
 * payment ($0.50, or 50 sats), at most what one card charge can be ($999,999.99).
 */
export function cardAmountRefusal(amount: bigint, unit: CardBidUnit, btcUsdCents: number): string | null {
  if (unit === 'sats' && amount < BigInt(MIN_CARD_PAYMENT_SATS)) return paymentMessages.minimumSats;
  return cardCentsRefusal(cardHoldCents(amount, unit, btcUsdCents));
}

/** The same bounds on a payment already in cents (a hold, a Buy Now price, a cart total). */
export function cardCentsRefusal(cents: bigint): string | null {
  // Below $0.50 a hold is refused whatever the unit: the card network would not take it.
  if (cents < BigInt(MIN_CARD_PAYMENT_CENTS)) return paymentMessages.minimumUsd;
  return cents > BigInt(MAX_CARD_PAYMENT_CENTS) ? paymentMessages.maximumUsd : null;
}

/** GET /payment/card-hold-rate: the USD price per BTC a card bid on a BTC lot is held at, in cents. */
export const cardHoldRateReplySchema = z.object({ btcUsdCents: z.number().int().positive() });
export type CardHoldRateReply = z.infer<typeof cardHoldRateReplySchema>;
