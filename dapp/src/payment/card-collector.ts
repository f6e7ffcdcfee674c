/**
 * Handing the card to Stripe, never to Gavel's api. The api gives a SetupIntent; a collector turns the card
 * into a Stripe PaymentMethod and confirms the intent with it, exactly as Stripe.js does, and the api learns
 * the result from Stripe's webhook.
 *
 * Two implementations fit here. Offline (the api reports the stand-in's address as `stripeApiUrl`) the spec's
 * own card form posts to the Stripe stand-in. With real Stripe keys (`stripeApiUrl` null) Stripe Elements must
 * collect the card inside Stripe's iframe: that needs @stripe/stripe-js, which this build does not bundle (it
 * loads from js.stripe.com, out of reach offline). An Elements collector would mount its element in place of
 * the card fields and call `stripe.confirmCardSetup(clientSecret)` behind this same interface.
 */
import { paymentMessages, stripeCardParams, type SetupIntentReply } from '@gavel/domain';

/** A failure to reach or use the payment provider, in words for the cardholder. */
export class PaymentError extends Error {
  override name = 'PaymentError';
}

export type CardDetails = Parameters<typeof stripeCardParams>[0];

export type CollectOutcome =
  | { status: 'succeeded' }
  /** 3D Secure: the cardholder must authenticate on the issuer's page, which then returns to `returnUrl`. */
  | { status: 'requires_action'; url: string }
  /** Refused by the card network; `message` is Stripe's, for the cardholder ("Your card was declined."). */
  | { status: 'declined'; message: string };

export interface CardCollector {
  confirmSetup(setup: SetupIntentReply, card: CardDetails, returnUrl: string): Promise<CollectOutcome>;
}

interface StripeReply {
  status?: string;
  id?: string;
  next_action?: { type: string; redirect_to_url?: { url: string } } | null;
  error?: { type?: string; message?: string };
}

/** Stripe's browser calls: form-encoded, with the publishable key (never the secret one). */
async function stripeCall(setup: SetupIntentReply, path: string, params: Record<string, string>): Promise<{ ok: boolean; body: StripeReply }> {
  let response: Response;
  try {
    response = await fetch(`${setup.stripeApiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${setup.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
  } catch {
    throw new PaymentError(paymentMessages.providerUnavailable);
  }
  const body = (await response.json().catch(() => ({}))) as StripeReply;
  return { ok: response.ok, body };
}

/** A refusal Stripe explains (card errors, an invalid number) is the cardholder's to fix; anything else is ours. */
function refusal(body: StripeReply): CollectOutcome {
  if (body.error?.message && (body.error.type === 'card_error' || body.error.type === 'invalid_request_error')) {
    return { status: 'declined', message: body.error.message };
  }
  throw new PaymentError(body.error?.message ?? paymentMessages.failed);
}

/** The spec's card form against the local Stripe stand-in, speaking Stripe's HTTP API as Stripe.js would. */
export const standInCollector: CardCollector = {
  async confirmSetup(setup, card, returnUrl) {
    const method = await stripeCall(setup, '/v1/payment_methods', stripeCardParams(card));
    if (!method.ok || !method.body.id) return refusal(method.body);
    const confirmed = await stripeCall(setup, `/v1/setup_intents/${encodeURIComponent(setup.setupIntentId)}/confirm`, {
      payment_method: method.body.id,
      client_secret: setup.clientSecret,
      return_url: returnUrl,
    });
    if (!confirmed.ok) return refusal(confirmed.body);
    if (confirmed.body.status === 'requires_action' && confirmed.body.next_action?.redirect_to_url) {
      return { status: 'requires_action', url: confirmed.body.next_action.redirect_to_url.url };
    }
    if (confirmed.body.status === 'succeeded' || confirmed.body.status === 'processing') return { status: 'succeeded' };
    return { status: 'declined', message: paymentMessages.cardRefused };
  },
};

/** The seam for real Stripe: until Elements is bundled, say the card system is not ready rather than guess. */
export const elementsCollector: CardCollector = {
  confirmSetup() {
    return Promise.reject(new PaymentError(paymentMessages.notReady));
  },
};

export function cardCollectorFor(setup: SetupIntentReply): CardCollector {
  return setup.stripeApiUrl ? standInCollector : elementsCollector;
}
