import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's checkout step sequence, in order. The bid modal walks the first four; Buy Now ends in the last two. */
export const CHECKOUT_STEPS = ['checkout', 'payment-details', 'card-verification', 'congratulations', 'cart', 'final-checkout'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The checkout's payment choices. */
export const PAYMENT_CHOICES = ['stripe', 'card', 'pay-later', 'bitcoin', 'ethereum'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

export type BuyNowMode = 'pay' | 'cart';

export interface CheckoutState {
  /** The bid being checked out in the CHECKOUT modal, or null when it is closed. */
  bid: { lotId: string; amount: string; maximum?: string } | null;
  /** The lot whose Buy Now modal is open: BUY NOW pays by card now, ADD TO CART buys it to pay in the cart. */
  buyNow: { lotId: string; mode: BuyNowMode } | null;
  step: CheckoutStep;
  choice: PaymentChoice | null;
  /**
   * The card was chosen and found verified earlier in this session: the next bid opens straight at CONFIRM
   * YOUR BID, because in a bidding war seconds count and the card has not changed since.
   */
  cardReady: boolean;
  /** The step trail shows: the bidder walks the steps (choosing, or adding a card), not one confirm step. */
  trail: boolean;
}

const initialState: CheckoutState = { bid: null, buyNow: null, step: 'checkout', choice: null, cardReady: false, trail: true };

export interface BidCheckoutStart {
  lotId: string;
  amount: string;
  /** A maximum bid's maximum, in the lot's unit: Gavel bids for the bidder up to it (the domain's proxy rule). */
  maximum?: string;
  /** A verified saved card stands behind the bid (see `confirmsAtOnce`): it is one confirm step. */
  savedCardReady?: boolean;
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** A saved, verified card bids in one step, CONFIRM YOUR BID; the steps are for choosing another way or adding a card. */
    startBidCheckout(state, action: PayloadAction<BidCheckoutStart>) {
      const { lotId, amount, maximum, savedCardReady = false } = action.payload;
      state.bid = { lotId, amount, ...(maximum !== undefined && { maximum }) };
      state.buyNow = null;
      if (savedCardReady) {
        state.choice = 'stripe';
        state.cardReady = true;
      }
      const atOnce = savedCardReady || (state.cardReady && state.choice !== null);
      state.step = atOnce ? 'congratulations' : 'checkout';
      state.trail = !atOnce;
    },
    startBuyNow(state, action: PayloadAction<{ lotId: string; mode: BuyNowMode }>) {
      state.buyNow = action.payload;
      state.bid = null;
      state.step = 'checkout';
    },
    choosePayment(state, action: PayloadAction<PaymentChoice>) {
      state.choice = action.payload;
    },
    /** ADD PAYMENT METHOD: a new card, entered right here. */
    addPaymentMethod(state) {
      state.choice = 'card';
      state.cardReady = false;
      state.step = 'payment-details';
      state.trail = true;
    },
    goToStep(state, action: PayloadAction<CheckoutStep>) {
      state.step = action.payload;
    },
    cardVerified(state) {
      state.cardReady = true;
      state.step = 'congratulations';
    },
    /** Back to the choice ("Change payment method"), forgetting the shortcut until a card is verified again. */
    changePayment(state) {
      state.cardReady = false;
      state.step = 'checkout';
      state.trail = true;
    },
    closeCheckout(state) {
      state.bid = null;
      state.buyNow = null;
    },
  },
});

export const { startBidCheckout, startBuyNow, choosePayment, addPaymentMethod, goToStep, cardVerified, changePayment, closeCheckout } = checkoutSlice.actions;
