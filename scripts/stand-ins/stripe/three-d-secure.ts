/**
 * 3D Secure as the stand-in plays it. An intent that needs the cardholder gets `status: requires_action` and
 * a `next_action` pointing at the stand-in's test authentication page (`/3ds/:id`), the counterpart of the
 * page Stripe's test mode shows: "Complete" or "Fail" there decides the outcome. With a `return_url` the
 * action is a redirect (`redirect_to_url`), otherwise `use_stripe_sdk` as Stripe.js receives it.
 */
import type Stripe from 'stripe';
import type { Env } from './routes.ts';
import { newId } from './state.ts';

export function authenticationUrl(env: Env, intent: { id: string; client_secret: string | null }, returnUrl?: string): string {
  const url = new URL(`/3ds/${intent.id}`, env.baseUrl);
  url.searchParams.set('client_secret', intent.client_secret ?? '');
  if (returnUrl) url.searchParams.set('return_url', returnUrl);
  return url.toString();
}

export function nextActionFor(env: Env, intent: { id: string; client_secret: string | null }, returnUrl?: string): Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction {
  const url = authenticationUrl(env, intent, returnUrl);
  if (returnUrl) return { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
  return { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: newId('src') } };
}

export const AUTH_FAILED = {
  setup: {
    code: 'setup_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  payment: {
    code: 'payment_intent_authentication_failure',
    message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
  },
} as const;
