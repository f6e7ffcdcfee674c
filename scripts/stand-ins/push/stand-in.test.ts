/** The push stand-in against what web-push (the api's sender) does with real push services. */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { WebPushError } from 'web-push';
import { startPushStandIn, type PushStandIn } from './index.ts';

let push: PushStandIn;
let agent: Agent;
const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@gavel.invalid', ...vapid };

beforeAll(async () => {
  push = await startPushStandIn();
  agent = new Agent({ ca: readFileSync(push.caFile) });
});
afterAll(() => push.close());

const send = (subscription: ReturnType<PushStandIn['subscribe']>, text: string, options: webpush.RequestOptions = {}) =>
  webpush.sendNotification(subscription.toJSON(), text, { vapidDetails, TTL: 60, agent, ...options });

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 201,
    (error: unknown) => (error instanceof WebPushError ? error.statusCode : Promise.reject(error)),
  );

describe('push stand-in', () => {
  it('takes a signed, encrypted push with 201 and the receiving browser reads it', async () => {
    const phone = push.subscribe(vapid.publicKey);
    const reply = await send(phone, JSON.stringify({ hello: 'bidder' }), { urgency: 'high' });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers.location).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/m\//);
    expect(push.received(phone)).toEqual([{ text: '{"hello":"bidder"}', ttl: 60, urgency: 'high' }]);
  });

  it('refuses a push signed with another key than the subscription was made with (403), or a forged token (401)', async () => {
    const phone = push.subscribe(vapid.publicKey);
    const other = webpush.generateVAPIDKeys();
    expect(await statusOf(send(phone, 'x', { vapidDetails: { ...vapidDetails, ...other } }))).toBe(403);
    const forged = { ...vapidDetails, publicKey: other.publicKey };
    expect(await statusOf(send(push.subscribe(), 'x', { vapidDetails: forged }))).toBe(401);
    expect(push.received(phone)).toEqual([]);
  });

  it('requires TTL, and a token for its own origin', async () => {
    const phone = push.subscribe();
    const headers = webpush.getVapidHeaders('https://elsewhere.example', vapidDetails.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
    const post = (extra: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(phone.endpoint, { method: 'POST', agent, headers: { ...headers, 'content-length': '0', ...extra } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await post({})).toBe(400);
    expect(await post({ ttl: '60' })).toBe(401);
  });

  it('answers 410 or 404 for a subscription gone, and 429 with Retry-After while throttling', async () => {
    const gone = push.subscribe();
    push.markGone(gone, 410);
    expect(await statusOf(send(gone, 'x'))).toBe(410);
    const busy = push.subscribe();
    push.throttle(busy, 1, 7);
    const refused = await send(busy, 'x').catch((error: WebPushError) => error);
    expect((refused as WebPushError).statusCode).toBe(429);
    expect((refused as WebPushError).headers['retry-after']).toBe('7');
    expect((await send(busy, 'again')).statusCode).toBe(201);
    expect(push.answers(busy)).toEqual([429, 201]);
  });
});
