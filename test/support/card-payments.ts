/**
 * Card payment tests: the Stripe stand-in behind a recording proxy (so a test can count every PaymentIntent
 * the api created, per idempotency key, and every capture and cancel it asked for), users with a real saved
 * card at the stand-in, and the browser's part of confirming an intent.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import type { Database } from '../../api/src/db/client.ts';
import { createUser, type UserState } from './users.ts';

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
  /** The form body the api sent (metadata[lotId] etc.). */
  params: URLSearchParams;
  reply: any;
}

export interface RecordedStripe {
  standIn: StripeStandIn;
  /** What the api should use as STRIPE_API_BASE: the proxy. */
  url: string;
  /** An SDK client straight at the stand-in (the test's own look-ups are not recorded). */
  stripe: Stripe;
  calls: StripeCall[];
  /** Distinct PaymentIntents the api created (replays of an idempotency key count once). */
  createdIntents(filter?: (call: StripeCall) => boolean): string[];
  /** Holds the next request to `path` at the proxy, as a slow Stripe would, until the test lets it through. */
  holdNext(method: string, path: string): HeldRequest;
  /**
   * Lets the next matching request reach Stripe, which acts on it, and drops the connection instead of passing the
   * answer back: the api cannot tell whether it happened. Settles once Stripe answered.
   */
  loseNextReply(method: string, path: RegExp): Promise<void>;
  env(): Record<string, string>;
  stop(): Promise<void>;
}

export interface HeldRequest {
  /** Settles once the api's request reached the proxy. */
  arrived: Promise<void>;
  /** Sends it on to the stand-in; settles with the stand-in's answer passed back. */
  pass(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec_card_payments_test';

export async function startRecordedStripe(): Promise<RecordedStripe> {
  const standIn = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookRetryDelaysMs: [50, 100, 200, 400, 800], log: () => {} });
  const calls: StripeCall[] = [];
  const holds: Array<{ method: string; path: string; arrived: () => void; passed: Promise<void>; answered: () => void }> = [];
  const losses: Array<{ method: string; path: RegExp; lost: () => void }> = [];
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const heldAt = holds.findIndex((h) => h.method === req.method && h.path === req.url!.split('?')[0]);
      if (heldAt >= 0) {
        const [held] = holds.splice(heldAt, 1);
        res.on('finish', held!.answered);
        held!.arrived();
        await held!.passed;
      }
      const lostAt = losses.findIndex((l) => l.method === req.method && l.path.test(req.url!.split('?')[0]!));
      const [loss] = lostAt >= 0 ? losses.splice(lostAt, 1) : [];
      const upstream = request({ host: '127.0.0.1', port: standIn.port, method: req.method, path: req.url, headers: req.headers }, (answer: IncomingMessage) => {
        const out: Buffer[] = [];
        answer.on('data', (c: Buffer) => out.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(out).toString('utf8');
          let reply: unknown = null;
          try {
            reply = JSON.parse(text);
          } catch {
            reply = text;
          }
          calls.push({
            method: req.method!,
            path: req.url!.split('?')[0]!,
            idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
            replayed: answer.headers['idempotent-replayed'] === 'true',
            status: answer.statusCode ?? 0,
            params: new URLSearchParams(body.toString('utf8')),
            reply,
          });
          if (loss) {
            res.destroy();
            loss.lost();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    standIn,
    url,
    stripe,
    calls,
    createdIntents(filter = () => true) {
      const ids = calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.status === 200 && filter(c)).map((c) => c.reply.id as string);
      return [...new Set(ids)];
    },
    holdNext(method, path) {
      const arrived = settleable<void>();
      const passed = settleable<void>();
      const answered = settleable<void>();
      holds.push({ method, path, arrived: arrived.resolve, passed: passed.promise, answered: answered.resolve });
      return {
        arrived: arrived.promise,
        pass() {
          passed.resolve();
          return answered.promise;
        },
      };
    },
    loseNextReply(method, path) {
      const lost = settleable<void>();
      losses.push({ method, path, lost: lost.resolve });
      return lost.promise;
    },
    env: () => ({ STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: standIn.publishableKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: url }),
    async stop() {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
      await standIn.stop();
    },
  };
}

/** A promise with its resolve (Promise.withResolvers is newer than the projects' ES2023 library). */
function settleable<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A test card as the browser sends it to Stripe: its number, an expiry three years out, a CVC. */
export function testCard(number: string): Record<string, string> {
  const year = String(new Date().getUTCFullYear() + 3).slice(2);
  return { type: 'card', 'card[number]': number, 'card[exp_month]': '04', 'card[exp_year]': year, 'card[cvc]': '123' };
}

/** Calls Stripe (the stand-in at `stripeUrl`) as the browser does: the publishable key, form-encoded. */
export async function callAsBrowser(stripeUrl: string, publishableKey: string, path: string, params: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(stripeUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: await res.json() };
}

/** Calls the recorded stand-in as the browser does. */
export const browserCall = (rs: RecordedStripe, path: string, params: Record<string, string>) => callAsBrowser(rs.standIn.url, rs.standIn.publishableKey, path, params);

/**
 * A user whose saved card is a real PaymentMethod on a customer at the stand-in, as after a verified setup.
 * 4000 0000 0000 0341 saves fine and declines every payment.
 */
export async function userWithCard(db: Database, rs: RecordedStripe, number = '4242424242424242', state: UserState = 'ready') {
  const user = await createUser(db, state);
  const customer = await rs.stripe.customers.create({ email: user.email, metadata: { userId: user.id } });
  const pm = await browserCall(rs, '/v1/payment_methods', testCard(number));
  await rs.stripe.paymentMethods.attach(pm.body.id, { customer: customer.id });
  return db.prisma.user.update({
    where: { id: user.id },
    data: {
      stripeCustomerId: customer.id,
      stripePaymentMethodId: pm.body.id,
      paymentMethodBrand: pm.body.card.brand,
      paymentMethodLast4: pm.body.card.last4,
      paymentSetupStatus: 'verified',
      hasValidPaymentMethod: true,
      paymentMethodVerified: true,
    },
  });
}

/** The browser confirms an intent the api handed out (with the preset saved card, or a new card number). */
export async function confirmInBrowser(rs: RecordedStripe, intent: { paymentIntentId: string; clientSecret: string }, cardNumber?: string) {
  const params: Record<string, string> = { client_secret: intent.clientSecret };
  if (cardNumber) {
    const pm = await browserCall(rs, '/v1/payment_methods', testCard(cardNumber));
    params.payment_method = pm.body.id;
  }
  return browserCall(rs, `/v1/payment_intents/${intent.paymentIntentId}/confirm`, params);
}

/** A JSON call to the api. */
export async function call(baseUrl: string, token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
