/**
 * A card bid's hold being released while the bid above it is removed: whichever comes first, the card bid never
 * leads on a hold that is being cancelled; nor does one that takes the lead because the bids changed while the
 * removal was holding another card again. On the real api with the Stripe stand-in behind the recording proxy,
 * which holds the release's cancel as a slow Stripe would. No worker runs: the test runs the release job's body
 * itself, so it decides when the release starts and when Stripe answers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { call, startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { releaseBidHold } from '../../api/src/payments/bid-holds.ts';
import { reconcilePayments } from '../../api/src/worker/payment-worker.ts';

let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', env: { ...rs.env(), RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

async function cardBidder() {
  const user = await userWithCard(stack.db, rs);
  return signIn(stack.url, user.email);
}
async function cardBid(token: string, lotId: string, amount: string): Promise<string> {
  const placed = await call(stack.url, token, 'POST', `/auctions/${lotId}/bids`, { amount, walletAddress: 'card_payment' });
  expect(placed.status).toBe(201);
  return placed.body.data.bid.id;
}
async function removeAsAdmin(bidId: string) {
  const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
  return call(stack.url, admin, 'DELETE', `/auctions/bids/${bidId}`, { reason: 'test' });
}
const withdraw = (token: string, bidId: string) => call(stack.url, token, 'DELETE', `/auctions/bids/${bidId}`, {});
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const intent = (id: string) => rs.stripe.paymentIntents.retrieve(id);

const openLot = () => createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 10 * 60_000 });

/** a's $10.00 card bid outbid by b's $20.00: a's hold waits for its release. */
async function outbidCardBid() {
  const lot = await openLot();
  const outbid = await cardBid(await cardBidder(), lot.id, '10.00');
  const leading = await cardBid(await cardBidder(), lot.id, '20.00');
  expect(await bidRow(outbid)).toMatchObject({ status: 'outbid', holdStatus: 'authorized' });
  return { lot, outbid, leading, oldHold: (await bidRow(outbid)).paymentIntentId! };
}

describe('a card bid whose hold is being released', () => {
  it('leads again after a removal only on a new live hold, while Stripe is still cancelling the old one', { timeout: 30_000 }, async () => {
    const { outbid, leading, oldHold } = await outbidCardBid();
    const cancel = rs.holdNext('POST', `/v1/payment_intents/${oldHold}/cancel`);
    const release = releaseBidHold(stack.services, outbid);
    await cancel.arrived;
    expect(await bidRow(outbid)).toMatchObject({ holdStatus: 'releasing' });

    // The leader is removed while the cancel is on its way: a leads again, held anew on its card.
    expect((await removeAsAdmin(leading)).status).toBe(200);
    await cancel.pass();
    expect(await release).toBe('released');

    const promoted = await bidRow(outbid);
    expect(promoted).toMatchObject({ status: 'active', holdStatus: 'authorized', holdCents: 1000 });
    expect(promoted.paymentIntentId).not.toBe(oldHold);
    expect(await intent(promoted.paymentIntentId!)).toMatchObject({ status: 'requires_capture', amount: 1000 });
    expect(await intent(oldHold)).toMatchObject({ status: 'canceled' });
  });

  it('is given back before a removal holds its bid anew, when its release had failed at Stripe', { timeout: 30_000 }, async () => {
    const { outbid, leading, oldHold } = await outbidCardBid();
    rs.standIn.failNext('POST', `/v1/payment_intents/${oldHold}/cancel`);
    await expect(releaseBidHold(stack.services, outbid)).rejects.toThrow();
    expect(await bidRow(outbid)).toMatchObject({ holdStatus: 'releasing' });

    expect((await removeAsAdmin(leading)).status).toBe(200);
    const promoted = await bidRow(outbid);
    expect(promoted).toMatchObject({ status: 'active', holdStatus: 'authorized' });
    expect(promoted.paymentIntentId).not.toBe(oldHold);
    expect(await intent(promoted.paymentIntentId!)).toMatchObject({ status: 'requires_capture' });
    // The old hold, which no bid points at any more, is not left on the card.
    expect(await intent(oldHold)).toMatchObject({ status: 'canceled' });
  });

  it('keeps its hold when the removal made it lead before the release began', { timeout: 30_000 }, async () => {
    const { outbid, leading, oldHold } = await outbidCardBid();
    expect((await removeAsAdmin(leading)).status).toBe(200);
    expect(await releaseBidHold(stack.services, outbid)).toBe('kept');
    expect(await bidRow(outbid)).toMatchObject({ status: 'active', holdStatus: 'authorized', paymentIntentId: oldHold });
    expect(await intent(oldHold)).toMatchObject({ status: 'requires_capture' });
  });

  it('stays marked when Stripe fails the cancel, and the payments sweep finishes the release', { timeout: 30_000 }, async () => {
    const { outbid, oldHold } = await outbidCardBid();
    // Stripe keeps that 500 for the request's idempotency key: the sweep's cancel must be a new request.
    rs.standIn.failNext('POST', `/v1/payment_intents/${oldHold}/cancel`);
    const release = releaseBidHold(stack.services, outbid).then(
      () => 'answered',
      (error: Error) => error.constructor.name,
    );
    expect(await release).toBe('StripeAPIError');
    expect(await bidRow(outbid)).toMatchObject({ holdStatus: 'releasing' });
    expect(await intent(oldHold)).toMatchObject({ status: 'requires_capture' });

    await reconcilePayments(stack.services);
    expect(await bidRow(outbid)).toMatchObject({ holdStatus: 'released' });
    expect(await intent(oldHold)).toMatchObject({ status: 'canceled' });
  });

  it('a removal whose next leader changed while its card was held again holds the bid that leads instead', { timeout: 30_000 }, async () => {
    const lot = await openLot();
    const [a, b, d] = [await cardBidder(), await cardBidder(), await cardBidder()];
    const first = await cardBid(a, lot.id, '10.00');
    const second = await cardBid(b, lot.id, '20.00');
    const leading = await cardBid(d, lot.id, '30.00');
    for (const id of [first, second]) expect(await releaseBidHold(stack.services, id)).toBe('released');

    // The removal holds b's card again (b would lead); while Stripe answers, b withdraws, so a leads instead.
    const renewal = rs.holdNext('POST', '/v1/payment_intents');
    const removal = removeAsAdmin(leading);
    await renewal.arrived;
    expect((await withdraw(b, second)).status).toBe(200);
    await renewal.pass();
    expect((await removal).status).toBe(200);

    const promoted = await bidRow(first);
    expect(promoted).toMatchObject({ status: 'active', holdStatus: 'authorized', holdCents: 1000 });
    expect(await intent(promoted.paymentIntentId!)).toMatchObject({ status: 'requires_capture', amount: 1000 });
    // The hold made for b backs nothing and is given back.
    const madeForB = rs.createdIntents((c) => c.params.get('metadata[bidId]') === second && c.idempotencyKey!.includes(':renewed:'));
    expect(madeForB).toHaveLength(1);
    expect(await intent(madeForB[0]!)).toMatchObject({ status: 'canceled' });
    expect(await bidRow(second)).toMatchObject({ status: 'withdrawn' });
  });
});
