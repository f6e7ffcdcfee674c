/**
 * Every lead and every sale is backed by money: a bid or a Buy Now on a USD lot without a card hold stands only
 * within the pay-later bidding limit an admin granted; amounts beyond what a card can carry are refused before
 * anything is held; a buyer refused after their card was held gets the hold back in the same request. Each
 * refusal is checked for its message and for nothing having changed (lot, bids, holds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

const NO_LIMIT = 'Bidding without a card needs a pay-later bidding limit. Bid by card, or ask us for a limit on the support page.';
const api = (token: string | null, method: string, path: string, body?: unknown) => call(stack.url, token, method, path, body);

/** A ready bidder with no card and the given pay-later limit (cents). */
async function payLaterBidder(limitCents: bigint) {
  const user = await createUser(stack.db, 'ready');
  await stack.db.prisma.user.update({ where: { id: user.id }, data: { biddingLimit: limitCents.toString() } });
  return { user, token: await signIn(stack.url, user.email) };
}

async function lotState(id: string) {
  const lot = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
  const bids = await stack.db.prisma.bid.findMany({ where: { lotId: id }, select: { status: true, amount: true, holdStatus: true } });
  return { status: lot.status, currentBid: lot.currentBid?.toFixed(0) ?? null, winnerId: lot.winnerId, bids: bids.map((b) => `${b.amount.toFixed(0)}:${b.status}:${b.holdStatus}`).sort() };
}

describe('pay-later bids stand only within the bidding limit', () => {
  it('a bid with no card and no limit is refused with how to bid instead, and nothing changes', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const before = await lotState(lot.id);
    const { token } = await payLaterBidder(0n);
    for (const amount of ['10.00', '1000000.00', '1000000000000000']) {
      const refused = await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount });
      expect(refused).toMatchObject({ status: 402, body: { message: NO_LIMIT, code: 'bidding_limit', fields: { amount: NO_LIMIT } } });
    }
    expect(await lotState(lot.id)).toEqual(before);
  });

  it('the admin grants a limit, and the same bid goes through; open commitments count against it, one’s own raise once', async () => {
    const first = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const second = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const { user, token } = await payLaterBidder(0n);
    expect((await api(token, 'POST', `/auctions/${first.id}/bids`, { amount: '100.00' })).status).toBe(402);

    const granted = await api(adminToken, 'PATCH', `/admin/users/${user.id}/bidding-limit`, { biddingLimit: '150' });
    expect(granted).toMatchObject({ status: 200, body: { message: 'Bidding limit updated', data: { biddingLimit: '150.00' } } });
    expect((await api(token, 'GET', '/auth/me')).body.user.biddingLimit).toBe('150.00');
    expect((await api(token, 'POST', `/auctions/${first.id}/bids`, { amount: '100.00' })).status).toBe(201);
    expect((await api(token, 'GET', '/payment/bidding-limit')).body.data).toEqual({ limit: '150.00', available: '50.00' });

    const over = await api(token, 'POST', `/auctions/${second.id}/bids`, { amount: '60.00' });
    expect(over).toMatchObject({ status: 402, body: { message: 'Your pay-later bidding limit has $50.00 left. Bid by card, or ask us for a higher limit on the support page.' } });
    expect((await lotState(second.id)).bids).toEqual([]);
    // Raising one's own leading bid counts the lot once.
    expect((await api(token, 'POST', `/auctions/${first.id}/bids`, { amount: '140.00' })).status).toBe(201);
    // Outbid by someone else, the commitment is gone.
    const rival = await payLaterBidder(100_000n);
    expect((await api(rival.token, 'POST', `/auctions/${first.id}/bids`, { amount: '141.00' })).status).toBe(201);
    expect((await api(token, 'POST', `/auctions/${second.id}/bids`, { amount: '150.00' })).status).toBe(201);

    const bad = await api(adminToken, 'PATCH', `/admin/users/${user.id}/bidding-limit`, { biddingLimit: '-5' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Enter the bidding limit in US dollars, e.g. 2500 or 2500.00', fields: { biddingLimit: expect.any(String) } } });
    expect((await api(token, 'PATCH', `/admin/users/${user.id}/bidding-limit`, { biddingLimit: '1000000' })).status).toBe(403);
  });

  it('racing pay-later bids on five lots never spend one allowance twice', async () => {
    const lots = await Promise.all(Array.from({ length: 5 }, () => createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n })));
    const { user, token } = await payLaterBidder(10_000n);
    const replies = await Promise.all(lots.map((lot) => api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '100.00' })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402]);
    expect(await stack.db.prisma.bid.count({ where: { userId: user.id, status: 'active' } })).toBe(1);
  });

  it('a lot that closes leaves the open bids: won, it is owed until paid; lost, it counts no more', async () => {
    const [won, lost, open] = await Promise.all([1, 2, 3].map(() => createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n })));
    const { user, token } = await payLaterBidder(30_000n);
    const rival = await payLaterBidder(100_000n);
    const available = async () => (await api(token, 'GET', '/payment/bidding-limit')).body.data.available;
    expect((await api(token, 'POST', `/auctions/${won!.id}/bids`, { amount: '100.00' })).status).toBe(201);
    expect((await api(token, 'POST', `/auctions/${lost!.id}/bids`, { amount: '50.00' })).status).toBe(201);
    expect((await api(token, 'POST', `/auctions/${open!.id}/bids`, { amount: '20.00' })).status).toBe(201);
    expect((await api(rival.token, 'POST', `/auctions/${lost!.id}/bids`, { amount: '60.00' })).status).toBe(201);
    expect(await available()).toBe('180.00');

    for (const lot of [won!, lost!]) expect((await api(adminToken, 'POST', `/auctions/${lot.id}/end`)).status).toBe(200);
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: won!.id } })).winnerId).toBe(user.id);
    // The winning bid is no longer an open one (the database marks its lot closed), but what it won is still owed.
    const bids = await stack.db.prisma.bid.findMany({ where: { userId: user.id, status: 'active' }, select: { lotId: true, lotOpen: true } });
    expect(Object.fromEntries(bids.map((b) => [b.lotId, b.lotOpen]))).toEqual({ [won!.id]: false, [open!.id]: true });
    expect(await available()).toBe('180.00');
    // The open lot's bid still counts, raised once.
    expect((await api(token, 'POST', `/auctions/${open!.id}/bids`, { amount: '210.00' })).status).toBe(402);
    expect((await api(token, 'POST', `/auctions/${open!.id}/bids`, { amount: '200.00' })).status).toBe(201);
    expect(await available()).toBe('0.00');

    expect((await api(adminToken, 'POST', `/auctions/${won!.id}/mark-paid`, {})).status).toBe(200);
    expect(await available()).toBe('100.00');
  });

  it('a Buy Now without a card falls within the limit too', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: '50000' } });
    const before = await lotState(lot.id);
    const { user, token } = await payLaterBidder(0n);
    const refused = await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
    expect(refused).toMatchObject({ status: 402, body: { message: NO_LIMIT } });
    expect(await lotState(lot.id)).toEqual(before);
    await api(adminToken, 'PATCH', `/admin/users/${user.id}/bidding-limit`, { biddingLimit: '500' });
    expect((await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' })).status).toBe(200);
    // The unpaid purchase is an open commitment: nothing is left for another.
    expect((await api(token, 'GET', '/payment/bidding-limit')).body.data.available).toBe('0.00');
  });
});

describe('amounts beyond what a card can carry', () => {
  const CAP = 'A card payment can be at most $999,999.99. For more, ask us for a pay-later bidding limit on the support page.';

  it('a card bid, a Buy Now intent and a cart checkout above $999,999.99 are 400s naming the limit, and nothing is held', async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const holdsBefore = rs.createdIntents().length;

    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const bid = await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '1000000.00', walletAddress: 'card_payment' });
    expect(bid).toMatchObject({ status: 400, body: { message: CAP, fields: { amount: CAP } } });
    expect((await lotState(lot.id)).bids).toEqual([]);

    const buyNow = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    await stack.db.prisma.lot.update({ where: { id: buyNow.id }, data: { buyNowEnabled: true, buyNowPrice: '100000000' } });
    const intent = await api(token, 'POST', '/payment/buy-now-intent', { amount: '1000000.00', auctionId: buyNow.id, currency: 'usd' });
    expect(intent).toMatchObject({ status: 400, body: { message: CAP } });

    const won = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 100_000_000n });
    const winning = await stack.db.prisma.bid.create({ data: { lotId: won.id, userId: user.id, amount: '100000000', status: 'active' } });
    await stack.db.prisma.lot.update({
      where: { id: won.id },
      data: { status: 'ended', closedAt: new Date(), endTime: new Date(Date.now() - 1000), winnerId: user.id, winningBidId: winning.id, soldPrice: '100000000', currentBid: '100000000', bidCount: 1 },
    });
    const checkout = await api(token, 'POST', '/cart/checkout', { lotIds: [won.id] });
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe(CAP);

    expect(rs.createdIntents().length).toBe(holdsBefore);
  });
});

describe('a refusal releases the hold at once', () => {
  it('of five buyers racing for one Buy Now, the four refused have their holds cancelled before they are answered', async () => {
    const durations: number[] = [];
    // Four races in the suite; BUY_NOW_RACES=20 for the figures the note reports.
    for (let race = 0; race < Number(process.env.BUY_NOW_RACES ?? 4); race++) {
      const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
      await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: '5000' } });
      const buyers = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const user = await userWithCard(stack.db, rs);
          const token = await signIn(stack.url, user.email);
          const made = await api(token, 'POST', '/payment/buy-now-intent', { amount: '50.00', auctionId: lot.id, currency: 'usd' });
          expect((await confirmInBrowser(rs, made.body)).body.status).toBe('requires_capture');
          return { token, pi: made.body.paymentIntentId as string };
        }),
      );
      const replies = await Promise.all(
        buyers.map(async (b) => {
          const started = performance.now();
          const reply = await api(b.token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Stripe', paymentIntentId: b.pi });
          return { ...b, reply, ms: performance.now() - started };
        }),
      );
      const winners = replies.filter((r) => r.reply.status === 200);
      expect(winners).toHaveLength(1);
      for (const refused of replies.filter((r) => r.reply.status !== 200)) {
        expect(refused.reply.status).toBe(409);
        // Read the moment the refusal arrived: the hold is already gone.
        expect((await rs.stripe.paymentIntents.retrieve(refused.pi)).status).toBe('canceled');
        durations.push(refused.ms);
      }
      expect((await rs.stripe.paymentIntents.retrieve(winners[0]!.pi)).status).toBe('succeeded');
    }
    durations.sort((a, b) => a - b);
    console.log(
      `refused Buy Now, answered with the hold already cancelled: p50 ${durations[Math.floor(durations.length / 2)]!.toFixed(0)} ms, max ${durations.at(-1)!.toFixed(0)} ms over ${durations.length} refusals`,
    );
  });
});

describe('a won card bid is paid by its hold, never again from the cart', () => {
  it('while its hold is held, being released or captured ahead of the lot’s record, the cart offers no payment and checkout refuses it', async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n, endsInMs: 60_000 });
    expect((await api(token, 'POST', `/auctions/${lot.id}/bids`, { amount: '10.00', walletAddress: 'card_payment' })).status).toBe(201);
    // Closed, its hold not yet captured: the lot records the win and nothing paid.
    await stack.db.prisma
      .$executeRaw`UPDATE "Lot" SET status = 'ended', "endTime" = now(), "winnerId" = ${user.id}, "winningBidId" = (SELECT id FROM "Bid" WHERE "lotId" = ${lot.id}) WHERE id = ${lot.id}`;
    for (const holdStatus of ['authorized', 'releasing', 'captured'] as const) {
      await stack.db.prisma.bid.updateMany({ where: { lotId: lot.id }, data: { holdStatus } });
      const item = (await api(token, 'GET', '/cart')).body.items.find((i: { lotId: string }) => i.lotId === lot.id);
      expect(item, holdStatus).toMatchObject({ paymentState: 'processing', payableByCard: false });
      expect((await api(token, 'POST', '/cart/checkout', { lotIds: [lot.id] })).body.code, holdStatus).toBe('payment_processing');
    }
  });
});

describe('ADD TO CART holds the card, and the cart pays it', () => {
  async function cartLot(price: bigint) {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    return stack.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: price.toString() } });
  }

  it('with a saved card: the price is held, the lot is bought, and Pay now in the cart charges the hold', async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const lot = await cartLot(4200n);
    const bought = await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
    expect(bought).toMatchObject({ status: 200, body: { data: { status: 'ended', paymentState: 'processing', paymentIntentId: expect.stringMatching(/^pi_/) } } });
    const pi = bought.body.data.paymentIntentId as string;
    const held = await rs.stripe.paymentIntents.retrieve(pi);
    expect(held).toMatchObject({ status: 'requires_capture', amount: 4200, currency: 'usd', customer: user.stripeCustomerId });

    const cart = await api(token, 'GET', '/cart');
    const item = cart.body.items.find((i: { lotId: string }) => i.lotId === lot.id);
    expect(item).toMatchObject({ paymentState: 'processing', heldUntil: expect.any(String), payableByCard: false });
    expect(new Date(item.heldUntil).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);

    const stranger = await userWithCard(stack.db, rs);
    const notTheirs = await api(await signIn(stack.url, stranger.email), 'POST', '/cart/pay-held', { lotIds: [lot.id] });
    expect(notTheirs).toMatchObject({ status: 409, body: { message: 'No card hold of yours stands for this lot.' } });

    const paid = await api(token, 'POST', '/cart/pay-held', { lotIds: [lot.id] });
    expect(paid).toMatchObject({ status: 200, body: { message: 'Payment received. Thank you!', paid: [lot.id] } });
    expect((await rs.stripe.paymentIntents.retrieve(pi)).status).toBe('succeeded');
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).paid).toBe(true);
    expect((await api(token, 'GET', '/cart')).body.items.find((i: { lotId: string }) => i.lotId === lot.id)).toMatchObject({ paymentState: 'paid', heldUntil: null });
  });

  it('unpaid in the cart, the hold is charged at its deadline by a delayed job', async () => {
    const user = await userWithCard(stack.db, rs);
    const token = await signIn(stack.url, user.email);
    const lot = await cartLot(3100n);
    const pi = (await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' })).body.data.paymentIntentId as string;
    const job = await stack.services.payments.jobs.queue.bullmq.getJob(`capture-cart-hold-${pi}`);
    expect(job?.delay).toBeGreaterThan(47 * 3600_000);
    // The deadline, brought forward: the job runs as it would in 48 hours.
    await job!.promote();
    await eventually(async () => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).paid, { timeoutMs: 20_000, what: 'the held lot paid at its deadline' });
    expect((await rs.stripe.paymentIntents.retrieve(pi)).status).toBe('succeeded');
    // Told at the purchase that the hold will be charged, and once it is, that it was.
    const mails = await stack.db.prisma.outboxMail.findMany({ where: { to: user.email }, orderBy: { createdAt: 'asc' } });
    expect(mails.map((m) => m.subject)).toEqual([`You won ${lot.title}`, 'Your card was charged $31.00']);
    expect(mails[0]!.text).toContain('We will charge $31.00 to the hold on your card, and e-mail you when it is charged.');
  });

  it('a declined card refuses ADD TO CART and the lot stays on sale', async () => {
    const user = await userWithCard(stack.db, rs, '4000000000000341');
    const token = await signIn(stack.url, user.email);
    const lot = await cartLot(2500n);
    const before = await lotState(lot.id);
    const refused = await api(token, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
    expect(refused.status).toBe(402);
    expect(await lotState(lot.id)).toEqual(before);
  });
});
