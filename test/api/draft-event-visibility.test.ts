/**
 * A lot is public only when its auction event is. A lot marked published inside an event still in draft must not
 * be listed, found, opened or named by any public route: its event link would answer "Auction event not found".
 * A test walks every public GET route of the published contract as a visitor (and as a signed-in member) and
 * finds the lot in none of them; publishing the event then shows it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLot } from '../support/lots.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

// Not an EVM address: the wins of one are looked up on the indexer, which this stack does not run.
const WALLET = 'tb1qdraftbidder7x8y9z00000000000000000000';
const SELLER_WALLET = 'tb1qdraftseller7x8y9z0000000000000000000';
const TITLE = `Draft-only sculpture ${randomBytes(3).toString('hex')}`;

let stack: TestStack;
let memberToken: string;
let lotId: string;
let event: { id: string; slug: string };

const get = async (path: string, token?: string) => {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
};

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
  const member = await createUser(stack.db, 'ready');
  memberToken = await signIn(stack.url, member.email);
  event = await stack.db.prisma.auctionEvent.create({
    data: {
      slug: `draft-${randomBytes(4).toString('hex')}`,
      title: 'Draft sale',
      published: false,
      status: 'draft',
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 30 * 86_400_000),
    },
    select: { id: true, slug: true },
  });
  const lot = await stack.db.prisma.lot.create({
    data: {
      auctionEventId: event.id,
      title: TITLE,
      paymentMethod: 'Manual',
      auctionType: 'offchain',
      startingBid: '1000',
      currentPrice: '1000',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 3_600_000),
      status: 'live',
      published: true,
      sellerWalletAddress: SELLER_WALLET,
    },
  });
  lotId = lot.id;
  // A bid from a wallet on record and a member watching it: the wallet's and the member's lists are doors too.
  const bidder = await createUser(stack.db, 'ready');
  await stack.db.prisma.bid.create({ data: { lotId, userId: bidder.id, amount: '1000', walletAddress: WALLET } });
  await stack.db.prisma.watchedLot.create({ data: { lotId, userId: member.id } });
  stack.services.browseCache.invalidate();
});
afterAll(() => stack?.stop());

const leaks = (text: string) => text.includes(lotId) || text.includes(TITLE);

describe('a published lot inside a draft event', () => {
  it('is in no reply of any public GET route of the published contract, for a visitor or a member', async () => {
    const openapi = JSON.parse((await get('/openapi.json')).text) as { paths: Record<string, { get?: { security?: unknown } }> };
    const values: Record<string, string> = { address: WALLET, slug: event.slug, auctionEventId: event.id };
    const walked: string[] = [];
    for (const [template, operations] of Object.entries(openapi.paths)) {
      // The event stream never ends; its lot updates carry only ids a visitor already asked for.
      if (!operations.get || template === '/events') continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? lotId));
      for (const token of operations.get.security ? [memberToken] : [undefined, memberToken]) {
        const { text } = await get(path, token);
        // A member's own routes about a lot (its PSBT state, say) may echo the id they were asked about, never the lot.
        const found = operations.get.security ? text.includes(TITLE) : leaks(text);
        expect(found, `GET ${path} ${token ? 'as a member' : 'as a visitor'}: ${text.slice(0, 300)}`).toBe(false);
      }
      walked.push(template);
    }
    expect(walked).toEqual(expect.arrayContaining(['/auctions/{id}', '/lots/{id}', '/auctions', '/lots', '/auctions/{id}/bids', '/auctions/bids/user/{address}', '/auctions/seller/{address}']));
    // The lists searched and filtered the ways a visitor would look for it.
    const search = encodeURIComponent(TITLE);
    for (const path of [`/auctions?search=${search}`, `/lots?search=${search}`, `/auctions?auctionEventId=${event.id}`, `/auctions?status=live`, `/auctions-v2/lots?search=${search}`]) {
      for (const token of [undefined, memberToken]) expect(leaks((await get(path, token)).text), `GET ${path}`).toBe(false);
    }
  });

  it('stays out of a large result, whose total is then the estimate of the lots around it', async () => {
    // Past the count's cap (200), the total is the planner's estimate of the same filter, draft test included.
    // The public lots sit in the test sale that createLot makes.
    const open = { id: (await createLot(stack.db)).auctionEventId };
    for (const [eventId, count] of [
      [open.id, 300],
      [event.id, 300],
    ] as const) {
      await stack.db.sql(
        `INSERT INTO "Lot" (id, "auctionEventId", title, status, published, "auctionType", "paymentMethod", "startingBid", "currentPrice", "startTime", "endTime", "createdAt", "updatedAt")
         SELECT gen_random_uuid()::text, $1, $2 || ' ' || i, 'live', true, 'offchain', 'Manual', 1000, 1000, now() - interval '1 day', now() + interval '2 days', now(), now()
         FROM generate_series(1, $3::int) AS i`,
        [eventId, eventId === event.id ? TITLE : 'Open lot', count],
      );
    }
    await stack.db.exec('ANALYZE "Lot"');
    stack.services.browseCache.invalidate();
    for (const path of ['/auctions?limit=50', '/auctions?limit=50&search=lot', '/auctions?limit=50&status=live&sort=price&order=asc&minPrice=5&maxPrice=50']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(leaks(res.text), path).toBe(false);
      const { pagination } = JSON.parse(res.text) as { pagination: { total: number; totalExact: boolean } };
      expect(pagination.totalExact, path).toBe(false);
      expect(pagination.total, path).toBeGreaterThan(200);
    }
  });

  it('answers its own page with "not found", and shows the lot once the event is published', async () => {
    const hidden = await get(`/auctions/${lotId}`);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(hidden.text).message).toMatch(/not found/i);
    // Nor can it be bid on: a bid is placed on a lot the bidder can see.
    const bid = await fetch(`${stack.url}/auctions/${lotId}/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${memberToken}` },
      body: JSON.stringify({ amount: 20 }),
    });
    expect(bid.status).toBe(404);

    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const published = await fetch(`${stack.url}/auction-events/${event.id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
    expect(published.status).toBe(200);
    expect((await get(`/auctions/${lotId}`)).status).toBe(200);
    expect((await get(`/auctions?search=${encodeURIComponent(TITLE)}`)).text).toContain(TITLE);
  });
});
