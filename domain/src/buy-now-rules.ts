import type { LotPhase } from './lot-clock.ts';
import { checkoutMessages, messages } from './messages.ts';
import type { PaymentMethod } from './money.ts';

/** What Buy Now depends on, with amounts in the smallest unit and the phase from the lot clock. */
export interface BuyNowLot {
  phase: LotPhase;
  paymentMethod: PaymentMethod;
  buyNowEnabled: boolean;
  buyNowPrice: bigint | null;
  currentBid: bigint | null;
}

/** Why Buy Now is refused, with the api's error code and the words both the api and the lot page use. */
export interface BuyNowRefusal {
  code: 'buy_now_unavailable' | 'lot_cancelled' | 'lot_ended' | 'lot_not_started' | 'buy_now_price_reached';
  message: string;
}

/**
 * Whether a lot can be bought now, or why not. Buy Now "ends the auction immediately", so it is offered only
 * on a live lot that has a Buy Now price bidding has not reached yet. ETH lots are auctioned on chain, where
 * Gavel cannot end the auction for a buyer, so they never offer it. The api decides a purchase with this rule
 * and the lot page disables BUY NOW with it, so both give the same reason.
 */
export function buyNowRefusal(lot: BuyNowLot): BuyNowRefusal | null {
  if (!lot.buyNowEnabled || lot.buyNowPrice === null || lot.paymentMethod === 'ETH') return { code: 'buy_now_unavailable', message: checkoutMessages.buyNowUnavailable };
  if (lot.phase === 'cancelled') return { code: 'lot_cancelled', message: messages.bids.cancelled };
  if (lot.phase === 'ended') return { code: 'lot_ended', message: messages.bids.ended };
  if (lot.phase === 'upcoming') return { code: 'lot_not_started', message: messages.bids.notStarted };
  if (lot.currentBid !== null && lot.currentBid >= lot.buyNowPrice) return { code: 'buy_now_price_reached', message: checkoutMessages.buyNowPriceReached };
  return null;
}

/**
 * Said beside BUY NOW and ADD TO CART before either is pressed: both buy the lot at once, which ends the auction
 * for everyone. ADD TO CART only defers the payment (the saved card is held, not charged, until the cart).
 */
export function buyNowEndsAuctionText(paymentMethod: PaymentMethod): string {
  return paymentMethod === 'Manual'
    ? 'Buy Now and Add to cart both buy this lot at once and end the auction, cancelling every other bid. Add to cart holds your card and charges it at checkout.'
    : 'Buy Now buys this lot at once and ends the auction, cancelling every other bid.';
}
