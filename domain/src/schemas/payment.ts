/**
 * The payment method API: saving a card through a Stripe SetupIntent, the $1
 * verification hold, and the texts the payment screens show. The card number never reaches Gavel's api: the
 * browser sends it to Stripe (or the local stand-in) and the api sees only Stripe's ids.
 */
import { z } from 'zod';
import { paymentMessages } from '../payment-messages.ts';

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

export { paymentMessages };

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
