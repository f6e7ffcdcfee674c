/**
 * What a card bid holds on the bidder's card. A bid on a USD lot holds its own amount; a bid in a coin (sats on a
 * BTC lot, wei on an on-chain ETH lot) holds its USD value at the coin's live price plus a safety margin, since
 * the price may move before the hold is captured. The api and the checkout work it out by the same rule from the
 * same price (GET /payment/card-hold-rate), so they show and hold the same cents.
 */
import { z } from 'zod';
import { SATS_PER_BTC } from './cost-calculator.ts';
import { allInAmount, type RateTable } from './house-rates.ts';
import type { TaxRate } from './house-tax.ts';
import { fill } from './messages.ts';
import { MAX_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_SATS, paymentMessages } from './schemas/payment.ts';

/** The units a card bid can be in: USD lots and BTC lots (ETH card bids are held by the relayer). */
export type CardBidUnit = 'USD' | 'sats';

/** A coin's price as a card hold uses it. */
export interface HoldPrice {
  /** USD cents per whole coin (a whole number). */
  usdCents: number;
  /** What the hold covers above the bid's USD value, in percent (at most two decimals count). */
  marginPercent: number;
}

export const WEI_PER_ETH = 10n ** 18n;

/**
 * The cents held for `amount` base units of a coin (`perCoin` of them to the coin) at `price`: the USD value
 * times (1 + margin), rounded up to the cent, so the hold covers the bid.
 */
export function coinHoldCents(amount: bigint, perCoin: bigint, price: HoldPrice): bigint {
  const withMargin = BigInt(10_000 + Math.round(price.marginPercent * 100));
  const divisor = perCoin * 10_000n;
  return (amount * BigInt(price.usdCents) * withMargin + divisor - 1n) / divisor;
}

/**
 * The cents held for a card bid of `amount` (cents, or sats at the BTC price `btc`, which only a USD bid may lack):
 * all in, the bid, the buyer's premium on it (`premium`, the lot's event's table for the lot's unit; none by
 * default) and the bidder's tax on those (`tax`, house-tax.ts), since a won bid pays all three. The one place a
 * hold takes the premium and tax in.
 */
export function cardHoldCents(amount: bigint, unit: CardBidUnit, btc: HoldPrice | null, premium: RateTable = [], tax: TaxRate | null = null): bigint {
  const allIn = allInAmount(amount, premium, tax);
  if (unit === 'USD') return allIn;
  if (!btc) throw new Error('a card hold in sats needs the BTC price');
  return coinHoldCents(allIn, BigInt(SATS_PER_BTC), btc);
}

/**
 * What a won card bid is charged, in cents: a USD bid its own amount; a bid in a coin its value at the coin's price
 * at the close, with no margin (the margin only made the hold big enough for the price to move), and never more
 * than the hold.
 */
export function cardChargeCents(hammer: bigint, perCoin: bigint | null, usdCentsNow: number | null, holdCents: bigint, premium: RateTable = [], tax: TaxRate | null = null): bigint {
  // A won bid is charged all in: the hammer, the buyer's premium on it and the buyer's tax.
  const amount = allInAmount(hammer, premium, tax);
  if (perCoin === null) return amount < holdCents ? amount : holdCents;
  if (usdCentsNow === null) throw new Error('charging a bid in a coin needs its price');
  const value = coinHoldCents(amount, perCoin, { usdCents: usdCentsNow, marginPercent: 0 });
  return value < holdCents ? value : holdCents;
}

/**
 * Whether a card can carry a bid of `amount`: the message refusing it, or null. At least the spec's minimum card
 * payment ($0.50, or 50 sats), at most what one card charge can be ($999,999.99).
 */
export function cardAmountRefusal(amount: bigint, unit: CardBidUnit, btc: HoldPrice | null, premium: RateTable = [], tax: TaxRate | null = null): string | null {
  if (unit === 'sats' && amount < BigInt(MIN_CARD_PAYMENT_SATS)) return paymentMessages.minimumSats;
  return cardCentsRefusal(cardHoldCents(amount, unit, btc, premium, tax));
}

/** The same bounds on a payment already in cents (a hold, a Buy Now price, a cart total). */
export function cardCentsRefusal(cents: bigint): string | null {
  // Below $0.50 a hold is refused whatever the unit: the card network would not take it.
  if (cents < BigInt(MIN_CARD_PAYMENT_CENTS)) return paymentMessages.minimumUsd;
  return cents > BigInt(MAX_CARD_PAYMENT_CENTS) ? paymentMessages.maximumUsd : null;
}

/**
 * GET /payment/card-hold-rate: the live USD prices card holds are worked out at, in cents per BTC and per ETH, each
 * null while no fresh price is known (card bids in that coin are refused meanwhile), and the margin held above.
 */
export const cardHoldRateReplySchema = z.object({
  btcUsdCents: z.number().int().positive().nullable(),
  ethUsdCents: z.number().int().positive().nullable(),
  marginPercent: z.number().nonnegative(),
});
export type CardHoldRateReply = z.infer<typeof cardHoldRateReplySchema>;

/** The coins whose live price card holds use. */
export type PricedCoin = 'BTC' | 'ETH';

/** Why a card bid in `coin` is refused while no fresh price is known. */
export function cardBidsPausedMessage(coin: PricedCoin): string {
  return fill(paymentMessages.cardBidsPaused, { coin });
}
