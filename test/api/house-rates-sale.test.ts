/**
 * A sale with a buyer's premium on USD lots, end to end: the lot says its premium, a card bid's hold covers the bid
 * all in and the win is captured all in, a pay-later limit counts every commitment all in (the SQL restating the
 * domain's rule is checked against it over random tables), and the cart lists the premium on its own line and owes
 * the total. Tiers: 25% of the hammer up to $100, 20% above.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allInAmount, rateTableFromWire, type RateScheduleWire } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

const PREMIUM: RateScheduleWire = {
  USD: [
    { upTo: '100.00', percent: '25' },
    { upTo: null, percent: '20' },
  ],
};

let rs: RecordedStripe;
let stack: TestStack;
let eventId: string;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  const event = await stack.db.prisma.auctionEvent.create({
    data: {
      slug: `premium-${randomBytes(4).toString('hex')}`,
      title: 'Premium sale',
      published: true,
      status: 'live',
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 30 * 86_400_000),
      buyerPremium: PREMIUM,
    },
  });
  eventId = event.id;
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);

function usdLot(endsInMs = 3_600_000) {
  return stack.db.prisma.lot.create({
    data: {
      auctionEventId: eventId,
      title: `Premium lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: 'Manual',
      auctionType: 'offchain',
      startingBid: '1000',
      currentPrice: '1000',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + endsInMs),
      status: 'live',
      published: true,
      extensionMinutes: 0,
    },
  });
}

describe('a USD sale with a buyer’s premium', () => {
  it('the lot names its premium, a card bid holds the bid all in, and the win is captured all in and shown in the cart', { timeout: 40_000 }, async () => {
    const lot = await usdLot(4000);
    const shown = await api(null, 'GET', `/auctions/${lot.id}`);
    expect(shown.body.data.buyerPremium).toEqual(PREMIUM.USD);
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    // $200: 25% of $100 and 20% of $100, $45 of premium: $245 held.
    const placed = await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '200.00', walletAddress: 'card_payment' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const bid = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.body.data.bid._id } });
    expect(bid.holdCents).toBe(24_500);
    expect((await rs.stripe.paymentIntents.retrieve(bid.paymentIntentId!)).amount).toBe(24_500);
    await eventually(async () => (await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bid.id } })).holdStatus === 'captured', { timeoutMs: 20_000, what: 'the winning hold captured' });
    expect(await rs.stripe.paymentIntents.retrieve(bid.paymentIntentId!)).toMatchObject({ status: 'succeeded', amount_received: 24_500 });
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ paid: true, soldPrice: expect.anything() });
    const cart = await api(token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, amount: '200.00', premium: '45.00', paymentState: 'paid' })]);
  });

  it('a pay-later limit counts each commitment all in, and the cart owes the win all in', { timeout: 40_000 }, async () => {
    const user = await createUser(stack.db, 'ready');
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { biddingLimit: '25000' } });
    const token = await signIn(stack.url, user.email);
    const first = await usdLot(4000);
    const second = await usdLot();
    // $200 is $245 all in: within $250.
    expect((await api(token, 'POST', `/auctions/${first.id}/bids`, { amount: '200.00' })).status).toBe(201);
    // $5 left: a $10 bid is $12.50 all in, over it; $4 is $5.00 all in, within it.
    const over = await api(token, 'POST', `/auctions/${second.id}/bids`, { amount: '10.00' });
    expect(over).toMatchObject({ status: 402, body: { code: 'bidding_limit', biddingLimitAvailable: '$5.00' } });
    await stack.db.prisma.lot.update({ where: { id: second.id }, data: { startingBid: '400', currentPrice: '400' } });
    expect((await api(token, 'POST', `/auctions/${second.id}/bids`, { amount: '4.00' })).status).toBe(201);
    // The first lot closes, won and owed: the cart lists $200 with $45 of premium, and owes $245.
    await eventually(async () => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: first.id } })).winnerId === user.id, { timeoutMs: 20_000, what: 'the lot won' });
    const cart = await api(token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: first.id, amount: '200.00', premium: '45.00', cardAmount: '245.00', paymentState: 'awaiting_payment' })]);
    expect(cart.body.due).toEqual([{ unit: 'USD', amount: '245.00' }]);
  });

  it('the pay-later sums restate the domain’s rule exactly (random tables and hammers)', async () => {
    const tables = fc.array(fc.record({ step: fc.bigInt({ min: 1n, max: 10n ** 9n }), percent: fc.integer({ min: 0, max: 10_000 }) }), { minLength: 1, maxLength: 5 }).map((steps) => {
      let cents = 0n;
      return steps.map((step, index) => {
        cents += step.step;
        const percent = `${Math.trunc(step.percent / 100)}.${String(step.percent % 100).padStart(2, '0')}`;
        return { upTo: index === steps.length - 1 ? null : `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`, percent };
      });
    });
    await fc.assert(
      fc.asyncProperty(tables, fc.bigInt({ min: 0n, max: 10n ** 12n }), async (wire, hammer) => {
        const [row] = await stack.db.prisma.$queryRawUnsafe<Array<{ total: string }>>(
          'SELECT gavel_all_in_usd($1::jsonb, $2::numeric)::text AS total',
          JSON.stringify({ USD: wire }),
          hammer.toString(),
        );
        expect(BigInt(row!.total)).toBe(allInAmount(hammer, rateTableFromWire(wire, 'USD')));
      }),
      { numRuns: 200 },
    );
  });
});
