/** The one Stripe SDK client of the api: Stripe itself, or whatever STRIPE_API_BASE points at (the stand-in). */
import Stripe from 'stripe';
import { paymentMessages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { StripeConfig } from './config.ts';
import { CircuitOpenError, type CircuitBreaker } from '../health/breaker.ts';

/**
 * Webhook handlers and bids call Stripe while someone waits: each attempt is bounded (STRIPE_TIMEOUT_MS), and a
 * failed one retried twice by the SDK, with exponential backoff and jitter. A retried write is safe: every write
 * carries its own idempotency key (and the SDK adds one to any that has none), so Stripe acts on it once.
 */
export const NETWORK_RETRIES = 2;

export function createStripeClient(config: StripeConfig, breaker?: CircuitBreaker): Stripe {
  const common = { maxNetworkRetries: NETWORK_RETRIES, timeout: config.timeoutMs, ...(breaker ? { httpClient: new BreakerHttpClient(Stripe.createNodeHttpClient(), breaker) } : {}) };
  if (!config.apiBase) return new Stripe(config.secretKey, common);
  const url = new URL(config.apiBase);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.secretKey, { ...common, host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol });
}

/**
 * Every request to Stripe through a circuit breaker: a Stripe that does not answer, or answers 5xx, opens it after
 * a few failures, and the next calls fail at once (the SDK sees a connection error: the caller answers 503) until
 * one tried a moment later succeeds.
 */
class BreakerHttpClient extends Stripe.HttpClient {
  constructor(
    private readonly inner: Stripe.HttpClient,
    private readonly breaker: CircuitBreaker,
  ) {
    super();
  }

  override getClientName(): string {
    return this.inner.getClientName();
  }

  override async makeRequest(...args: Parameters<Stripe.HttpClient['makeRequest']>): Promise<Stripe.HttpClientResponse> {
    this.breaker.admit();
    try {
      const response = await this.inner.makeRequest(...args);
      if (response.getStatusCode() >= 500) this.breaker.failed(`Stripe answered ${response.getStatusCode()}`);
      else this.breaker.succeeded();
      return response;
    } catch (error) {
      this.breaker.failed((error as Error).message || 'no answer');
      throw error;
    }
  }
}

/** The payer's answer when Stripe is unavailable: try again later. */
export const providerUnavailable = () => new Refused('unavailable', paymentMessages.providerUnavailable, 'payment_provider_unavailable');

/** Stripe could not be reached or failed on its side: worth retrying later, not the caller's fault. */
export function isStripeUnavailable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError || error instanceof CircuitOpenError
  );
}
