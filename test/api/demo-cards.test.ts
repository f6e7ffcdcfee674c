/**
 * The demo's ready bidders as `npm start` leaves them with the Stripe stand-in (scripts/seed/demo-cards.ts): a
 * real card saved and verified at the stand-in, which the api reports and bids on; and, with other Stripe
 * keys, no card the api could not use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { signIn } from '../support/users.ts';
import { call, startRecordedStripe, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { forgetDemoStandInCards, seedDemoCards } from '../../scripts/seed/demo-cards.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/accounts.ts';

const BIDDERS = ['bidder@gavel.test', 'collector@gavel.test'];
let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'demo', worker: true, env: { ...rs.env(), RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

const user = (email: string) => stack.db.prisma.user.findUniqueOrThrow({ where: { email } });

describe('demo bidders’ cards', () => {
  it('have none before the card seed, as the api enforces', async () => {
    const token = await signIn(stack.url, 'bidder@gavel.test', DEMO_PASSWORD);
    expect((await call(stack.url, token, 'GET', '/payment/method')).body).toEqual({ status: 'none', brand: null, last4: null, error: null });
    expect((await call(stack.url, token, 'GET', '/auth/bid-eligibility')).body).toMatchObject({ eligible: false, gate: 'paymentMethod' });
  });

  it('are saved and verified at the stand-in: GET /payment/method says so with the card', async () => {
    const saved = await seedDemoCards(stack.services, rs.standIn);
    expect(saved).toEqual(BIDDERS.map((email) => ({ email, brand: 'visa', last4: '4242' })));
    for (const email of BIDDERS) {
      const token = await signIn(stack.url, email, DEMO_PASSWORD);
      expect((await call(stack.url, token, 'GET', '/payment/method')).body).toEqual({ status: 'verified', brand: 'visa', last4: '4242', error: null });
      expect((await call(stack.url, token, 'GET', '/auth/bid-eligibility')).body).toMatchObject({ eligible: true });
      const row = await user(email);
      const card = await rs.stripe.paymentMethods.retrieve(row.stripePaymentMethodId!);
      expect(card).toMatchObject({ customer: row.stripeCustomerId, card: { brand: 'visa', last4: '4242' } });
      // Proven as a bidder's own card is: the $1 hold was authorised, then released.
      const holds = rs.standIn.events('payment_intent.canceled').filter((e: any) => e.data.object.customer === row.stripeCustomerId);
      expect(holds.map((e: any) => e.data.object)).toEqual([expect.objectContaining({ amount: 100, payment_method: card.id, metadata: expect.objectContaining({ purpose: 'card_verification' }) })]);
    }
  });

  it('hold a demo bidder’s card bid on that card', async () => {
    const bidder = await user('bidder@gavel.test');
    const lot = await stack.db.prisma.lot.findFirstOrThrow({ where: { paymentMethod: 'Manual', status: 'live', bidCount: 0, endTime: { gt: new Date() } } });
    const amount = (Number(lot.startingBid) / 100).toFixed(2);
    const token = await signIn(stack.url, bidder.email, DEMO_PASSWORD);
    const placed = await call(stack.url, token, 'POST', `/auctions/${lot.id}/bids`, { amount, walletAddress: 'card_payment' });
    expect(placed.status).toBe(201);
    const bid = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.body.data.bid._id } });
    expect(bid).toMatchObject({ status: 'active', holdStatus: 'authorized', userId: bidder.id });
    const hold = await rs.stripe.paymentIntents.retrieve(bid.paymentIntentId!);
    expect(hold).toMatchObject({
      amount: Number(lot.startingBid),
      currency: 'usd',
      capture_method: 'manual',
      status: 'requires_capture',
      customer: bidder.stripeCustomerId,
      payment_method: bidder.stripePaymentMethodId,
    });
  });

  it('with other Stripe keys, a card Stripe does not know is forgotten, so nobody looks able to pay', async () => {
    // Another Stripe account (a start with Stripe's own keys) does not know the stand-in's card.
    await stack.db.prisma.user.update({ where: { email: 'collector@gavel.test' }, data: { stripePaymentMethodId: 'pm_not_at_this_stripe' } });
    expect(await forgetDemoStandInCards(stack.services)).toEqual(['collector@gavel.test']);
    const collector = await signIn(stack.url, 'collector@gavel.test', DEMO_PASSWORD);
    expect((await call(stack.url, collector, 'GET', '/payment/method')).body).toEqual({ status: 'none', brand: null, last4: null, error: null });
    expect((await call(stack.url, collector, 'GET', '/auth/bid-eligibility')).body).toMatchObject({ eligible: false, gate: 'paymentMethod' });
    const bidder = await signIn(stack.url, 'bidder@gavel.test', DEMO_PASSWORD);
    expect((await call(stack.url, bidder, 'GET', '/payment/method')).body).toMatchObject({ status: 'verified', last4: '4242' });
  });
});
