/**
 * /v1/setup_intents: save a card for later off-session payments. Confirming checks the card with the
 * (simulated) issuer: a good card succeeds and is attached to the intent's customer, a 3D Secure card
 * waits in requires_action, a declining card returns to requires_payment_method with last_setup_error and a
 * 402. Each outcome also goes out as an event (setup_intent.succeeded / setup_failed / requires_action).
 */
import type Stripe from 'stripe';
import type { CardDecline } from '../errors.ts';
import { errors } from '../errors.ts';
import type { FormParams } from '../form.ts';
import { cardOnly, Params } from '../params.ts';
import type { Env, Route } from '../routes.ts';
import { checkClientSecret, clientSecretFor, find, newId, unixNow } from '../state.ts';
import { AUTH_FAILED, nextActionFor } from '../three-d-secure.ts';
import type { RequestInfo } from '../webhooks.ts';
import { attach, createCardPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';

const CREATE = [
  'customer',
  'allowed_payment_method_types',
  'payment_method_types',
  'usage',
  'metadata',
  'description',
  'confirm',
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'return_url',
  'automatic_payment_methods',
];
const CONFIRM = ['payment_method', 'payment_method_data', 'return_url', 'client_secret', 'mandate_data', 'payment_method_options'];

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

interface ConfirmInput {
  /** `payment_method` (an id) or `payment_method_data` (card details, as Stripe.js sends them). */
  paymentMethod?: string;
  paymentMethodData?: FormParams;
  returnUrl?: string;
}

const confirmInput = (p: Params): ConfirmInput => ({
  paymentMethod: p.string('payment_method'),
  paymentMethodData: p.object('payment_method_data'),
  returnUrl: p.string('return_url'),
});

function confirm(env: Env, si: Stripe.SetupIntent, input: ConfirmInput, request: RequestInfo): Stripe.SetupIntent {
  if (si.status === 'succeeded') {
    throw errors.unexpectedState('setup_intent_unexpected_state', 'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.');
  }
  if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation') {
    throw errors.unexpectedState('setup_intent_unexpected_state', `You cannot confirm this SetupIntent because it has a status of ${si.status}.`);
  }
  const pm = input.paymentMethodData
    ? createCardPaymentMethod(env, input.paymentMethodData, 'payment_method_data')
    : input.paymentMethod
      ? resolvePaymentMethod(env, input.paymentMethod)
      : si.payment_method
        ? find(env.state.paymentMethods, String(si.payment_method), 'PaymentMethod')
        : null;
  if (!pm) {
    throw errors.unexpectedState(
      'setup_intent_unexpected_state',
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
    );
  }
  si.payment_method = pm.id;
  si.latest_attempt = newId('setatt');
  si.last_setup_error = null;
  const card = env.state.cards.get(pm.id);
  if (card?.test.setup) fail(env, si, pm, { ...card.test.setup, type: 'card_error' }, request);
  if (card?.test.authentication) {
    si.status = 'requires_action';
    si.next_action = nextActionFor(env, si, input.returnUrl);
    env.state.pendingAuth.set(si.id, { kind: 'setup_intent', offSession: false });
    env.webhooks.emit('setup_intent.requires_action', si, request);
    return si;
  }
  return succeed(env, si, request);
}

/** The card is good (or the cardholder authenticated): attach it and mark it set up for off-session use. */
export function succeed(env: Env, si: Stripe.SetupIntent, request: RequestInfo): Stripe.SetupIntent {
  const pm = find(env.state.paymentMethods, String(si.payment_method), 'PaymentMethod');
  if (si.customer) attach(env, pm, String(si.customer));
  const card = env.state.cards.get(pm.id);
  if (card) card.setUp = true;
  si.status = 'succeeded';
  si.next_action = null;
  env.state.pendingAuth.delete(si.id);
  env.webhooks.emit('setup_intent.succeeded', si, request);
  return si;
}

/** Back to requires_payment_method with the reason; throws the 402 for card declines. */
export function fail(env: Env, si: Stripe.SetupIntent, pm: Stripe.PaymentMethod, reason: CardDecline & { type: 'card_error' | 'invalid_request_error' }, request: RequestInfo): never | void {
  si.status = 'requires_payment_method';
  si.next_action = null;
  si.payment_method = null;
  si.last_setup_error = {
    code: reason.code as Stripe.SetupIntent.LastSetupError.Code,
    ...(reason.decline_code ? { decline_code: reason.decline_code } : {}),
    doc_url: docUrl(reason.code),
    message: reason.message,
    ...(reason.param ? { param: reason.param } : {}),
    payment_method: pm,
    type: reason.type,
  };
  env.state.pendingAuth.delete(si.id);
  env.webhooks.emit('setup_intent.setup_failed', si, request);
  if (reason.type === 'card_error') throw errors.card(reason, { setup_intent: structuredClone(si), payment_method: pm });
}

export const setupIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/setup_intents',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, CREATE);
      const customer = p.string('customer');
      if (customer) find(env.state.customers, customer, 'customer', 'customer');
      const pmId = p.string('payment_method');
      const pm = pmId ? resolvePaymentMethod(env, pmId) : null;
      const types = cardOnly(p);
      const id = newId('seti');
      const si: Stripe.SetupIntent = {
        id,
        object: 'setup_intent',
        allowed_payment_method_types: p.has('allowed_payment_method_types') ? types : null,
        application: null,
        automatic_payment_methods: null,
        cancellation_reason: null,
        client_secret: clientSecretFor(id),
        created: unixNow(),
        customer: customer ?? null,
        description: p.string('description') ?? null,
        excluded_payment_method_types: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: p.metadata() ?? {},
        next_action: null,
        on_behalf_of: null,
        payment_method: pm?.id ?? null,
        payment_method_configuration_details: null,
        payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
        payment_method_types: types,
        single_use_mandate: null,
        status: pm ? 'requires_confirmation' : 'requires_payment_method',
        usage: p.oneOf('usage', ['on_session', 'off_session']) ?? 'off_session',
      };
      env.state.setupIntents.set(id, si);
      if (p.bool('confirm')) return confirm(env, si, { paymentMethodData: p.object('payment_method_data'), returnUrl: p.string('return_url') }, call.request);
      return si;
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    access: 'client_secret',
    handle({ state }, call) {
      const p = new Params(call.params, ['client_secret']);
      const si = find(state.setupIntents, call.path.id!, 'setupintent');
      checkClientSecret(p, call.auth, si, 'SetupIntent');
      return si;
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    access: 'client_secret',
    handle(env, call) {
      const p = new Params(call.params, CONFIRM);
      const si = find(env.state.setupIntents, call.path.id!, 'setupintent');
      checkClientSecret(p, call.auth, si, 'SetupIntent');
      return confirm(env, si, confirmInput(p), call.request);
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/cancel',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['cancellation_reason']);
      const si = find(env.state.setupIntents, call.path.id!, 'setupintent');
      if (si.status === 'succeeded' || si.status === 'canceled') {
        throw errors.unexpectedState('setup_intent_unexpected_state', `You cannot cancel this SetupIntent because it has a status of ${si.status}.`);
      }
      si.status = 'canceled';
      si.next_action = null;
      si.cancellation_reason = p.oneOf('cancellation_reason', ['abandoned', 'duplicate', 'requested_by_customer']) ?? null;
      env.state.pendingAuth.delete(si.id);
      env.webhooks.emit('setup_intent.canceled', si, call.request);
      return si;
    },
  },
];

/** The cardholder failed 3D Secure on the test page. */
export function failAuthentication(env: Env, si: Stripe.SetupIntent, request: RequestInfo): void {
  const pm = find(env.state.paymentMethods, String(si.payment_method), 'PaymentMethod');
  fail(env, si, pm, { ...AUTH_FAILED.setup, type: 'invalid_request_error' }, request);
}
