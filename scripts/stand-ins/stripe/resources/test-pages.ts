/**
 * The pages a browser is sent to in Stripe's test mode, played by the stand-in:
 * - `/3ds/:intentId` the 3D Secure challenge ("Complete" or "Fail" authentication) for an intent in
 *   requires_action. `POST /3ds/:intentId` with `client_secret` and `outcome=complete|fail` decides it; with
 *   a `return_url` it redirects there as Stripe does (`?setup_intent=..&setup_intent_client_secret=..&
 *   redirect_status=succeeded|failed`, or the payment_intent equivalents), otherwise it answers the intent.
 * - `/identity/:sessionId` the hosted identity check ("Verify" or "Fail"), same shape.
 * No API key: knowing the client secret is the permission, as with Stripe's own pages.
 */
import type Stripe from 'stripe';
import { errors } from '../errors.ts';
import { Params } from '../params.ts';
import type { Env, RawReply, Route } from '../routes.ts';
import { find } from '../state.ts';
import type { RequestInfo } from '../webhooks.ts';
import { requireInput, verify } from './identity.ts';
import { authorise, failAuthentication as failPayment } from './payment-intents.ts';
import { failAuthentication as failSetup, succeed as succeedSetup } from './setup-intents.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, text: string, action: string, hidden: Record<string, string>, choices: Array<[string, string]>): RawReply {
  const inputs = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = choices.map(([value, label]) => `<button name="outcome" value="${escapeHtml(value)}">${escapeHtml(label)}</button>`).join(' ');
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:4rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<form method="post" action="${escapeHtml(action)}">${inputs}${buttons}</form></body></html>`;
  return { raw: true, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

function redirect(to: string, query: Record<string, string>): RawReply {
  const url = new URL(to);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { raw: true, status: 303, headers: { location: url.toString() }, body: '' };
}

function intentFor(env: Env, id: string, clientSecret: string | undefined): Stripe.SetupIntent | Stripe.PaymentIntent {
  const intent = id.startsWith('seti_') ? find(env.state.setupIntents, id, 'setupintent') : find(env.state.paymentIntents, id, 'payment_intent');
  if (clientSecret !== intent.client_secret) throw errors.clientSecretMismatch(intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent');
  return intent;
}

function authenticate(env: Env, intent: Stripe.SetupIntent | Stripe.PaymentIntent, complete: boolean, request: RequestInfo): void {
  if (intent.status !== 'requires_action' || !env.state.pendingAuth.has(intent.id)) {
    const code = intent.object === 'setup_intent' ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state';
    throw errors.unexpectedState(code, `This ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} is not waiting for authentication (status ${intent.status}).`);
  }
  if (intent.object === 'setup_intent') {
    if (complete) succeedSetup(env, intent, request);
    else failSetup(env, intent, request);
  } else if (complete) authorise(env, intent, request);
  else failPayment(env, intent, request);
}

export const testPageRoutes: Route[] = [
  {
    method: 'GET',
    path: '/3ds/:id',
    access: 'none',
    handle(env, call) {
      const p = new Params(call.params, ['client_secret', 'return_url']);
      const intent = intentFor(env, call.path.id!, p.string('client_secret'));
      const amount = intent.object === 'payment_intent' ? ` of ${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}` : '';
      return page(
        '3D Secure test authentication',
        `Test page standing in for the card issuer's challenge${amount}. Choose the outcome.`,
        `/3ds/${intent.id}`,
        { client_secret: intent.client_secret ?? '', ...(p.string('return_url') ? { return_url: p.string('return_url')! } : {}) },
        [
          ['complete', 'Complete authentication'],
          ['fail', 'Fail authentication'],
        ],
      );
    },
  },
  {
    method: 'POST',
    path: '/3ds/:id',
    access: 'none',
    handle(env, call) {
      const p = new Params(call.params, ['client_secret', 'return_url', 'outcome']);
      const intent = intentFor(env, call.path.id!, p.string('client_secret'));
      const outcome = p.oneOf('outcome', ['complete', 'fail']);
      if (!outcome) throw errors.missingParam('outcome');
      authenticate(env, intent, outcome === 'complete', call.request);
      const returnUrl = p.string('return_url');
      if (!returnUrl) return intent;
      const kind = intent.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
      const ok = intent.status === 'succeeded' || intent.status === 'requires_capture';
      return redirect(returnUrl, { [kind]: intent.id, [`${kind}_client_secret`]: intent.client_secret ?? '', redirect_status: ok ? 'succeeded' : 'failed' });
    },
  },
  {
    method: 'GET',
    path: '/identity/:id',
    access: 'none',
    handle(env, call) {
      const p = new Params(call.params, ['client_secret', 'return_url']);
      const vs = find(env.state.verificationSessions, call.path.id!, 'verification session');
      if (p.string('client_secret') !== vs.client_secret) throw errors.invalidParam('client_secret', 'The client_secret provided does not match the VerificationSession.');
      return page(
        'Identity verification (test)',
        'Test page standing in for the hosted document check. Choose the outcome.',
        `/identity/${vs.id}`,
        { client_secret: vs.client_secret ?? '', ...(p.string('return_url') ? { return_url: p.string('return_url')! } : {}) },
        [
          ['verify', 'Verify'],
          ['fail', 'Fail verification'],
        ],
      );
    },
  },
  {
    method: 'POST',
    path: '/identity/:id',
    access: 'none',
    handle(env, call) {
      const p = new Params(call.params, ['client_secret', 'return_url', 'outcome']);
      const vs = find(env.state.verificationSessions, call.path.id!, 'verification session');
      if (p.string('client_secret') !== vs.client_secret) throw errors.invalidParam('client_secret', 'The client_secret provided does not match the VerificationSession.');
      const outcome = p.oneOf('outcome', ['verify', 'fail']);
      if (!outcome) throw errors.missingParam('outcome');
      if (outcome === 'verify') verify(env, vs, {}, call.request);
      else requireInput(env, vs, undefined, call.request);
      const returnUrl = p.string('return_url');
      return returnUrl ? redirect(returnUrl, { verification_session: vs.id }) : vs;
    },
  },
];
