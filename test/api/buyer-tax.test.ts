/**
 * The buyer's tax on USD lots, end to end: an admin sets a rate per buyer's country (a malformed table is a 400
 * naming it, a change once the sale has bids a 409); a card bid by a buyer in a taxed country holds and is charged
 * hammer + premium + tax exactly, and the invoice's lines, the cart, the receipt mail and the event's CSV say the same
 * figures; a buyer whose profile names no country pays no tax, and the invoice says why.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allInAmount, parseAmount, rateTableFromWire, taxRateFor, taxTableOf } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

let rs: RecordedStripe;
let stack: TestStack;
let adminToken: string;
let eventId: string;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
  const made = await api(adminToken, 'POST', '/auction-events', {
    title: `Taxed sale ${randomBytes(3).toString('hex')}`,
    startTime: new Date(Date.now() - 86_400_000).toISOString(),
    endTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    buyerPremium: { USD: [{ upTo: null, percent: '25' }] },
    // The test users' profiles name "UK".
    buyerTax: [
      { country: 'UK', percent: '20', base: 'premium' },
      { country: 'Texas', percent: '6.25', base: 'total' },
    ],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  eventId = made.body.data._id;
  await stack.db.prisma.auctionEvent.update({ where: { id: eventId }, data: { published: true, status: 'live' } });
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);
const cents = (text: string) => parseAmount(text, 'USD');

function usdLot(endsInMs: number) {
  return stack.db.prisma.lot.create({
    data: {
      auctionEventId: eventId,
      title: `Taxed lot ${randomBytes(3).toString('hex')}`,
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

describe('the buyer’s tax', () => {
  it('an admin sets a table per country; a malformed one is refused naming the field', async () => {
    const shown = await api(adminToken, 'PUT', `/auction-events/${eventId}`, { title: 'Taxed sale' });
    expect(shown.body.data.buyerTax).toEqual([
      { country: 'UK', percent: '20', base: 'premium' },
      { country: 'Texas', percent: '6.25', base: 'total' },
    ]);
    const twice = await api(adminToken, 'PUT', `/auction-events/${eventId}`, {
      buyerTax: [
        { country: 'UK', percent: '20', base: 'premium' },
        { country: 'u.k.', percent: '5', base: 'total' },
      ],
    });
    expect(twice).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { buyerTax: 'u.k. is listed twice.' } } });
    const base = await api(adminToken, 'PUT', `/auction-events/${eventId}`, { buyerTax: [{ country: 'UK', percent: '20', base: 'hammer' }] });
    expect(base.status).toBe(400);
    expect(Object.keys(base.body.fields)).toEqual(['buyerTax.0.base']);
  });

  it('a buyer in a taxed country pays hammer + premium + tax exactly, and every document says the same lines', { timeout: 40_000 }, async () => {
    const lot = await usdLot(4000);
    // The lot names its tax table, for the bid form's all-in figure and the card hold it shows.
    expect((await api(null, 'GET', `/auctions/${lot.id}`)).body.data.buyerTax).toEqual([
      { country: 'UK', percent: '20', base: 'premium' },
      { country: 'Texas', percent: '6.25', base: 'total' },
    ]);
    const buyer = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, buyer.email);
    // $200 hammer, 25% premium $50, UK tax 20% of the premium $10: $260.
    const placed = await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '200.00', walletAddress: 'card_payment' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const bid = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.body.data.bid._id } });
    expect(bid.holdCents).toBe(26_000);
    // Once the sale has a bid its tax is fixed, as its premium is: holds were taken at it.
    const change = await api(adminToken, 'PUT', `/auction-events/${eventId}`, { buyerTax: [{ country: 'UK', percent: '5', base: 'premium' }] });
    expect(change).toMatchObject({ status: 409, body: { code: 'tax_fixed' } });

    await eventually(async () => (await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bid.id } })).holdStatus === 'captured', { timeoutMs: 20_000, what: 'the winning hold captured' });
    const charged = await rs.stripe.paymentIntents.retrieve(bid.paymentIntentId!);
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 26_000 });

    const [mine] = (await api(token, 'GET', '/me/invoices')).body.data;
    expect(mine).toMatchObject({ lotId: lot.id, hammer: '200.00', premium: '50.00', tax: '10.00', total: '260.00', taxLine: 'Tax 20% of the buyer’s premium (UK)', paid: true });
    expect(cents(mine.hammer) + cents(mine.premium) + cents(mine.tax)).toBe(BigInt(charged.amount_received));
    const pdf = await fetch(`${stack.url}/invoices/${mine._id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('Tax 20% of the buyer');

    const cart = await api(token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, amount: '200.00', premium: '50.00', tax: '10.00', paymentState: 'paid' })]);
    const receipt = await stack.db.prisma.outboxMail.findFirstOrThrow({ where: { to: buyer.email, subject: 'Your card was charged $260.00' } });
    expect(receipt.text).toContain('It includes the buyer’s premium of $50.00. Tax: $10.00.');

    const csv = await (await fetch(`${stack.url}/admin/auction-events/${eventId}/figures`, { headers: { authorization: `Bearer ${adminToken}` } })).text();
    const [header, row] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => row![header!.indexOf(name)];
    expect([column('hammer'), column('premium'), column('tax'), column('total'), column('paid')]).toEqual(['200.00', '50.00', '10.00', '260.00', '260.00']);
  });

  it('Buy Now prices the card payment all in with the buyer’s tax, on its own line', async () => {
    const lot = await usdLot(3_600_000);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: '20000' } });
    const buyer = await userWithCard(stack.db, rs);
    const intent = await api(await signIn(stack.url, buyer.email), 'POST', '/payment/buy-now-intent', { amount: '200.00', auctionId: lot.id });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body).toMatchObject({ amount: '260.00', tax: '10.00' });
    expect((await rs.stripe.paymentIntents.retrieve(intent.body.paymentIntentId)).amount).toBe(26_000);
  });

  it('a pay-later limit counts each commitment with the bidder’s tax', { timeout: 40_000 }, async () => {
    const user = await createUser(stack.db, 'ready');
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { biddingLimit: '26000' } });
    const token = await signIn(stack.url, user.email);
    const [first, second] = [await usdLot(3_600_000), await usdLot(3_600_000)];
    // $200 is $260 all in for a UK bidder: the whole $260 limit.
    expect((await api(token, 'POST', `/auctions/${first.id}/bids`, { amount: '200.00' })).status).toBe(201);
    // Nothing is left: a $10 bid ($13.00 all in) is refused.
    const over = await api(token, 'POST', `/auctions/${second.id}/bids`, { amount: '10.00' });
    expect(over).toMatchObject({ status: 402, body: { code: 'bidding_limit', biddingLimitAvailable: '$0.00' } });
    expect((await api(token, 'GET', '/payment/bidding-limit')).body.data).toEqual({ limit: '260.00', available: '0.00' });
  });

  it('the pay-later sums restate the domain’s tax rule exactly (random rates, bases, countries and hammers)', async () => {
    const countries = ['United Kingdom', 'UK', 'Texas', 'France'];
    const tables = fc.uniqueArray(fc.record({ country: fc.constantFrom(...countries), percent: fc.integer({ min: 0, max: 10_000 }), base: fc.constantFrom('premium' as const, 'total' as const) }), {
      selector: (rate) => rate.country,
      maxLength: 4,
    });
    const percentOf = (basisPoints: number) => `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
    await fc.assert(
      fc.asyncProperty(
        tables,
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...countries, 'u.k.', '', null),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        async (rates, premiumBp, country, hammer) => {
          const tax = rates.map((rate) => ({ country: rate.country, percent: percentOf(rate.percent), base: rate.base }));
          const premium = { USD: [{ upTo: null, percent: percentOf(premiumBp) }] };
          const [row] = await stack.db.prisma.$queryRawUnsafe<Array<{ total: string }>>(
            'SELECT gavel_buyer_total_usd($1::jsonb, $2::jsonb, $3, $4::numeric)::text AS total',
            JSON.stringify(premium),
            JSON.stringify(tax),
            country,
            hammer.toString(),
          );
          expect(BigInt(row!.total)).toBe(allInAmount(hammer, rateTableFromWire(premium.USD, 'USD'), taxRateFor(taxTableOf(tax), country)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a buyer whose profile names no country pays no tax, and the invoice says why', { timeout: 40_000 }, async () => {
    const lot = await usdLot(4000);
    const buyer = await userWithCard(stack.db, rs);
    await stack.db.prisma.user.update({ where: { id: buyer.id }, data: { country: null } });
    const token = await signIn(stack.url, buyer.email);
    const placed = await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '200.00', walletAddress: 'card_payment' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.body.data.bid._id } })).holdCents).toBe(25_000);
    await eventually(async () => (await api(token, 'GET', '/me/invoices')).body.data.length === 1, { timeoutMs: 20_000, what: 'the invoice issued' });
    const [mine] = (await api(token, 'GET', '/me/invoices')).body.data;
    expect(mine).toMatchObject({ premium: '50.00', tax: '0.00', total: '250.00', taxLine: 'No tax: the buyer’s profile names no country.' });
  });
});
