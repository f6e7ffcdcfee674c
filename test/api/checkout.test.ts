/**
 * Buy Now, the cart and final checkout, end to end: the real api and worker on PostgreSQL + Redis, the Stripe
 * stand-in behind a recording proxy (every PaymentIntent the api creates is counted), webhooks delivered and
 * redelivered. The browser's part (confirming an intent with the card) is played against the stand-in.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { waitsFor } from '../support/database.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot, type LotOptions } from '../support/lots.ts';
import { call, confirmInBrowser, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

async function buyer(number?: string) {
  const user = await userWithCard(stack.db, rs, number);
  return { user, token: await signIn(stack.url, user.email) };
}

/** A ready buyer with no saved card: Buy Now without a card stands on their pay-later bidding limit. */
async function payLaterBuyer() {
  const user = await createUser(stack.db, 'ready');
  return { user, token: await signIn(stack.url, user.email) };
}

/** A live USD lot offering Buy Now at `price` cents. */
async function buyNowLot(price: bigint, o: LotOptions & { enabled?: boolean } = {}) {
  const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, ...o });
  return stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: o.enabled ?? true, buyNowPrice: price.toString() } });
}

/** A lot the user won when the clock ran out, as close-lot leaves it (unpaid). */
async function wonLot(userId: string, price: bigint, paymentMethod: 'Manual' | 'BTC' = 'Manual') {
  const lot = await createLot(stack.db, { paymentMethod, startingBid: price });
  const winning = await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId, amount: price.toString(), status: 'active' } });
  return stack.db.prisma.lot.update({
    where: { id: lot.id },
    data: {
      status: 'ended',
      closedAt: new Date(),
      endTime: new Date(Date.now() - 1000),
      winnerId: userId,
      winningBidId: winning.id,
      soldPrice: price.toString(),
      currentBid: price.toString(),
      bidCount: 1,
    },
  });
}

const intent = (token: string | null, body: unknown) => call(stack.url, token, 'POST', '/payment/buy-now-intent', body);
const buyNowPost = (token: string, lotId: string, body: unknown) => call(stack.url, token, 'POST', `/auctions/${lotId}/buy-now`, body);
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });

/** Intent, browser confirmation (the hold), then the purchase. */
async function buyWithCard(b: { token: string }, lotId: string, amount: string) {
  const made = await intent(b.token, { amount, auctionId: lotId, currency: 'usd' });
  expect(made.status).toBe(200);
  const confirmed = await confirmInBrowser(rs, made.body);
  expect(confirmed.body.status).toBe('requires_capture');
  return { pi: made.body.paymentIntentId as string, res: await buyNowPost(b.token, lotId, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId }) };
}

describe('POST /payment/buy-now-intent: the spec’s checks and messages', () => {
  it('answers each payment message', async () => {
    const b = await buyer();
    const lot = await buyNowLot(5000n);
    const message = async (token: string | null, body: unknown) => (await intent(token, body)).body.message;
    expect(await message(null, { amount: '50.00', auctionId: lot.id })).toBe('Please log in to continue with payment.');
    expect((await intent(null, { amount: '50.00', auctionId: lot.id })).status).toBe(401);
    for (const amount of [-1, 0, 'abc', '', null]) expect(await message(b.token, { amount, auctionId: lot.id })).toBe('Invalid payment amount.');
    expect(await message(b.token, { amount: '50.00' })).toBe('Invalid auction ID.');
    expect(await message(b.token, { amount: '50.00', auctionId: '' })).toBe('Invalid auction ID.');
    expect(await message(b.token, { amount: 0.49, auctionId: lot.id })).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(await message(b.token, { amount: 49, auctionId: lot.id, currency: 'sats' })).toBe('Minimum payment amount is 50 sats ($0.50 USD) for card payments.');
    // The server's price decides: any other amount is refused, with the real price beside the message.
    const wrong = await intent(b.token, { amount: '100', auctionId: lot.id, currency: 'usd' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Invalid payment amount.', code: 'amount_mismatch', buyNowPrice: '50.00' } });
    const btc = await buyNowLot(20_000n, { paymentMethod: 'BTC' });
    expect((await intent(b.token, { amount: '20000', auctionId: btc.id, currency: 'sats' })).body.code).toBe('card_currency_unsupported');
    expect(rs.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id)).toHaveLength(0);
  });

  it('keeps the bidding gates, and refuses lots without Buy Now, ended, unknown or your own', async () => {
    const notReady = await createUser(stack.db, 'identityVerified');
    const lot = await buyNowLot(5000n);
    const gated = await intent(await signIn(stack.url, notReady.email), { amount: '50.00', auctionId: lot.id });
    expect(gated).toMatchObject({ status: 403, body: { message: 'Please set up your payment method first.' } });
    const b = await buyer();
    const off = await buyNowLot(5000n, { enabled: false });
    expect((await intent(b.token, { amount: '50.00', auctionId: off.id })).body).toMatchObject({ message: 'Buy Now is not available for this auction.', code: 'buy_now_unavailable' });
    const ended = await buyNowLot(5000n, { startsInMs: -120_000, endsInMs: -1000 });
    expect((await intent(b.token, { amount: '50.00', auctionId: ended.id })).body.message).toBe('This auction has ended');
    expect((await intent(b.token, { amount: '50.00', auctionId: 'no-such-lot' })).status).toBe(404);
    const own = await buyNowLot(5000n, { creatorId: b.user.id });
    expect((await intent(b.token, { amount: '50.00', auctionId: own.id })).status).toBe(403);
  });

  it('hands out the same unpaid intent when asked again: one hold per purchase', async () => {
    const b = await buyer();
    const lot = await buyNowLot(5000n);
    const replies = await Promise.all([1, 2, 3].map(() => intent(b.token, { amount: 50, auctionId: lot.id, currency: 'USD' })));
    expect(new Set(replies.map((r) => r.body.paymentIntentId)).size).toBe(1);
    expect(replies[0]!.body).toMatchObject({ amount: '50.00', currency: 'usd', publishableKey: rs.standIn.publishableKey, stripeApiUrl: rs.url });
    expect(rs.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id)).toHaveLength(1);
    const pi = await rs.stripe.paymentIntents.retrieve(replies[0]!.body.paymentIntentId);
    expect(pi).toMatchObject({ amount: 5000, currency: 'usd', capture_method: 'manual', status: 'requires_confirmation', metadata: { purpose: 'buy_now', lotId: lot.id, userId: b.user.id } });
  });
});

describe('POST /auctions/:id/buy-now', () => {
  it('ends the lot at once with the buyer as winner, captures the hold, cancels every other bid and releases their holds', { timeout: 30_000 }, async () => {
    const lot = await buyNowLot(5000n);
    const cardBidder = await buyer();
    const plainBidder = await createUser(stack.db, 'ready');
    const plainToken = await signIn(stack.url, plainBidder.email);
    expect((await call(stack.url, plainToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '10.00' })).status).toBe(201);
    const held = await call(stack.url, cardBidder.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '20.00', walletAddress: 'card_payment' });
    expect(held.status).toBe(201);

    const b = await buyer();
    const { pi, res } = await buyWithCard(b, lot.id, '50.00');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Auction purchased successfully!',
      data: {
        auctionId: lot.id,
        status: 'ended',
        soldPrice: '50.00',
        unit: 'USD',
        paymentMethod: 'Stripe',
        paymentState: 'paid',
        paymentIntentId: pi,
        winner: { id: b.user.id, name: b.user.name, walletAddress: null },
      },
    });
    const after = await lotRow(lot.id);
    expect(after).toMatchObject({ status: 'ended', winnerId: b.user.id, boughtNow: true, paid: true, txHash: pi, winningBidId: null });
    expect(after.soldPrice?.toFixed(0)).toBe('5000');
    expect(await rs.stripe.paymentIntents.retrieve(pi)).toMatchObject({ status: 'succeeded', amount_received: 5000 });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id, status: { not: 'cancelled' } } })).toBe(0);
    const heldBid = held.body.data.bid._id as string;
    await eventually(async () => (await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: heldBid } })).holdStatus === 'released', { timeoutMs: 15_000, what: 'the card bid’s hold released' });
    expect((await rs.stripe.paymentIntents.retrieve((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: heldBid } })).paymentIntentId!)).status).toBe('canceled');

    // A repeated request answers the same purchase; nothing is captured twice.
    const again = await buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: pi });
    expect(again.body.data).toMatchObject({ auctionId: lot.id, paymentState: 'paid' });
    expect(rs.calls.filter((c) => c.path === `/v1/payment_intents/${pi}/capture` && c.status === 200 && !c.replayed)).toHaveLength(1);
    // Bidding is over.
    expect((await call(stack.url, plainToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '60.00' })).body.message).toBe('This auction has ended');
    // The buyer's cart shows it bought and paid.
    const cart = await call(stack.url, b.token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, source: 'buy_now', amount: '50.00', paymentState: 'paid', txHash: pi })]);
  });

  it('refuses an unconfirmed, foreign or wrong-amount payment, and lots that are not buyable', async () => {
    const b = await buyer();
    const lot = await buyNowLot(5000n);
    const made = await intent(b.token, { amount: '50.00', auctionId: lot.id });
    // Not confirmed by the browser yet: nothing is held.
    expect((await buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId })).body).toMatchObject({
      message: 'Payment failed.',
      code: 'payment_not_authorized',
    });
    expect((await buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe' })).body.code).toBe('payment_intent_required');
    const other = await buyer();
    expect((await buyNowPost(other.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId })).body.code).toBe('payment_mismatch');
    // The price changed after the hold was made: the hold no longer matches.
    await confirmInBrowser(rs, made.body);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowPrice: '6000' } });
    const changed = await buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId });
    expect(changed.body).toMatchObject({ message: 'Invalid payment amount.', buyNowPrice: '60.00' });
    expect((await lotRow(lot.id)).status).toBe('live');

    const off = await buyNowLot(5000n, { enabled: false });
    expect((await buyNowPost(b.token, off.id, { paymentMethod: 'Manual' })).status).toBe(409);
    const ended = await buyNowLot(5000n, { startsInMs: -120_000, endsInMs: -1000 });
    expect((await buyNowPost(b.token, ended.id, { paymentMethod: 'Manual' })).body.message).toBe('This auction has ended');
    const reached = await buyNowLot(5000n);
    await stack.db.prisma.lot.update({ where: { id: reached.id }, data: { currentBid: '5000', currentPrice: '5000' } });
    expect((await buyNowPost(b.token, reached.id, { paymentMethod: 'Manual' })).body.code).toBe('buy_now_price_reached');
    expect((await buyNowPost(b.token, lot.id, { paymentMethod: 'BTC' })).body.code).toBe('buy_now_method');
  });

  it('two buyers racing: exactly one wins, the other’s hold is released', { timeout: 30_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const lot = await buyNowLot(4000n);
      const [x, y] = [await buyer(), await buyer()];
      const held = await Promise.all(
        [x, y].map(async (b) => {
          const made = await intent(b.token, { amount: '40.00', auctionId: lot.id });
          await confirmInBrowser(rs, made.body);
          return made.body.paymentIntentId as string;
        }),
      );
      const results = await Promise.all([x, y].map((b, i) => buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: held[i] })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.findIndex((r) => r.status === 200);
      expect(results[1 - winner]!.body.message).toBe('This auction has ended');
      const after = await lotRow(lot.id);
      expect(after.winnerId).toBe([x, y][winner]!.user.id);
      expect((await rs.stripe.paymentIntents.retrieve(held[winner]!)).status).toBe('succeeded');
      expect((await rs.stripe.paymentIntents.retrieve(held[1 - winner]!)).status).toBe('canceled');
    }
  });

  it('racing bids: exactly one winner, every bid cancelled or refused, every bid hold released', { timeout: 40_000 }, async () => {
    const lot = await buyNowLot(10_000n, { startingBid: 100n });
    const bidders = await Promise.all([1, 2, 3, 4].map(() => buyer()));
    const b = await buyer();
    const made = await intent(b.token, { amount: '100.00', auctionId: lot.id });
    await confirmInBrowser(rs, made.body);
    let amount = 100;
    const bids = bidders.flatMap((bidder, i) =>
      [0, 1, 2].map(async (k) => {
        await new Promise((r) => setTimeout(r, k * 15));
        amount += 100;
        return call(stack.url, bidder.token, 'POST', `/auctions/${lot.id}/bids`, { amount: (amount / 100).toFixed(2), walletAddress: i % 2 ? 'card_payment' : undefined });
      }),
    );
    const purchase = (async () => {
      await new Promise((r) => setTimeout(r, 20));
      return buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId });
    })();
    const [bought, ...placed] = await Promise.all([purchase, ...bids]);
    expect(bought.status).toBe(200);
    for (const r of placed) expect([201, 400, 409]).toContain(r.status);
    const after = await lotRow(lot.id);
    expect(after).toMatchObject({ status: 'ended', winnerId: b.user.id, boughtNow: true, paid: true });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id, status: { in: ['active', 'outbid'] } } })).toBe(0);
    // Every hold any card bid on this lot made is given back: written bids by the job, refused ones at once.
    const holds = rs.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id && c.params.get('metadata[purpose]') === 'bid_hold');
    expect(holds.length).toBeGreaterThan(0);
    await eventually(async () => (await Promise.all(holds.map((id) => rs.stripe.paymentIntents.retrieve(id)))).every((pi) => pi.status === 'canceled'), {
      timeoutMs: 15_000,
      what: 'every bid hold released',
    });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id, holdStatus: 'authorized' } })).toBe(0);
  });

  it('a purchase never waits for a pay-later bidder on the lot who is between their allowance check and their bid', async () => {
    const lot = await buyNowLot(10_000n, { startingBid: 100n });
    const bidder = await payLaterBuyer();
    expect((await call(stack.url, bidder.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '1.00' })).status).toBe(201);
    // The bidder's next bid on this lot has passed its allowance check, which locks their row, and is about to
    // write: it waits for the lot from here. Were the purchase, which holds the lot, to wait for that row in turn
    // (the bidder's active bid it cancels points at it), PostgreSQL would cancel one of the two as a deadlock.
    const placing = new pg.Client({ connectionString: stack.databaseUrl });
    await placing.connect();
    try {
      await placing.query('BEGIN');
      await placing.query('SELECT fits FROM gavel_pay_later_fits($1, $2, 200)', [bidder.user.id, lot.id]);
      const b = await buyer();
      const made = await intent(b.token, { amount: '100.00', auctionId: lot.id });
      await confirmInBrowser(rs, made.body);
      let answered = false;
      const bought = buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId }).finally(() => {
        answered = true;
      });
      while (!answered && !(await waitsFor(placing))) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(answered, 'the purchase waited for the bidder').toBe(true);
      expect((await bought).status).toBe(200);
      const [write] = (await placing.query('SELECT placed FROM gavel_place_bid($1, $2, $3, 200, 100, NULL, 200)', [lot.id, randomUUID(), bidder.user.id])).rows;
      expect(write).toEqual({ placed: false });
    } finally {
      await placing.query('COMMIT');
      await placing.end();
    }
    expect(await lotRow(lot.id)).toMatchObject({ status: 'ended', boughtNow: true, bidCount: 1 });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id, status: { in: ['active', 'outbid'] } } })).toBe(0);
  });

  it('a bid reaching the buy-now price and a buyer racing: exactly one of them gets the lot', { timeout: 40_000 }, async () => {
    for (let round = 0; round < 4; round++) {
      const lot = await buyNowLot(3000n);
      const [bidder, b] = [await buyer(), await buyer()];
      const made = await intent(b.token, { amount: '30.00', auctionId: lot.id });
      await confirmInBrowser(rs, made.body);
      const [bidRes, buyRes] = await Promise.all([
        call(stack.url, bidder.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '30.00', walletAddress: 'card_payment' }),
        buyNowPost(b.token, lot.id, { paymentMethod: 'Stripe', paymentIntentId: made.body.paymentIntentId }),
      ]);
      const after = await lotRow(lot.id);
      if (buyRes.status === 200) {
        expect(bidRes.status).toBe(409);
        expect(after).toMatchObject({ status: 'ended', winnerId: b.user.id });
      } else {
        expect(bidRes.status).toBe(201);
        expect(buyRes.body.code).toBe('buy_now_price_reached');
        expect(after).toMatchObject({ status: 'live', winnerId: null });
        expect((await rs.stripe.paymentIntents.retrieve(made.body.paymentIntentId)).status).toBe('canceled');
      }
      const holds = rs.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id && c.params.get('metadata[purpose]') === 'bid_hold');
      const statuses = await Promise.all(holds.map(async (id) => (await rs.stripe.paymentIntents.retrieve(id)).status));
      expect(statuses).toEqual([buyRes.status === 200 ? 'canceled' : 'requires_capture']);
    }
  });

  it('without a card (Manual) the buyer wins and pays later in the cart', async () => {
    const b = await payLaterBuyer();
    const lot = await buyNowLot(2500n);
    const res = await buyNowPost(b.token, lot.id, { paymentMethod: 'Manual' });
    expect(res.body).toMatchObject({ message: 'Auction purchased successfully!', data: { paymentState: 'awaiting_payment', paymentIntentId: null } });
    expect(await lotRow(lot.id)).toMatchObject({ status: 'ended', winnerId: b.user.id, boughtNow: true, paid: false, txHash: null });
    const cart = await call(stack.url, b.token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, source: 'buy_now', amount: '25.00', paymentState: 'awaiting_payment', payableByCard: true })]);
  });
});

describe('cart and final checkout', () => {
  it('lists won and bought lots with amounts, units and payment state, and what is due per unit', async () => {
    const b = await payLaterBuyer();
    const usd1 = await wonLot(b.user.id, 1250n);
    const usd2 = await wonLot(b.user.id, 3000n);
    const btc = await wonLot(b.user.id, 15_000n, 'BTC');
    const bought = await buyNowLot(999n);
    await buyNowPost(b.token, bought.id, { paymentMethod: 'Manual' });
    const someoneElses = await wonLot((await createUser(stack.db, 'ready')).id, 700n);
    const cart = await call(stack.url, b.token, 'GET', '/cart');
    expect(cart.status).toBe(200);
    const byId = new Map(cart.body.items.map((i: any) => [i.lotId, i]));
    expect(byId.size).toBe(4);
    expect(byId.has(someoneElses.id)).toBe(false);
    expect(byId.get(usd1.id)).toMatchObject({
      source: 'won',
      amount: '12.50',
      unit: 'USD',
      paymentState: 'awaiting_payment',
      payableByCard: true,
      lot: { _id: usd1.id, title: usd1.title, paymentMethod: 'Manual' },
    });
    expect(byId.get(btc.id)).toMatchObject({ source: 'won', amount: '15000', unit: 'sats', payableByCard: false });
    expect(byId.get(bought.id)).toMatchObject({ source: 'buy_now', amount: '9.99', unit: 'USD' });
    expect(cart.body.due).toEqual(
      expect.arrayContaining([
        { unit: 'USD', amount: '52.49' },
        { unit: 'sats', amount: '15000' },
      ]),
    );
    expect(cart.body.serviceFee).toBe('0.00');
    expect(usd2).toBeTruthy();
    expect((await call(stack.url, null, 'GET', '/cart')).status).toBe(401);
  });

  it('checks the selection: signed in, something selected, owed by you, one currency, USD only', async () => {
    const b = await buyer();
    const usd = await wonLot(b.user.id, 1250n);
    const btc = await wonLot(b.user.id, 15_000n, 'BTC');
    const other = await wonLot((await createUser(stack.db, 'ready')).id, 700n);
    const checkout = (token: string | null, lotIds: unknown) => call(stack.url, token, 'POST', '/cart/checkout', { lotIds });
    expect((await checkout(null, [usd.id])).body).toMatchObject({ message: 'Please log in to continue with payment.' });
    expect((await checkout(b.token, [])).body.message).toBe('Please select at least one lot to pay for.');
    expect((await checkout(b.token, [other.id])).body).toMatchObject({ message: 'This lot is not awaiting your payment.', lotId: other.id });
    expect((await checkout(b.token, [usd.id, btc.id])).body.message).toBe('Lots in different currencies cannot be paid together.');
    expect((await checkout(b.token, [btc.id])).body.code).toBe('card_currency_unsupported');
    const live = await createLot(stack.db, { paymentMethod: 'Manual' });
    expect((await checkout(b.token, [live.id])).status).toBe(409);
  });

  it('one PaymentIntent for the real total; the webhook marks the lots paid exactly once, even delivered twice', { timeout: 30_000 }, async () => {
    const b = await buyer();
    const lots = [await wonLot(b.user.id, 1250n), await wonLot(b.user.id, 3000n), await wonLot(b.user.id, 999n)];
    const ids = lots.map((l) => l.id);
    const first = await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [...ids].reverse() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: '52.49', serviceFee: '0.00', currency: 'usd', stripeApiUrl: rs.url });
    expect(first.body.items.map((i: any) => i.amount).sort()).toEqual(['12.50', '30.00', '9.99']);
    // Asking again (or twice at once) gives the same intent: the idempotency key is the user and the sorted lots.
    const again = await Promise.all([call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: ids }), call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [ids[1], ids[0], ids[2]] })]);
    for (const r of again) expect(r.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const pi = first.body.paymentIntentId as string;
    expect(await rs.stripe.paymentIntents.retrieve(pi)).toMatchObject({
      amount: 5249,
      currency: 'usd',
      status: 'requires_confirmation',
      customer: b.user.stripeCustomerId,
      metadata: { purpose: 'checkout', userId: b.user.id },
    });
    const creates = rs.calls.filter((c) => c.path === '/v1/payment_intents' && c.params.get('metadata[purpose]') === 'checkout' && c.params.get('metadata[userId]') === b.user.id);
    expect(new Set(creates.map((c) => c.reply.id))).toEqual(new Set([pi]));
    expect(creates[0]!.idempotencyKey).toMatch(new RegExp(`^checkout:${b.user.id}:`));

    const paid = await confirmInBrowser(rs, first.body);
    expect(paid.body.status).toBe('succeeded');
    await rs.standIn.webhooksSettled();
    const marked = await eventually(async () => {
      const rows = await stack.db.prisma.lot.findMany({ where: { id: { in: ids } } });
      return rows.every((l) => l.paid) ? rows : null;
    });
    for (const lot of marked) expect(lot).toMatchObject({ paid: true, txHash: pi });
    const paidAt = marked.map((l) => l.paidAt!.getTime());

    // Stripe delivers the same event again: nothing changes.
    const event = rs.standIn.events('payment_intent.succeeded').find((e) => (e.data.object as { id: string }).id === pi)!;
    rs.standIn.resend(event.id);
    await rs.standIn.webhooksSettled();
    expect(rs.standIn.deliveries.filter((d) => d.eventId === event.id && d.outcome === 200)).toHaveLength(2);
    const later = await stack.db.prisma.lot.findMany({ where: { id: { in: ids } } });
    expect(later.map((l) => l.paidAt!.getTime())).toEqual(paidAt);
    expect(await stack.db.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(1);
    expect(await stack.db.prisma.cardPayment.findUniqueOrThrow({ where: { paymentIntentId: pi } })).toMatchObject({ status: 'succeeded', amount: expect.anything() });

    const cart = await call(stack.url, b.token, 'GET', '/cart');
    for (const item of cart.body.items) expect(item).toMatchObject({ paymentState: 'paid', txHash: pi });
    expect(cart.body.due).toEqual([]);
    // Paid lots cannot be paid again.
    expect((await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: ids })).body.message).toBe('This lot is already paid.');
    expect(new Set(rs.createdIntents((c) => c.params.get('metadata[userId]') === b.user.id && c.params.get('metadata[purpose]') === 'checkout'))).toEqual(new Set([pi]));
  });

  it('a new selection cancels the earlier unpaid intent covering the same lots, so no lot can be paid twice', { timeout: 30_000 }, async () => {
    const b = await buyer();
    const [x, y] = [await wonLot(b.user.id, 1000n), await wonLot(b.user.id, 2000n)];
    const both = await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [x.id, y.id] });
    const justX = await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [x.id] });
    expect(justX.body.total).toBe('10.00');
    expect(justX.body.paymentIntentId).not.toBe(both.body.paymentIntentId);
    expect((await rs.stripe.paymentIntents.retrieve(both.body.paymentIntentId)).status).toBe('canceled');
    // The old browser tab tries to pay the cancelled intent: refused.
    expect((await confirmInBrowser(rs, both.body)).status).toBe(400);
    // Selecting both again makes a fresh intent (the cancelled one is not replayed).
    const bothAgain = await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [y.id, x.id] });
    expect(bothAgain.status).toBe(200);
    expect(bothAgain.body.paymentIntentId).not.toBe(both.body.paymentIntentId);
    expect((await rs.stripe.paymentIntents.retrieve(justX.body.paymentIntentId)).status).toBe('canceled');
    expect((await confirmInBrowser(rs, bothAgain.body)).body.status).toBe('succeeded');
    await eventually(async () => (await stack.db.prisma.lot.count({ where: { id: { in: [x.id, y.id] }, paid: true } })) === 2);
  });

  it('pays a Buy Now bought without a card', async () => {
    const b = await payLaterBuyer();
    const lot = await buyNowLot(2500n);
    await buyNowPost(b.token, lot.id, { paymentMethod: 'Manual' });
    const made = await call(stack.url, b.token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(made.body.total).toBe('25.00');
    await confirmInBrowser(rs, made.body, '4242424242424242');
    await eventually(async () => (await lotRow(lot.id)).paid);
    expect((await lotRow(lot.id)).txHash).toBe(made.body.paymentIntentId);
  });
});
