/**
 * /v1/identity/verification_sessions: create, retrieve, cancel. A session starts in requires_input with a
 * hosted `url` (the stand-in's page, where "Verify" or "Fail" stands in for the document check); the test
 * helpers `POST /v1/test_helpers/identity/verification_sessions/:id/verify|fail` do the same from code.
 * Outcomes are sent as identity.verification_session.verified / requires_input / canceled events.
 */
import type Stripe from 'stripe';
import { errors } from '../errors.ts';
import { nested, Params } from '../params.ts';
import type { Env, Route } from '../routes.ts';
import { clientSecretFor, find, newId, unixNow } from '../state.ts';
import type { RequestInfo } from '../webhooks.ts';

const CREATE = ['type', 'metadata', 'return_url', 'options', 'client_reference_id', 'provided_details', 'related_customer', 'verification_flow'];

export function verify(env: Env, vs: Stripe.Identity.VerificationSession, outputs: Record<string, string | undefined>, request: RequestInfo): Stripe.Identity.VerificationSession {
  if (vs.status === 'canceled' || vs.status === 'verified') {
    throw errors.invalidParam('id', `This VerificationSession cannot be verified because it has a status of ${vs.status}.`);
  }
  vs.status = 'verified';
  vs.last_error = null;
  vs.last_verification_report = newId('vr');
  const dob = outputs.dob?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  vs.verified_outputs = {
    address: null,
    dob: dob ? { year: Number(dob[1]), month: Number(dob[2]), day: Number(dob[3]) } : null,
    email: vs.provided_details?.email ?? null,
    first_name: outputs.first_name ?? null,
    id_number: null,
    id_number_type: null,
    last_name: outputs.last_name ?? null,
    phone: vs.provided_details?.phone ?? null,
    sex: null,
    unparsed_place_of_birth: null,
    unparsed_sex: null,
  };
  env.webhooks.emit('identity.verification_session.verified', vs, request);
  return vs;
}

export function requireInput(env: Env, vs: Stripe.Identity.VerificationSession, reason: string | undefined, request: RequestInfo): Stripe.Identity.VerificationSession {
  if (vs.status === 'canceled' || vs.status === 'verified') {
    throw errors.invalidParam('id', `This VerificationSession cannot be failed because it has a status of ${vs.status}.`);
  }
  vs.status = 'requires_input';
  vs.last_error = { code: 'document_unverified_other', reason: reason ?? 'The document could not be verified.' };
  env.webhooks.emit('identity.verification_session.requires_input', vs, request);
  return vs;
}

export const identityRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/identity/verification_sessions',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, CREATE);
      const type = p.oneOf('type', ['document', 'id_number']);
      if (!type && !p.has('verification_flow')) throw errors.missingParam('type');
      const provided = nested(p.object('provided_details') ?? {}, 'provided_details', ['email', 'phone']);
      const id = newId('vs');
      const vs: Stripe.Identity.VerificationSession = {
        id,
        object: 'identity.verification_session',
        client_reference_id: p.string('client_reference_id') ?? null,
        client_secret: clientSecretFor(id),
        created: unixNow(),
        last_error: null,
        last_verification_report: null,
        livemode: false,
        metadata: p.metadata() ?? {},
        options: { document: {} },
        provided_details: { ...(provided.email ? { email: provided.email } : {}), ...(provided.phone ? { phone: provided.phone } : {}) },
        redaction: null,
        related_customer: p.string('related_customer') ?? null,
        related_customer_account: null,
        status: 'requires_input',
        type: type ?? 'verification_flow',
        url: null,
        verified_outputs: null,
      };
      const page = new URL(`/identity/${id}`, env.baseUrl);
      page.searchParams.set('client_secret', vs.client_secret!);
      const returnUrl = p.string('return_url');
      if (returnUrl) page.searchParams.set('return_url', returnUrl);
      vs.url = page.toString();
      env.state.verificationSessions.set(id, vs);
      return vs;
    },
  },
  {
    method: 'GET',
    path: '/v1/identity/verification_sessions/:id',
    access: 'secret',
    handle({ state }, call) {
      new Params(call.params, []);
      return find(state.verificationSessions, call.path.id!, 'verification session');
    },
  },
  {
    method: 'POST',
    path: '/v1/identity/verification_sessions/:id/cancel',
    access: 'secret',
    handle(env, call) {
      new Params(call.params, []);
      const vs = find(env.state.verificationSessions, call.path.id!, 'verification session');
      if (vs.status !== 'requires_input') {
        throw errors.invalidParam('id', `This VerificationSession cannot be canceled because it has a status of ${vs.status}.`);
      }
      vs.status = 'canceled';
      env.webhooks.emit('identity.verification_session.canceled', vs, call.request);
      return vs;
    },
  },
  {
    method: 'POST',
    path: '/v1/test_helpers/identity/verification_sessions/:id/verify',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['first_name', 'last_name', 'dob']);
      const vs = find(env.state.verificationSessions, call.path.id!, 'verification session');
      return verify(env, vs, { first_name: p.string('first_name'), last_name: p.string('last_name'), dob: p.string('dob') }, call.request);
    },
  },
  {
    method: 'POST',
    path: '/v1/test_helpers/identity/verification_sessions/:id/fail',
    access: 'secret',
    handle(env, call) {
      const p = new Params(call.params, ['reason']);
      const vs = find(env.state.verificationSessions, call.path.id!, 'verification session');
      return requireInput(env, vs, p.string('reason'), call.request);
    },
  },
];
