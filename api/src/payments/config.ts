/**
 * Stripe settings. With no STRIPE_SECRET_KEY the api talks to the local Stripe stand-in
 * (scripts/stand-ins/stripe, started by `npm start`) with the stand-in's built-in test keys, so the whole
 * card flow works offline. With real keys it talks to Stripe unless STRIPE_API_BASE says otherwise.
 */

/** The stand-in's defaults (scripts/stand-ins/stripe/index.ts STAND_IN_DEFAULTS; repeated: api/ may not import scripts/). */
export const STAND_IN = {
  apiBase: 'http://127.0.0.1:12111',
  secretKey: 'sk_test_gavel_stand_in',
  publishableKey: 'pk_test_gavel_stand_in',
  webhookSecret: 'whsec_gavel_stand_in',
} as const;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends requests; null: Stripe itself (api.stripe.com). */
  apiBase: string | null;
  /** Where the browser sends its Stripe calls (the stand-in); null with real Stripe, where Stripe.js knows. */
  browserApiUrl: string | null;
  /** ADD TO CART: how long the card hold waits for the cart's checkout before it is captured anyway (CART_HOLD_CAPTURE_MS). */
  cartHoldCaptureMs: number;
  /** How old a card hold asked of Stripe may be with no bid carrying it before the reconcile cancels it (PENDING_HOLD_GRACE_MS). */
  pendingHoldGraceMs: number;
  /** How long a card hold lasts at Stripe before the card network cancels it (CARD_HOLD_LAPSE_MS). */
  holdLapseMs: number;
  /** How long before it lapses a hold that must last is renewed (CARD_HOLD_RENEW_MARGIN_MS). */
  holdRenewMarginMs: number;
  /** STRIPE_TIMEOUT_MS (default 10000): how long one request to Stripe may take before it counts as failed (and is retried). */
  timeoutMs: number;
}

/** 48 hours: long enough to pay a cart at leisure, well inside the 7 days a card hold lasts. */
const CART_HOLD_CAPTURE_MS = 48 * 3600_000;
/** 5 minutes: far longer than a bid request takes between its hold and its commit. */
const PENDING_HOLD_GRACE_MS = 5 * 60_000;
/** 7 days: Stripe's (the card networks') limit on an uncaptured online card authorisation. */
const CARD_HOLD_LAPSE_MS = 7 * 24 * 3600_000;
/** 1 day: a renewal the card refuses still leaves a day to pass the lead on, and a Stripe outage a day to pass. */
const CARD_HOLD_RENEW_MARGIN_MS = 24 * 3600_000;

export function stripeConfig(env: NodeJS.ProcessEnv): StripeConfig {
  const cartHoldCaptureMs = Number(env.CART_HOLD_CAPTURE_MS || CART_HOLD_CAPTURE_MS);
  const pendingHoldGraceMs = Number(env.PENDING_HOLD_GRACE_MS || PENDING_HOLD_GRACE_MS);
  const holds = {
    holdLapseMs: Number(env.CARD_HOLD_LAPSE_MS || CARD_HOLD_LAPSE_MS),
    holdRenewMarginMs: Number(env.CARD_HOLD_RENEW_MARGIN_MS || CARD_HOLD_RENEW_MARGIN_MS),
    timeoutMs: Number(env.STRIPE_TIMEOUT_MS || 10_000),
  };
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (!secretKey) {
    const apiBase = env.STRIPE_API_BASE || STAND_IN.apiBase;
    return {
      secretKey: STAND_IN.secretKey,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || STAND_IN.publishableKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || STAND_IN.webhookSecret,
      apiBase,
      browserApiUrl: env.STRIPE_BROWSER_API_URL || apiBase,
      cartHoldCaptureMs,
      pendingHoldGraceMs,
      ...holds,
    };
  }
  // Real keys: a missing publishable key or webhook secret would fail later and less clearly. In production the
  // boot check (production-check.ts) names them, with every other missing setting, in one message.
  const production = env.NODE_ENV === 'production';
  if (!production && !env.STRIPE_PUBLISHABLE_KEY) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not');
  if (!production && !env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not');
  const apiBase = env.STRIPE_API_BASE || null;
  return {
    secretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || '',
    apiBase,
    browserApiUrl: env.STRIPE_BROWSER_API_URL || apiBase,
    cartHoldCaptureMs,
    pendingHoldGraceMs,
    ...holds,
  };
}
