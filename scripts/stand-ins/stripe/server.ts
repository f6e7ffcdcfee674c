/**
 * The HTTP side of the stand-in: CORS for the browser, Stripe's authentication rules (secret key for the
 * server; publishable key, as Stripe.js sends it, for what a browser may do), form decoding, idempotency,
 * `expand[]`, and Stripe's reply format (pretty JSON, `Request-Id`, error objects).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { errors, StripeApiError } from './errors.ts';
import { decodeForm, type FormParams } from './form.ts';
import { IdempotencyStore, type SavedReply } from './idempotency.ts';
import { isRaw, type Env, type Route } from './routes.ts';
import { API_VERSION, newId, type Auth } from './state.ts';
import { expireLapsedHolds, latestChargeOf } from './resources/payment-intents.ts';

export interface Keys {
  secretKey: string;
  publishableKey: string;
}

interface Matched {
  route: Route;
  path: Record<string, string>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
  'access-control-expose-headers': 'Request-Id, Idempotency-Key, Idempotent-Replayed',
  'access-control-max-age': '300',
};

const BODY_LIMIT = 1024 * 1024;

export function createHandler(env: Env, routes: Route[], keys: Keys, log: (line: string) => void) {
  const idempotency = new IdempotencyStore();
  const compiled = routes.map((route) => ({ route, pattern: compile(route.path) }));

  function match(method: string, pathname: string): Matched | null {
    for (const { route, pattern } of compiled) {
      if (route.method !== method) continue;
      const m = pattern.exec(pathname);
      if (m) return { route, path: { ...m.groups } };
    }
    return null;
  }

  function authenticate(req: IncomingMessage, params: FormParams, access: Route['access']): Auth {
    if (access === 'none') return 'publishable';
    const key = apiKeyOf(req, params);
    if (!key) throw errors.missingKey();
    if (key === keys.secretKey) return 'secret';
    if (key !== keys.publishableKey) throw errors.invalidKey(key);
    if (access === 'secret') throw errors.publishableKeyNotAllowed();
    return 'publishable';
  }

  function run(req: IncomingMessage, params: FormParams, pathname: string, requestId: string, idempotencyKey: string | null): SavedReply {
    const method = req.method ?? 'GET';
    const found = match(method, pathname);
    if (!found) throw errors.unrecognizedUrl(method, pathname);
    const auth = authenticate(req, params, found.route.access);
    // Holds whose time ran out are gone before anyone can read or capture them.
    expireLapsedHolds(env);
    const endpoint = `${method} ${pathname}`;
    if (method === 'POST' && idempotencyKey) {
      const saved = idempotency.replay(idempotencyKey, endpoint, params);
      if (saved) return { ...saved, headers: { ...saved.headers, 'idempotent-replayed': 'true' } };
    }
    let reply: SavedReply;
    let replayable = true;
    const failing = env.failing.indexOf(endpoint);
    if (failing >= 0) {
      env.failing.splice(failing, 1);
      reply = json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      if (method === 'POST' && idempotencyKey) idempotency.save(idempotencyKey, endpoint, params, reply);
      return reply;
    }
    try {
      const result = found.route.handle(env, { params, path: found.path, auth, request: { id: requestId, idempotency_key: idempotencyKey } });
      reply = isRaw(result) ? { status: result.status, body: result.body, headers: result.headers } : json(200, expand(env, result, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      replayable = error.replayable;
      reply = json(error.status, { error: error.body });
    }
    if (method === 'POST' && idempotencyKey && replayable) idempotency.save(idempotencyKey, endpoint, params, reply);
    return reply;
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newId('req', 14);
    const base = { ...CORS, 'request-id': requestId, 'stripe-version': headerOf(req, 'stripe-version') ?? API_VERSION };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, base).end();
      return;
    }
    let reply: SavedReply;
    const idempotencyKey = headerOf(req, 'idempotency-key') ?? null;
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = await readBody(req);
      // Stripe reads parameters from the query string and the form body alike.
      const params = { ...decodeForm(url.search.slice(1)), ...decodeForm(body) };
      reply = run(req, params, url.pathname, requestId, idempotencyKey);
    } catch (error) {
      if (error instanceof StripeApiError) {
        reply = json(error.status, { error: error.body });
      } else {
        log(`stripe stand-in: ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        reply = json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
    }
    res.writeHead(reply.status, { ...base, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...reply.headers });
    res.end(reply.body);
  };
}

function json(status: number, body: unknown): SavedReply {
  return { status, body: JSON.stringify(body, null, 2), headers: { 'content-type': 'application/json' } };
}

/** `/v1/customers/:id` -> a RegExp with named groups. */
function compile(path: string): RegExp {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Bearer (the SDK), Basic with the key as user name (curl -u), or a `key` parameter (Stripe.js). */
function apiKeyOf(req: IncomingMessage, params: FormParams): string | null {
  const header = headerOf(req, 'authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (header?.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] || null;
  return typeof params.key === 'string' && params.key ? params.key : null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw errors.invalidParam('body', 'Request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `expand[]=payment_method` / `customer` / `latest_charge`: the id becomes the object, as Stripe does one level deep. */
function expand(env: Env, result: unknown, params: FormParams): unknown {
  const wanted = Array.isArray(params.expand) ? params.expand.filter((e): e is string => typeof e === 'string') : [];
  if (wanted.length === 0 || !result || typeof result !== 'object') return result;
  const out = { ...(result as Record<string, unknown>) };
  for (const field of wanted) {
    const id = out[field];
    if (field === 'payment_method' && typeof id === 'string') out[field] = env.state.paymentMethods.get(id) ?? id;
    else if (field === 'customer' && typeof id === 'string') out[field] = env.state.customers.get(id) ?? id;
    else if (field === 'latest_charge' && out.object === 'payment_intent') out[field] = latestChargeOf(env, out as unknown as Stripe.PaymentIntent);
    else if (!(field in out)) throw errors.invalidParam('expand', `This property cannot be expanded (${field}).`);
  }
  return out;
}
