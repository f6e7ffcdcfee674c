/**
 * Gavel's local Stripe: an in-memory HTTP server speaking the parts of Stripe's API the project uses, so the
 * official SDK (pointed here with host/port/protocol) and a Stripe.js-like browser client run offline, with
 * Stripe's test cards, error objects, idempotency and signed webhooks. See README.md for what it covers.
 *
 *   const stripe = await startStripeStandIn({ port: 12111, webhookUrl, webhookSecret });
 *   new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
 *
 * Standalone: `node --import tsx scripts/stand-ins/stripe/index.ts` (env: STRIPE_STAND_IN_PORT,
 * STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { Params } from './params.ts';
import type { Env, Route } from './routes.ts';
import { createHandler } from './server.ts';
import { find, State } from './state.ts';
import { Webhooks, type Delivery, type WebhookTarget } from './webhooks.ts';
import { customerRoutes } from './resources/customers.ts';
import { paymentMethodRoutes } from './resources/payment-methods.ts';
import { setupIntentRoutes } from './resources/setup-intents.ts';
import { expireLapsedHolds, paymentIntentRoutes } from './resources/payment-intents.ts';
import { refundRoutes } from './resources/refunds.ts';
import { identityRoutes } from './resources/identity.ts';
import { testPageRoutes } from './resources/test-pages.ts';

/**
 * The keys and port the api's config defaults to when no Stripe keys are set (api/src/config.ts repeats
 * them: the api may not import scripts/).
 */
export const STAND_IN_DEFAULTS = {
  port: 12111,
  secretKey: 'sk_test_gavel_stand_in',
  publishableKey: 'pk_test_gavel_stand_in',
  webhookSecret: 'whsec_gavel_stand_in',
} as const;

export interface StripeStandInOptions {
  /** 0 picks a free port. Default 12111. */
  port?: number;
  host?: string;
  /** Where events are POSTed (the api's /payment/webhook); unset: events are recorded, not sent. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Event types to send; default all. */
  enabledEvents?: string[];
  secretKey?: string;
  publishableKey?: string;
  /** Waits before each webhook retry. Default 1 s, 5 s, 30 s, 2 min, 10 min, 1 h. */
  webhookRetryDelaysMs?: number[];
  /** How long an uncaptured authorisation lasts before Stripe cancels it (`automatic`). Default 7 days, as Stripe. */
  holdLapseMs?: number;
  log?: (line: string) => void;
}

export interface StripeStandIn {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Points webhooks elsewhere (tests start the stand-in before the api has a port), or off with null. */
  setWebhook(target: WebhookTarget | null): void;
  /** Events so far, oldest first, optionally of one type. */
  events(type?: string): Stripe.Event[];
  /** Every webhook delivery attempt and its outcome. */
  deliveries: readonly Delivery[];
  /** Sends an event again, as the Dashboard's "Resend" does. */
  resend(eventId: string): void;
  /** Resolves when no webhook delivery is in flight or waiting to retry. */
  webhooksSettled(): Promise<void>;
  /**
   * Fails the next request to `path` on Stripe's side: a 500 api_error, nothing done. As at Stripe, that answer is
   * kept for its idempotency key, so a retry with the same key gets the 500 again.
   */
  failNext(method: string, path: string): void;
  /**
   * Moves the stand-in's clock forward (tests' days pass in a call): object times follow it, and every hold whose
   * `capture_before` it passes is cancelled as Stripe does, `payment_intent.canceled` sent. Returns how many lapsed.
   */
  advanceClock(ms: number): number;
  stop(): Promise<void>;
}

const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events/:id',
    access: 'secret',
    handle({ state }, call) {
      new Params(call.params, []);
      return find(state.events, call.path.id!, 'event');
    },
  },
];

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const host = options.host ?? '127.0.0.1';
  const keys = { secretKey: options.secretKey ?? STAND_IN_DEFAULTS.secretKey, publishableKey: options.publishableKey ?? STAND_IN_DEFAULTS.publishableKey };
  const webhookSecret = options.webhookSecret ?? STAND_IN_DEFAULTS.webhookSecret;
  const log = options.log ?? ((line: string) => console.warn(line));
  const state = new State(options.holdLapseMs);
  const webhooks = new Webhooks(state, options.webhookRetryDelaysMs ?? [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000], log);
  if (options.webhookUrl) webhooks.configure({ url: options.webhookUrl, secret: webhookSecret, enabledEvents: options.enabledEvents });
  const env: Env = { state, webhooks, baseUrl: '', failing: [] };
  const routes = [...customerRoutes, ...paymentMethodRoutes, ...setupIntentRoutes, ...paymentIntentRoutes, ...refundRoutes, ...identityRoutes, ...eventRoutes, ...testPageRoutes];
  const server = createServer(createHandler(env, routes, keys, log));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? STAND_IN_DEFAULTS.port, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  // Real time passes too (a demo left running for a week): lapsed holds are cancelled even when nobody asks.
  const lapses = setInterval(() => expireLapsedHolds(env), 60_000).unref();
  const url = `http://${host}:${port}`;
  env.baseUrl = url;
  return {
    url,
    port,
    ...keys,
    webhookSecret,
    setWebhook: (target) => webhooks.configure(target),
    events: (type) => [...state.events.values()].filter((e) => !type || e.type === type),
    deliveries: webhooks.deliveries,
    resend: (eventId) => webhooks.resend(eventId),
    webhooksSettled: () => webhooks.settled(),
    failNext: (method, path) => env.failing.push(`${method} ${path}`),
    advanceClock(ms) {
      state.clockOffsetMs += ms;
      return expireLapsedHolds(env);
    },
    async stop() {
      clearInterval(lapses);
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startStripeStandIn({
    port: Number(process.env.STRIPE_STAND_IN_PORT ?? STAND_IN_DEFAULTS.port),
    webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:4000/payment/webhook',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    secretKey: process.env.STRIPE_SECRET_KEY,
    publishableKey: process.env.STRIPE_PUBLISHABLE_KEY,
  });
  console.log(`Stripe stand-in listening on ${standIn.url} (secret key ${standIn.secretKey}, publishable key ${standIn.publishableKey})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void standIn.stop().then(() => process.exit(0)));
}
