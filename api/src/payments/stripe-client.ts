/** The one Stripe SDK client of the api: Stripe itself, or whatever STRIPE_API_BASE points at (the stand-in). */
import Stripe from 'stripe';
import type { StripeConfig } from './config.ts';

/** Webhook handlers call Stripe inside a database transaction: keep every call short. */
const TIMEOUT_MS = 20_000;

export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: TIMEOUT_MS });
  const url = new URL(config.apiBase);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    // The stand-in answers at once or not at all; a retry would only hide a stopped stand-in.
    maxNetworkRetries: 0,
    timeout: TIMEOUT_MS,
  });
}

/** Stripe could not be reached or failed on its side: worth retrying later, not the caller's fault. */
export function isStripeUnavailable(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError;
}
