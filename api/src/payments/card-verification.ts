/**
 * The $1 card verification hold (the spec: "a card verification hold of $1 is refunded in
 * 5 days"): a manual-capture PaymentIntent confirmed off-session on the saved card, then cancelled at once.
 * The issuer approving the authorisation is the proof the card works; cancelling releases the money (the
 * bank may show it as pending for up to 5 days). Nothing is ever captured.
 *
 * Safe to run again for the same SetupIntent: both calls carry idempotency keys derived from it, so a
 * webhook redelivery replays Stripe's first answers instead of placing a second hold.
 */
import Stripe from 'stripe';
import { CARD_VERIFICATION_HOLD_CENTS, paymentMessages } from '@gavel/domain';
import { cancelIntent } from './intents.ts';

export interface CardToVerify {
  userId: string;
  customerId: string;
  paymentMethodId: string;
  /** The SetupIntent that saved the card: one verification per saved card. */
  setupIntentId: string;
}

export type VerificationOutcome = { verified: true; holdId: string } | { verified: false; message: string; holdId: string | null };

export async function verifyCardWithHold(stripe: Stripe, card: CardToVerify): Promise<VerificationOutcome> {
  let hold: Stripe.PaymentIntent;
  try {
    hold = await stripe.paymentIntents.create(
      {
        amount: CARD_VERIFICATION_HOLD_CENTS,
        currency: 'usd',
        customer: card.customerId,
        payment_method: card.paymentMethodId,
        allowed_payment_method_types: ['card'],
        capture_method: 'manual',
        confirm: true,
        off_session: true,
        description: 'Gavel card verification hold (released, never captured)',
        metadata: { userId: card.userId, purpose: 'card_verification', setupIntentId: card.setupIntentId },
      },
      { idempotencyKey: `card-verification:${card.setupIntentId}` },
    );
  } catch (error) {
    // The issuer refused the authorisation: the card's own words are what the user sees.
    if (error instanceof Stripe.errors.StripeCardError) {
      return { verified: false, message: error.message || paymentMessages.cardRefused, holdId: error.payment_intent?.id ?? null };
    }
    throw error;
  }
  if (hold.status !== 'canceled' && hold.status !== 'succeeded') await release(stripe, hold.id);
  if (hold.status === 'requires_capture') return { verified: true, holdId: hold.id };
  // requires_action cannot happen off-session (Stripe answers authentication_required instead), but if
  // anything else comes back the card is not proven.
  return { verified: false, message: hold.last_payment_error?.message ?? paymentMessages.cardRefused, holdId: hold.id };
}

/** Cancels the hold (cancelIntent: a retry is a new request). An already-cancelled hold (an earlier run got this far) is fine. */
async function release(stripe: Stripe, holdId: string): Promise<void> {
  const status = await cancelIntent(stripe, holdId);
  if (status !== 'canceled') throw new Error(`the card verification hold ${holdId} could not be released: it is ${status}`);
}
