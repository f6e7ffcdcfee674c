/** What a resource module declares: its routes, and what each handler is given. */
import type { FormParams } from './form.ts';
import type { Auth, State } from './state.ts';
import type { RequestInfo, Webhooks } from './webhooks.ts';

export interface Env {
  state: State;
  webhooks: Webhooks;
  /** The stand-in's own address, for URLs it hands out (3D Secure page, hosted identity page). */
  baseUrl: string;
  /** Endpoints (`POST /v1/...`) whose next request fails on Stripe's side (StripeStandIn.failNext). */
  failing: string[];
}

export interface Call {
  params: FormParams;
  /** Path parameters (`:id`). */
  path: Record<string, string>;
  auth: Auth;
  request: RequestInfo;
}

/** A reply that is not a Stripe JSON object (the test pages): sent as given. */
export interface RawReply {
  raw: true;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/customers/:id` */
  path: string;
  /**
   * secret: the secret key only. publishable: either key (what Stripe.js may call). client_secret: the secret
   * key, or the publishable key with the intent's client secret (checked by the handler). none: no key (the
   * test pages a browser opens, guarded by the intent's client secret).
   */
  access: 'secret' | 'publishable' | 'client_secret' | 'none';
  handle(env: Env, call: Call): unknown;
}

export const isRaw = (reply: unknown): reply is RawReply => typeof reply === 'object' && reply !== null && (reply as RawReply).raw === true;
