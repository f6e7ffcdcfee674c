/**
 * A lead is backed at every moment: a card hold lasts 7 days at Stripe (the stand-in lets it lapse as Stripe does,
 * on a clock the test moves), so the worker renews a leading card bid's hold a day before it lapses. A 14-day lot:
 * - the hold that would lapse on day 7 is renewed on day 6, and the bid still leads on day 8, on a live hold;
 * - a renewal the card refuses (4000 0000 0000 0341: saved fine, declines every payment) passes the lead to the
 *   next bid, held again on its card, and the bidder is told by mail and on their stream;
 * - a hold Stripe cancelled itself (it lapsed unrenewed: the webhook) is treated the same;
 * - a lot that closes while its leader's hold is being renewed captures exactly one live hold and releases the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { browserCall, testCard, call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';
import { HOLD_LAPSED_REASON, renewBidHold, renewLapsingHolds } from '../../api/src/worker/hold-renewal.ts';
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';

const DAY = 24 * 3600_000;
let rs: RecordedStripe;
let stack: TestStack;
const published: Array<{ channel: string; type: string }> = [];
/** The test's clock: the stand-in's moves with it; the worker's own sweeps keep the machine's time. */
let clock = Date.now();

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  const hub = stack.services.eventHub;
  const publish = hub.publish.bind(hub);
  hub.publish = (channel, event) => {
    published.push({ channel, type: (event as { type: string }).type });
    return publish(channel, event);
  };
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

function advance(ms: number): Date {
  clock += ms;
  rs.standIn.advanceClock(ms);
  return new Date(clock);
}

async function cardBidder(number?: string) {
  const user = await userWithCard(stack.db, rs, number);
  return { user, token: await signIn(stack.url, user.email) };
}

const bid = (token: string, lotId: string, amount: string) => call(stack.url, token, 'POST', `/auctions/${lotId}/bids`, { amount, walletAddress: 'card_payment' });
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const intentStatus = async (id: string) => (await rs.stripe.paymentIntents.retrieve(id)).status;
const mailsTo = (email: string) => stack.db.prisma.outboxMail.findMany({ where: { to: email }, select: { subject: true, text: true } });

/** A 14-day USD lot with a card bidder leading at $12 over another at $10 (whose hold was released when outbid). */
async function lotWithTwoCardBids() {
  const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 14 * DAY });
  const runnerUp = await cardBidder();
  const leader = await cardBidder();
  const first = await bid(runnerUp.token, lot.id, '10.00');
  const second = await bid(leader.token, lot.id, '12.00');
  expect([first.status, second.status]).toEqual([201, 201]);
  const runnerUpBid = first.body.data.bid._id as string;
  await eventually(async () => (await bidRow(runnerUpBid)).holdStatus === 'released', { timeoutMs: 10_000, what: 'the outbid hold released' });
  return { lot, leader, runnerUp, leaderBid: second.body.data.bid._id as string, runnerUpBid };
}

describe('renewing a card hold before it lapses', () => {
  it('renews on day 6 the hold that lapses on day 7 of a 14-day lot: the bid still leads on day 8, on a live hold', async () => {
    const { user, token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 14 * DAY });
    const placed = await bid(token, lot.id, '12.50');
    expect(placed.status).toBe(201);
    const before = await bidRow(placed.body.data.bid._id);
    expect(before.holdLapsesAt!.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);

    // Day 5: nothing lapses within a day yet.
    expect(await renewLapsingHolds(stack.services, advance(5 * DAY))).toEqual({ renewed: 0, lost: 0 });
    const callsBefore = rs.calls.length;
    const renewal = await renewLapsingHolds(stack.services, advance(DAY + 3600_000));
    expect(renewal).toEqual({ renewed: 1, lost: 0 });
    const stripeCalls = rs.calls.slice(callsBefore).map((c) => `${c.method} ${c.path.replace(/pi_\w+/, ':id')}`);
    // One renewal, two Stripe calls: the new off-session authorisation, and the old hold's release.
    expect(stripeCalls).toEqual(['POST /v1/payment_intents', 'POST /v1/payment_intents/:id/cancel']);
    const renewed = rs.calls[callsBefore]!;
    expect(renewed.params.get('off_session')).toBe('true');
    expect(renewed.params.get('amount')).toBe('1250');
    expect(renewed.params.get('payment_method')).toBe(user.stripePaymentMethodId);

    const after = await bidRow(before.id);
    expect(after).toMatchObject({ status: 'active', holdStatus: 'authorized', holdCents: 1250 });
    expect(after.paymentIntentId).not.toBe(before.paymentIntentId);
    expect(after.holdLapsesAt!.getTime()).toBe(clock + 7 * DAY);
    expect(await intentStatus(before.paymentIntentId!)).toBe('canceled');
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId: before.id } })).toBe(0);

    // Day 8: the first hold's 7 days are over; the bid leads on the renewed one, which Stripe still holds.
    advance(2 * DAY);
    expect(await intentStatus(after.paymentIntentId!)).toBe('requires_capture');
    expect(await renewLapsingHolds(stack.services, new Date(clock))).toEqual({ renewed: 0, lost: 0 });
    expect(await bidRow(before.id)).toMatchObject({ status: 'active', holdStatus: 'authorized', paymentIntentId: after.paymentIntentId });
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('1250');
  });

  it('passes the lead to the next bid, held again, when the card refuses the renewal, and tells the bidder', async () => {
    const { lot, leader, leaderBid, runnerUpBid } = await lotWithTwoCardBids();
    // The leader's saved card is now one that declines every payment.
    const pm = await browserCall(rs, '/v1/payment_methods', testCard('4000000000000341'));
    await rs.stripe.paymentMethods.attach(pm.body.id, { customer: leader.user.stripeCustomerId! });
    await stack.db.prisma.user.update({ where: { id: leader.user.id }, data: { stripePaymentMethodId: pm.body.id } });
    const old = (await bidRow(leaderBid)).paymentIntentId!;

    const at = advance(6 * DAY + 3600_000);
    // Moving the clock lapses the first test's renewed hold too, and Stripe's webhook then removes its bid. The sweep
    // runs once that is done, so it counts this lot's leader alone (once, it ran first and renewed that bid as well).
    const othersLapsed = () => stack.db.prisma.bid.count({ where: { status: 'active', lotId: { not: lot.id }, holdLapsesAt: { lte: at } } });
    await eventually(async () => (await othersLapsed()) === 0, { timeoutMs: 15_000, what: "the earlier test's lapsed hold handled" });
    expect(await renewLapsingHolds(stack.services, at)).toEqual({ renewed: 0, lost: 1 });
    expect(await bidRow(leaderBid)).toMatchObject({ status: 'removed', removedReason: HOLD_LAPSED_REASON });
    const next = await bidRow(runnerUpBid);
    expect(next).toMatchObject({ status: 'active', holdStatus: 'authorized' });
    expect(await intentStatus(next.paymentIntentId!)).toBe('requires_capture');
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('1000');
    // The refused bid's hold, still live, is given back.
    await eventually(async () => (await intentStatus(old)) === 'canceled', { timeoutMs: 10_000, what: 'the old hold released' });
    await eventually(async () => (await bidRow(leaderBid)).holdStatus === 'released', { timeoutMs: 10_000, what: 'the old hold recorded released' });
    const mails = await mailsTo(leader.user.email);
    expect(mails.some((m) => m.text.includes('card holds last only days'))).toBe(true);
    expect(published).toContainEqual({ channel: `user:${leader.user.id}`, type: 'outbid' });
  });

  it('treats a hold Stripe let lapse (its webhook) the same: the lead passes on and the bidder is told', async () => {
    const { leader, leaderBid, runnerUpBid } = await lotWithTwoCardBids();
    const old = (await bidRow(leaderBid)).paymentIntentId!;
    // Nothing renewed it: on day 7 Stripe cancels it itself.
    advance(7 * DAY + 60_000);
    expect(await rs.stripe.paymentIntents.retrieve(old)).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic' });
    await eventually(async () => (await bidRow(leaderBid)).status === 'removed', { timeoutMs: 15_000, what: 'the unbacked leader removed' });
    expect((await bidRow(leaderBid)).removedReason).toBe(HOLD_LAPSED_REASON);
    const next = await eventually(async () => {
      const row = await bidRow(runnerUpBid);
      return row.status === 'active' && row.holdStatus === 'authorized' && row;
    });
    expect(await intentStatus(next.paymentIntentId!)).toBe('requires_capture');
    await eventually(async () => (await mailsTo(leader.user.email)).some((m) => m.text.includes('card holds last only days')), { timeoutMs: 10_000, what: 'the lapse mail' });
    expect(published).toContainEqual({ channel: `user:${leader.user.id}`, type: 'outbid' });
  });

  it('captures exactly one hold when the lot closes while its leader’s hold is being renewed', async () => {
    const { token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 14 * DAY });
    const placed = await bid(token, lot.id, '15.00');
    const old = (await bidRow(placed.body.data.bid._id)).paymentIntentId!;
    // The renewal's new hold is on its way to Stripe when the lot closes (this bid's alone: earlier tests' lots wait).
    const held = rs.holdNext('POST', '/v1/payment_intents');
    const renewing = renewBidHold(stack.services, placed.body.data.bid._id, advance(6 * DAY + 3600_000));
    await held.arrived;
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect(await closeLotAndAnnounce(stack.services, lot.id)).toMatchObject({ closed: true, winningBidId: placed.body.data.bid._id });
    await held.pass();
    expect(await renewing).toBe('gone');

    await eventually(async () => (await bidRow(placed.body.data.bid._id)).holdStatus === 'captured', { timeoutMs: 15_000, what: 'the winning hold captured' });
    expect(await bidRow(placed.body.data.bid._id)).toMatchObject({ paymentIntentId: old });
    const intents = rs.createdIntents((c) => c.params.get('metadata[bidId]') === placed.body.data.bid._id);
    expect(intents).toHaveLength(2);
    const statuses = await Promise.all(intents.map(intentStatus));
    expect(statuses.sort()).toEqual(['canceled', 'succeeded']);
    expect(await intentStatus(old)).toBe('succeeded');
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).paid).toBe(true);
  });
});
