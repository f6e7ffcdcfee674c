import {
  cardAmountRefusal,
  cardBidsPausedMessage,
  cardCentsRefusal,
  cardHoldCents,
  coinHoldCents,
  displayAmount,
  paymentMessages,
  parseAmount,
  WEI_PER_ETH,
  type CardHoldRateReply,
  type Lot,
} from '@gavel/domain';
import { premiumOf, taxOf } from '../lots/all-in.ts';

export interface CardHold {
  /** What the card is held for, in USD ("$22.01"); null while the coin's price is not known yet, or there is none. */
  held: string | null;
  /**
   * Why no hold is even attempted (under the spec's $0.50 / 50 sats minimum, over what a card can carry, not an
   * amount, or card bids in the coin paused for want of a fresh price), else null.
   */
  refusal: string | null;
}

/**
 * What confirming a card bid holds on the card, all in (with the buyer's premium, and on a USD lot the tax of the
 * country the bidder's profile names, `country`): a USD bid itself; a bid in sats or ETH, its USD value at the live
 * price the api holds card bids at plus its margin (GET /payment/card-hold-rate), worked out by the domain rule the
 * api uses.
 */
export function cardHoldFor(amount: string, lot: Pick<Lot, 'unit' | 'buyerPremium' | 'buyerTax'>, rate: CardHoldRateReply | undefined, country?: string | null): CardHold {
  let value: bigint;
  try {
    value = parseAmount(amount, lot.unit);
  } catch {
    return { held: null, refusal: paymentMessages.invalidAmount };
  }
  // All in: the hold covers the buyer's premium too, by the rule the api holds with (domain card-hold.ts).
  const premium = premiumOf(lot);
  if (lot.unit === 'USD') {
    const tax = taxOf(lot, country);
    return { held: displayAmount(cardHoldCents(value, 'USD', null, premium, tax), 'USD'), refusal: cardAmountRefusal(value, 'USD', null, premium, tax) };
  }
  if (!rate) return { held: null, refusal: null };
  const coin = lot.unit === 'sats' ? 'BTC' : 'ETH';
  const usdCents = coin === 'BTC' ? rate.btcUsdCents : rate.ethUsdCents;
  if (usdCents === null) return { held: null, refusal: cardBidsPausedMessage(coin) };
  const price = { usdCents, marginPercent: rate.marginPercent };
  if (lot.unit === 'sats') return { held: displayAmount(cardHoldCents(value, 'sats', price, premium), 'USD'), refusal: cardAmountRefusal(value, 'sats', price, premium) };
  const cents = coinHoldCents(value, WEI_PER_ETH, price);
  return { held: displayAmount(cents, 'USD'), refusal: cardCentsRefusal(cents) };
}
