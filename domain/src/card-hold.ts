/**
 * What a card bid holds on the bidder's card. A bid on a USD lot holds its own
 * amount; a bid on a BTC lot is in sats and holds their USD value at the price the api is configured with
 * (BTC_USD_PRICE), so the api and the checkout show and hold the same cents.
 */
import { z } from 'zod';
import { SATS_PER_BTC } from './cost-calculator.ts';
import { MIN_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_SATS, paymentMessages } from './schemas/payment.ts';

/** The units a card bid can be in: USD lots and BTC lots (ETH card bids are held by the relayer). */
export type CardBidUnit = 'USD' | 'sats';

/** The cents held for a card bid of `amount` (cents or sats); sats are rounded up to whole cents, so the hold covers the bid. */
export function cardHoldCents(amount: bigint, unit: CardBidUnit, btcUsdCents: number): bigint {
  if (unit === 'USD') return amount;
  const satsPerBtc = BigInt(SATS_PER_BTC);
  return (amount * BigInt(btcUsdCents) + satsPerBtc - 1n) / satsPerBtc;
}

/** The spec's minimum card payment ($0.50, or 50 sats) as the message refusing a smaller card bid; null when it is enough. */
export function cardMinimumRefusal(amount: bigint, unit: CardBidUnit, btcUsdCents: number): string | null {
  if (unit === 'sats' && amount < BigInt(MIN_CARD_PAYMENT_SATS)) return paymentMessages.minimumSats;
  // Below $0.50 a hold is refused whatever the unit: the card network would not take it.
  return cardHoldCents(amount, unit, btcUsdCents) < BigInt(MIN_CARD_PAYMENT_CENTS) ? paymentMessages.minimumUsd : null;
}

/** GET /payment/card-hold-rate: the USD price per BTC a card bid on a BTC lot is held at, in cents. */
export const cardHoldRateReplySchema = z.object({ btcUsdCents: z.number().int().positive() });
export type CardHoldRateReply = z.infer<typeof cardHoldRateReplySchema>;
