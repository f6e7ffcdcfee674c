/**
 * /v1/refunds: giving back a payment that was taken (a PaymentIntent that succeeded), in whole or in part. As at
 * Stripe, the charge cannot be refunded past what it took: a second full refund is refused with
 * `charge_already_refunded`, so a refund retried after an unknown outcome never pays twice.
 */
import type Stripe from 'stripe';
import { errors, StripeApiError } from '../errors.ts';
import { Params } from '../params.ts';
import type { Env, Route } from '../routes.ts';
import { find, newId, unixNow } from '../state.ts';
import type { RequestInfo } from '../webhooks.ts';

const CREATE = ['payment_intent', 'amount', 'reason', 'metadata', 'instructions_email'];
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const refused = (message: string, code?: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(code && { code, doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` }), ...(param && { param }) });

function create(env: Env, p: Params, request: RequestInfo): Stripe.Refund {
  const pi = find(env.state.paymentIntents, p.requiredString('payment_intent'), 'payment_intent', 'payment_intent');
  if (pi.status !== 'succeeded' || !pi.latest_charge) throw refused(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, undefined, 'payment_intent');
  const charge = String(pi.latest_charge);
  let given = 0;
  for (const refund of env.state.refunds.values()) if (refund.payment_intent === pi.id && refund.status !== 'failed') given += refund.amount;
  const left = pi.amount_received - given;
  if (left <= 0) throw refused(`Charge ${charge} has already been refunded.`, 'charge_already_refunded');
  const amount = p.int('amount') ?? left;
  if (amount <= 0) throw errors.invalidParam('amount', 'Invalid positive integer');
  if (amount > left) throw refused(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount_too_large', 'amount');
  const refund: Stripe.Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge,
    created: unixNow(),
    currency: pi.currency,
    customer: pi.customer,
    customer_account: null,
    metadata: p.metadata() ?? {},
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    reason: p.oneOf('reason', REASONS) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  env.state.refunds.set(refund.id, refund);
  env.webhooks.emit('refund.created', refund, request);
  return refund;
}

export const refundRoutes: Route[] = [
  { method: 'POST', path: '/v1/refunds', access: 'secret', handle: (env, call) => create(env, new Params(call.params, CREATE), call.request) },
  { method: 'GET', path: '/v1/refunds/:id', access: 'secret', handle: ({ state }, call) => find(state.refunds, call.path.id!, 'refund') },
];
