/**
 * /v1/payment_methods: cards only. The browser creates them with the publishable key (as Stripe.js does), so
 * the card number goes from the browser to "Stripe" and Gavel's api only ever sees the `pm_` id. The number
 * is kept in the stand-in's private memory, never in the object it returns.
 */
import type Stripe from 'stripe';
import { brandOf, checkCard, fingerprintOf, TEST_PAYMENT_METHODS } from '../cards.ts';
import { errors } from '../errors.ts';
import type { FormParams } from '../form.ts';
import { nested, Params } from '../params.ts';
import type { Env, Route } from '../routes.ts';
import { find, newId, unixNow } from '../state.ts';

const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'];
const BILLING_FIELDS = ['name', 'email', 'phone', 'address'];

/** Creates a card PaymentMethod from `card[...]` (or `payment_method_data[card][...]`) parameters. */
export function createCardPaymentMethod(env: Env, data: FormParams, within?: string): Stripe.PaymentMethod {
  // Parameter names in errors are the caller's: `card[number]`, or `payment_method_data[card][number]`.
  const q = (name: string) => (within ? `${within}[${name}]` : name);
  const p = new Params(data, ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay']);
  const type = p.string('type');
  if (type === undefined) throw errors.missingParam(q('type'));
  if (type !== 'card') throw errors.invalidEnum(q('type'), ['card']);
  const cardParams = p.object('card');
  if (!cardParams) throw errors.missingParam(q('card'));
  const card = checkCard(nested(cardParams, q('card'), CARD_FIELDS), q('card'));
  const billing = nested(p.object('billing_details') ?? {}, q('billing_details'), BILLING_FIELDS);
  const brand = brandOf(card.number);
  const pm: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: billing.email ?? null,
      name: billing.name ?? null,
      phone: billing.phone ?? null,
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: card.cvc ? 'unchecked' : null },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: fingerprintOf(card.number),
      funding: card.test.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: p.metadata() ?? {},
    type: 'card',
  };
  env.state.paymentMethods.set(pm.id, pm);
  env.state.cards.set(pm.id, { number: card.number, test: card.test, setUp: false });
  return pm;
}

/** A `payment_method` parameter: an existing id, or one of Stripe's test ids (a fresh card each time). */
export function resolvePaymentMethod(env: Env, id: string, param = 'payment_method'): Stripe.PaymentMethod {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) {
    return createCardPaymentMethod(env, { type: 'card', card: { number: testNumber, exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '123' } });
  }
  return find(env.state.paymentMethods, id, 'PaymentMethod', param);
}

/**
 * Attaches to a customer. Stripe checks the card with its issuer first, so a card that declines setup
 * cannot be attached either.
 */
export function attach(env: Env, pm: Stripe.PaymentMethod, customerId: string): void {
  find(env.state.customers, customerId, 'customer', 'customer');
  if (pm.customer === customerId) return;
  if (pm.customer) throw errors.invalidParam('customer', 'The payment method you provided has already been attached to a customer.');
  const decline = env.state.cards.get(pm.id)?.test.setup;
  if (decline) throw errors.card(decline, { payment_method: pm });
  pm.customer = customerId;
}

export const paymentMethodRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    access: 'publishable',
    handle(env, call) {
      return createCardPaymentMethod(env, call.params);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    access: 'secret',
    handle({ state }, call) {
      new Params(call.params, []);
      return find(state.paymentMethods, call.path.id!, 'PaymentMethod');
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['customer']);
      const pm = resolvePaymentMethod(env, call.path.id!, 'id');
      attach(env, pm, p.requiredString('customer'));
      return pm;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    access: 'secret',
    handle({ state }, call) {
      new Params(call.params, []);
      const pm = find(state.paymentMethods, call.path.id!, 'PaymentMethod');
      if (!pm.customer) throw errors.invalidParam('payment_method', 'The payment method you provided is not attached to a customer so detachment is impossible.');
      pm.customer = null;
      return pm;
    },
  },
];
