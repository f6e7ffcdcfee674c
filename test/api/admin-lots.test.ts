/**
 * Admin auction events and lots: drafts hidden from the public until published,
 * every lot form rule with the spec's texts, edits that reach browse and the lot clock at once, ending through
 * the exactly-once close, cancelling, deleting, the admin bid views and the dashboard figures.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller, DAY, HOUR, iso } from '../support/admin-api.ts';

let stack: TestStack;
let adminToken: string;
let bidderToken: string;
const call = caller(() => stack.url);

/** A new event, published unless `draft`: a lot is public (and takes bids) only when its event is. */
async function newEvent(over: Record<string, unknown> = {}, { draft = false } = {}) {
  const res = await call('POST', '/auction-events', adminToken, { title: `Spring sale ${randomBytes(2).toString('hex')}`, startTime: iso(-DAY), endTime: iso(10 * DAY), ...over });
  expect(res.status).toBe(201);
  const event = res.body.data as { _id: string; slug: string };
  if (!draft) expect((await call('POST', `/auction-events/${event._id}/publish`, adminToken)).status).toBe(200);
  return event;
}

async function newLot(eventId: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', `/auctions-v2/${eventId}/lots`, adminToken, {
    title: 'Genesis inscription',
    paymentMethod: 'Manual',
    startingBid: '25.00',
    startTime: iso(-HOUR),
    endTime: iso(DAY),
    published: true,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; startTime: string; endTime: string };
}

beforeAll(async () => {
  // BTC bids written directly (BITCOIN_PSBT_BIDS=false): these lots hold no inscription to build an offer on.
  stack = await startApiForTest({ seed: 'none', env: { BITCOIN_PSBT_BIDS: 'false', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  const [admin, bidder] = await Promise.all([createUser(stack.db, 'admin'), createUser(stack.db, 'ready')]);
  [adminToken, bidderToken] = await Promise.all([signIn(stack.url, admin.email), signIn(stack.url, bidder.email)]);
});
afterAll(async () => {
  await stack?.stop();
});

describe('auction events', () => {
  it('are drafts hidden from the public until published, then published with their lots', async () => {
    const event = await newEvent({ slug: undefined, title: 'Rare Sats & Co' }, { draft: true });
    expect(event.slug).toBe('rare-sats-co');
    const lot = await newLot(event._id, { published: false });
    expect((await call('GET', `/auction-events/${event._id}`)).status).toBe(404);
    expect((await call('GET', `/auctions/${lot._id}`)).status).toBe(404);
    const drafts = await call('GET', '/admin/auction-events?status=draft', adminToken);
    expect(drafts.body.data.map((e: { _id: string }) => e._id)).toContain(event._id);
    const ids = (r: { body: { data: Array<{ _id: string }> } }) => r.body.data.map((e) => e._id);
    expect(ids(await call('GET', '/auction-events?status=draft', adminToken))).toContain(event._id);
    expect(ids(await call('GET', '/auction-events'))).not.toContain(event._id);
    expect((await call('GET', `/auction-events/${event._id}`, adminToken)).body.data.status).toBe('draft');

    const published = await call('POST', `/auction-events/${event._id}/publish`, adminToken);
    expect(published.body).toMatchObject({ message: 'Auction event published', data: { published: true, status: 'live', lotCount: 1 } });
    expect((await call('GET', `/auction-events/${event._id}`)).status).toBe(200);
    expect((await call('GET', `/auctions/${lot._id}`)).status).toBe(200);
  });

  it('refuse an end before the start and a slug already taken', async () => {
    const bad = await call('POST', '/auction-events', adminToken, { title: 'Backwards', startTime: iso(DAY), endTime: iso(HOUR) });
    expect(bad).toMatchObject({ status: 400, body: { message: 'End time must be after start time', fields: { endTime: 'End time must be after start time' } } });
    const first = await newEvent();
    const taken = await call('POST', '/auction-events', adminToken, { title: 'Other', slug: first.slug, startTime: iso(0), endTime: iso(DAY) });
    expect(taken).toMatchObject({ status: 409, body: { message: 'This slug is already used by another auction event' } });
  });

  it('edit, and delete unless a lot has bids', async () => {
    const event = await newEvent();
    const edited = await call('PUT', `/auction-events/${event._id}`, adminToken, { title: 'Renamed sale', whitelistOnly: true });
    expect(edited.body.data).toMatchObject({ title: 'Renamed sale', whitelistOnly: true });
    const withBid = await newEvent();
    const lot = await newLot(withBid._id);
    expect((await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '25.00' })).status).toBe(201);
    expect((await call('DELETE', `/auction-events/${withBid._id}`, adminToken)).body.message).toBe('An auction event whose lots have bids cannot be deleted');
    expect((await call('DELETE', `/auction-events/${event._id}`, adminToken)).status).toBe(200);
    expect((await call('GET', `/admin/auction-events/${event._id}`, adminToken)).status).toBe(404);
  });
});

describe('lot form rules on create', () => {
  let eventId: string;
  beforeAll(async () => {
    eventId = (await newEvent({ startTime: iso(-DAY), endTime: iso(5 * DAY) }))._id;
  });
  const create = (over: Record<string, unknown>) =>
    call('POST', '/auctions', adminToken, { auctionEventId: eventId, title: 'Lot', paymentMethod: 'BTC', startingBid: 10_000, startTime: iso(HOUR), endTime: iso(DAY), ...over });

  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ startTime: '' }, 'startTime', 'Start time is required'],
    [{ endTime: 'tomorrow' }, 'endTime', 'End time must be a valid date'],
    [{ endTime: iso(30 * 60_000) }, 'endTime', 'End time must be after start time'],
    [{ startingBid: 0 }, 'startingBid', 'Starting bid must be greater than 0'],
    [{ reservePrice: '-5' }, 'reservePrice', 'Reserve price cannot be negative'],
    [{ startTime: iso(-2 * DAY) }, 'startTime', 'Start time cannot be before the auction event starts'],
    [{ endTime: iso(6 * DAY) }, 'endTime', 'End time cannot be after the auction event ends'],
  ])('%j -> %s: %s', async (over, field, message) => {
    const res = await create(over);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toContain(message);
    expect(res.body.message).toContain(message);
  });

  it('needs an event, and creates through all three paths with amounts in the display unit', async () => {
    expect((await call('POST', '/auctions', adminToken, { title: 'x', paymentMethod: 'BTC' })).body).toMatchObject({
      message: 'Please choose an auction event',
      fields: { auctionEventId: 'Please choose an auction event' },
    });
    const a = await create({ reservePrice: 20_000, imageUrls: ['ipfs://bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', 'https://cdn.example/a.png'] });
    expect(a.body.data.imageUrls).toEqual(['/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', 'https://cdn.example/a.png']);
    expect(a.body).toMatchObject({ message: 'Auction lot created successfully', data: { published: false, startingBid: '10000', reservePrice: '20000', unit: 'sats', status: 'upcoming' } });
    const b = await call('POST', '/auctions/create', adminToken, { auctionEventId: eventId, title: 'Lot 2', paymentMethod: 'Manual', startingBid: '12.50', startTime: iso(HOUR), endTime: iso(DAY) });
    expect(b.body.data).toMatchObject({ startingBid: '12.50', unit: 'USD' });
  });
});

describe('editing a lot', () => {
  it('reaches the public browse at once and reschedules the close for the new end', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id, { endTime: iso(2 * DAY) });
    const warm = await call('GET', `/auctions?auctionEventId=${event._id}`);
    expect(warm.body.data[0].title).toBe('Genesis inscription');
    const newEnd = new Date(Date.now() + 3 * DAY);
    const res = await call('PATCH', `/lots/${lot._id}`, adminToken, { title: 'Genesis inscription #1', endTime: newEnd.toISOString() });
    expect(res.body).toMatchObject({ message: 'Auction lot updated successfully', data: { title: 'Genesis inscription #1', endTime: newEnd.toISOString() } });
    const browse = await call('GET', `/auctions?auctionEventId=${event._id}`);
    expect(browse.body.data[0]).toMatchObject({ title: 'Genesis inscription #1', endTime: newEnd.toISOString() });
    const job = await stack.services.lotClock.queue.bullmq.getJob(`close-${lot._id}-${newEnd.getTime()}`);
    expect(job?.data).toEqual({ lotId: lot._id });
  });

  it('locks the start of a live lot, keeps untouched times within 60 s, and keeps the end after the start', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id, { startTime: new Date(Date.now() - HOUR + 42_000).toISOString() });
    const moved = await call('PUT', `/auctions/${lot._id}`, adminToken, { startTime: iso(-2 * HOUR) });
    expect(moved).toMatchObject({ status: 400, body: { fields: { startTime: 'The start time of a live auction cannot be changed' } } });
    // The form sends minute-rounded times back: within 60 s they are the stored ones, kept to the millisecond.
    const rounded = new Date(lot.startTime);
    rounded.setUTCSeconds(0, 0);
    const kept = await call('PUT', `/auctions/${lot._id}`, adminToken, { title: 'Still live', startTime: rounded.toISOString() });
    expect(kept.body.data).toMatchObject({ title: 'Still live', startTime: lot.startTime });
    const early = await call('PUT', `/auctions/${lot._id}`, adminToken, { endTime: iso(-3 * HOUR) });
    expect(early.body.fields.endTime).toBe('End time cannot be before the current start time');
  });

  it('refuses ended lots, missing lots, and a new starting bid once bids exist', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id);
    expect((await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '25.00' })).status).toBe(201);
    expect((await call('PUT', `/lots/${lot._id}`, adminToken, { startingBid: '30.00' })).body.fields.startingBid).toBe(
      'The starting bid and payment method cannot be changed once bids have been placed',
    );
    expect((await call('POST', `/auctions/${lot._id}/end`, adminToken)).status).toBe(200);
    expect((await call('PUT', `/lots/${lot._id}`, adminToken, { title: 'Too late' })).body).toMatchObject({ message: 'Cannot Edit Ended Auction.', code: 'lot_ended' });
    const missing = await call('PUT', '/lots/00000000-0000-7000-8000-000000000000', adminToken, { title: 'x' });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Auction not found. It may have been deleted.' } });
  });
});

describe('ending, cancelling, deleting', () => {
  it('ends a live lot through the close: the highest bid at or above the reserve wins, exactly once', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id, { reservePrice: '30.00' });
    await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '31.00' });
    const ended = await call('POST', `/auctions/${lot._id}/end`, adminToken);
    expect(ended.body).toMatchObject({ message: 'Auction ended', data: { status: 'ended', soldPrice: '31.00', settlement: { state: 'awaiting_payment' } } });
    expect((await call('POST', `/auctions/${lot._id}/end`, adminToken)).body.message).toBe('This auction has already ended');
    expect((await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '40.00' })).body.message).toBe('This auction has ended');
    const upcoming = await newLot(event._id, { startTime: iso(HOUR) });
    expect((await call('POST', `/auctions/${upcoming._id}/end`, adminToken)).body.message).toBe('This auction has not started yet. Cancel it instead.');
  });

  it('leaves auctions on the contract to the contract', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id, { paymentMethod: 'ETH', startingBid: '0.01' });
    await stack.db.prisma.lot.update({ where: { id: lot._id }, data: { chainAuctionId: '7', auctionContractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } });
    for (const action of ['end', 'cancel']) {
      expect((await call('POST', `/auctions/${lot._id}/${action}`, adminToken)).body).toMatchObject({
        code: 'lot_on_chain',
        message: 'This auction runs on the auction house contract: end or cancel it there.',
      });
    }
  });

  it('ends without a winner below the reserve', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id, { reservePrice: '100.00' });
    await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '26.00' });
    const ended = await call('POST', `/auctions/${lot._id}/end`, adminToken);
    expect(ended.body.data).toMatchObject({ winner: null, settlement: { state: 'no_winner', message: 'No winner found for this auction. It may not have met the reserve price.' } });
  });

  it('cancels an open lot (bids cancelled, no more bidding) and deletes only lots without bids', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id);
    await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '25.00' });
    expect((await call('DELETE', `/auctions/${lot._id}`, adminToken)).body.message).toBe('A lot with bids cannot be deleted. Cancel it instead.');
    const cancelled = await call('POST', `/auctions/${lot._id}/cancel`, adminToken);
    expect(cancelled.body).toMatchObject({ message: 'Auction cancelled', data: { status: 'cancelled' } });
    expect((await call('GET', `/admin/auctions/${lot._id}/bids`, adminToken)).body.data[0].status).toBe('cancelled');
    expect((await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '30.00' })).body.message).toBe('This auction was cancelled');
    expect((await call('POST', `/auctions/${lot._id}/cancel`, adminToken)).body.message).toBe('This auction was already cancelled');

    const empty = await newLot(event._id);
    expect((await call('DELETE', `/lots/${empty._id}`, adminToken)).body.message).toBe('Auction lot deleted');
    expect((await call('GET', `/admin/auctions/${empty._id}`, adminToken)).body.message).toBe('Auction not found. It may have been deleted.');
    expect((await call('GET', `/auctions/${empty._id}`)).status).toBe(404);
  });
});

describe('admin views', () => {
  it('bids with the bidders named, on both paths, the winning one marked', async () => {
    const event = await newEvent();
    const lot = await newLot(event._id);
    const other = await createUser(stack.db, 'ready');
    const otherToken = await signIn(stack.url, other.email);
    await call('POST', `/auctions/${lot._id}/bids`, bidderToken, { amount: '25.00' });
    await call('POST', `/auctions/${lot._id}/bids`, otherToken, { amount: '27.00' });
    for (const path of [`/auctions/${lot._id}/bids/admin`, `/admin/auctions/${lot._id}/bids`]) {
      const res = await call('GET', path, adminToken);
      expect(res.body.data).toMatchObject([
        { amount: '27.00', status: 'active', isWinning: true, bidder: { email: other.email } },
        { amount: '25.00', status: 'outbid', isWinning: false },
      ]);
    }
  });

  it('lists lots with drafts, filters and pages of 20', async () => {
    const event = await newEvent();
    for (let i = 0; i < 21; i++) await newLot(event._id, { title: `Paged ${i}`, published: i % 2 === 0 });
    const first = await call('GET', `/admin/auctions?auctionEventId=${event._id}`, adminToken);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.pagination).toMatchObject({ total: 21, limit: 20, hasMore: true });
    expect((await call('GET', `/admin/auctions?auctionEventId=${event._id}&page=2`, adminToken)).body.data).toHaveLength(1);
    expect((await call('GET', `/admin/auctions?auctionEventId=${event._id}&published=false`, adminToken)).body.pagination.total).toBe(10);
    expect((await call('GET', `/admin/auctions?auctionEventId=${event._id}&status=live&search=Paged%201`, adminToken)).body.data.length).toBeGreaterThan(0);
  });

  it('dashboard figures count users, lots, bids today and gross sales', async () => {
    const before = await call('GET', '/admin/platform-stats', adminToken);
    const event = await newEvent();
    const lot = await newLot(event._id, { paymentMethod: 'BTC', startingBid: 5000 });
    const btcBidder = await createUser(stack.db, 'ready');
    await stack.db.prisma.wallet.create({ data: { userId: btcBidder.id, address: `tb1q${randomBytes(16).toString('hex')}`, type: 'xverse' } });
    const wallet = (await stack.db.prisma.wallet.findFirstOrThrow({ where: { userId: btcBidder.id } })).address;
    const token = await signIn(stack.url, btcBidder.email);
    expect((await call('POST', `/auctions/${lot._id}/bids`, token, { amount: 6000, walletAddress: wallet })).status).toBe(201);
    await call('POST', `/auctions/${lot._id}/end`, adminToken);
    const after = await call('GET', '/admin/platform-stats', adminToken);
    const d0 = before.body.data;
    const d1 = after.body.data;
    expect(d1.users.total).toBe(d0.users.total + 1);
    expect(d1.users.byKycStatus.approved).toBe(d0.users.byKycStatus.approved + 1);
    expect(d1.lots.byPaymentMethod.BTC).toBe(d0.lots.byPaymentMethod.BTC + 1);
    expect(d1.lots.byStatus.ended).toBe(d0.lots.byStatus.ended + 1);
    expect(d1.bids.today).toBe(d0.bids.today + 1);
    const btc = (s: typeof d1) => s.sales.find((x: { paymentMethod: string }) => x.paymentMethod === 'BTC') ?? { gross: '0', lotsSold: 0 };
    expect(BigInt(btc(d1).gross) - BigInt(btc(d0).gross)).toBe(6000n);
    const auctions = await call('GET', '/admin/auction-stats', adminToken);
    expect(auctions.body.data.settlement.awaiting_payment).toBeGreaterThan(0);
    const kyc = await call('GET', '/admin/kyc-stats', adminToken);
    expect(kyc.body.data.byStatus.approved).toBe(d1.users.byKycStatus.approved);
  });
});
