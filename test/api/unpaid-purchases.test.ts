/**
 * A purchase nobody paid by its deadline is voided: the buyer gets the unpaid mark and their pay-later
 * commitment back, and is told by mail; the lot goes back to the admin as unpaid, who offers it to the runner-up
 * at their last bid (accepted by card) or relists it. The void job is driven directly, at a clock past the
 * deadline. Every refusal is checked for its message and for nothing having changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
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

const HOURS_48 = 48 * 3600_000;
const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });

/** A ready bidder with the given pay-later limit (cents), with a saved card if `card` names its number. */
async function bidder(limitCents: bigint, card?: string) {
  const made = card ? await userWithCard(stack.db, rs, card) : await createUser(stack.db, 'ready');
  const user = await stack.db.prisma.user.update({ where: { id: made.id }, data: { biddingLimit: limitCents.toString() } });
  return { user, token: await signIn(stack.url, user.email) };
}

/** What a refusal must leave as it was: the lot, its bids and its offers. */
async function lotState(id: string) {
  const lot = await lotRow(id);
  const bids = await stack.db.prisma.bid.findMany({ where: { lotId: id }, orderBy: { id: 'asc' }, select: { status: true, amount: true, holdStatus: true } });
  const offers = await stack.db.prisma.secondChanceOffer.findMany({ where: { lotId: id }, orderBy: { id: 'asc' }, select: { userId: true, status: true, paymentIntentId: true } });
  return { lot: { ...lot, updatedAt: null }, bids, offers };
}

const mailsTo = (to: string, subject: string) => stack.db.prisma.outboxMail.findMany({ where: { to, subject } });

describe('a pay-later Buy Now not paid by its deadline', () => {
  let lot: Awaited<ReturnType<typeof createLot>>;
  let buyer: Awaited<ReturnType<typeof bidder>>;
  let runnerUp: Awaited<ReturnType<typeof bidder>>;
  let dueAt: Date;

  beforeAll(async () => {
    lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: '5000' } });
    // Two bids before the Buy Now: a pay-later $30.00, and the runner-up's card bid of $40.00.
    const third = await bidder(10_000n);
    expect((await api(third.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '30.00' })).status).toBe(201);
    runnerUp = await bidder(0n, '4242424242424242');
    expect((await api(runnerUp.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '40.00', walletAddress: 'card_payment' })).status).toBe(201);
    buyer = await bidder(10_000n);
    const bought = await api(buyer.token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
    expect(bought).toMatchObject({ status: 200, body: { data: { paymentState: 'awaiting_payment', paymentIntentId: null } } });
    // The Buy Now cancelled the runner-up's card bid, whose hold a job gives back: settled before any state is compared.
    await eventually(async () => (await stack.db.prisma.bid.findFirst({ where: { lotId: lot.id, holdStatus: { not: null } } }))?.holdStatus === 'released', {
      timeoutMs: 10_000,
      what: 'the runner-up’s hold released',
    });
  });

  it('has a deadline 48 hours after the close, shown in the cart; the job leaves it alone before then', async () => {
    const row = await lotRow(lot.id);
    dueAt = row.paymentDueAt!;
    expect(dueAt.getTime() - row.closedAt!.getTime()).toBeGreaterThan(HOURS_48 - 60_000);
    expect(dueAt.getTime() - row.closedAt!.getTime()).toBeLessThan(HOURS_48 + 60_000);
    const item = (await api(buyer.token, 'GET', '/cart')).body.items.find((i: { lotId: string }) => i.lotId === lot.id);
    expect(item).toMatchObject({ paymentState: 'awaiting_payment', payBy: dueAt.toISOString() });
    expect((await api(buyer.token, 'GET', '/payment/bidding-limit')).body.data).toEqual({ limit: '100.00', available: '50.00' });

    const before = await lotState(lot.id);
    expect(await voidUnpaidLots(stack.services, new Date(dueAt.getTime() - 1000))).not.toContain(lot.id);
    expect(await lotState(lot.id)).toEqual(before);
    // The repeating job that does it for real is scheduled on the payments queue.
    expect(await stack.services.payments.jobs.queue.bullmq.getJobScheduler('void-unpaid-lots')).toMatchObject({ every: stack.services.config.reconcileEveryMs });
  });

  it('past it, is voided exactly once: the unpaid mark, the limit released, the mail, out of the cart', async () => {
    const later = new Date(dueAt.getTime() + 1000);
    const runs = await Promise.all([voidUnpaidLots(stack.services, later), voidUnpaidLots(stack.services, later)]);
    expect(runs.flat().filter((id) => id === lot.id)).toHaveLength(1);
    expect(await voidUnpaidLots(stack.services, later)).not.toContain(lot.id);

    const row = await lotRow(lot.id);
    expect(row).toMatchObject({ status: 'ended', winnerId: buyer.user.id, paid: false, unpaidAt: expect.any(Date) });
    expect((await api(buyer.token, 'GET', '/auth/me')).body.user.unpaidCount).toBe(1);
    expect((await api(adminToken, 'GET', `/admin/users/${buyer.user.id}`)).body.data.unpaidCount).toBe(1);
    const listed = await api(adminToken, 'GET', `/admin/users?search=${encodeURIComponent(buyer.user.email)}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: buyer.user.id, unpaidCount: 1 })]);
    expect((await api(buyer.token, 'GET', '/payment/bidding-limit')).body.data).toEqual({ limit: '100.00', available: '100.00' });

    const subject = `Purchase cancelled: ${lot.title}`;
    await eventually(async () => (await mailsTo(buyer.user.email, subject)).every((m) => m.sentAt) && (await mailsTo(buyer.user.email, subject)).length === 1, {
      timeoutMs: 20_000,
      what: 'the mail sent',
    });
    expect((await mailsTo(buyer.user.email, subject))[0]!.text).toContain('was not paid by its deadline');

    expect((await api(buyer.token, 'GET', '/cart')).body.items.map((i: { lotId: string }) => i.lotId)).not.toContain(lot.id);
    const before = await lotState(lot.id);
    const checkout = await api(buyer.token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(checkout).toMatchObject({ status: 409, body: { message: 'This lot is not awaiting your payment.' } });
    const markPaid = await api(adminToken, 'POST', `/auctions/${lot.id}/mark-paid`, {});
    expect(markPaid).toMatchObject({ status: 409, body: { message: 'This purchase was voided for non-payment: offer the lot to the runner-up or relist it.' } });
    expect(await lotState(lot.id)).toEqual(before);
  });

  it('shows as Unpaid to the admin, with the runner-up at their last bid', async () => {
    const detail = (await api(adminToken, 'GET', `/admin/auctions/${lot.id}`)).body.data;
    expect(detail.settlement).toMatchObject({ state: 'unpaid', message: 'Unpaid: the buyer did not pay by the deadline. Offer the lot to the runner-up or relist it.' });
    expect(detail.unpaid).toMatchObject({ buyer: { userId: buyer.user.id, unpaidCount: 1 }, runnerUp: { userId: runnerUp.user.id, amount: '40.00' }, offers: [] });
    const list = (await api(adminToken, 'GET', `/admin/auctions?search=${encodeURIComponent(lot.title)}`)).body.data;
    expect(list).toEqual([expect.objectContaining({ _id: lot.id, settlement: expect.objectContaining({ state: 'unpaid' }) })]);
  });

  it('offered to the runner-up, is accepted by card and paid; a second offer or accept is refused', async () => {
    const offered = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`);
    expect(offered).toMatchObject({
      status: 200,
      body: { message: `Second-chance offer sent to ${runnerUp.user.email} at $40.00.`, data: { userId: runnerUp.user.id, amount: '40.00', status: 'open' } },
    });
    const offerId = offered.body.data._id as string;
    expect(new Date(offered.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(HOURS_48 - 60_000);
    expect(await mailsTo(runnerUp.user.email, `Second chance: ${lot.title}`)).toHaveLength(1);

    let before = await lotState(lot.id);
    const again = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`);
    expect(again).toMatchObject({ status: 409, body: { message: `A second-chance offer for this lot is still open until ${offered.body.data.expiresAt}.` } });
    const stranger = await bidder(0n, '4242424242424242');
    expect((await api(stranger.token, 'GET', '/second-chance-offers')).body.data).toEqual([]);
    expect(await api(stranger.token, 'POST', `/second-chance-offers/${offerId}/accept`)).toMatchObject({ status: 404, body: { message: 'Offer not found.' } });
    expect(await lotState(lot.id)).toEqual(before);

    expect((await api(runnerUp.token, 'GET', '/second-chance-offers')).body.data).toEqual([
      expect.objectContaining({ _id: offerId, lotId: lot.id, amount: '40.00', unit: 'USD', status: 'open', lot: expect.objectContaining({ title: lot.title }) }),
    ]);
    const accepted = await api(runnerUp.token, 'POST', `/second-chance-offers/${offerId}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { message: 'The lot is yours, and paid. Thank you!', data: { offerId, lotId: lot.id, amount: '40.00' } } });
    const pi = accepted.body.data.paymentIntentId as string;
    expect(await rs.stripe.paymentIntents.retrieve(pi)).toMatchObject({ status: 'succeeded', amount_received: 4000, customer: runnerUp.user.stripeCustomerId });
    expect(await lotRow(lot.id)).toMatchObject({ winnerId: runnerUp.user.id, paid: true, txHash: pi, unpaidAt: null, paymentDueAt: null });
    expect((await lotRow(lot.id)).soldPrice?.toFixed(0)).toBe('4000');
    expect((await api(adminToken, 'GET', `/admin/auctions/${lot.id}`)).body.data).toMatchObject({ settlement: { state: 'awaiting_transfer' }, unpaid: null });
    const item = (await api(runnerUp.token, 'GET', '/cart')).body.items.find((i: { lotId: string }) => i.lotId === lot.id);
    expect(item).toMatchObject({ paymentState: 'paid', txHash: pi });

    before = await lotState(lot.id);
    const intents = rs.createdIntents().length;
    const twice = await api(runnerUp.token, 'POST', `/second-chance-offers/${offerId}/accept`);
    expect(twice).toMatchObject({ status: 409, body: { message: 'This offer was already accepted.' } });
    const offerAgain = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`);
    expect(offerAgain).toMatchObject({ status: 409, body: { message: 'This lot is not unpaid: only a purchase voided for non-payment can be offered again or relisted.' } });
    expect(rs.createdIntents().length).toBe(intents);
    expect(await lotState(lot.id)).toEqual(before);
    expect((await api(runnerUp.token, 'GET', '/second-chance-offers')).body.data).toEqual([]);
    // The buyer who did not pay keeps the mark.
    expect((await api(buyer.token, 'GET', '/auth/me')).body.user.unpaidCount).toBe(1);
  });
});

describe('a held purchase, and a pay-later win not paid by its deadline', () => {
  it('an ADD TO CART hold still standing is not voided: the hold pays it', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: '2000' } });
    const holder = await bidder(0n, '4242424242424242');
    expect((await api(holder.token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' })).body.data.paymentState).toBe('processing');
    const due = (await lotRow(lot.id)).paymentDueAt!;
    const before = await lotState(lot.id);
    expect(await voidUnpaidLots(stack.services, new Date(due.getTime() + 1000))).not.toContain(lot.id);
    expect(await lotState(lot.id)).toEqual(before);
  });

  it('a declined or expired offer changes nothing; with nobody left to offer it to, the admin relists it', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    // The runner-up bid pay-later, and their saved card declines every payment.
    const runnerUp = await bidder(10_000n, '4000000000000341');
    expect((await api(runnerUp.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '50.00' })).status).toBe(201);
    const winner = await bidder(10_000n);
    expect((await api(winner.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '60.00' })).status).toBe(201);
    expect((await api(adminToken, 'POST', `/auctions/${lot.id}/end`)).status).toBe(200);
    const closed = await lotRow(lot.id);
    expect(closed.winnerId).toBe(winner.user.id);
    expect(closed.paymentDueAt!.getTime() - closed.closedAt!.getTime()).toBeGreaterThan(HOURS_48 - 60_000);
    expect(await voidUnpaidLots(stack.services, new Date(closed.paymentDueAt!.getTime() + 1000))).toContain(lot.id);

    const offerId = (await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`)).body.data._id as string;
    let before = await lotState(lot.id);
    const declined = await api(runnerUp.token, 'POST', `/second-chance-offers/${offerId}/accept`);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toMatch(/declined/i);
    expect(await lotState(lot.id)).toEqual(before);
    expect((await api(runnerUp.token, 'GET', '/second-chance-offers')).body.data).toEqual([expect.objectContaining({ _id: offerId, status: 'open' })]);

    await stack.db.prisma.secondChanceOffer.update({ where: { id: offerId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    before = await lotState(lot.id);
    const intents = rs.createdIntents().length;
    const expired = await api(runnerUp.token, 'POST', `/second-chance-offers/${offerId}/accept`);
    expect(expired).toMatchObject({ status: 409, body: { message: 'This offer has expired.' } });
    const nobody = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/second-chance-offer`);
    expect(nobody).toMatchObject({ status: 409, body: { message: 'No other bidder is left to offer this lot to: relist it instead.' } });
    const backwards = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/relist`, {
      startTime: new Date(Date.now() + 7_200_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(backwards).toMatchObject({ status: 400, body: { message: 'End time must be after start time', fields: { endTime: 'End time must be after start time' } } });
    expect(rs.createdIntents().length).toBe(intents);
    expect(await lotState(lot.id)).toEqual(before);

    const endTime = new Date(Date.now() + 3_600_000);
    const relisted = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/relist`, { startTime: new Date().toISOString(), endTime: endTime.toISOString() });
    expect(relisted).toMatchObject({
      status: 200,
      body: { message: 'Lot relisted: it is back on sale.', data: { status: 'live', winner: null, currentBid: null, bidCount: 0, settlement: { state: 'open' } } },
    });
    expect(await lotRow(lot.id)).toMatchObject({ winnerId: null, winningBidId: null, unpaidAt: null, paymentDueAt: null, closedAt: null, endTime });
    // The old sale's bids are history, none of them active; the expired offer is withdrawn.
    expect((await lotState(lot.id)).bids.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
    expect((await lotState(lot.id)).offers).toEqual([expect.objectContaining({ status: 'withdrawn' })]);
    // Back on sale: a new bid at the starting price leads.
    const fresh = await bidder(10_000n);
    expect((await api(fresh.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '10.00' })).status).toBe(201);
    expect((await api(winner.token, 'GET', '/auth/me')).body.user.unpaidCount).toBe(1);

    before = await lotState(lot.id);
    const twice = await api(adminToken, 'POST', `/admin/auctions/${lot.id}/relist`, { startTime: new Date().toISOString(), endTime: endTime.toISOString() });
    expect(twice).toMatchObject({ status: 409, body: { message: 'This lot is not unpaid: only a purchase voided for non-payment can be offered again or relisted.' } });
    expect(await lotState(lot.id)).toEqual(before);
  });
});
