/**
 * Card maximums on USD and BTC lots, against the Stripe stand-in with the worker running: the hold is for the
 * maximum (on a BTC lot its USD value at the price stand-in's $100,000 a BTC, no margin: 1,000 sats hold $1.00),
 * a new maximum is held anew before the old hold is released, a card bid an earlier maximum answers at once has
 * its hold released, and the close captures the visible price from the maximum's hold (the rest released).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';
import { startPriceStandIn, type PriceStandIn } from '../../scripts/stand-ins/price/index.ts';

let rs: RecordedStripe;
let prices: PriceStandIn;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  prices = await startPriceStandIn({ port: 0, btcUsd: 100_000 });
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: {
      ...rs.env(),
      PRICE_API_URL: prices.priceUrl,
      CARD_HOLD_MARGIN_PERCENT: '0',
      LOT_CLOCK_RECONCILE_MS: '1000',
      RATE_SIGNIN_PER_IP: '1000',
      RATE_SIGNIN_PER_ACCOUNT: '1000',
    },
  });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});
afterAll(async () => {
  await stack?.stop();
  await prices?.close();
  await rs?.stop();
});

async function cardBidder() {
  const user = await userWithCard(stack.db, rs);
  return { user, token: await signIn(stack.url, user.email) };
}
const cardBid = (token: string, lotId: string, amount: string, maximum?: string) =>
  call(stack.url, token, 'POST', `/auctions/${lotId}/bids`, { amount, walletAddress: 'card_payment', ...(maximum !== undefined && { maximum }) });
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const heldSettled = (bidId: string, status: 'released' | 'captured') => eventually(async () => (await bidRow(bidId)).holdStatus === status, { timeoutMs: 15_000, what: `bid ${bidId} hold ${status}` });
const intentOf = async (bidId: string) => rs.stripe.paymentIntents.retrieve((await bidRow(bidId)).paymentIntentId!);

describe('a card maximum', () => {
  it('is held in full, held anew when changed, and captured at the price it wins at', { timeout: 60_000 }, async () => {
    const [a, b] = [await cardBidder(), await cardBidder()];
    // Ends in a few seconds, without anti-sniping, so the close job runs at the end.
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 8000, extensionMinutes: 0 });

    const first = await cardBid(a.token, lot.id, '10.00', '50.00');
    expect(first.body.data.bid).toMatchObject({ status: 'active', amount: '10.00', maximum: '50.00' });
    const firstId = first.body.data.bid.id as string;
    expect(await intentOf(firstId)).toMatchObject({ amount: 5000, capture_method: 'manual', status: 'requires_capture' });
    expect(await bidRow(firstId)).toMatchObject({ holdStatus: 'authorized', holdCents: 5000 });

    // A new maximum is a new hold; the old one is released, once, when the new one carries the bid. The price stood,
    // so the bid it replaced leaves the history and the count as they were.
    const firstIntent = (await bidRow(firstId)).paymentIntentId!;
    const raised = await cardBid(a.token, lot.id, '10.00', '80.00');
    expect(raised.body.data.bid).toMatchObject({ status: 'active', amount: '10.00', maximum: '80.00' });
    const raisedId = raised.body.data.bid.id as string;
    expect(await intentOf(raisedId)).toMatchObject({ amount: 8000, status: 'requires_capture' });
    await heldSettled(firstId, 'released');
    expect(await bidRow(firstId)).toMatchObject({ status: 'replaced' });
    expect(await rs.stripe.paymentIntents.retrieve(firstIntent)).toMatchObject({ status: 'canceled' });
    // Released once: any retry of the job or the sweep is a replay of the same cancel.
    const cancels = (intent: string) => rs.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payment_intents/${intent}/cancel` && c.status === 200 && !c.replayed);
    expect(cancels(firstIntent)).toHaveLength(1);
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ bidCount: 1 });
    const shown = await call(stack.url, b.token, 'GET', `/auctions/${lot.id}/bids`);
    expect(shown.body.data.map((x: any) => [x.amount, x.status, x.maximum ?? null])).toEqual([['10.00', 'active', null]]);

    // A card bid the maximum answers at once is placed, and its hold given back.
    const answered = await cardBid(b.token, lot.id, '30.00');
    expect(answered.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid', auction: { currentBid: '31.00' } } } });
    await heldSettled(answered.body.data.bid.id, 'released');
    expect((await bidRow(raisedId)).holdStatus).toBe('authorized');

    await heldSettled(raisedId, 'captured');
    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(closed).toMatchObject({ status: 'ended', winnerId: a.user.id, winningBidId: raisedId, paid: true });
    expect(closed.soldPrice?.toFixed(0)).toBe('3100');
    expect(await intentOf(raisedId)).toMatchObject({ status: 'succeeded', amount: 8000, amount_received: 3100 });
    // The close's release of the losing holds found the replaced one released already.
    expect(cancels(firstIntent)).toHaveLength(1);
  });

  it('on a BTC lot holds the maximum’s USD value, answers a lower card bid at once, and captures the winning price’s value', { timeout: 60_000 }, async () => {
    const [a, b] = [await cardBidder(), await cardBidder()];
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, endsInMs: 8000, extensionMinutes: 0 });

    const first = await cardBid(a.token, lot.id, '10000', '50000');
    expect(first.body.data.bid).toMatchObject({ status: 'active', amount: '10000', maximum: '50000', unit: 'sats' });
    const firstId = first.body.data.bid.id as string;
    expect(await intentOf(firstId)).toMatchObject({ amount: 5000, capture_method: 'manual', status: 'requires_capture' });

    const answered = await cardBid(b.token, lot.id, '20000');
    expect(answered.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid' } } });
    const shown = BigInt(answered.body.data.bid.auction.currentBid);
    expect(shown > 20_000n && shown <= 50_000n).toBe(true);
    expect(answered.body.data.bid.maximum).toBeUndefined();
    await heldSettled(answered.body.data.bid.id, 'released');

    await heldSettled(firstId, 'captured');
    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(closed).toMatchObject({ status: 'ended', winnerId: a.user.id, winningBidId: firstId, paid: true });
    // The shown price in sats at $100,000 a BTC: 1,000 sats to the dollar, 10 to the cent.
    expect(await intentOf(firstId)).toMatchObject({ status: 'succeeded', amount: 5000, amount_received: Number(shown / 10n) });
  });

  it('leads again when an admin removes the bid above it, held anew for its maximum, and keeps bidding for its bidder', { timeout: 60_000 }, async () => {
    const [a, b, c] = [await cardBidder(), await cardBidder(), await cardBidder()];
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const maximumId = (await cardBid(a.token, lot.id, '10.00', '50.00')).body.data.bid.id as string;
    const firstIntent = (await bidRow(maximumId)).paymentIntentId!;
    const over = (await cardBid(b.token, lot.id, '60.00')).body.data.bid.id as string;
    await heldSettled(maximumId, 'released');

    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const removed = await call(stack.url, admin, 'DELETE', `/auctions/bids/${over}`, { reason: 'shill bidding' });
    expect(removed.status).toBe(200);
    // Held before it leads: a new hold for the whole maximum, not for the $10.00 it shows.
    const leader = await bidRow(maximumId);
    expect(leader).toMatchObject({ status: 'active', holdStatus: 'authorized', holdCents: 5000 });
    expect(leader.paymentIntentId).not.toBe(firstIntent);
    expect(await intentOf(maximumId)).toMatchObject({ amount: 5000, status: 'requires_capture', customer: a.user.stripeCustomerId });
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).leaderMaximum?.toFixed(0)).toBe('5000');

    // The maximum answers a card bid below it at once, as it did before the removal.
    const answered = await cardBid(c.token, lot.id, '30.00');
    expect(answered.body).toMatchObject({ message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid', auction: { currentBid: '31.00' } } } });
    await heldSettled(answered.body.data.bid.id, 'released');
    expect(await bidRow(maximumId)).toMatchObject({ status: 'active', holdStatus: 'authorized' });
  });

  it('refuses a maximum the card cannot carry, naming the maximum, before holding anything', async () => {
    const { token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const tooMuch = await cardBid(token, lot.id, '10.00', '1000000.00');
    expect(tooMuch.status).toBe(400);
    expect(Object.keys(tooMuch.body.fields)).toEqual(['maximum']);
    expect(rs.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id)).toHaveLength(0);
  });
});
