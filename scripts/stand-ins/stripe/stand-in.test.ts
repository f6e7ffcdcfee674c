/**
 * The local Stripe stand-in, driven by the official SDK (as the api uses it) and by plain fetch with the
 * publishable key (as the browser does): test cards, errors, idempotency, 3D Secure, signed webhooks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './index.ts';

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
const received: Stripe.Event[] = [];
let failNext = 0;
const YEAR = String(new Date().getUTCFullYear() + 2);

beforeAll(async () => {
  // A webhook endpoint that verifies signatures exactly as the api does, and can be told to fail.
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failNext > 0) {
      failNext--;
      res.writeHead(500).end();
      return;
    }
    try {
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), standIn.webhookSecret));
      res.writeHead(200).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standIn = await startStripeStandIn({
    port: 0,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    webhookSecret: 'whsec_test_stand_in',
    webhookRetryDelaysMs: [20, 40, 80],
    log: () => {},
  });
  stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const card = (number: string) => ({ type: 'card' as const, card: { number, exp_month: 12, exp_year: Number(YEAR), cvc: '123' } });

async function setUpCard(number: string) {
  const customer = await stripe.customers.create({ email: 'card@example.com' });
  const pm = await stripe.paymentMethods.create(card(number));
  const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  return { customer, pm, si };
}

/** What the browser does with the publishable key: form-encoded, like Stripe.js. */
function browser(path: string, params: Record<string, string>, method: 'GET' | 'POST' = 'POST') {
  const body = new URLSearchParams(params).toString();
  const url = method === 'GET' ? `${standIn.url}${path}?${body}` : `${standIn.url}${path}`;
  return fetch(url, {
    method,
    headers: { authorization: `Bearer ${standIn.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:5173' },
    ...(method === 'POST' ? { body } : {}),
  });
}

const authenticate = (intent: { id: string; client_secret: string | null }, outcome: 'complete' | 'fail') =>
  fetch(`${standIn.url}/3ds/${intent.id}`, { method: 'POST', body: new URLSearchParams({ client_secret: intent.client_secret!, outcome }) });

async function caught(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

describe('authentication and errors', () => {
  it('refuses a missing, unknown or publishable key where the secret key is needed', async () => {
    const none = await fetch(`${standIn.url}/v1/customers`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.message).toMatch(/^You did not provide an API key/);

    const wrong = new Stripe('sk_test_not_ours', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
    const bad = await caught(wrong.customers.create({}));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(bad.statusCode).toBe(401);
    expect(bad.message).toMatch(/^Invalid API Key provided: sk_test_/);

    const publishable = await browser('/v1/customers', { email: 'a@b.c' });
    expect(publishable.status).toBe(401);
    expect(((await publishable.json()) as any).error.message).toMatch(/cannot be made with a publishable API key/);
  });

  it('answers unknown ids, unknown parameters and unknown URLs as Stripe does', async () => {
    const missing = await caught(stripe.customers.retrieve('cus_nope'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_nope'" });

    const unknown = await caught(stripe.customers.create({ emial: 'x' } as any));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial', type: 'StripeInvalidRequestError' });

    const url = await fetch(`${standIn.url}/v1/charges`, { headers: { authorization: `Bearer ${standIn.secretKey}` } });
    expect(url.status).toBe(404);
    expect(((await url.json()) as any).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\)/);
  });

  it('checks card details when a PaymentMethod is created', async () => {
    const number = await caught(stripe.paymentMethods.create(card('4242424242424241')));
    expect(number).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(number).toMatchObject({ statusCode: 402, code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' });
    const month = await caught(stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 13, exp_year: Number(YEAR) } }));
    expect(month).toMatchObject({ code: 'invalid_expiry_month', param: 'exp_month' });
    const live = await caught(stripe.paymentMethods.create(card('4532015112830366')));
    expect(live).toMatchObject({ code: 'card_declined', decline_code: 'test_mode_live_card' });
    const missing = await caught(stripe.paymentMethods.create({ type: 'card', card: { exp_month: 1, exp_year: 2040 } } as any));
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'card[number]' });
  });
});

describe('setup intents with the test cards', () => {
  it('4242 4242 4242 4242 succeeds and is attached to the customer', async () => {
    const { customer, pm, si } = await setUpCard('4242424242424242');
    expect(si).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', customer: customer.id, usage: 'off_session' });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    const done = await stripe.setupIntents.confirm(si.id, { payment_method: pm.id });
    expect(done.status).toBe('succeeded');
    expect(done.payment_method).toBe(pm.id);
    const attached = await stripe.paymentMethods.retrieve(pm.id);
    expect(attached).toMatchObject({ customer: customer.id, card: { brand: 'visa', last4: '4242', exp_year: Number(YEAR) } });
    const expanded = await stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] });
    expect((expanded.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s is declined (%s) with a 402 and the intent back in requires_payment_method', async (number, declineCode, message) => {
    const { pm, si } = await setUpCard(number);
    const error = await caught(stripe.setupIntents.confirm(si.id, { payment_method: pm.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: declineCode, message });
    expect((error.raw as any).setup_intent.id).toBe(si.id);
    const after = await stripe.setupIntents.retrieve(si.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_setup_error).toMatchObject({ code: 'card_declined', decline_code: declineCode, message, type: 'card_error' });
  });

  it('4000 0025 0000 3155 requires 3D Secure: requires_action until the test page completes it', async () => {
    const { pm, si } = await setUpCard('4000002500003155');
    const pending = await stripe.setupIntents.confirm(si.id, { payment_method: pm.id });
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action?.type).toBe('use_stripe_sdk');
    const page = (pending.next_action as any).use_stripe_sdk.stripe_js as string;
    expect(page).toContain(`/3ds/${si.id}`);
    expect((await fetch(page)).headers.get('content-type')).toMatch(/text\/html/);
    expect((await stripe.setupIntents.retrieve(si.id)).status).toBe('requires_action');
    const res = await authenticate(pending, 'complete');
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).status).toBe('succeeded');
    expect((await stripe.setupIntents.retrieve(si.id)).status).toBe('succeeded');
  });

  it('a failed 3D Secure challenge leaves the setup failed, and a redirect carries the outcome', async () => {
    const { pm, si } = await setUpCard('4000002500003155');
    const pending = await stripe.setupIntents.confirm(si.id, { payment_method: pm.id, return_url: 'http://127.0.0.1:5173/payment-details' });
    expect(pending.next_action?.type).toBe('redirect_to_url');
    const res = await fetch(`${standIn.url}/3ds/${si.id}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ client_secret: si.client_secret!, outcome: 'fail', return_url: 'http://127.0.0.1:5173/payment-details' }),
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ setup_intent: si.id, redirect_status: 'failed' });
    const after = await stripe.setupIntents.retrieve(si.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_setup_error?.code).toBe('setup_intent_authentication_failure');
  });
});

describe('payment intents', () => {
  async function savedCard(number: string) {
    const { customer, pm, si } = await setUpCard(number);
    const done = await stripe.setupIntents.confirm(si.id, { payment_method: pm.id });
    if (done.status === 'requires_action') await authenticate(done, 'complete');
    return { customer, pm };
  }
  const hold = (customer: string, pm: string, amount = 100) =>
    stripe.paymentIntents.create({ amount, currency: 'usd', customer, payment_method: pm, capture_method: 'manual', confirm: true, off_session: true });

  it('holds with manual capture, then captures; a captured intent cannot be cancelled', async () => {
    const { customer, pm } = await savedCard('4242424242424242');
    const held = await hold(customer.id, pm.id, 2500);
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 2500, amount_received: 0, capture_method: 'manual' });
    const captured = await stripe.paymentIntents.capture(held.id, { amount_to_capture: 2000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });
    const error = await caught(stripe.paymentIntents.cancel(held.id));
    expect(error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(error.message).toMatch(/status of succeeded/);
  });

  it('a request failed on Stripe’s side fails again for its idempotency key; a new request goes through', async () => {
    const { customer, pm } = await savedCard('4242424242424242');
    const held = await hold(customer.id, pm.id);
    standIn.failNext('POST', `/v1/payment_intents/${held.id}/cancel`);
    const failed = await caught(stripe.paymentIntents.cancel(held.id, {}, { idempotencyKey: `cancel:${held.id}` }));
    expect(failed).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    expect(await stripe.paymentIntents.retrieve(held.id)).toMatchObject({ status: 'requires_capture' });
    expect(await caught(stripe.paymentIntents.cancel(held.id, {}, { idempotencyKey: `cancel:${held.id}` }))).toMatchObject({ statusCode: 500 });
    expect(await stripe.paymentIntents.cancel(held.id)).toMatchObject({ status: 'canceled' });
  });

  it('refunds a payment taken, never past what it took; a hold has nothing to refund', async () => {
    const { customer, pm } = await savedCard('4242424242424242');
    const held = await hold(customer.id, pm.id, 3000);
    expect(await caught(stripe.refunds.create({ payment_intent: held.id }))).toMatchObject({ statusCode: 400, param: 'payment_intent' });
    await stripe.paymentIntents.capture(held.id);
    const part = await stripe.refunds.create({ payment_intent: held.id, amount: 1000 });
    expect(part).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: held.id });
    expect(await caught(stripe.refunds.create({ payment_intent: held.id, amount: 2500 }))).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(await stripe.refunds.create({ payment_intent: held.id })).toMatchObject({ amount: 2000 });
    expect(await caught(stripe.refunds.create({ payment_intent: held.id }))).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect(await stripe.refunds.retrieve(part.id)).toMatchObject({ id: part.id, amount: 1000 });
    expect(await caught(stripe.refunds.create({ payment_intent: 'pi_missing' }))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('cancelling a hold releases it', async () => {
    const { customer, pm } = await savedCard('4242424242424242');
    const held = await hold(customer.id, pm.id);
    const canceled = await stripe.paymentIntents.cancel(held.id, { cancellation_reason: 'requested_by_customer' });
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0, cancellation_reason: 'requested_by_customer' });
    expect(canceled.canceled_at).toBeTypeOf('number');
  });

  it('a card that saves but declines charges (4000 0000 0000 0341) fails the hold with a 402', async () => {
    const { customer, pm } = await savedCard('4000000000000341');
    const error = await caught(hold(customer.id, pm.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const pi = (error.raw as any).payment_intent as Stripe.PaymentIntent;
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error?.decline_code).toBe('generic_decline');
  });

  it('3155 after setup needs no authentication off-session; 3184 always does and fails off-session', async () => {
    const setUp = await savedCard('4000002500003155');
    expect((await hold(setUp.customer.id, setUp.pm.id)).status).toBe('requires_capture');
    const always = await savedCard('4000002760003184');
    const error = await caught(hold(always.customer.id, always.pm.id));
    expect(error).toMatchObject({ statusCode: 402, code: 'authentication_required', decline_code: 'authentication_required' });
  });

  it('an on-session payment with a 3D Secure card waits for authentication, then is authorised', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1250, currency: 'usd', payment_method: 'pm_card_authenticationRequiredOnSetup', capture_method: 'manual', confirm: true });
    expect(pi.status).toBe('requires_action');
    await authenticate(pi, 'complete');
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_capture', amount_capturable: 1250 });
  });

  it('refuses amounts under $0.50 and unknown currencies', async () => {
    expect(await caught(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }))).toMatchObject({ code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    expect(await caught(stripe.paymentIntents.create({ amount: 100, currency: 'xyz' }))).toMatchObject({ param: 'currency' });
    expect(await caught(stripe.paymentIntents.create({ amount: 1.5, currency: 'usd' }))).toMatchObject({ code: 'parameter_invalid_integer' });
  });
});

describe('idempotency', () => {
  it('replays the first reply for the same key and parameters, and refuses the key with other parameters', async () => {
    const key = `test-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com', metadata: { a: '1', b: '2' } }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'idem@example.com', metadata: { b: '2', a: '1' } }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await caught(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.statusCode).toBe(400);
  });

  it('replays a card decline too, without a second attempt', async () => {
    const { customer } = await setUpCard('4242424242424242');
    const params = { amount: 100, currency: 'usd', customer: customer.id, payment_method: 'pm_card_chargeDeclined', confirm: true } as const;
    const first = await caught(stripe.paymentIntents.create(params, { idempotencyKey: `decline-${customer.id}` }));
    const second = await caught(stripe.paymentIntents.create(params, { idempotencyKey: `decline-${customer.id}` }));
    expect((second.raw as any).payment_intent.id).toBe((first.raw as any).payment_intent.id);
    expect(second.headers?.['idempotent-replayed']).toBe('true');
  });
});

describe('the browser, with the publishable key', () => {
  it('answers CORS preflights', async () => {
    const res = await fetch(`${standIn.url}/v1/payment_methods`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('creates the PaymentMethod and confirms the SetupIntent with its client secret', async () => {
    const customer = await stripe.customers.create({});
    const si = await stripe.setupIntents.create({ customer: customer.id });
    const pmRes = await browser('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': YEAR.slice(2), 'card[cvc]': '123' });
    expect(pmRes.status).toBe(200);
    expect(pmRes.headers.get('access-control-allow-origin')).toBe('*');
    const pm = (await pmRes.json()) as Stripe.PaymentMethod;
    expect(pm).toMatchObject({ object: 'payment_method', card: { last4: '4242', exp_year: Number(YEAR) } });

    const noSecret = await browser(`/v1/setup_intents/${si.id}`, {}, 'GET');
    expect(noSecret.status).toBe(401);
    const wrongSecret = await browser(`/v1/setup_intents/${si.id}/confirm`, { payment_method: pm.id, client_secret: `${si.id}_secret_wrong` });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as any).error.param).toBe('client_secret');

    const confirmed = await browser(`/v1/setup_intents/${si.id}/confirm`, { payment_method: pm.id, client_secret: si.client_secret! });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as any).status).toBe('succeeded');
    const read = await browser(`/v1/setup_intents/${si.id}`, { client_secret: si.client_secret! }, 'GET');
    expect(((await read.json()) as any).status).toBe('succeeded');
  });

  it('confirms with card details inline (payment_method_data), as Stripe.js does, and reports a decline', async () => {
    const si = await stripe.setupIntents.create({});
    const res = await browser(`/v1/setup_intents/${si.id}/confirm`, {
      key: standIn.publishableKey,
      client_secret: si.client_secret!,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4000000000000002',
      'payment_method_data[card][exp_month]': '01',
      'payment_method_data[card][exp_year]': YEAR,
      'payment_method_data[card][cvc]': '123',
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as any).error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
  });
});

describe('webhooks', () => {
  it('delivers signed events that constructEvent verifies', async () => {
    const { pm, si } = await setUpCard('4242424242424242');
    await stripe.setupIntents.confirm(si.id, { payment_method: pm.id });
    await standIn.webhooksSettled();
    const event = received.find((e) => e.type === 'setup_intent.succeeded' && e.data.object.id === si.id);
    expect(event).toBeDefined();
    expect(event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false });
    expect(event!.id).toMatch(/^evt_/);
  });

  it('retries with backoff until the endpoint accepts', async () => {
    failNext = 2;
    const vs = await stripe.identity.verificationSessions.create({ type: 'document', metadata: { userId: 'u1' } });
    expect(vs).toMatchObject({ object: 'identity.verification_session', status: 'requires_input' });
    await stripe.rawRequest('POST', `/v1/test_helpers/identity/verification_sessions/${vs.id}/verify`, {});
    await standIn.webhooksSettled();
    const event = standIn.events('identity.verification_session.verified').find((e) => (e.data.object as { id?: string }).id === vs.id)!;
    expect(standIn.deliveries.filter((d) => d.eventId === event.id).map((d) => d.outcome)).toEqual([500, 500, 200]);
    expect(received.filter((e) => e.id === event.id)).toHaveLength(1);
    expect((await stripe.identity.verificationSessions.retrieve(vs.id)).status).toBe('verified');
  });

  it('emits the payment intent lifecycle', async () => {
    const { customer, pm, si } = await setUpCard('4242424242424242');
    await stripe.setupIntents.confirm(si.id, { payment_method: pm.id });
    const held = await stripe.paymentIntents.create({ amount: 100, currency: 'usd', customer: customer.id, payment_method: pm.id, capture_method: 'manual', confirm: true, off_session: true });
    await stripe.paymentIntents.cancel(held.id);
    const types = standIn
      .events()
      .filter((e) => (e.data.object as { id: string }).id === held.id)
      .map((e) => e.type);
    expect(types).toEqual(['payment_intent.amount_capturable_updated', 'payment_intent.canceled']);
  });
});
