/**
 * A maximum is its bidder's alone (and an admin's). After a leader sets one and another bidder's lower maximum is
 * answered by it, every public GET route of the route table is called, signed out and as other users, with each
 * path parameter standing for the lot, its sale, its bids or nothing: no reply carries either maximum's digits.
 * Nor does any live event (the lot's stream, the outbid bidder's stream), any e-mail written, or any log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareRoutes } from '../../api/src/app.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openEvents, openUserEvents, type SseClient } from '../support/sse.ts';

/** The leader's maximum and the runner-up's, as the api could write them (replies, amounts in cents, e-mails). */
const LEADER_MAXIMUM = ['7345.67', '7,345.67', '734567'];
const RUNNER_UP_MAXIMUM = ['4321.09', '4,321.09', '432109'];

let stack: TestStack;
const logLines: string[] = [];

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', logLines, env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
});
afterAll(() => stack?.stop());

async function bid(token: string, lotId: string, amount: string, maximum?: string) {
  const res = await fetch(`${stack.url}/auctions/${lotId}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(maximum === undefined ? { amount } : { amount, maximum }),
  });
  return { status: res.status, text: await res.text() };
}
async function bidder(state: 'ready' | 'admin' = 'ready') {
  const user = await createUser(stack.db, state);
  return { user, token: await signIn(stack.url, user.email) };
}
async function getText(path: string, token: string | null): Promise<{ status: number; text: string }> {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
}
const leaks = (text: string, digits: string[]) => digits.filter((d) => text.includes(d));

describe('a maximum in no one else’s view', () => {
  it('is in no public reply, event, e-mail or log line, but in its bidder’s own bids and the admin’s list', { timeout: 180_000 }, async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const event = await stack.db.prisma.auctionEvent.findUniqueOrThrow({ where: { id: lot.auctionEventId } });
    const [leader, runnerUp, other, admin] = [await bidder(), await bidder(), await bidder(), await bidder('admin')];

    const streams: Array<[string, SseClient, string[]]> = [
      ['the lot’s stream, signed out', await openEvents(`${stack.url}/events?lot=${lot.id}`), [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM]],
      ['the runner-up’s stream', await openUserEvents(stack.url, runnerUp.token, [lot.id]), LEADER_MAXIMUM],
      ['another user’s stream', await openUserEvents(stack.url, other.token, [lot.id]), [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM]],
    ];
    try {
      const led = await bid(leader.token, lot.id, '10.00', '7345.67');
      expect(led.status).toBe(201);
      expect(led.text).toContain('"maximum":"7345.67"');
      const answered = await bid(runnerUp.token, lot.id, '50.00', '4321.09');
      expect(answered.status).toBe(201);
      expect(leaks(answered.text, LEADER_MAXIMUM)).toEqual([]);
      expect(JSON.parse(answered.text).data.bid.auction.currentBid).toBe('4322.09');
      // The outbid notice reached the runner-up and the new price every stream: the streams are live.
      for (const [, stream] of streams) await stream.next('lot');
      await streams[1]![1].next('outbid');
    } finally {
      for (const [, stream] of streams) stream.close();
    }
    for (const [name, stream, digits] of streams) expect(leaks(JSON.stringify(stream.events), digits), name).toEqual([]);

    const bids = await stack.db.prisma.bid.findMany({ where: { lotId: lot.id } });
    const params = [lot.id, lot.auctionEventId, event.slug, String(lot.lotNumber), ...bids.map((b) => b.id), 'none'];
    const viewers: Array<[string, string | null, string[]]> = [
      ['signed out', null, [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM]],
      ['another user', other.token, [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM]],
      ['the runner-up', runnerUp.token, LEADER_MAXIMUM],
    ];
    const routes = declareRoutes(stack.services)
      .accessRules()
      .filter((r) => r.method === 'get' && !(r.access?.roles ?? []).includes('admin') && r.path !== '/events');
    expect(routes.length).toBeGreaterThan(40);
    let calls = 0;
    let answered = 0;
    for (const route of routes) {
      const paths = route.path.includes(':') ? params.map((p) => route.path.replace(/:\w+/g, encodeURIComponent(p))) : [route.path];
      for (const path of paths) {
        for (const [who, token, digits] of viewers) {
          const reply = await getText(path, token);
          calls++;
          if (reply.status === 200) answered++;
          expect(reply.status, `${who} GET ${path}`).toBeLessThan(500);
          expect(leaks(reply.text, digits), `${who} GET ${path}`).toEqual([]);
        }
      }
    }
    console.log(`maximum privacy: ${routes.length} public GET routes, ${calls} calls, ${answered} answered 200`);
    expect(answered).toBeGreaterThan(100);

    // Each bidder sees their own maximum; an admin sees both.
    const own = await getText('/auctions/bids/me', leader.token);
    expect(own.text).toContain('"maximum":"7345.67"');
    const adminList = await getText(`/admin/auctions/${lot.id}/bids`, admin.token);
    expect(adminList.status).toBe(200);
    expect(adminList.text).toContain('"maximum":"7345.67"');
    expect(adminList.text).toContain('"maximum":"4321.09"');

    const mails = await stack.db.prisma.outboxMail.findMany();
    expect(mails.length).toBeGreaterThan(0);
    expect(leaks(JSON.stringify(mails), [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM])).toEqual([]);
    expect(leaks(logLines.join('\n'), [...LEADER_MAXIMUM, ...RUNNER_UP_MAXIMUM])).toEqual([]);
  });
});
