/**
 * The event stream never takes a session token in its address: a signed-in tab trades its token for a
 * single-use ticket (POST /events/ticket) and opens GET /events?ticket=. A user's streams close when their
 * tokens are revoked, and no log line holds a ticket or a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn, TEST_PASSWORD } from '../support/users.ts';
import { openEvents, openUserEvents } from '../support/sse.ts';
import { eventually } from '../support/eventually.ts';

let stack: TestStack;
const logLines: string[] = [];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const askTicket = async (token: string) => {
  const res = await fetch(`${stack.url}/events/ticket`, { method: 'POST', headers: auth(token) });
  return { status: res.status, body: (await res.json()) as any };
};
const ticketOf = async (token: string): Promise<string> => {
  const { status, body } = await askTicket(token);
  expect(status).toBe(200);
  return body.ticket;
};
/** A refused stream answers JSON, not an event stream. */
const refusedStream = async (query: string) => {
  const res = await fetch(`${stack.url}/events?${query}`, { headers: { accept: 'text/event-stream' } });
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, body: (await res.json()) as any };
};
const ticketRefused = { message: messages.events.ticketRefused, code: 'ticket_refused' };
const signedInUser = async () => {
  const user = await createUser(stack.db, 'ready');
  return { user, token: await signIn(stack.url, user.email) };
};
const ticketKeys = () => stack.services.redis.keys(`${stack.services.config.redisPrefix}:event-ticket:*`);

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', logLines });
});
afterAll(() => stack?.stop());

describe('opening the event stream', () => {
  it('refuses a session token in the address and opens no stream; the token itself still works', async () => {
    const { token } = await signedInUser();
    expect(await refusedStream(`token=${token}`)).toEqual({ status: 401, body: { message: messages.events.tokenInQuery, code: 'token_in_query' } });
    // Even alongside a valid ticket.
    expect((await refusedStream(`ticket=${await ticketOf(token)}&token=${token}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/auth/me`, { headers: auth(token) })).status).toBe(200);
  });

  it('opens a signed-in stream with a ticket that lives 60 s, once: the second use is refused and the first stream carries on', async () => {
    const { user, token } = await signedInUser();
    const { status, body } = await askTicket(token);
    expect(status).toBe(200);
    const lifetime = Date.parse(body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);

    const tab = await openEvents(`${stack.url}/events?ticket=${body.ticket}`);
    expect((await tab.next('ready')).data.signedIn).toBe(true);
    expect(await refusedStream(`ticket=${body.ticket}`)).toEqual({ status: 401, body: ticketRefused });

    await stack.services.eventHub.publish(`user:${user.id}`, { type: 'won', data: { auctionId: 'lot-1', auctionTitle: 'A lot', amount: '$1.00' } });
    expect((await tab.next('won')).data.auctionId).toBe('lot-1');
    tab.close();
  });

  it('refuses an expired ticket', async () => {
    const { token } = await signedInUser();
    const before = new Set(await ticketKeys());
    const ticket = await ticketOf(token);
    const [key] = (await ticketKeys()).filter((k) => !before.has(k));
    expect(await stack.services.redis.ttl(key!)).toBeLessThanOrEqual(60);
    // Time passes for the ticket: Redis expires it as it would after its minute.
    await stack.services.redis.pexpire(key!, 1);
    await eventually(async () => (await stack.services.redis.exists(key!)) === 0);
    expect(await refusedStream(`ticket=${ticket}`)).toEqual({ status: 401, body: ticketRefused });
  });

  it('refuses an unknown ticket, and the ticket of a session signed out since', async () => {
    expect(await refusedStream('ticket=not-a-ticket-anyone-was-given')).toEqual({ status: 401, body: ticketRefused });
    const { user, token } = await signedInUser();
    const ticket = await ticketOf(token);
    expect((await fetch(`${stack.url}/auth/logout`, { method: 'POST', headers: auth(token) })).status).toBe(200);
    expect(await refusedStream(`ticket=${ticket}`)).toEqual({ status: 401, body: ticketRefused });
    // The signed-out token gets no new ticket; signing in again does.
    expect((await askTicket(token)).status).toBe(401);
    const again = await openUserEvents(stack.url, await signIn(stack.url, user.email));
    expect((await again.next('ready')).data.signedIn).toBe(true);
    again.close();
  });

  it('still opens an anonymous stream of lot updates without a ticket', async () => {
    const watcher = await openEvents(`${stack.url}/events?lot=lot-1`);
    expect((await watcher.next('ready')).data).toEqual({ signedIn: false, lots: ['lot-1'] });
    watcher.close();
  });
});

describe('revoking a session', () => {
  const revocations: [string, (user: { id: string; email: string }, token: string) => Promise<Response>][] = [
    ['logout', (_user, token) => fetch(`${stack.url}/auth/logout`, { method: 'POST', headers: auth(token) })],
    [
      'a password change',
      (_user, token) =>
        fetch(`${stack.url}/auth/change-password`, {
          method: 'PATCH',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: 'N3w-Passw0rd!' }),
        }),
    ],
    [
      'a password reset',
      async (user) =>
        fetch(`${stack.url}/auth/reset-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, code: await stack.services.emailCodes.issue(user.id, 'reset_password'), password: 'N3w-Passw0rd!' }),
        }),
    ],
  ];

  for (const [what, revoke] of revocations) {
    it(`closes the user's open streams on ${what}, and no one else's`, async () => {
      const { user, token } = await signedInUser();
      const other = await signedInUser();
      const tabs = [await openUserEvents(stack.url, token), await openUserEvents(stack.url, token, ['lot-1'])];
      const otherTab = await openUserEvents(stack.url, other.token);
      const watcher = await openEvents(`${stack.url}/events?lot=lot-1`);
      for (const tab of [...tabs, otherTab, watcher]) await tab.next('ready');

      expect((await revoke(user, token)).status).toBe(200);
      expect(await Promise.all(tabs.map((tab) => tab.ended))).toEqual(['server', 'server']);

      // The others still hear their events.
      await stack.services.eventHub.publish(`user:${other.user.id}`, { type: 'won', data: { auctionId: 'lot-2', auctionTitle: 'B', amount: '$2.00' } });
      await stack.services.eventHub.publish('lot:lot-1', { type: 'lot', data: { lotId: 'lot-1', currentBid: '3.00', bidCount: 1, endTime: new Date().toISOString(), status: 'live' } });
      expect((await otherTab.next('won')).data.auctionId).toBe('lot-2');
      expect((await watcher.next('lot')).data.currentBid).toBe('3.00');
      for (const tab of [otherTab, watcher]) tab.close();
    });
  }
});

describe('the request log', () => {
  it('holds no ticket and no token, only that a secret was there', async () => {
    const { token } = await signedInUser();
    const ticket = await ticketOf(token);
    const tab = await openEvents(`${stack.url}/events?lot=lot-1&ticket=${ticket}`);
    await tab.next('ready');
    await refusedStream(`token=${token}`);
    await fetch(`${stack.url}/auctions?search=x&code=123456&Password=hunter2`);
    tab.close();

    const urls = await eventually(() => {
      const logged = logLines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.msg === 'request')
        .map((entry) => entry.url as string);
      return logged.some((url) => url.startsWith('/auctions?search=x')) ? logged : null;
    });
    expect(urls).toContain('/events?lot=lot-1&ticket=[redacted]');
    expect(urls).toContain('/events?token=[redacted]');
    expect(urls).toContain('/auctions?search=x&code=[redacted]&Password=[redacted]');
    const everything = logLines.join('\n');
    for (const secret of [ticket, token, '123456', 'hunter2']) expect(everything).not.toContain(secret);
  });
});
