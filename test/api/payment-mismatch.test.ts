/**
 * A succeeded PaymentIntent pays only what Gavel recorded as owed: the real api and worker, the Stripe
 * stand-in behind its recording proxy. A webhook signed with the (test) secret but claiming the wrong amount
 * or currency pays nothing and is flagged for the admin; so is a hold Stripe itself captured only in part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { call, confirmInBrowser, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

let rs: RecordedStripe;
let stack: TestStack;
let adminToken: string;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

/** A payment_intent.succeeded event as anyone holding the webhook secret could send it. */
async function forgeSucceeded(intent: { id: string; amount_received: number; currency: string; metadata: Record<string, string> }) {
  const payload = JSON.stringify({
    id: `evt_forged_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { object: 'payment_intent', status: 'succeeded', amount: intent.amount_received, ...intent } },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: null,
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${stack.url}/payment/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: await res.json() };
}

/** A $`cents / 100` USD lot the user won when the clock ran out, unpaid. */
async function wonLot(userId: string, cents: bigint) {
  const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: cents });
  const winning = await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId, amount: cents.toString(), status: 'active' } });
  return stack.db.prisma.lot.update({
    where: { id: lot.id },
    data: {
      status: 'ended',
      closedAt: new Date(),
      endTime: new Date(Date.now() - 1000),
      winnerId: userId,
      winningBidId: winning.id,
      soldPrice: cents.toString(),
      currentBid: cents.toString(),
      bidCount: 1,
    },
  });
}

const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const adminLot = async (id: string) => (await call(stack.url, adminToken, 'GET', `/admin/auctions/${id}`)).body.data;

describe('a succeeded intent is checked against what is owed', () => {
  it('a forged webhook with amount 1 for a $100 checkout pays nothing and is flagged; the real payment pays it', { timeout: 30_000 }, async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const lot = await wonLot(user.id, 10_000n);
    const checkout = await call(stack.url, token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(checkout.body).toMatchObject({ total: '100.00', currency: 'usd' });
    const pi = checkout.body.paymentIntentId as string;
    const metadata = { purpose: 'checkout', userId: user.id };

    const forged = await forgeSucceeded({ id: pi, amount_received: 1, currency: 'usd', metadata });
    expect(forged).toEqual({ status: 200, body: { received: true } });
    // The right amount in another currency is no payment either.
    expect((await forgeSucceeded({ id: pi, amount_received: 10_000, currency: 'eur', metadata })).status).toBe(200);

    expect(await lotRow(lot.id)).toMatchObject({ paid: false, paidAt: null, txHash: null });
    expect(await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { paymentIntentId: pi } })).toMatchObject({ status: 'open', paidAt: null });
    const cart = await call(stack.url, token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, paymentState: 'awaiting_payment' })]);
    expect(cart.body.due).toEqual([{ unit: 'USD', amount: '100.00' }]);

    // The admin sees both claims on the lot's page.
    const seen = await adminLot(lot.id);
    expect(seen.settlement).toMatchObject({ paymentStatus: 'pending' });
    expect(seen.paymentMismatches).toEqual([
      expect.objectContaining({ paymentIntentId: pi, purpose: 'checkout', owed: { amount: '10000', currency: 'usd' }, received: { amount: '10000', currency: 'eur' }, source: 'webhook' }),
      expect.objectContaining({ paymentIntentId: pi, purpose: 'checkout', owed: { amount: '10000', currency: 'usd' }, received: { amount: '1', currency: 'usd' }, source: 'webhook' }),
    ]);

    // The buyer really pays: Stripe's own event, for the right amount, marks the lot paid.
    expect((await confirmInBrowser(rs, checkout.body)).body.status).toBe('succeeded');
    const paid = await eventually(async () => {
      const row = await lotRow(lot.id);
      return row.paid ? row : null;
    });
    expect(paid).toMatchObject({ paid: true, txHash: pi });
    expect((await adminLot(lot.id)).paymentMismatches).toHaveLength(2);
  });

  it('a forged webhook capturing a card bid’s hold for $0.01 leaves the won lot unpaid; the hold’s own amount pays it', async () => {
    const user = await createUser(stack.db, 'ready');
    const lot = await wonLot(user.id, 4200n);
    // As bid-holds.ts leaves a winning card bid: its hold's intent and amount on the bid.
    const pi = `pi_forged_${Math.random().toString(36).slice(2)}`;
    await stack.db.prisma.bid.update({ where: { id: lot.winningBidId! }, data: { paymentIntentId: pi, holdStatus: 'authorized', holdCents: 4200 } });
    const metadata = { purpose: 'bid_hold', userId: user.id, lotId: lot.id };

    expect((await forgeSucceeded({ id: pi, amount_received: 1, currency: 'usd', metadata })).status).toBe(200);
    expect(await lotRow(lot.id)).toMatchObject({ paid: false, txHash: null });
    expect(await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: lot.winningBidId! } })).toMatchObject({ holdStatus: 'authorized' });
    expect((await adminLot(lot.id)).paymentMismatches).toEqual([
      expect.objectContaining({ paymentIntentId: pi, purpose: 'bid_hold', owed: { amount: '4200', currency: 'usd' }, received: { amount: '1', currency: 'usd' }, source: 'webhook' }),
    ]);

    expect((await forgeSucceeded({ id: pi, amount_received: 4200, currency: 'usd', metadata })).status).toBe(200);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, txHash: pi });
  });

  it('a hold captured in part in the Stripe Dashboard before the close pays nothing: the hold fails and the admin sees it', { timeout: 40_000 }, async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 2500n, endsInMs: 4000, extensionMinutes: 0 });
    const placed = await call(stack.url, token, 'POST', `/auctions/${lot.id}/bids`, { amount: '25.50', walletAddress: 'card_payment' });
    expect(placed.status).toBe(201);
    const bidId = placed.body.data.bid._id as string;
    const bid = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId } });
    expect(bid).toMatchObject({ holdStatus: 'authorized', holdCents: 2550 });
    const pi = bid.paymentIntentId!;

    await rs.stripe.paymentIntents.capture(pi, { amount_to_capture: 100 });
    const failed = await eventually(
      async () => {
        const row = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId } });
        return row.holdStatus === 'failed' ? row : null;
      },
      { timeoutMs: 20_000, what: 'the capture at close' },
    );
    expect(failed.holdStatus).toBe('failed');
    expect(await lotRow(lot.id)).toMatchObject({ status: 'ended', winnerId: user.id, paid: false });
    const flagged = (await adminLot(lot.id)).paymentMismatches;
    expect(flagged).toContainEqual(
      expect.objectContaining({ paymentIntentId: pi, purpose: 'bid_hold', owed: { amount: '2550', currency: 'usd' }, received: { amount: '100', currency: 'usd' }, source: 'stripe' }),
    );
  });
});
