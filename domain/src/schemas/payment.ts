/**
 * The payment method API: saving a card through a Stripe SetupIntent, the $1
 * verification hold, and the texts the payment screens show. The card number never reaches Gavel's api: the
 * browser sends it to Stripe (or the local stand-in) and the api sees only Stripe's ids.
 */
import { z } from 'zod';

/** none -> pending (card saved, $1 verification hold running) -> verified | failed (with the card's error). */
export const PAYMENT_SETUP_STATUSES = ['none', 'pending', 'verified', 'failed'] as const;
export type PaymentSetupStatus = (typeof PAYMENT_SETUP_STATUSES)[number];

/** The spec's card verification: a $1 hold, released (refunded) within 5 days. In cents. */
export const CARD_VERIFICATION_HOLD_CENTS = 100;
export const CARD_VERIFICATION_RELEASE_DAYS = 5;
/** The spec's smallest card payment, $0.50 or 50 sats. */
export const MIN_CARD_PAYMENT_CENTS = 50;
export const MIN_CARD_PAYMENT_SATS = 50;
/** The most one card payment can carry: Stripe's cap on a charge, $999,999.99. */
export const MAX_CARD_PAYMENT_CENTS = 99_999_999;

export const paymentMessages = {
  // The spec's payment errors.
  loginToPay: 'Please log in to continue with payment.',
  login: 'Please log in to continue.',
  invalidAmount: 'Invalid payment amount.',
  invalidAuctionId: 'Invalid auction ID.',
  minimumUsd: 'Minimum payment amount is $0.50 USD for card payments.',
  minimumSats: 'Minimum payment amount is 50 sats ($0.50 USD) for card payments.',
  noClientSecret: 'No client secret received from server.',
  initFailed: 'Failed to initialize payment. Please try again.',
  initFailedTitle: 'Payment Initialization Failed',
  notReady: 'Payment system not ready.',
  failed: 'Payment failed.',
  // Not in the spec: decided here.
  verificationHold: 'A $1 verification hold is placed on your card and released within 5 days.',
  verifying: 'Verifying your card…',
  verified: 'Payment method verified',
  /** A card just added in the bid checkout passed its check: nothing is bid until the bidder confirms. */
  cardSavedBidNext: 'Your card is saved. Now confirm your bid.',
  /** A card refused for a reason Stripe gave no message for. */
  cardRefused: 'Your card could not be verified. Please try another card.',
  providerUnavailable: 'The payment service is unavailable. Please try again in a moment.',
  /** Above what one card payment can carry: the pay-later path (a bidding limit) is the way. */
  maximumUsd: 'A card payment can be at most $999,999.99. For more, ask us for a pay-later bidding limit on the support page.',
  /** No card hold or wallet stands behind the bid or purchase, and the pay-later allowance does not cover it. */
  noBiddingLimit: 'Bidding without a card needs a pay-later bidding limit. Bid by card, or ask us for a limit on the support page.',
  biddingLimitLeft: 'Your pay-later bidding limit has {available} left. Bid by card, or ask us for a higher limit on the support page.',
  webhookSignature: 'Invalid Stripe signature',
  /** No fresh price of the lot's coin: holding the card at an old one could hold too little. */
  cardBidsPaused: 'Card bids on this lot are paused: the {coin} price is unavailable. Please try again shortly.',
} as const;

/** POST /payment/setup-intent: what the browser needs to save a card with Stripe (or the stand-in). */
export const setupIntentReplySchema = z.object({
  clientSecret: z.string(),
  setupIntentId: z.string(),
  publishableKey: z.string(),
  /**
   * Where the browser sends its Stripe calls: the local stand-in's address when the api runs without real
   * Stripe keys (use the spec's card form), null with real Stripe (use Stripe.js / Elements).
   */
  stripeApiUrl: z.string().nullable(),
});
export type SetupIntentReply = z.infer<typeof setupIntentReplySchema>;

/** GET /payment/method: the saved card as the profile and payment screens show it. */
export const paymentMethodReplySchema = z.object({
  status: z.enum(PAYMENT_SETUP_STATUSES),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** The card's own message when status is failed ("Your card was declined."), else null. */
  error: z.string().nullable(),
});
export type PaymentMethodReply = z.infer<typeof paymentMethodReplySchema>;

export const webhookReplySchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
