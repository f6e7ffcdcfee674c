/**
 * What a winner whose card hold stands for the win is told, and that a hold that cannot be charged still leaves
 * them a way to pay. At the close the won mail only says the hold will be charged (it can be turned off); then
 * either the receipt ("Your card was charged"), once, or the payment demand with the cart's deadline, sent
 * whatever the preferences. The real api on PostgreSQL + Redis and the Stripe stand-in; the worker is off and
 * no webhook is configured, so the close and the settlement of the holds run by hand, each exactly when the test
 * says (the webhook's own path is exercised once, where it says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { call, startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { startPriceStandIn, type PriceStandIn } from '../../scripts/stand-ins/price/index.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { settleLotHolds } from '../../api/src/payments/bid-holds.ts';
import { holdCaptured } from '../../api/src/payments/intent-state.ts';

const PUBLIC_URL = 'https://gavel.example';
let rs: RecordedStripe;
let prices: PriceStandIn;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  // $100,000 a bitcoin and no hold margin: 25,000 sats hold (and are charged) $25.00.
  prices = await startPriceStandIn({ port: 0, btcUsd: 100_000 });
  stack = await startApiForTest({
    seed: 'none',
    env: { ...rs.env(), PUBLIC_URL, PRICE_API_URL: prices.priceUrl, CARD_HOLD_MARGIN_PERCENT: '0', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' },
  });
});

afterAll(async () => {
  await stack?.stop();
  await prices?.close();
  await rs?.stop();
});

async function cardBidder(wonMail = true) {
  const user = await userWithCard(stack.db, rs);
  const token = await signIn(stack.url, user.email);
  if (!wonMail) expect((await call(stack.url, token, 'PATCH', '/me/notification-preferences', { emailWon: false })).status).toBe(200);
  return { user, token };
}

/** A card bid that wins: placed, then the lot's clock runs out and the close commits. */
async function winByCard(token: string, lot: { id: string }, amount: string, maximum?: string) {
  const placed = await call(stack.url, token, 'POST', `/auctions/${lot.id}/bids`, { amount, walletAddress: 'card_payment', ...(maximum ? { maximum } : {}) });
  expect(placed.status).toBe(201);
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
  return stack.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.body.data.bid._id } });
}

const mailsTo = (email: string) => stack.db.prisma.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } });

describe('a win paid by a card hold', () => {
  it('is told the winning price will be charged to the hold (not the maximum it holds), then (once) that the card was charged', async () => {
    const { user, token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 2000n });
    const bid = await winByCard(token, lot, '25.50', '60.00');
    expect(bid.holdCents).toBe(6000);

    const [won] = await mailsTo(user.email);
    expect(won!.subject).toBe(`You won ${lot.title}`);
    expect(won!.text).toContain(`You won ${lot.title} for $25.50. We will charge $25.50 to the hold on your card, and e-mail you when it is charged.`);
    expect(won!.text).not.toMatch(/nothing more to pay|Complete your payment/);

    expect(await settleLotHolds(stack.services, lot.id)).toEqual({ captured: 1, released: 0 });
    // The capture's webhook, arriving after the api recorded it, and a second run of the job change nothing.
    await holdCaptured(stack.db.prisma, await rs.stripe.paymentIntents.retrieve(bid.paymentIntentId!), 'webhook');
    await settleLotHolds(stack.services, lot.id);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([`You won ${lot.title}`, 'Your card was charged $25.50']);
    expect(mails[1]!.text).toContain(`Your card was charged $25.50 for ${lot.title}. It is paid: there is nothing more to pay.`);
    expect(mails[1]!.text).toContain(`${PUBLIC_URL}/details/${lot.id}`);
  });

  it('asks the winner to pay from the cart by the deadline when the hold cannot be charged, even with won mail off', async () => {
    const { user, token } = await cardBidder(false);
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 3000n });
    const bid = await winByCard(token, lot, '30.00');
    // Won mail is off and the hold was still standing: nothing yet.
    expect(await mailsTo(user.email)).toEqual([]);
    // The hold disappears before the job captures it (released in the Dashboard, or expired).
    await rs.stripe.paymentIntents.cancel(bid.paymentIntentId!);
    expect(await settleLotHolds(stack.services, lot.id)).toEqual({ captured: 0, released: 0 });

    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    const due = `${closed.paymentDueAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual([`Payment needed: ${lot.title}`]);
    expect(mails[0]!.text).toContain(`We could not charge your card hold for ${lot.title}, which you won. Please pay $30.00 from your cart by ${due}`);
    expect(mails[0]!.text).toContain(`Pay now: ${PUBLIC_URL}/cart`);
    expect(mails[0]!.text).not.toContain('unsubscribe');
    // A second run of the job asks nothing again.
    await settleLotHolds(stack.services, lot.id);
    expect(await mailsTo(user.email)).toHaveLength(1);

    const cart = await call(stack.url, token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, paymentState: 'awaiting_payment', payableByCard: true, cardAmount: '30.00' })]);
  });

  it('gives a winner whose hold fails long after the close a fresh deadline to pay from the cart', async () => {
    const { user, token } = await cardBidder(false);
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 3000n });
    const bid = await winByCard(token, lot, '30.00');
    // The capture is only now found impossible, and the deadline set at the close has nearly run out.
    const nearlyOver = new Date(Date.now() + 60_000);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { paymentDueAt: nearlyOver } });
    await rs.stripe.paymentIntents.cancel(bid.paymentIntentId!);
    expect(await settleLotHolds(stack.services, lot.id)).toEqual({ captured: 0, released: 0 });

    const { paymentDueAt } = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(paymentDueAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + stack.services.config.unpaid.paymentDueMs - 60_000);
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain(`by ${paymentDueAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  });

  it('a BTC lot won by card whose hold cannot be charged is paid in the cart by card, for the USD amount its hold was to be charged', async () => {
    const { user, token } = await cardBidder(false);
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 20_000n });
    const bid = await winByCard(token, lot, '25000');
    // The job decides the charge (the sats' value now) before it captures; the capture finds the hold gone.
    await rs.stripe.paymentIntents.cancel(bid.paymentIntentId!);
    await settleLotHolds(stack.services, lot.id);
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bid.id } })).captureCents).toBe(2500);

    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain('Please pay $25.00 from your cart');
    const cart = await call(stack.url, token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, amount: '25000', unit: 'sats', payableByCard: true, cardAmount: '25.00' })]);
    const checkout = await call(stack.url, token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ total: '25.00', items: [{ lotId: lot.id, amount: '25.00' }] });
  });
});
