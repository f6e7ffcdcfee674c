/**
 * A Web Push service (what FCM and Mozilla's autopush are to Chrome and Firefox) in one small HTTPS process, so
 * the api's pushes are sent, signed and encrypted exactly as in production and a test reads what arrived. It checks
 * what those services check (RFC 8030, 8291, 8292): a POST to a subscription's endpoint, a TTL header, an
 * `aes128gcm` body of at most 4096 bytes, and a VAPID JWT (ES256, `aud` its own origin, `exp` in the future and
 * within 24 hours, a `sub`) signed by the key in the Authorization header (`vapid t=…, k=…`, or `WebPush <jwt>` with
 * `Crypto-Key: p256ecdsa=…`), which must be the key the subscription was made with. It answers 201 Created; 404 or
 * 410 for a subscription marked gone; 429 with Retry-After while told to throttle; 400, 401, 403, 413 as they do.
 *
 *   const push = await startPushStandIn();            // PUSH_SERVICES=push.origin, PUSH_SERVICE_CA_FILE=push.caFile
 *   const phone = push.subscribe(vapidPublicKey);     // PUT phone.toJSON() to /me/push-subscriptions
 *   await push.nextMessage(phone);                    // the decrypted payload, as the browser would read it
 *   push.markGone(phone, 410); push.throttle(phone, 2, 1);
 *
 * It serves HTTPS (web-push posts only over https) with a certificate made at start by openssl for 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decryptAes128gcm, receivingKeys, type ReceivingKeys } from './crypto.ts';

/** The largest body a push service takes (RFC 8030 section 7.2 asks for at least 4096 bytes; FCM and autopush stop there). */
const MAX_BODY = 4096;
/** RFC 8292 section 2: a token may not be valid for more than 24 hours. */
const MAX_JWT_LIFETIME_S = 24 * 3600;

export interface TestSubscription {
  endpoint: string;
  keys: ReceivingKeys;
  /** What PushSubscription.toJSON() gives a page, the body of PUT /me/push-subscriptions. */
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A request the stand-in took (201), decrypted, with the headers it came with. */
export interface ReceivedPush {
  text: string;
  ttl: number;
  urgency: string | null;
}

interface Channel {
  subscription: TestSubscription;
  /** The applicationServerKey it was made with: a push signed with another key is refused (403). */
  serverKey: string | null;
  gone: 404 | 410 | null;
  throttled: { times: number; retryAfterSeconds: number };
  received: ReceivedPush[];
  /** Every answer it gave, in order (201, 429, ...): what a test of retries looks at. */
  answers: number[];
  waiters: Array<() => void>;
}

export interface PushStandIn {
  origin: string;
  /** The certificate the api must trust for it (PUSH_SERVICE_CA_FILE). */
  caFile: string;
  /** A new browser subscription on this service, as PushManager.subscribe({ applicationServerKey }) makes one. */
  subscribe(applicationServerKey?: string): TestSubscription;
  /** From now on its endpoint answers 404 (expired) or 410 (unsubscribed), as the real services do. */
  markGone(subscription: TestSubscription, status?: 404 | 410): void;
  /** The next `times` pushes to it are answered 429 with Retry-After: `retryAfterSeconds`. */
  throttle(subscription: TestSubscription, times: number, retryAfterSeconds?: number): void;
  received(subscription: TestSubscription): ReceivedPush[];
  answers(subscription: TestSubscription): number[];
  /** Waits for the push after the `count` already received (default: those received so far). */
  nextMessage(subscription: TestSubscription, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushStandIn(options: { port?: number } = {}): Promise<PushStandIn> {
  const certDir = mkdtempSync(path.join(tmpdir(), 'gavel-push-'));
  const keyFile = path.join(certDir, 'key.pem');
  const caFile = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const channels = new Map<string, Channel>();
  let origin = '';

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const answer = (status: number, error?: string, headers: Record<string, string> = {}) => {
      channel?.answers.push(status);
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(error ? JSON.stringify({ code: status, errno: 0, error, message: error }) : '');
    };
    const id = /^\/wpush\/([A-Za-z0-9_-]+)$/.exec(new URL(req.url ?? '/', origin).pathname)?.[1];
    const channel = id ? channels.get(id) : undefined;
    if (!channel) return answer(404, 'Not Found');
    if (req.method !== 'POST') return answer(405, 'Method Not Allowed');
    if (channel.gone) return answer(channel.gone, channel.gone === 410 ? 'Gone: the subscription was removed' : 'Not Found: the subscription expired');
    const ttl = req.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(String(ttl))) return answer(400, 'Missing TTL header');
    const vapid = vapidOf(req);
    if (!vapid) return answer(401, 'Missing or malformed VAPID Authorization header');
    const problem = jwtProblem(vapid.jwt, vapid.key, origin);
    if (problem) return answer(401, `Invalid VAPID token: ${problem}`);
    if (channel.serverKey && channel.serverKey !== vapid.key) return answer(403, 'The VAPID key is not the one this subscription was made with');
    if (body.length > MAX_BODY) return answer(413, 'Payload too large');
    if (body.length > 0 && req.headers['content-encoding'] !== 'aes128gcm') return answer(400, 'Content-Encoding must be aes128gcm');
    if (channel.throttled.times > 0) {
      channel.throttled.times--;
      return answer(429, 'Too Many Requests', { 'retry-after': String(channel.throttled.retryAfterSeconds) });
    }
    let text = '';
    try {
      text = body.length ? decryptAes128gcm(body, channel.subscription.keys) : '';
    } catch (error) {
      // A real service cannot read the body; the browser would drop it. Here it is the sender's bug, said loudly.
      return answer(400, `The body does not decrypt with the subscription's keys: ${(error as Error).message}`);
    }
    channel.received.push({ text, ttl: Number(ttl), urgency: (req.headers.urgency as string | undefined) ?? null });
    for (const wake of channel.waiters.splice(0)) wake();
    answer(201, undefined, { location: `${origin}/m/${randomBytes(8).toString('hex')}` });
  };

  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const channelOf = (subscription: TestSubscription) => {
    const channel = channels.get(subscription.endpoint.split('/').pop()!);
    if (!channel) throw new Error(`${subscription.endpoint} is not a subscription of this stand-in`);
    return channel;
  };

  return {
    origin,
    caFile,
    subscribe(applicationServerKey) {
      const id = randomBytes(16).toString('base64url');
      const keys = receivingKeys();
      const endpoint = `${origin}/wpush/${id}`;
      const subscription: TestSubscription = { endpoint, keys, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authText } }) };
      channels.set(id, { subscription, serverKey: applicationServerKey ?? null, gone: null, throttled: { times: 0, retryAfterSeconds: 0 }, received: [], answers: [], waiters: [] });
      return subscription;
    },
    markGone(subscription, status = 410) {
      channelOf(subscription).gone = status;
    },
    throttle(subscription, times, retryAfterSeconds = 1) {
      channelOf(subscription).throttled = { times, retryAfterSeconds };
    },
    received: (subscription) => [...channelOf(subscription).received],
    answers: (subscription) => [...channelOf(subscription).answers],
    async nextMessage(subscription, { after, timeoutMs = 15_000 } = {}) {
      const channel = channelOf(subscription);
      const index = after ?? channel.received.length;
      const deadline = Date.now() + timeoutMs;
      while (channel.received.length <= index) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no push reached ${subscription.endpoint} within ${timeoutMs} ms (answers so far: ${channel.answers.join(', ') || 'none'})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          channel.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return channel.received[index]!;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}

/** The JWT and the sender's public key, from `Authorization: vapid t=…, k=…` (RFC 8292) or the older `WebPush` form. */
function vapidOf(req: IncomingMessage): { jwt: string; key: string } | null {
  const authorization = req.headers.authorization ?? '';
  const modern = /^vapid\s+(.+)$/i.exec(authorization);
  if (modern) {
    const params = Object.fromEntries(modern[1]!.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
    return params.t && params.k ? { jwt: params.t, key: params.k } : null;
  }
  const legacy = /^WebPush\s+(\S+)$/i.exec(authorization);
  const key = /p256ecdsa=([A-Za-z0-9_-]+)/.exec(String(req.headers['crypto-key'] ?? ''))?.[1];
  return legacy && key ? { jwt: legacy[1]!, key } : null;
}

/** Why the token is not valid for this service, or null. */
function jwtProblem(jwt: string, key: string, audience: string): string | null {
  const [header, payload, signature, ...rest] = jwt.split('.');
  if (!header || !payload || !signature || rest.length) return 'not a JWT';
  let claims: { aud?: string; exp?: number; sub?: string };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    if (head.alg !== 'ES256') return `alg ${head.alg}, not ES256`;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as typeof claims;
  } catch {
    return 'unreadable header or claims';
  }
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'the key is not an uncompressed P-256 point';
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return 'the signature does not verify with the key given';
  if (claims.aud !== audience) return `aud is ${claims.aud}, not this service's origin ${audience}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return 'expired';
  if (claims.exp > now + MAX_JWT_LIFETIME_S) return 'exp is more than 24 hours ahead';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub is not a mailto: or https: contact';
  return null;
}
