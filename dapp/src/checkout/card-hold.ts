import { cardHoldCents, cardAmountRefusal, displayAmount, paymentMessages, parseAmount, type Lot } from '@gavel/domain';

export interface CardHold {
  /** What the card is held for, in USD ("$20.01"); null while the BTC price is not known yet. */
  held: string | null;
  /** Why no hold is even attempted (under the spec's $0.50 / 50 sats minimum, or not an amount), else null. */
  refusal: string | null;
}

/**
 * What CONFIRM YOUR BID holds on the card: a USD bid itself; a bid in sats, its USD value at the price the api
 * holds BTC card bids at (GET /payment/card-hold-rate), worked out by the same domain rule the api uses.
 */
export function cardHoldFor(amount: string, lot: Pick<Lot, 'unit'>, btcUsdCents: number | undefined): CardHold {
  // ETH lots take card bids through the on-chain card bid modal, never this checkout.
  if (lot.unit === 'ETH') return { held: null, refusal: null };
  let value: bigint;
  try {
    value = parseAmount(amount, lot.unit);
  } catch {
    return { held: null, refusal: paymentMessages.invalidAmount };
  }
  if (lot.unit === 'sats' && btcUsdCents === undefined) return { held: null, refusal: null };
  const rate = btcUsdCents ?? 0;
  return { held: displayAmount(cardHoldCents(value, lot.unit, rate), 'USD'), refusal: cardAmountRefusal(value, lot.unit, rate) };
}
