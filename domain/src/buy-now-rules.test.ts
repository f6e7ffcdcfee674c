import { describe, expect, it } from 'vitest';
import { buyNowRefusal, type BuyNowLot } from './buy-now-rules.ts';
import { checkoutMessages, messages } from './messages.ts';

const live: BuyNowLot = { phase: 'live', paymentMethod: 'Manual', buyNowEnabled: true, buyNowPrice: 5000n, currentBid: 4900n };

describe('buyNowRefusal: when a lot can be bought now', () => {
  it('allows a live lot whose Buy Now price bidding has not reached', () => {
    expect(buyNowRefusal(live)).toBeNull();
    expect(buyNowRefusal({ ...live, currentBid: null })).toBeNull();
    expect(buyNowRefusal({ ...live, paymentMethod: 'BTC' })).toBeNull();
  });

  it('is not offered without a Buy Now price, when switched off, or on ETH lots, whatever the phase', () => {
    const unavailable = { code: 'buy_now_unavailable', message: checkoutMessages.buyNowUnavailable };
    expect(buyNowRefusal({ ...live, buyNowEnabled: false })).toEqual(unavailable);
    expect(buyNowRefusal({ ...live, buyNowPrice: null })).toEqual(unavailable);
    expect(buyNowRefusal({ ...live, paymentMethod: 'ETH' })).toEqual(unavailable);
    expect(buyNowRefusal({ ...live, buyNowEnabled: false, phase: 'ended' })).toEqual(unavailable);
  });

  it('needs the lot to be live', () => {
    expect(buyNowRefusal({ ...live, phase: 'upcoming' })).toEqual({ code: 'lot_not_started', message: messages.bids.notStarted });
    expect(buyNowRefusal({ ...live, phase: 'ended' })).toEqual({ code: 'lot_ended', message: messages.bids.ended });
    expect(buyNowRefusal({ ...live, phase: 'cancelled' })).toEqual({ code: 'lot_cancelled', message: messages.bids.cancelled });
  });

  it('ends once bidding reaches the Buy Now price', () => {
    const reached = { code: 'buy_now_price_reached', message: checkoutMessages.buyNowPriceReached };
    expect(buyNowRefusal({ ...live, currentBid: 5000n })).toEqual(reached);
    expect(buyNowRefusal({ ...live, currentBid: 5001n })).toEqual(reached);
  });
});
