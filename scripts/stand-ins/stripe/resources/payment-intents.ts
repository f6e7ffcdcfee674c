/**
 * /v1/payment_intents: card payments, including holds (capture_method=manual: authorised, then captured or
 * cancelled to release the money). Confirming runs the card's test behaviour: a decline is a 402 with the
 * intent back in requires_payment_method; a 3D Secure card waits in requires_action on-session and fails
 * with authentication_required off-session; otherwise the intent reaches requires_capture (manual) or
 * succeeded (automatic). Every transition emits Stripe's event for it.
 */
import type Stripe from 'stripe';
import { DECLINES } from '../cards.ts';
import type { CardDecline } from '../errors.ts';
import { errors } from '../errors.ts';
import type { FormParams } from '../form.ts';
import { cardOnly, Params } from '../params.ts';
import type { Env, Route } from '../routes.ts';
import { checkClientSecret, clientSecretFor, find, newId } from '../state.ts';
import { AUTH_FAILED, nextActionFor } from '../three-d-secure.ts';
import type { RequestInfo } from '../webhooks.ts';
import { attach, createCardPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';

const CREATE = [
  'amount',
  'currency',
  'customer',
  'payment_method',
  'payment_method_data',
  'allowed_payment_method_types',
  'payment_method_types',
  'payment_method_options',
  'capture_method',
  'confirm',
  'off_session',
  'metadata',
  'description',
  'return_url',
  'setup_future_usage',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'error_on_requires_action',
  'confirmation_method',
  'automatic_payment_methods',
  'transfer_group',
  'mandate_data',
];
const CONFIRM = [
  'payment_method',
  'payment_method_data',
  'payment_method_options',
  'return_url',
  'off_session',
  'client_secret',
  'setup_future_usage',
  'error_on_requires_action',
  'receipt_email',
  'mandate_data',
];
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
/** Smallest chargeable amounts, in the currency's minor unit (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
const MINIMUM: Record<string, number> = { usd: 50, eur: 50, gbp: 30 };

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

interface ConfirmInput {
  paymentMethod?: string;
  paymentMethodData?: FormParams;
  returnUrl?: string;
  offSession: boolean;
  errorOnRequiresAction: boolean;
}

function confirmInput(p: Params): ConfirmInput {
  const offSession = p.string('off_session');
  return {
    paymentMethod: p.string('payment_method'),
    paymentMethodData: p.object('payment_method_data'),
    returnUrl: p.string('return_url'),
    // Stripe takes true/false or the kind of off-session payment.
    offSession: offSession === 'true' || offSession === 'one_off' || offSession === 'recurring',
    errorOnRequiresAction: p.bool('error_on_requires_action') ?? false,
  };
}

function confirm(env: Env, pi: Stripe.PaymentIntent, input: ConfirmInput, request: RequestInfo): Stripe.PaymentIntent {
  if (pi.status === 'succeeded') {
    throw errors.unexpectedState('payment_intent_unexpected_state', 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
  }
  if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
    throw errors.unexpectedState('payment_intent_unexpected_state', `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`);
  }
  const pm = input.paymentMethodData
    ? createCardPaymentMethod(env, input.paymentMethodData, 'payment_method_data')
    : input.paymentMethod
      ? resolvePaymentMethod(env, input.paymentMethod)
      : pi.payment_method
        ? find(env.state.paymentMethods, String(pi.payment_method), 'PaymentMethod')
        : null;
  if (!pm) {
    throw errors.unexpectedState(
      'payment_intent_unexpected_state',
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  if (pm.customer && pm.customer !== pi.customer) {
    throw errors.invalidParam('payment_method', 'The provided PaymentMethod belongs to a Customer, but you did not provide the matching customer parameter.');
  }
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  const card = env.state.cards.get(pm.id);
  const charge = newId('ch');
  if (card?.test.charge) return fail(env, pi, pm, { ...card.test.charge, type: 'card_error' }, request, charge);
  const needsAuthentication = card?.test.authentication === 'always' || (card?.test.authentication === 'unless_set_up' && !card.setUp);
  if (needsAuthentication) {
    if (input.offSession || input.errorOnRequiresAction) return fail(env, pi, pm, { ...DECLINES.authenticationRequired, type: 'card_error' }, request, charge);
    pi.status = 'requires_action';
    pi.next_action = nextActionFor(env, pi, input.returnUrl);
    env.state.pendingAuth.set(pi.id, { kind: 'payment_intent', offSession: false });
    env.webhooks.emit('payment_intent.requires_action', pi, request);
    return pi;
  }
  return authorise(env, pi, request);
}

/** The issuer approved: hold the amount (manual capture) or take it. */
export function authorise(env: Env, pi: Stripe.PaymentIntent, request: RequestInfo): Stripe.PaymentIntent {
  pi.latest_charge = newId('ch');
  pi.next_action = null;
  env.state.pendingAuth.delete(pi.id);
  if (pi.setup_future_usage && pi.customer && pi.payment_method) {
    attach(env, find(env.state.paymentMethods, String(pi.payment_method), 'PaymentMethod'), String(pi.customer));
    const card = env.state.cards.get(String(pi.payment_method));
    if (card) card.setUp = true;
  }
  if (pi.capture_method === 'manual') {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
    env.state.captureBefore.set(pi.id, env.state.unixNow() + Math.floor(env.state.holdLapseMs / 1000));
    env.webhooks.emit('payment_intent.amount_capturable_updated', pi, request);
  } else {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    env.webhooks.emit('payment_intent.succeeded', pi, request);
  }
  return pi;
}

/** Back to requires_payment_method with the reason; a card error is also the 402 reply. */
export function fail(
  env: Env,
  pi: Stripe.PaymentIntent,
  pm: Stripe.PaymentMethod,
  reason: CardDecline & { type: 'card_error' | 'invalid_request_error' },
  request: RequestInfo,
  charge?: string,
): Stripe.PaymentIntent {
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.payment_method = null;
  if (charge) pi.latest_charge = charge;
  pi.last_payment_error = {
    ...(charge ? { charge } : {}),
    code: reason.code as Stripe.PaymentIntent.LastPaymentError.Code,
    ...(reason.decline_code ? { decline_code: reason.decline_code } : {}),
    doc_url: docUrl(reason.code),
    message: reason.message,
    ...(reason.param ? { param: reason.param } : {}),
    payment_method: pm,
    type: reason.type,
  };
  env.state.pendingAuth.delete(pi.id);
  env.webhooks.emit('payment_intent.payment_failed', pi, request);
  if (reason.type === 'card_error') throw errors.card(reason, { payment_intent: structuredClone(pi), payment_method: pm, ...(charge ? { charge } : {}) });
  return pi;
}

export function failAuthentication(env: Env, pi: Stripe.PaymentIntent, request: RequestInfo): void {
  const pm = find(env.state.paymentMethods, String(pi.payment_method), 'PaymentMethod');
  fail(env, pi, pm, { ...AUTH_FAILED.payment, type: 'invalid_request_error' }, request);
}

/** Cancelling an authorisation releases the hold. */
function cancel(env: Env, pi: Stripe.PaymentIntent, reason: Stripe.PaymentIntent.CancellationReason | null, request: RequestInfo): void {
  pi.status = 'canceled';
  pi.canceled_at = env.state.unixNow();
  pi.cancellation_reason = reason;
  pi.amount_capturable = 0;
  pi.next_action = null;
  env.state.pendingAuth.delete(pi.id);
  env.state.captureBefore.delete(pi.id);
  env.webhooks.emit('payment_intent.canceled', pi, request);
}

/**
 * The card network's side: an authorisation not captured by its `capture_before` is cancelled by Stripe itself
 * (`cancellation_reason: automatic`, with the `payment_intent.canceled` event), as Stripe does after 7 days. Run
 * before every request and whenever the stand-in's clock moves, so a lapsed hold is never seen as live.
 */
export function expireLapsedHolds(env: Env): number {
  const now = env.state.unixNow();
  let expired = 0;
  for (const [id, captureBefore] of env.state.captureBefore) {
    const pi = env.state.paymentIntents.get(id);
    if (captureBefore > now || !pi || pi.status !== 'requires_capture') continue;
    cancel(env, pi, 'automatic', { id: null, idempotency_key: null });
    expired++;
  }
  return expired;
}

/**
 * The intent's latest charge as `expand[]=latest_charge` shows it: the stand-in keeps no charges, so only what a
 * hold's holder reads from one, its `payment_method_details.card.capture_before` (when an uncaptured authorisation
 * lapses) and whether it was captured.
 */
export function latestChargeOf(env: Env, pi: Stripe.PaymentIntent): Record<string, unknown> | null {
  if (typeof pi.latest_charge !== 'string') return null;
  return {
    id: pi.latest_charge,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount_received,
    captured: pi.amount_received > 0,
    currency: pi.currency,
    customer: pi.customer,
    livemode: false,
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    status: pi.last_payment_error ? 'failed' : 'succeeded',
    payment_method_details: { type: 'card', card: { capture_before: env.state.captureBefore.get(pi.id) ?? null } },
  };
}

function create(env: Env, p: Params, request: RequestInfo): Stripe.PaymentIntent {
  const amount = p.int('amount');
  if (amount === undefined) throw errors.missingParam('amount');
  const currency = p.string('currency')?.toLowerCase();
  if (currency === undefined) throw errors.missingParam('currency');
  if (MINIMUM[currency] === undefined) throw errors.invalidCurrency(currency);
  if (amount < MINIMUM[currency]!) throw errors.amountTooSmall(MINIMUM[currency]!, currency);
  if (amount > 99_999_999) throw errors.invalidParam('amount', 'Amount must be no more than $999,999.99');
  const customer = p.string('customer');
  if (customer) find(env.state.customers, customer, 'customer', 'customer');
  const shouldConfirm = p.bool('confirm') ?? false;
  if (p.has('off_session') && !shouldConfirm) throw errors.invalidParam('off_session', 'You can only set `off_session` when `confirm` is true.');
  const types = cardOnly(p);
  const pmId = p.string('payment_method');
  const pm = pmId ? resolvePaymentMethod(env, pmId) : null;
  const id = newId('pi');
  const pi: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: p.has('allowed_payment_method_types') ? types : null,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ?? 'automatic_async',
    client_secret: clientSecretFor(id),
    confirmation_method: p.oneOf('confirmation_method', ['automatic', 'manual']) ?? 'automatic',
    created: env.state.unixNow(),
    currency,
    customer: customer ?? null,
    customer_account: null,
    description: p.string('description') ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: p.metadata() ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: pm?.id ?? null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: types,
    payment_record: null,
    processing: null,
    receipt_email: p.string('receipt_email') ?? null,
    review: null,
    setup_future_usage: p.oneOf('setup_future_usage', ['on_session', 'off_session']) ?? null,
    shipping: null,
    source: null,
    statement_descriptor: p.string('statement_descriptor') ?? null,
    statement_descriptor_suffix: p.string('statement_descriptor_suffix') ?? null,
    status: pm ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: p.string('transfer_group') ?? null,
  };
  env.state.paymentIntents.set(id, pi);
  if (shouldConfirm) return confirm(env, pi, { ...confirmInput(p), paymentMethod: undefined }, request);
  return pi;
}

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    access: 'secret',
    handle: (env, call) => create(env, new Params(call.params, CREATE), call.request),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    access: 'client_secret',
    handle({ state }, call) {
      const p = new Params(call.params, ['client_secret']);
      const pi = find(state.paymentIntents, call.path.id!, 'payment_intent');
      checkClientSecret(p, call.auth, pi, 'PaymentIntent');
      return pi;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    access: 'client_secret',
    handle(env, call) {
      const p = new Params(call.params, CONFIRM);
      const pi = find(env.state.paymentIntents, call.path.id!, 'payment_intent');
      checkClientSecret(p, call.auth, pi, 'PaymentIntent');
      return confirm(env, pi, confirmInput(p), call.request);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/capture',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['amount_to_capture', 'metadata', 'statement_descriptor', 'statement_descriptor_suffix', 'final_capture']);
      const pi = find(env.state.paymentIntents, call.path.id!, 'payment_intent');
      if (pi.status !== 'requires_capture') {
        throw errors.unexpectedState(
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      const amount = p.int('amount_to_capture') ?? pi.amount_capturable;
      if (amount > pi.amount_capturable || amount <= 0) {
        throw errors.invalidParam('amount_to_capture', `The amount to capture must be a positive integer no greater than the amount capturable (${pi.amount_capturable}).`);
      }
      const metadata = p.metadata();
      if (metadata) pi.metadata = { ...pi.metadata, ...metadata };
      pi.status = 'succeeded';
      pi.amount_received = amount;
      pi.amount_capturable = 0;
      env.webhooks.emit('payment_intent.succeeded', pi, call.request);
      return pi;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['cancellation_reason']);
      const pi = find(env.state.paymentIntents, call.path.id!, 'payment_intent');
      if (!CANCELABLE.includes(pi.status)) {
        throw errors.unexpectedState(
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        );
      }
      cancel(env, pi, p.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']) ?? null, call.request);
      return pi;
    },
  },
];
