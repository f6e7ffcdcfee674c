import { describe, expect, it } from 'vitest';
import type { PaymentMethodReply } from '@gavel/domain';
import { confirmsAtOnce } from './bid-opening.ts';
import { addPaymentMethod, changePayment, checkoutSlice, closeCheckout, startBidCheckout, type CheckoutState } from '../state/checkout.ts';

const verified: PaymentMethodReply = { status: 'verified', brand: 'visa', last4: '4242', error: null };
const reduce = checkoutSlice.reducer;
const fresh = () => reduce(undefined, { type: 'init' }) as CheckoutState;

describe('where a bid opens', () => {
  it('at one confirm step on a verified saved card; with the steps for no card, an unchecked one, or a Bitcoin wallet on a BTC lot', () => {
    expect(confirmsAtOnce(verified, { paymentMethod: 'Manual' }, null)).toBe(true);
    expect(confirmsAtOnce(verified, { paymentMethod: 'BTC' }, null)).toBe(true);
    expect(confirmsAtOnce(verified, { paymentMethod: 'BTC' }, 'tb1qwallet')).toBe(false);
    expect(confirmsAtOnce({ ...verified, status: 'pending' }, { paymentMethod: 'Manual' }, null)).toBe(false);
    expect(confirmsAtOnce(undefined, { paymentMethod: 'Manual' }, null)).toBe(false);
  });

  it('a maximum on a BTC lot with a Bitcoin wallet connected opens at the choice: the wallet signs a ladder, the card holds', () => {
    expect(confirmsAtOnce(verified, { paymentMethod: 'BTC' }, 'tb1qwallet', true)).toBe(false);
    expect(confirmsAtOnce(verified, { paymentMethod: 'BTC' }, null, true)).toBe(true);
    expect(confirmsAtOnce(undefined, { paymentMethod: 'BTC' }, 'tb1qwallet', true)).toBe(false);
    const state = reduce(fresh(), startBidCheckout({ lotId: 'lot-1', amount: '10000', maximum: '30000', savedCardReady: true }));
    expect(state.bid).toEqual({ lotId: 'lot-1', amount: '10000', maximum: '30000' });
  });

  it('a saved card opens at CONFIRM YOUR BID without the step trail', () => {
    const state = reduce(fresh(), startBidCheckout({ lotId: 'lot-1', amount: '26.00', savedCardReady: true }));
    expect(state).toMatchObject({ step: 'congratulations', trail: false, choice: 'stripe', bid: { lotId: 'lot-1', amount: '26.00' } });
  });

  it('no saved card opens at the payment choice with the steps; adding a card keeps them', () => {
    let state = reduce(fresh(), startBidCheckout({ lotId: 'lot-1', amount: '26.00' }));
    expect(state).toMatchObject({ step: 'checkout', trail: true });
    state = reduce(state, addPaymentMethod());
    expect(state).toMatchObject({ step: 'payment-details', trail: true, choice: 'card' });
  });

  it('"Change payment method" brings the steps back', () => {
    let state = reduce(fresh(), startBidCheckout({ lotId: 'lot-1', amount: '26.00', savedCardReady: true }));
    state = reduce(state, changePayment());
    expect(state).toMatchObject({ step: 'checkout', trail: true });
    // The next bid on the saved card is one step again.
    state = reduce(reduce(state, closeCheckout()), startBidCheckout({ lotId: 'lot-1', amount: '27.00', savedCardReady: true }));
    expect(state).toMatchObject({ step: 'congratulations', trail: false });
  });
});
