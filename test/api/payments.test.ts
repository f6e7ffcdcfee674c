/**
 * Saving a card end to end: the real api on PostgreSQL + Redis, the Stripe stand-in on a free port, the
 * browser's part played with the publishable key (as Stripe.js would), webhooks signed and delivered by the
 * stand-in, the $1 verification hold placed and released.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn, type UserState } from '../support/users.ts';
import { eventually } from '../support/eventually.ts';
import { testCard } from '../support/card-payments.ts';

const WEBHOOK_SECRET = 'whsec_payments_test';
let standIn: StripeStandIn;
let stack: TestStack;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookRetryDelaysMs: [50, 100, 200, 400], log: () => {} });
  stack = await startApiForTest({
    seed: 'none',
    env: { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: standIn.publishableKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
  });
  standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standIn?.stop();
  await stack?.stop();
});

async function bidder(state: UserState = 'identityVerified') {
  const user = await createUser(stack.db, state);
  return { user, token: await signIn(stack.url, user.email) };
}

async function api(token: string | null, method: string, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(stack.url + path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

interface SetupReply {
  clientSecret: string;
  setupIntentId: string;
  publishableKey: string;
  stripeApiUrl: string;
}

/** The browser's part, as Stripe.js does it: card to Stripe with the publishable key, then confirm. */
async function saveCardInBrowser(setup: SetupReply, number: string): Promise<{ status: number; body: any }> {
  const call = async (path: string, params: Record<string, string>) => {
    const res = await fetch(setup.stripeApiUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const pm = await call('/v1/payment_methods', testCard(number));
  expect(pm.status).toBe(200);
  return call(`/v1/setup_intents/${setup.setupIntentId}/confirm`, { payment_method: pm.body.id, client_secret: setup.clientSecret });
}

const settledMethod = (token: string) =>
  eventually(async () => {
    const { body } = await api(token, 'GET', '/payment/method');
    return body.status === 'verified' || body.status === 'failed' ? body : undefined;
  });

const userRow = (id: string) => stack.db.prisma.user.findUniqueOrThrow({ where: { id } });

/** The verification holds the api placed for a SetupIntent, as Stripe saw them. */
const holdsFor = (setupIntentId: string) =>
  standIn
    .events('payment_intent.amount_capturable_updated')
    .map((e) => e.data.object as Stripe.PaymentIntent)
    .filter((pi) => pi.metadata.setupIntentId === setupIntentId);

describe('access', () => {
  it('needs a signed-in user (401) with a verified e-mail (403) to start saving a card', async () => {
    expect((await api(null, 'POST', '/payment/setup-intent')).status).toBe(401);
    expect((await api(null, 'GET', '/payment/method')).status).toBe(401);
    // Unverified users cannot sign in: theirs is a token from before the address lost its verification.
    const { user, token } = await bidder('verifiedIncomplete');
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { emailVerified: false } });
    const refused = await api(token, 'POST', '/payment/setup-intent');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'Please verify your email first.', code: 'gate_emailVerified' });
    expect((await userRow(user.id)).stripeCustomerId).toBeNull();
  });

  it('lets a verified user without a complete profile save a card', async () => {
    const { token } = await bidder('verifiedIncomplete');
    expect((await api(token, 'POST', '/payment/setup-intent')).status).toBe(200);
  });
});

describe('saving a card', () => {
  it('4242: setup intent -> browser confirms -> webhook -> $1 hold placed and released -> valid payment method', async () => {
    const { user, token } = await bidder();
    expect((await api(token, 'GET', '/payment/method')).body).toEqual({ status: 'none', brand: null, last4: null, error: null });

    const { status, body: setup } = await api(token, 'POST', '/payment/setup-intent');
    expect(status).toBe(200);
    expect(setup).toEqual({
      clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
      setupIntentId: expect.stringMatching(/^seti_/),
      publishableKey: standIn.publishableKey,
      stripeApiUrl: standIn.url,
    });
    expect(setup.clientSecret.startsWith(`${setup.setupIntentId}_secret_`)).toBe(true);
    const saved = await userRow(user.id);
    expect(saved.stripeCustomerId).toMatch(/^cus_/);
    expect(saved.stripeSetupIntentId).toBe(setup.setupIntentId);
    expect((await stripe.customers.retrieve(saved.stripeCustomerId!)) as Stripe.Customer).toMatchObject({ email: user.email, metadata: { userId: user.id } });

    const confirmed = await saveCardInBrowser(setup, '4242424242424242');
    expect(confirmed.body.status).toBe('succeeded');

    expect(await settledMethod(token)).toEqual({ status: 'verified', brand: 'visa', last4: '4242', error: null });
    const after = await userRow(user.id);
    expect(after).toMatchObject({
      hasValidPaymentMethod: true,
      paymentMethodVerified: true,
      paymentSetupStatus: 'verified',
      paymentSetupError: null,
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
    expect(after.stripePaymentMethodId).toMatch(/^pm_/);
    const me = await api(token, 'GET', '/auth/me');
    expect(me.body.user).toMatchObject({ hasValidPaymentMethod: true, paymentMethod: { brand: 'visa', last4: '4242' } });

    // Exactly one $1 manual-capture hold on the saved card, cancelled (never captured).
    const holds = holdsFor(setup.setupIntentId);
    expect(holds).toHaveLength(1);
    const hold = await stripe.paymentIntents.retrieve(holds[0]!.id);
    expect(hold).toMatchObject({
      amount: 100,
      currency: 'usd',
      capture_method: 'manual',
      status: 'canceled',
      amount_received: 0,
      customer: after.stripeCustomerId,
      metadata: { purpose: 'card_verification', userId: user.id },
    });

    // Adding another card later starts a new setup intent.
    const next = await api(token, 'POST', '/payment/setup-intent');
    expect(next.body.setupIntentId).not.toBe(setup.setupIntentId);
  });

  it('hands out one setup intent (and one customer) however often or concurrently it is asked', async () => {
    const { user, token } = await bidder();
    const replies = await Promise.all([1, 2, 3].map(() => api(token, 'POST', '/payment/setup-intent')));
    const ids = new Set(replies.map((r) => r.body.setupIntentId));
    expect(ids.size).toBe(1);
    const again = await api(token, 'POST', '/payment/setup-intent');
    expect(again.body.setupIntentId).toBe(replies[0]!.body.setupIntentId);
    const si = await stripe.setupIntents.retrieve(again.body.setupIntentId);
    expect(si.customer).toBe((await userRow(user.id)).stripeCustomerId);
  });

  it('recovers when Stripe no longer knows the stored customer (the stand-in keeps state in memory)', async () => {
    const { user, token } = await bidder();
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { stripeCustomerId: 'cus_forgotten', stripeSetupIntentId: 'seti_forgotten' } });
    const { status, body } = await api(token, 'POST', '/payment/setup-intent');
    expect(status).toBe(200);
    const row = await userRow(user.id);
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect(row.stripeCustomerId).not.toBe('cus_forgotten');
    expect(row.stripeSetupIntentId).toBe(body.setupIntentId);
    expect((await stripe.setupIntents.retrieve(body.setupIntentId)).customer).toBe(row.stripeCustomerId);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s is declined: status failed with the card’s message, no valid payment method', async (number, message) => {
    const { user, token } = await bidder();
    const { body: setup } = await api(token, 'POST', '/payment/setup-intent');
    const confirmed = await saveCardInBrowser(setup, number);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error.message).toBe(message);
    expect(await settledMethod(token)).toEqual({ status: 'failed', brand: null, last4: null, error: message });
    expect(await userRow(user.id)).toMatchObject({ hasValidPaymentMethod: false, paymentSetupStatus: 'failed', paymentSetupError: message });
    expect(holdsFor(setup.setupIntentId)).toHaveLength(0);

    // Stripe lets the same intent take another card: the api hands it out again, and a good card recovers.
    const retry = await api(token, 'POST', '/payment/setup-intent');
    expect(retry.body.setupIntentId).toBe(setup.setupIntentId);
    await saveCardInBrowser(retry.body, '4242424242424242');
    await eventually(async () => (await userRow(user.id)).hasValidPaymentMethod);
    expect((await api(token, 'GET', '/payment/method')).body).toEqual({ status: 'verified', brand: 'visa', last4: '4242', error: null });
  });

  it('a card that saves but declines the $1 hold (…0341) fails verification', async () => {
    const { user, token } = await bidder();
    const { body: setup } = await api(token, 'POST', '/payment/setup-intent');
    expect((await saveCardInBrowser(setup, '4000000000000341')).body.status).toBe('succeeded');
    expect(await settledMethod(token)).toEqual({ status: 'failed', brand: 'visa', last4: '0341', error: 'Your card was declined.' });
    expect(await userRow(user.id)).toMatchObject({ hasValidPaymentMethod: false, paymentMethodVerified: false });
  });

  it('3D Secure (…3155): nothing changes while the setup requires action; authenticated, the card is verified', async () => {
    const { user, token } = await bidder();
    const { body: setup } = await api(token, 'POST', '/payment/setup-intent');
    const confirmed = await saveCardInBrowser(setup, '4000002500003155');
    expect(confirmed.body.status).toBe('requires_action');
    await standIn.webhooksSettled();
    expect((await api(token, 'GET', '/payment/method')).body.status).toBe('none');
    expect((await userRow(user.id)).hasValidPaymentMethod).toBe(false);

    // The browser opens next_action's page; the cardholder completes the challenge.
    const page = confirmed.body.next_action.use_stripe_sdk.stripe_js as string;
    const res = await fetch(page.split('?')[0]!, { method: 'POST', body: new URLSearchParams({ client_secret: setup.clientSecret, outcome: 'complete' }) });
    expect(res.status).toBe(200);
    // The off-session hold on a card set up with 3D Secure needs no second challenge.
    expect(await settledMethod(token)).toEqual({ status: 'verified', brand: 'visa', last4: '3155', error: null });
  });

  it('the api trusts only the webhook: a confirmed setup changes nothing until Stripe says so', async () => {
    const { user, token } = await bidder();
    const { body: setup } = await api(token, 'POST', '/payment/setup-intent');
    standIn.setWebhook(null);
    try {
      expect((await saveCardInBrowser(setup, '4242424242424242')).body.status).toBe('succeeded');
    } finally {
      standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
    }
    // Stripe recorded the success and told the api nothing (this stack runs no worker either): the api knows
    // only what the browser's confirm could have told it, which must be nothing.
    const event = standIn.events('setup_intent.succeeded').find((e) => (e.data.object as Stripe.SetupIntent).id === setup.setupIntentId)!;
    expect(standIn.deliveries.filter((d) => d.eventId === event.id)).toEqual([]);
    expect((await api(token, 'GET', '/payment/method')).body.status).toBe('none');
    expect(await userRow(user.id)).toMatchObject({ hasValidPaymentMethod: false, paymentSetupStatus: 'none' });
    expect(holdsFor(setup.setupIntentId)).toHaveLength(0);
    standIn.resend(event.id);
    expect((await settledMethod(token)).status).toBe('verified');
  });
});

describe('the webhook', () => {
  const post = (payload: string, signature?: string) =>
    fetch(`${stack.url}/payment/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });
  const sign = (payload: string, secret = WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });
  const fakeEvent = (type: string) =>
    JSON.stringify({
      id: `evt_test_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      data: { object: { id: 'cus_x', object: 'customer' } },
      created: 1,
      livemode: false,
      api_version: null,
      pending_webhooks: 1,
      request: null,
    });

  it('refuses a missing, wrong or tampered signature with 400', async () => {
    const payload = fakeEvent('customer.created');
    const missing = await post(payload);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Invalid Stripe signature', code: 'invalid_signature' });
    expect((await post(payload, sign(payload, 'whsec_someone_else'))).status).toBe(400);
    const tampered = payload.replace('cus_x', 'cus_y');
    expect((await post(tampered, sign(payload))).status).toBe(400);
    expect(await stack.db.prisma.stripeEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(0);
    // The same bytes, correctly signed, are accepted.
    expect((await post(payload, sign(payload))).status).toBe(200);
  });

  it('handles an event delivered twice only once', async () => {
    const { user, token } = await bidder();
    const { body: setup } = await api(token, 'POST', '/payment/setup-intent');
    await saveCardInBrowser(setup, '4242424242424242');
    await settledMethod(token);
    await standIn.webhooksSettled();
    const event = standIn.events('setup_intent.succeeded').find((e) => (e.data.object as Stripe.SetupIntent).id === setup.setupIntentId)!;
    expect(await stack.db.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(1);

    // Mark the user so a second run would show: a repeat must not touch it.
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { paymentSetupStatus: 'pending' } });
    const payload = JSON.stringify(event, null, 2);
    const again = await post(payload, sign(payload));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    standIn.resend(event.id);
    await standIn.webhooksSettled();
    expect((await userRow(user.id)).paymentSetupStatus).toBe('pending');
    expect(holdsFor(setup.setupIntentId)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous deliveries run', async () => {
    const payload = fakeEvent('setup_intent.created');
    const replies = await Promise.all([post(payload, sign(payload)), post(payload, sign(payload))]);
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(bodies.filter((b: any) => b.duplicate === true)).toHaveLength(1);
    expect(await stack.db.prisma.stripeEvent.count({ where: { id: JSON.parse(payload).id } })).toBe(1);
  });
});
