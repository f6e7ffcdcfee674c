/**
 * Paying a PaymentIntent the api prepared (Buy Now, final checkout), from the browser and straight to Stripe:
 * the card never reaches Gavel's api. Against the local Stripe stand-in (`stripeApiUrl` set) this speaks
 * Stripe's HTTP API with the publishable key, as Stripe.js would; with real Stripe keys Elements would sit
 * behind the same function, and until it is bundled the spec's "Payment system not ready." says so.
 */
import { paymentMessages, stripeCardParams } from '@gavel/domain';
import { PaymentError, type CardDetails } from '../payment/card-collector.ts';

export interface PayableIntent {
  clientSecret: string;
  paymentIntentId: string;
  publishableKey: string;
  stripeApiUrl: string | null;
}

export type PaymentOutcome =
  /** Held (manual capture, Buy Now) or taken (final checkout). */
  | { status: 'authorized' }
  /** 3D Secure: the cardholder confirms on the issuer's page, which returns to `returnUrl`. */
  | { status: 'requires_action'; url: string }
  /** The card's own refusal ("Your card was declined."), for the cardholder to fix. */
  | { status: 'declined'; message: string };

interface StripeReply {
  id?: string;
  status?: string;
  next_action?: { redirect_to_url?: { url: string } } | null;
  error?: { type?: string; message?: string };
}

/**
 * Confirms the intent with `card` (a new card), or with the saved card the api already put on it (`card` null).
 */
export async function confirmPayment(intent: PayableIntent, card: CardDetails | null, returnUrl: string): Promise<PaymentOutcome> {
  const base = intent.stripeApiUrl;
  if (!base) throw new PaymentError(paymentMessages.notReady);
  const call = async (path: string, params: Record<string, string>) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${intent.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      });
    } catch {
      throw new PaymentError(paymentMessages.providerUnavailable);
    }
    return { ok: response.ok, body: (await response.json().catch(() => ({}))) as StripeReply };
  };

  const params: Record<string, string> = { client_secret: intent.clientSecret, return_url: returnUrl };
  if (card) {
    const method = await call('/v1/payment_methods', stripeCardParams(card));
    if (!method.ok || !method.body.id) return refusal(method.body);
    params.payment_method = method.body.id;
  }
  const confirmed = await call(`/v1/payment_intents/${encodeURIComponent(intent.paymentIntentId)}/confirm`, params);
  if (!confirmed.ok) return refusal(confirmed.body);
  const { status, next_action: next } = confirmed.body;
  if (status === 'requires_capture' || status === 'succeeded' || status === 'processing') return { status: 'authorized' };
  if (status === 'requires_action' && next?.redirect_to_url) return { status: 'requires_action', url: next.redirect_to_url.url };
  return { status: 'declined', message: paymentMessages.failed };
}

/** A refusal Stripe explains is the cardholder's to fix; anything else is "Payment failed." */
function refusal(body: StripeReply): PaymentOutcome {
  if (body.error?.message && (body.error.type === 'card_error' || body.error.type === 'invalid_request_error')) {
    return { status: 'declined', message: body.error.message };
  }
  throw new PaymentError(body.error?.message ?? paymentMessages.failed);
}
