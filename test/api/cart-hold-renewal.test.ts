/**
 * ADD TO CART's held Buy Now, with the cart's capture deadline set longer than a card hold lasts (CART_HOLD_CAPTURE_MS
 * 10 days; a hold lapses after 7 at Stripe, as the stand-in lets it on a clock the test moves):
 * - the hold that would lapse on day 7 is renewed on day 6 (the purchase's CardPayment and the lot's txHash both name
 *   the new hold, the old one is cancelled, the capture at the deadline follows the new one), and the cart's Pay now
 *   on day 8 charges the renewed hold;
 * - a renewal the card refuses releases the hold and leaves the lot payable in the cart by its deadline, with the
 *   usual time to pay from then; the buyer is told by mail, and pays it there with another card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { browserCall, testCard, call, confirmInBrowser, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';
import { renewLapsingHolds } from '../../api/src/worker/hold-renewal.ts';
import { voidUnpaidLots } from '../../api/src/checkout/unpaid.ts';

const DAY = 24 * 3600_000;
const CAPTURE_AFTER = 10 * DAY;
let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: { ...rs.env(), CART_HOLD_CAPTURE_MS: String(CAPTURE_AFTER), RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' },
  });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

/**
 * The test's clock from a purchase made now: each step moves the stand-in's clock as much (its holds lapse 7 days
 * after it made them) and gives the time for the api's `now` (the purchase's deadlines were written on the machine's).
 */
function clockFromNow() {
  let at = Date.now();
  return (ms: number) => {
    at += ms;
    rs.standIn.advanceClock(ms);
    return new Date(at);
  };
}

const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);
const intentStatus = async (id: string) => (await rs.stripe.paymentIntents.retrieve(id)).status;
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const mailsTo = (email: string) => stack.db.prisma.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' }, select: { subject: true, text: true } });
const cartItem = async (token: string, lotId: string) => (await api(token, 'GET', '/cart')).body.items.find((i: { lotId: string }) => i.lotId === lotId);

/** A signed-in buyer with a saved card who ADDs TO CART a $`price` Buy Now: the lot, and the hold that bought it. */
async function heldPurchase(priceCents: bigint) {
  const user = await userWithCard(stack.db, rs);
  const token = await signIn(stack.url, user.email);
  const created = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 14 * DAY });
  const lot = await stack.db.prisma.lot.update({ where: { id: created.id }, data: { buyNowEnabled: true, buyNowPrice: priceCents.toString() } });
  const bought = await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
  expect(bought).toMatchObject({ status: 200, body: { data: { status: 'ended', paymentState: 'processing' } } });
  const pi = bought.body.data.paymentIntentId as string;
  const payment = await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { paymentIntentId: pi } });
  expect(payment).toMatchObject({ kind: 'buy_now', status: 'authorized' });
  // Captured at the deadline, 10 days away; the hold lapses in 7.
  expect(payment.captureAfter!.getTime() - Date.now()).toBeGreaterThan(CAPTURE_AFTER - 60_000);
  expect(payment.holdLapsesAt!.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
  expect(payment.holdLapsesAt!.getTime()).toBeLessThan(payment.captureAfter!.getTime());
  return { user, token, lot, pi, payment };
}

describe('renewing the hold of an ADD TO CART purchase whose deadline outlasts it', () => {
  it('renews on day 6 the hold that lapses on day 7, and Pay now in the cart on day 8 charges the renewed hold', async () => {
    const advance = clockFromNow();
    const { user, token, lot, pi: old, payment } = await heldPurchase(4200n);

    // Day 5: nothing lapses within a day yet.
    expect(await renewLapsingHolds(stack.services, advance(5 * DAY))).toEqual({ renewed: 0, lost: 0 });
    const callsBefore = rs.calls.length;
    const now = advance(DAY + 3600_000);
    expect(await renewLapsingHolds(stack.services, now)).toEqual({ renewed: 1, lost: 0 });
    const stripeCalls = rs.calls.slice(callsBefore).map((c) => `${c.method} ${c.path.replace(/pi_\w+/, ':id')}`);
    expect(stripeCalls).toEqual(['POST /v1/payment_intents', 'POST /v1/payment_intents/:id/cancel']);
    const asked = rs.calls[callsBefore]!;
    expect(asked.params.get('off_session')).toBe('true');
    expect(asked.params.get('amount')).toBe('4200');
    expect(asked.params.get('payment_method')).toBe(user.stripePaymentMethodId);
    expect(asked.params.get('metadata[purpose]')).toBe('buy_now');
    expect(asked.params.get('metadata[lotId]')).toBe(lot.id);
    const fresh = asked.reply.id as string;

    // The purchase and the lot both name the new hold; the deadline stays; the old hold is given back.
    expect(fresh).not.toBe(old);
    const renewed = await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(renewed).toMatchObject({ paymentIntentId: fresh, status: 'authorized', captureAfter: payment.captureAfter });
    expect(renewed.holdLapsesAt!.getTime()).toBe(now.getTime() + 7 * DAY);
    expect(await lotRow(lot.id)).toMatchObject({ txHash: fresh, paid: false, boughtNow: true, winnerId: user.id });
    expect(await intentStatus(old)).toBe('canceled');
    expect(await intentStatus(fresh)).toBe('requires_capture');
    expect(await stack.db.prisma.pendingHold.count({ where: { idempotencyKey: renewed.idempotencyKey } })).toBe(0);
    // The capture at the deadline now takes the new hold.
    const job = await stack.services.payments.jobs.queue.bullmq.getJob(`capture-cart-hold-${fresh}`);
    expect(job?.data).toEqual({ paymentIntentId: fresh });
    expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(payment.captureAfter!.getTime() - 1000);
    expect(await cartItem(token, lot.id)).toMatchObject({ paymentState: 'processing', heldUntil: payment.captureAfter!.toISOString() });

    // The old hold's own capture job, once due, finds it cancelled and changes nothing.
    const stale = await stack.services.payments.jobs.queue.bullmq.getJob(`capture-cart-hold-${old}`);
    await stale!.promote();
    await eventually(async () => (await stale!.getState()) === 'completed' || (await stale!.getState()) === 'unknown', { timeoutMs: 15_000, what: 'the old capture job done' });
    await rs.standIn.webhooksSettled();
    expect(await lotRow(lot.id)).toMatchObject({ txHash: fresh, paid: false });
    expect(await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ paymentIntentId: fresh, status: 'authorized' });

    // Day 8: the first hold's 7 days are over; Pay now charges the renewed one.
    expect(await renewLapsingHolds(stack.services, advance(2 * DAY))).toEqual({ renewed: 0, lost: 0 });
    expect(await intentStatus(fresh)).toBe('requires_capture');
    const paid = await api(token, 'POST', '/cart/pay-held', { lotIds: [lot.id] });
    expect(paid).toMatchObject({ status: 200, body: { message: 'Payment received. Thank you!', paid: [lot.id], receipts: [expect.objectContaining({ reference: fresh, amount: '42.00' })] } });
    const charged = await rs.stripe.paymentIntents.retrieve(fresh);
    expect({ status: charged.status, received: charged.amount_received }).toEqual({ status: 'succeeded', received: 4200 });
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, txHash: fresh });
    expect(await cartItem(token, lot.id)).toMatchObject({ paymentState: 'paid', heldUntil: null });
    // Told of the purchase and of the charge; never asked to pay for it.
    await rs.standIn.webhooksSettled();
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([`You won ${lot.title}`, 'Your card was charged $42.00']);
  });

  it('a renewal the card refuses releases the hold: the lot waits in the cart until its deadline, and the buyer is told and pays it there', async () => {
    const advance = clockFromNow();
    const { user, token, lot, pi: old, payment } = await heldPurchase(3300n);
    // The buyer's saved card is now one that saves fine and declines every payment.
    const pm = await browserCall(rs, '/v1/payment_methods', testCard('4000000000000341'));
    await rs.stripe.paymentMethods.attach(pm.body.id, { customer: user.stripeCustomerId! });
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { stripePaymentMethodId: pm.body.id } });

    const now = advance(6 * DAY + 3600_000);
    expect(await renewLapsingHolds(stack.services, now)).toEqual({ renewed: 0, lost: 1 });
    expect(await intentStatus(old)).toBe('canceled');
    expect(await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ paymentIntentId: old, status: 'canceled' });
    // Still the buyer's, unpaid, with at least the usual time to pay from now.
    const waiting = await lotRow(lot.id);
    expect(waiting).toMatchObject({ status: 'ended', winnerId: user.id, paid: false, unpaidAt: null, txHash: old });
    expect(waiting.paymentDueAt!.getTime()).toBe(now.getTime() + stack.services.config.unpaid.paymentDueMs);
    expect(await cartItem(token, lot.id)).toMatchObject({ paymentState: 'awaiting_payment', payableByCard: true, cardAmount: '33.00', payBy: waiting.paymentDueAt!.toISOString() });
    const mails = await eventually(
      async () => {
        const rows = await mailsTo(user.email);
        return rows.some((m) => m.subject === `Payment needed: ${lot.title}`) && rows;
      },
      { timeoutMs: 10_000, what: 'the payment-needed mail' },
    );
    expect(mails.filter((m) => m.subject === `Payment needed: ${lot.title}`)).toHaveLength(1);
    expect(mails.find((m) => m.subject === `Payment needed: ${lot.title}`)!.text).toContain('Please pay $33.00 from your cart by');
    // Not voided before its deadline.
    expect(await voidUnpaidLots(stack.services, new Date(waiting.paymentDueAt!.getTime() - 1000))).not.toContain(lot.id);
    expect((await lotRow(lot.id)).unpaidAt).toBeNull();

    // The cart's checkout takes it, paid with another card.
    const checkout = await api(token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(checkout).toMatchObject({ status: 200, body: { total: '33.00' } });
    expect((await confirmInBrowser(rs, checkout.body, '4242424242424242')).body.status).toBe('succeeded');
    await rs.standIn.webhooksSettled();
    const settled = await eventually(
      async () => {
        const row = await lotRow(lot.id);
        return row.paid && row;
      },
      { timeoutMs: 10_000, what: 'the lot paid from the cart' },
    );
    expect(settled).toMatchObject({ paid: true, txHash: checkout.body.paymentIntentId, unpaidAt: null });
  });
});
