/**
 * Maximum (proxy) bids on USD lots through the api, pay-later bidders: each case of the rule (a maximum leads at
 * the lowest price that leads; a plain bid at or below it is placed and outbid at once, and told so; equal
 * maximums go to the earlier; the leader raises or lowers theirs, never below the price), the anti-sniping
 * extension on bids the proxy answers, the bidding limit counting a maximum in full, and the close selling at
 * the visible price. Lots start at $10.00 with the $1.00 increment.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { lockWaits } from '../support/database.ts';
import { createUser, signIn, readyBidder as signedInBidder } from '../support/users.ts';
import { postBid } from '../support/bids.ts';
import { createLot } from '../support/lots.ts';
import { openEvents, openUserEvents } from '../support/sse.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';

let stack: TestStack;
type Reply = { status: number; body: any };

async function bid(token: string, lotId: string, amount: string, maximum?: string): Promise<Reply> {
  const res = await postBid(stack.url, token, lotId, amount, maximum);
  return { status: res.status, body: await res.json() };
}
const readyBidder = () => signedInBidder(stack);
/** An admin's removal of a bid (DELETE /auctions/bids/:bidId with a reason). */
async function removeAsAdmin(bidId: string): Promise<Response> {
  const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
  return fetch(`${stack.url}/auctions/bids/${bidId}`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ reason: 'test' }),
  });
}
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const price = async (id: string) => (await lotRow(id)).currentBid?.toFixed(0);
/** The public history: amount, status, and whether it is the caller's, highest first. */
async function history(lotId: string, token: string) {
  const res = await fetch(`${stack.url}/auctions/${lotId}/bids`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as any).data.map((b: any) => [b.amount, b.status, b.bidder.isYou]);
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
});
afterAll(() => stack?.stop());

describe('a maximum and the plain bids below it', () => {
  it('leads at the starting bid, answers a lower plain bid at once one increment above it, and tells its bidder', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await readyBidder();
    const b = await readyBidder();
    const first = await bid(a.token, lot.id, '10.00', '50.00');
    expect(first).toMatchObject({ status: 201, body: { message: 'Bid placed successfully!', minimumNextBid: '11.00' } });
    expect(first.body.data.bid).toMatchObject({ amount: '10.00', status: 'active', maximum: '50.00', auction: { currentBid: '10.00' } });

    const events = await openUserEvents(stack.url, b.token);
    try {
      const plain = await bid(b.token, lot.id, '20.00');
      expect(plain).toMatchObject({ status: 201, body: { message: 'You were outbid by an earlier maximum bid', minimumNextBid: '22.00' } });
      expect(plain.body.data.bid).toMatchObject({ amount: '20.00', status: 'outbid', auction: { currentBid: '21.00' } });
      expect(plain.body.data.bid.maximum).toBeUndefined();
      const outbid = await events.next('outbid');
      expect(outbid.data).toMatchObject({ id: plain.body.data.bid.id, userBidAmount: '20.00', currentBidAmount: '21.00', currencyUnit: 'USD' });
    } finally {
      events.close();
    }
    expect(await history(lot.id, b.token)).toEqual([
      ['21.00', 'active', false],
      ['20.00', 'outbid', true],
    ]);
    expect(await lotRow(lot.id)).toMatchObject({ bidCount: 2 });
    expect(await price(lot.id)).toBe('2100');
  });

  it('caps the price at the maximum when a plain bid equals it; then a plain bid above it leads as usual', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '30.00');
    const equal = await bid(b.token, lot.id, '30.00');
    expect(equal.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', minimumNextBid: '31.00', data: { bid: { status: 'outbid', auction: { currentBid: '30.00' } } } });
    // The maximum is spent: the next bid is any bid's, and leads.
    expect(await lotRow(lot.id)).toMatchObject({ leaderMaximum: null });
    expect((await bid(c.token, lot.id, '30.50')).status).toBe(400);
    const above = await bid(c.token, lot.id, '31.00');
    expect(above.body).toMatchObject({ message: 'Bid placed successfully!', data: { bid: { status: 'active', amount: '31.00' } } });
    expect((await history(lot.id, c.token)).map((row: unknown[]) => row.slice(0, 2))).toEqual([
      ['31.00', 'active'],
      ['30.00', 'outbid'],
      ['30.00', 'outbid'],
    ]);
  });

  it('gives equal maximums to the earlier one, and a higher maximum leads one increment above the other', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '30.00');
    const tie = await bid(b.token, lot.id, '12.00', '30.00');
    expect(tie.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid', maximum: '30.00', auction: { currentBid: '30.00' } } } });

    const events = await openUserEvents(stack.url, a.token);
    try {
      const higher = await bid(c.token, lot.id, '31.00', '45.00');
      expect(higher.body).toMatchObject({ message: 'Bid placed successfully!', minimumNextBid: '32.00', data: { bid: { status: 'active', amount: '31.00', maximum: '45.00' } } });
      expect((await events.next('outbid')).data).toMatchObject({ currentBidAmount: '31.00' });
    } finally {
      events.close();
    }
    const d = await readyBidder();
    // 40 is below 45: answered at 41.
    expect((await bid(d.token, lot.id, '40.00')).body.data.bid.auction.currentBid).toBe('41.00');
    expect(await price(lot.id)).toBe('4100');
  });

  it('refuses a maximum below the amount and an unreadable one, naming the maximum', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const { token } = await readyBidder();
    expect(await bid(token, lot.id, '20.00', '19.99')).toMatchObject({
      status: 400,
      body: { message: 'Your maximum must be at least 20.00 USD', fields: { maximum: 'Your maximum must be at least 20.00 USD' } },
    });
    expect(await bid(token, lot.id, '20.00', 'lots')).toMatchObject({ status: 400, body: { fields: { maximum: 'Invalid maximum bid' } } });
    const btc = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    // A BTC lot takes a maximum from a Bitcoin wallet too, as a ladder of signed offers (btc-ladders.test.ts): this
    // one is refused only for what every offer needs, an inscription to sell, never for its maximum.
    expect(await bid(token, btc.id, '10000', '20000')).toMatchObject({ status: 409, body: { code: 'lot_not_ready' } });
    for (const hostile of [-5, '1e+30', 12.345, '', ' ', '0x10', '99999999999999999999999999999999999999.99', 'Infinity']) {
      const res = await fetch(`${stack.url}/auctions/${lot.id}/bids`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: '20.00', maximum: hostile }),
      });
      const body = (await res.json()) as any;
      expect([400, 402], `maximum ${JSON.stringify(hostile)}: ${res.status} ${body.message}`).toContain(res.status);
      expect(Object.keys(body.fields ?? {}), `maximum ${JSON.stringify(hostile)}`).toEqual(['maximum']);
    }
    expect(await stack.db.prisma.bid.count({ where: { lotId: { in: [lot.id, btc.id] } } })).toBe(0);
  });
});

describe('the leader’s own maximum', () => {
  it('is raised and lowered while leading, never below the price, and prices against the runner-up', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '20.00');
    await bid(b.token, lot.id, '15.00');
    expect(await price(lot.id)).toBe('1600');
    // The leader sends a new maximum with any amount: the price stays, the maximum is theirs to see.
    const raised = await bid(a.token, lot.id, '1.00', '60.00');
    expect(raised.body).toMatchObject({ message: 'Bid placed successfully!', data: { bid: { status: 'active', amount: '16.00', maximum: '60.00' } } });
    const lowered = await bid(a.token, lot.id, '1.00', '25.00');
    expect(lowered.body.data.bid).toMatchObject({ amount: '16.00', maximum: '25.00' });
    expect(await bid(a.token, lot.id, '1.00', '15.99')).toMatchObject({ status: 400, body: { fields: { maximum: 'Your maximum must be at least 16.00 USD' } } });
    // The lowered maximum is what now bids for them: 26 beats it.
    const beat = await bid(c.token, lot.id, '26.00');
    expect(beat.body).toMatchObject({ message: 'Bid placed successfully!', data: { bid: { status: 'active', amount: '26.00' } } });
    // The changes at the same price replaced the earlier bids, which only their bidder sees; the last one was outbid.
    const mine = await fetch(`${stack.url}/auctions/bids/me`, { headers: { authorization: `Bearer ${a.token}` } }).then((r) => r.json() as Promise<any>);
    expect(mine.data.map((x: any) => [x.amount, x.status, x.maximum]).sort()).toEqual([
      ['16.00', 'outbid', '25.00'],
      ['16.00', 'replaced', '20.00'],
      ['16.00', 'replaced', '60.00'],
    ]);
  });

  it('when exceeded, tells its bidder alone, with their maximum, and My bids keeps it beside the outbid bid', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b] = [await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '30.00');
    const aEvents = await openUserEvents(stack.url, a.token);
    const bEvents = await openUserEvents(stack.url, b.token);
    try {
      // Below the maximum: b is outbid at once and told so, a hears nothing (their maximum still leads).
      const answered = await bid(b.token, lot.id, '20.00');
      expect(answered.body.data.bid.status).toBe('outbid');
      expect((await bEvents.next('outbid')).data).toMatchObject({ userBidAmount: '20.00', currentBidAmount: '21.00' });
      // Above it: now a is outbid, for the first time, and their notice says which maximum was exceeded.
      const over = await bid(b.token, lot.id, '35.00');
      expect(over.body.data.bid.status).toBe('active');
      const exceeded = await aEvents.next('outbid');
      expect(exceeded.data).toMatchObject({ userBidAmount: '21.00', currentBidAmount: '35.00', maximum: '30.00' });
      expect(aEvents.events.filter((e) => e.type === 'outbid')).toHaveLength(1);
      expect(bEvents.events.filter((e) => e.type === 'outbid').map((e) => (e.data as any).maximum)).toEqual([undefined]);
    } finally {
      aEvents.close();
      bEvents.close();
    }
    const mine = await fetch(`${stack.url}/me/bids`, { headers: { authorization: `Bearer ${a.token}` } }).then((r) => r.json() as Promise<any>);
    expect(mine.data.find((x: any) => x.lot._id === lot.id)).toMatchObject({ state: 'outbid', bid: { amount: '21.00', maximum: '30.00' } });
    const theirs = await fetch(`${stack.url}/me/bids`, { headers: { authorization: `Bearer ${b.token}` } }).then((r) => r.json() as Promise<any>);
    const row = theirs.data.find((x: any) => x.lot._id === lot.id);
    expect(row).toMatchObject({ state: 'leading', bid: { amount: '35.00' } });
    expect(row.bid.maximum).toBeUndefined();
  });

  it('raising a maximum held down by an equal one moves the price one increment above the runner-up, a bid everyone sees', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b] = [await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '20.00');
    await bid(b.token, lot.id, '11.00', '20.00');
    expect(await price(lot.id)).toBe('2000');
    expect((await bid(a.token, lot.id, '10.00', '40.00')).body.data.bid).toMatchObject({ amount: '21.00', maximum: '40.00', auction: { currentBid: '21.00' } });
    // The price moved: the leader's bid at 20 was outbid by their own at 21, and the count says so.
    expect(await history(lot.id, b.token)).toEqual([
      ['21.00', 'active', false],
      ['20.00', 'outbid', false],
      ['11.00', 'outbid', true],
    ]);
    expect(await lotRow(lot.id)).toMatchObject({ bidCount: 3 });
  });
});

describe('the leader’s change of maximum at the same price', () => {
  /** All a viewer sees of the lot and its bids, but the leading bid's id: a new maximum is a row of its own (its hold is keyed to it). */
  async function publicView(lotId: string, token: string | null) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const bids = (await fetch(`${stack.url}/auctions/${lotId}/bids`, { headers }).then((r) => r.json())) as any;
    const lot = (await fetch(`${stack.url}/auctions/${lotId}`, { headers }).then((r) => r.json())) as any;
    return {
      // Ids included: a bid that changed id would tell watchers the leader had changed something.
      bids: bids.data,
      total: bids.pagination.total,
      lot: { currentBid: lot.data.currentBid, bidCount: lot.data.bidCount, endTime: lot.data.endTime },
    };
  }

  it('leaves no public trace: history, bid count, end and live events stay; the leader and admins see it', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n, endsInMs: 3_600_000, extensionMinutes: 5 });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const watching = await openEvents(`${stack.url}/events?lot=${lot.id}`);
    const runnerUp = await openUserEvents(stack.url, b.token, [lot.id]);
    try {
      await bid(a.token, lot.id, '10.00', '20.00');
      await bid(b.token, lot.id, '15.00');
      for (const stream of [watching, runnerUp]) for (const _ of [1, 2]) await stream.next('lot');
      // In its last minutes, where any bid would extend it.
      await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() + 60_000) } });
      const before = { signedOut: await publicView(lot.id, null), runnerUp: await publicView(lot.id, b.token), other: await publicView(lot.id, c.token) };
      expect(before.signedOut.lot).toMatchObject({ currentBid: '16.00', bidCount: 2 });

      const raised = await bid(a.token, lot.id, '1.00', '60.00');
      expect(raised.body).toMatchObject({ auctionExtended: false, endTime: before.signedOut.lot.endTime, data: { bid: { status: 'active', amount: '16.00', maximum: '60.00' } } });
      const lowered = await bid(a.token, lot.id, '1.00', '25.00');
      expect(lowered.body).toMatchObject({ auctionExtended: false, data: { bid: { status: 'active', amount: '16.00', maximum: '25.00' } } });

      expect({ signedOut: await publicView(lot.id, null), runnerUp: await publicView(lot.id, b.token), other: await publicView(lot.id, c.token) }).toEqual(before);
      expect(await lotRow(lot.id)).toMatchObject({ bidCount: 2, endTime: new Date(before.signedOut.lot.endTime) });
      // The leader's own view: their bid at the same price and time, with the maximum now bidding for them.
      const own = (await publicView(lot.id, a.token)).bids;
      expect(own[0]).toMatchObject({ amount: '16.00', status: 'active', maximum: '25.00', bidder: { isYou: true }, createdAt: before.runnerUp.bids[0].createdAt });
      const myBids = (await fetch(`${stack.url}/me/bids`, { headers: { authorization: `Bearer ${a.token}` } }).then((r) => r.json())) as any;
      expect(myBids.data.find((x: any) => x.lot._id === lot.id)).toMatchObject({ state: 'leading', bid: { amount: '16.00', maximum: '25.00' } });
      // Admins see each change, named.
      const adminList = (await fetch(`${stack.url}/admin/auctions/${lot.id}/bids`, { headers: { authorization: `Bearer ${admin}` } }).then((r) => r.json())) as any;
      expect(adminList.data.map((x: any) => [x.amount, x.status, x.maximum ?? null, x.isWinning]).sort()).toEqual([
        ['15.00', 'outbid', null, false],
        ['16.00', 'active', '25.00', true],
        ['16.00', 'replaced', '20.00', false],
        ['16.00', 'replaced', '60.00', false],
      ]);

      // The next lot event is the next visible bid's: the changes sent none.
      const above = (await bid(c.token, lot.id, '26.00')).body.data.bid;
      expect(above.status).toBe('active');
      for (const stream of [watching, runnerUp]) {
        expect((await stream.next('lot')).data).toMatchObject({ currentBid: '26.00', bidCount: 3 });
        expect(stream.events.filter((e) => e.type === 'lot')).toHaveLength(3);
      }
      expect(await history(lot.id, b.token)).toEqual([
        ['26.00', 'active', false],
        ['16.00', 'outbid', false],
        ['15.00', 'outbid', true],
      ]);
      // A replaced bid never leads again: removing the leader brings back the last bid a placed, not one it replaced.
      const removed = await fetch(`${stack.url}/auctions/bids/${above.id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ reason: 'test' }),
      });
      expect(removed.status).toBe(200);
      const leading = await stack.db.prisma.bid.findFirstOrThrow({ where: { lotId: lot.id, status: 'active' } });
      expect(leading.id).toBe(lowered.body.data.bid.id);
      expect(await lotRow(lot.id)).toMatchObject({ bidCount: 2 });
    } finally {
      watching.close();
      runnerUp.close();
    }
  });
});

describe('what stands behind a maximum and what it ends at', () => {
  it('extends the lot when the proxy answers a bid in its last minutes', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n, endsInMs: 3_600_000, extensionMinutes: 5 });
    const [a, b] = [await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '10.00', '50.00');
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() + 60_000) } });
    const answered = await bid(b.token, lot.id, '20.00');
    expect(answered.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', auctionExtended: true, extensionMinutes: 5 });
    const end = (await lotRow(lot.id)).endTime.getTime();
    expect(Date.parse(answered.body.endTime)).toBe(end);
    expect(end).toBeGreaterThan(Date.now() + 4.5 * 60_000);
  });

  it('counts a pay-later maximum in full against the bidding limit', async () => {
    const { user, token } = await readyBidder();
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { biddingLimit: '10000' } });
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const other = await createLot(stack.db, { startingBid: 1000n });
    const over = await bid(token, lot.id, '10.00', '150.00');
    expect(over).toMatchObject({ status: 402, body: { code: 'bidding_limit', fields: { maximum: expect.stringContaining('100.00') } } });
    expect((await bid(token, lot.id, '10.00', '90.00')).status).toBe(201);
    const left = await bid(token, other.id, '20.00');
    expect(left).toMatchObject({ status: 402, body: { code: 'bidding_limit', fields: { amount: expect.stringContaining('10.00') } } });
    expect((await bid(token, other.id, '10.00')).status).toBe(201);
  });

  it('sells at the visible price, not the maximum', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b] = [await readyBidder(), await readyBidder()];
    const leading = (await bid(a.token, lot.id, '10.00', '80.00')).body.data.bid.id;
    await bid(b.token, lot.id, '33.00');
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1) } });
    expect(await closeLot(stack.db.prisma, lot.id)).toMatchObject({ closed: true, winnerId: a.user.id, winningBidId: leading });
    expect((await lotRow(lot.id)).soldPrice?.toFixed(0)).toBe('3400');
  });

  it('an admin removing the leading bid lets the highest maximum left lead, and it keeps bidding for its bidder', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c, d] = [await readyBidder(), await readyBidder(), await readyBidder(), await readyBidder()];
    const first = (await bid(a.token, lot.id, '10.00', '80.00')).body.data.bid.id;
    // b's maximum of 50 is outbid at once by a's 80, which rises to 51; c's 100 then leads over a at 81.
    await bid(b.token, lot.id, '20.00', '50.00');
    const leading = (await bid(c.token, lot.id, '60.00', '100.00')).body.data.bid.id;
    expect(await price(lot.id)).toBe('8100');
    expect((await removeAsAdmin(leading)).status).toBe(200);
    // a leads again with the maximum it had, one increment over b's, which is the runner-up again.
    expect(await lotRow(lot.id)).toMatchObject({ bidCount: 2 });
    expect((await lotRow(lot.id)).leaderMaximum?.toFixed(0)).toBe('8000');
    expect((await lotRow(lot.id)).runnerUpMaximum?.toFixed(0)).toBe('5000');
    expect(await price(lot.id)).toBe('5100');
    expect(await history(lot.id, a.token)).toEqual([
      ['51.00', 'active', true],
      ['20.00', 'outbid', false],
    ]);
    // A plain bid within a's maximum is outbid at once, as before the removal; one above it leads.
    const within = await bid(d.token, lot.id, '60.00');
    expect(within).toMatchObject({ status: 201, body: { message: 'You were outbid by an earlier maximum bid', data: { bid: { auction: { currentBid: '61.00' } } } } });
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: first } })).status).toBe('active');
    expect((await bid(d.token, lot.id, '81.00')).body.data.bid.status).toBe('active');
  });

  it('a pay-later maximum that leads again after a removal bids only as far as its bidder’s limit has left', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const other = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    await stack.db.prisma.user.update({ where: { id: a.user.id }, data: { biddingLimit: '10000' } });
    const maximumId = (await bid(a.token, lot.id, '10.00', '90.00')).body.data.bid.id;
    const over = (await bid(b.token, lot.id, '95.00')).body.data.bid.id;
    // Outbid, a's maximum no longer counts: $60.00 of the $100.00 goes to another lot, and $40.00 is left.
    expect((await bid(a.token, other.id, '60.00')).status).toBe(201);
    expect((await removeAsAdmin(over)).status).toBe(200);
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: maximumId } })).maximum?.toFixed(0)).toBe('4000');
    expect((await lotRow(lot.id)).leaderMaximum?.toFixed(0)).toBe('4000');
    expect(await price(lot.id)).toBe('1000');
    // Within what is left the maximum still answers; past it, another bid leads.
    expect((await bid(c.token, lot.id, '30.00')).body.data.bid).toMatchObject({ status: 'outbid', auction: { currentBid: '31.00' } });
    expect((await bid(c.token, lot.id, '45.00')).body.data.bid.status).toBe('active');
  });

  /** Bidder a (pay-later, `limit` in cents) outbid at `mid` by b at `high` on a lot where c's $20.00 is below them both. */
  async function payLaterOutbid(limit: string, mid: string, high: string) {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const other = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    await stack.db.prisma.user.update({ where: { id: a.user.id }, data: { biddingLimit: limit } });
    const below = (await bid(c.token, lot.id, '20.00')).body.data.bid.id;
    const outbid = (await bid(a.token, lot.id, mid)).body.data.bid.id;
    const over = (await bid(b.token, lot.id, high)).body.data.bid.id;
    return { lot, other, a, below, outbid, over };
  }

  it('a pay-later bid whose allowance went elsewhere while it was outbid does not lead again after a removal', async () => {
    const { lot, other, a, below, outbid, over } = await payLaterOutbid('5000', '40.00', '45.00');
    expect((await bid(a.token, other.id, '45.00')).status).toBe(201);
    expect((await removeAsAdmin(over)).status).toBe(200);
    // a has $5.00 of $50.00 left: their $40.00 stays outbid, and c's $20.00 leads.
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: outbid } })).status).toBe('outbid');
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: below } })).status).toBe('active');
    expect(await price(lot.id)).toBe('2000');
  });

  it('a pay-later bid leads again only after what its bidder is committing elsewhere at that moment is counted', async () => {
    const { lot, other, a, below, outbid, over } = await payLaterOutbid('10000', '50.00', '55.00');

    // a's $60.00 bid on another lot is being written (the bid's own SQL, its transaction still open) as the
    // leader is removed: the removal waits for it, and then a has $40.00 left, too little for their $50.00.
    const placing = new pg.Client({ connectionString: stack.databaseUrl });
    await placing.connect();
    try {
      await placing.query('BEGIN');
      const [placed] = (await placing.query('SELECT placed FROM gavel_place_bid($1, $2, $3, 6000, 100, NULL, 6000)', [other.id, randomUUID(), a.user.id])).rows;
      expect(placed).toEqual({ placed: true });
      let answered = false;
      const removal = removeAsAdmin(over).finally(() => {
        answered = true;
      });
      while (!answered && !(await lockWaits(placing))) await new Promise((resolve) => setTimeout(resolve, 5));
      await placing.query('COMMIT');
      expect((await removal).status).toBe(200);
    } finally {
      await placing.end();
    }
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: outbid } })).status).toBe('outbid');
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: below } })).status).toBe('active');
    expect(await price(lot.id)).toBe('2000');
  });

  it('a removal waiting for a pay-later bidder who is bidding on the same lot gives way, and neither fails', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b] = [await readyBidder(), await readyBidder()];
    await bid(a.token, lot.id, '50.00');
    const over = (await bid(b.token, lot.id, '55.00')).body.data.bid.id;

    // a's bid on this lot has locked a (its allowance check, as gavel_place_bid runs it) and waits for the lot,
    // which the removal holds while it waits for a.
    const placing = new pg.Client({ connectionString: stack.databaseUrl });
    await placing.connect();
    try {
      await placing.query('BEGIN');
      await placing.query('SELECT fits FROM gavel_pay_later_fits($1, $2, 6000)', [a.user.id, lot.id]);
      let answered = false;
      const removal = removeAsAdmin(over).finally(() => {
        answered = true;
      });
      while (!answered && !(await lockWaits(placing))) await new Promise((resolve) => setTimeout(resolve, 5));
      const [placed] = (await placing.query('SELECT placed FROM gavel_place_bid($1, $2, $3, 6000, 100, NULL, 6000)', [lot.id, randomUUID(), a.user.id])).rows;
      expect(placed).toEqual({ placed: true });
      await placing.query('COMMIT');
      expect((await removal).status).toBe(200);
    } finally {
      await placing.end();
    }
    expect(await price(lot.id)).toBe('6000');
    expect(await history(lot.id, a.token)).toEqual([
      ['60.00', 'active', true],
      ['50.00', 'outbid', true],
    ]);
  });
});
