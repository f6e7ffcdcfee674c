/**
 * Documents for every close: a purchase voided for non-payment voids its invoice and statement (they keep their
 * numbers: the year's numbers stay without gaps), and the runner-up who accepts the second-chance offer gets an
 * invoice of their own, at their tax, summing to what their card paid, with a statement for the seller at the new
 * price. The voided buyer owes nothing on theirs; the seller's voided statement cannot be paid out.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';
import { voidUnpaidLots } from '../../api/src/checkout/unpaid.ts';

let rs: RecordedStripe;
let stack: TestStack;
let adminToken: string;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);
const cents = (text: string) => parseAmount(text, 'USD');

describe('a voided sale offered to the runner-up', () => {
  it('voids the winner’s invoice and statement and issues the second-chance buyer’s own, numbered on without gaps', { timeout: 60_000 }, async () => {
    const seller = await createUser(stack.db, 'ready');
    const event = await stack.db.prisma.auctionEvent.create({
      data: {
        slug: `voided-${randomBytes(4).toString('hex')}`,
        title: 'Voided sale',
        published: true,
        status: 'live',
        startTime: new Date(Date.now() - 86_400_000),
        endTime: new Date(Date.now() + 86_400_000),
        buyerPremium: { USD: [{ upTo: null, percent: '25' }] },
        sellerCommission: { USD: [{ upTo: null, percent: '10' }] },
        buyerTax: [{ country: 'UK', percent: '20', base: 'premium' }],
      },
    });
    const lot = await stack.db.prisma.lot.create({
      data: {
        auctionEventId: event.id,
        creatorId: seller.id,
        title: `Voided lot ${randomBytes(3).toString('hex')}`,
        paymentMethod: 'Manual',
        auctionType: 'offchain',
        startingBid: '1000',
        currentPrice: '1000',
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 3000),
        status: 'live',
        published: true,
        extensionMinutes: 0,
      },
    });
    // The runner-up bids $40 by card; the winner $50 on a pay-later limit, and never pays.
    const runnerUp = await userWithCard(stack.db, rs);
    const runnerUpToken = await signIn(stack.url, runnerUp.email);
    expect((await api(runnerUpToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '40.00', walletAddress: 'card_payment' })).status).toBe(201);
    const winner = await stack.db.prisma.user.update({ where: { id: (await createUser(stack.db, 'ready')).id }, data: { biddingLimit: '100000' } });
    const winnerToken = await signIn(stack.url, winner.email);
    expect((await api(winnerToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '50.00' })).status).toBe(201);
    await eventually(async () => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).winnerId === winner.id, { timeoutMs: 20_000, what: 'the lot won' });

    const [first] = (await api(winnerToken, 'GET', '/me/invoices')).body.data;
    expect(first).toMatchObject({ lotId: lot.id, hammer: '50.00', total: '65.00', voidedAt: null });

    const { paymentDueAt } = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(await voidUnpaidLots(stack.services, new Date(paymentDueAt!.getTime() + 1000))).toContain(lot.id);
    const [voided] = (await api(winnerToken, 'GET', '/me/invoices')).body.data;
    expect(voided).toMatchObject({ _id: first._id, number: first.number, voidedAt: expect.any(String), paid: false });
    expect((await api(winnerToken, 'GET', '/cart')).body.items.map((i: { lotId: string }) => i.lotId)).not.toContain(lot.id);

    const offerId = (await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`)).body.data._id as string;
    const accepted = await api(runnerUpToken, 'POST', `/second-chance-offers/${offerId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const charged = await rs.stripe.paymentIntents.retrieve(accepted.body.data.paymentIntentId);
    // $40 hammer, $10 premium, $2 UK tax on the premium.
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 5200 });

    const [mine] = (await api(runnerUpToken, 'GET', '/me/invoices')).body.data;
    expect(mine).toMatchObject({ lotId: lot.id, hammer: '40.00', premium: '10.00', tax: '2.00', total: '52.00', paid: true, voidedAt: null });
    expect(cents(mine.hammer) + cents(mine.premium) + cents(mine.tax)).toBe(BigInt(charged.amount_received));
    // The winner's invoice stays void, and is still theirs alone.
    expect((await api(winnerToken, 'GET', '/me/invoices')).body.data).toEqual([expect.objectContaining({ _id: first._id, voidedAt: expect.any(String) })]);
    expect((await api(runnerUpToken, 'GET', `/invoices/${first._id}`)).status).toBe(404);

    const statements = (await api(await signIn(stack.url, seller.email), 'GET', '/me/statements')).body.data;
    expect(statements).toEqual([
      expect.objectContaining({ hammer: '40.00', commission: '4.00', net: '36.00', buyerPaid: true, voidedAt: null }),
      expect.objectContaining({ hammer: '50.00', commission: '5.00', net: '45.00', buyerPaid: false, voidedAt: expect.any(String) }),
    ]);
    const payout = await api(adminToken, 'POST', `/admin/statements/${statements[1]._id}/payout`);
    expect(payout).toMatchObject({ status: 409, body: { code: 'statement_voided' } });

    // Numbers of the year: without gaps or repeats, the voided ones kept.
    const year = new Date().getUTCFullYear();
    for (const table of ['invoice', 'sellerStatement'] as const) {
      const rows = await (stack.db.prisma[table] as typeof stack.db.prisma.invoice).findMany({ where: { year }, orderBy: { seq: 'asc' }, select: { seq: true } });
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    }
    expect(Number(mine.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);

    // The event's figures: the void row owes nothing, the second-chance row is paid.
    const csv = await (await fetch(`${stack.url}/admin/auction-events/${event.id}/figures`, { headers: { authorization: `Bearer ${adminToken}` } })).text();
    const [header, ...rows] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const pick = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows.map((row) => [pick(row, 'invoice'), pick(row, 'total'), pick(row, 'paid'), pick(row, 'unpaid'), pick(row, 'voided') !== ''])).toEqual([
      [first.number, '65.00', '0', '0', true],
      [mine.number, '52.00', '52.00', '0', false],
    ]);
  });
});
