import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn, readyBidder as signedInBidder } from '../support/users.ts';
import { postBid } from '../support/bids.ts';
import { createLot } from '../support/lots.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';

let stack: TestStack;
type Reply = { status: number; body: any };

async function bid(token: string, lotId: string, amount: string | number): Promise<Reply> {
  const res = await postBid(stack.url, token, lotId, amount);
  return { status: res.status, body: await res.json() };
}
const get = async (path: string, token?: string): Promise<Reply> => {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
};
const readyBidder = () => signedInBidder(stack);

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
});
afterAll(() => stack?.stop());

describe('minimum next bid on each payment method', () => {
  it('Manual: the starting bid first, then current + 1 USD', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 2500n });
    const { token } = await readyBidder();
    const low = await bid(token, lot.id, '24.99');
    expect(low).toMatchObject({ status: 400, body: { message: 'Bid must be at least 25.00 USD', fields: { amount: 'Bid must be at least 25.00 USD' }, minimumBid: '25.00' } });
    const first = await bid(token, lot.id, 25);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: 'Bid placed successfully!', minimumNextBid: '26.00', auctionExtended: false, extensionMessage: null });
    expect((await bid(token, lot.id, '25.99')).body.message).toBe('Bid must be at least 26.00 USD');
    expect((await bid(token, lot.id, '26.00')).status).toBe(201);
    expect((await bid(token, lot.id, '26.001')).body.fields.amount).toBe('Invalid bid amount');
  });

  it('ETH lots are bid on-chain, not here', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'ETH', onchain: true, startingBid: 10n ** 16n });
    const { token } = await readyBidder();
    expect((await bid(token, lot.id, '0.01')).status).toBe(409);
  });
});

describe('lot state', () => {
  it('refuses bids before the start, after the end, on cancelled and on unknown lots', async () => {
    const { token } = await readyBidder();
    const upcoming = await createLot(stack.db, { startsInMs: 60_000 });
    const ended = await createLot(stack.db, { startsInMs: -120_000, endsInMs: -1000 });
    const cancelled = await createLot(stack.db, { status: 'cancelled' });
    expect(await bid(token, upcoming.id, 100)).toMatchObject({ status: 409, body: { message: 'Bidding has not started yet' } });
    expect(await bid(token, ended.id, 100)).toMatchObject({ status: 409, body: { message: 'This auction has ended' } });
    expect(await bid(token, cancelled.id, 100)).toMatchObject({ status: 409, body: { message: 'This auction was cancelled' } });
    expect((await bid(token, 'nope', 100)).status).toBe(404);
    expect(await stack.db.prisma.bid.count({ where: { lotId: { in: [upcoming.id, ended.id, cancelled.id] } } })).toBe(0);
  });

  it('refuses a seller bidding on their own lot', async () => {
    const { user, token } = await readyBidder();
    const lot = await createLot(stack.db, { creatorId: user.id });
    expect((await bid(token, lot.id, 100)).body.message).toBe('You cannot bid on your own lot');
  });

  it('enforces every bidding gate in the spec order', async () => {
    const lot = await createLot(stack.db);
    const cases = [
      ['verifiedIncomplete', 'Please complete your profile setup first.'],
      ['profileComplete', 'Please verify your identity first.'],
      ['identityVerified', 'Please set up your payment method first.'],
      ['withPaymentMethod', 'Please accept terms and conditions before bidding.'],
    ] as const;
    for (const [state, message] of cases) {
      const user = await createUser(stack.db, state);
      expect(await bid(await signIn(stack.url, user.email), lot.id, 100)).toMatchObject({ status: 403, body: { message } });
    }
    const anonymous = await fetch(`${stack.url}/auctions/${lot.id}/bids`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":100}' });
    expect(anonymous.status).toBe(401);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
  });
});

describe('outbid, extension, reserve and history', () => {
  it('marks the previous bid outbid and keeps the history highest first, with other bidders masked', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await readyBidder();
    const b = await readyBidder();
    await bid(a.token, lot.id, 10);
    await bid(b.token, lot.id, 11);
    const history = await get(`/auctions/${lot.id}/bids?limit=50`, a.token);
    expect(history.body.data.map((x: any) => [x.amount, x.status, x.bidder.isYou])).toEqual([
      ['11.00', 'active', false],
      ['10.00', 'outbid', true],
    ]);
    expect(history.body.data[0].bidder.displayName).toMatch(/^T\*\*\*.$/);
    const v2 = await get(`/auctions-v2/lots/${lot.id}/bids`);
    expect(v2.body.data).toHaveLength(2);
    const mine = await get('/auctions/bids/me', a.token);
    expect(mine.body.data[0]).toMatchObject({ status: 'outbid', auction: { currentBid: '11.00' } });
  });

  it('extends a lot when a bid lands in its last minutes, and says so', async () => {
    const lot = await createLot(stack.db, { endsInMs: 90_000, extensionMinutes: 5 });
    const { token } = await readyBidder();
    const reply = await bid(token, lot.id, 10);
    expect(reply.body.auctionExtended).toBe(true);
    expect(reply.body.extensionMessage).toContain('Bid placed in the final 5 minutes');
    expect(reply.body.extensionMinutes).toBe(5);
    const newEnd = Date.parse(reply.body.endTime);
    expect(newEnd).toBeGreaterThan(Date.now() + 4.5 * 60_000);
    expect(newEnd).toBeLessThan(Date.now() + 5.5 * 60_000);
    const calm = await createLot(stack.db, { endsInMs: 3_600_000 });
    expect((await bid(token, calm.id, 10)).body.auctionExtended).toBe(false);
  });

  it('shows "reserve not met" without revealing the reserve, and closes without a winner below it', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n, reservePrice: 5000n });
    const { token } = await readyBidder();
    await bid(token, lot.id, 20);
    const shown = await get(`/auctions/${lot.id}`);
    expect(shown.body.data).toMatchObject({ hasReserve: true, reserveMet: false });
    expect(JSON.stringify(shown.body)).not.toContain('5000');
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1) } });
    expect(await closeLot(stack.db.prisma, lot.id)).toEqual({ closed: true, winnerId: null, winningBidId: null });
  });
});

describe('withdrawing and removing bids', () => {
  const withdraw = (id: string, token: string) =>
    fetch(`${stack.url}/auctions/bids/${id}`, { method: 'DELETE', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as any,
    }));
  it('lets a bidder withdraw an outbid bid but not the highest; an admin removes the highest and the price falls back', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await readyBidder();
    const b = await readyBidder();
    const first = (await bid(a.token, lot.id, 10)).body.data.bid.id;
    const second = (await bid(b.token, lot.id, 11)).body.data.bid.id;
    const third = (await bid(a.token, lot.id, 12)).body.data.bid.id;
    const del = (id: string, token: string, body: object = {}) =>
      fetch(`${stack.url}/auctions/bids/${id}`, { method: 'DELETE', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as any }),
      );
    expect((await del(third, a.token)).status).toBe(409);
    expect((await del(first, b.token)).status).toBe(403);
    expect((await del(first, a.token)).body.message).toBe('Bid withdrawn');
    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    expect((await del(third, admin, { reason: 'Shill bidding' })).body.message).toBe('Bid removed');
    const after = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(after.currentBid?.toFixed(0)).toBe('1100');
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: second } })).status).toBe('active');
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: third } })).removedReason).toBe('Shill bidding');
  });

  it('refuses a withdrawal once the clock has run out, before the close job has recorded it', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await readyBidder();
    const b = await readyBidder();
    const outbid = (await bid(a.token, lot.id, 10)).body.data.bid.id;
    await bid(b.token, lot.id, 11);
    // Stored as live still: the close job has not run yet.
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect(await withdraw(outbid, a.token)).toEqual({ status: 409, body: expect.objectContaining({ code: 'lot_ended', message: 'This auction has ended' }) });
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: outbid } })).status).toBe('outbid');
  });

  it('refuses to withdraw a bid a Buy Now cancelled, and the relisted lot keeps its bid count', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await readyBidder();
    const b = await readyBidder();
    const cancelled = (await bid(a.token, lot.id, 10)).body.data.bid.id;
    // As a Buy Now leaves it, then the lot relisted and bid on again.
    await stack.db.prisma.bid.update({ where: { id: cancelled }, data: { status: 'cancelled' } });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { currentBid: null, currentPrice: '1000', bidCount: 0 } });
    await bid(b.token, lot.id, 10);
    expect(await withdraw(cancelled, a.token)).toEqual({ status: 409, body: expect.objectContaining({ code: 'bid_not_withdrawable', message: 'Only an outbid bid can be withdrawn' }) });
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ bidCount: 1 });
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: cancelled } })).status).toBe('cancelled');
  });
});

describe('closing', () => {
  it('closes a due lot exactly once with the highest bidder as winner, however many closers race', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n, reservePrice: 1100n });
    const a = await readyBidder();
    const b = await readyBidder();
    await bid(a.token, lot.id, 10);
    const winning = (await bid(b.token, lot.id, 12)).body.data.bid.id;
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(false); // not due yet
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1) } });
    const results = await Promise.all(Array.from({ length: 8 }, () => closeLot(stack.db.prisma, lot.id)));
    expect(results.filter((r) => r.closed)).toEqual([{ closed: true, winnerId: b.user.id, winningBidId: winning, wonMailId: expect.any(String) }]);
    const closed = await get(`/auctions/${lot.id}`, a.token);
    expect(closed.body.data).toMatchObject({ status: 'ended', soldPrice: '12.00', winner: { name: 'T***y', firstName: null } });
    expect((await bid(a.token, lot.id, 20)).status).toBe(409);
  });
});
