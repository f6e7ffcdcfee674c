/**
 * The few PaymentIntent moves the api makes after creating one: capture a hold, cancel (release) it, refund a
 * payment taken. Each is safe to repeat: an intent already in the wanted final state (an earlier run got there)
 * counts as done, and anything else is reported as the intent's real status for the caller to record.
 */
import Stripe from 'stripe';
import { messages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import { isStripeUnavailable, providerUnavailable } from './stripe-client.ts';

/** Stripe amounts are JavaScript numbers; ours are bigints in the smallest unit, far below 2^53 for cards. */
export function stripeAmount(minor: bigint): number {
  if (minor <= 0n || minor > 99_999_999n) throw new Error(`amount ${minor} is outside what a card payment can be`);
  return Number(minor);
}

export type FinalStatus = Stripe.PaymentIntent.Status;

/*
 * Every Stripe write the api makes that could make a second object carries an idempotency key named after what it
 * does (an intent per hold, per purchase, per mint; a customer and a setup intent per user), so that the same
 * write repeated by a process that crashed before recording the answer finds the first one. Cancels, captures and
 * whole refunds carry none: Stripe keeps the first answer to a key for a day, a 500 included, so a keyed retry
 * after Stripe failed would get that failure back all day while the hold or the refund waits. They need none: a
 * second cancel or capture is refused by the intent's state (payment_intent_unexpected_state, read here as the
 * intent's status now), a second whole refund by the charge having nothing left to give back
 * (charge_already_refunded, read as done), so a repeat never makes a second object.
 */

/** Releases a hold (or abandons an unpaid intent). Returns the intent's status afterwards: canceled, or succeeded if it was already taken. */
export async function cancelIntent(stripe: Stripe, id: string): Promise<FinalStatus> {
  try {
    return (await stripe.paymentIntents.cancel(id)).status;
  } catch (error) {
    if (!isUnexpectedState(error)) throw error;
    return (await stripe.paymentIntents.retrieve(id)).status;
  }
}

/** Gives back all of a payment taken (a mint that could not be made). A payment already given back counts as done. */
export async function refundIntent(stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.refunds.create({ payment_intent: id });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')) throw error;
  }
}

/**
 * Takes the held money. Returns the intent as Stripe then has it: succeeded (with what it received, for the
 * caller to check against what was owed), or the status that made it impossible (canceled: the hold was
 * released or expired).
 */
export async function capturedIntent(stripe: Stripe, id: string, amountToCapture?: number): Promise<Stripe.PaymentIntent> {
  try {
    // Part of a hold (a won bid in a coin, charged its value at the close) is captured once, for that amount.
    return await stripe.paymentIntents.capture(id, amountToCapture === undefined ? {} : { amount_to_capture: amountToCapture });
  } catch (error) {
    if (!isUnexpectedState(error)) throw error;
    return stripe.paymentIntents.retrieve(id);
  }
}

/** capturedIntent's status alone, for holds that pay for no recorded amount. */
export async function captureIntent(stripe: Stripe, id: string, amountToCapture?: number): Promise<FinalStatus> {
  return (await capturedIntent(stripe, id, amountToCapture)).status;
}

/**
 * A Stripe failure while preparing a payment, as the payer should see it: Stripe away is unavailable; a saved card or
 * customer Stripe no longer knows (the stand-in restarted, keys changed) means the card must be saved again.
 */
export function paymentSetupError(error: unknown): unknown {
  if (isStripeUnavailable(error)) return providerUnavailable();
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && (error.param === 'customer' || error.param === 'payment_method')) {
    return new Refused('forbidden', messages.gates.paymentMethod, 'payment_method_missing');
  }
  return error;
}

export function isUnexpectedState(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
}

/** The intent is still waiting for the browser: it can be handed out again rather than replaced. */
export function isConfirmable(status: FinalStatus): boolean {
  return status === 'requires_payment_method' || status === 'requires_confirmation' || status === 'requires_action';
}
