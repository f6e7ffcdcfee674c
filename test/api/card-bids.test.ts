/**
 * Card bids on off-chain USD lots and on BTC lots, end to end: the real api and worker on PostgreSQL + Redis,
 * the Stripe stand-in behind a recording proxy, webhooks delivered, and the Bitcoin stand-in for the signed
 * offers card bids compete with on BTC lots. A card bid authorises its amount (on a BTC lot: the sats' USD
 * value at the price stand-in's BTC price) before it is written; the hold is released when the bid is outbid or
 * withdrawn, captured when it wins, cancelled when it loses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { startPriceStandIn, type PriceStandIn } from '../../scripts/stand-ins/price/index.ts';
import { devClient, networkOf, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { offerBidder } from '../support/offer-bidders.ts';
import { signBip322 } from '../support/bip322-signer.ts';

let rs: RecordedStripe;
let btc: BitcoinStandIn;
let dev: ReturnType<typeof devClient>;
let stack: TestStack;
const net = networkOf('regtest');
/**
 * The price service's BTC price in these tests, $100,000, with no hold margin: 1,000 sats hold $1.00. The margin and
 * a moving, stale or missing price are card-hold-prices.test.ts's.
 */
let prices: PriceStandIn;

beforeAll(async () => {
  rs = await startRecordedStripe();
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  prices = await startPriceStandIn({ port: 0, btcUsd: 100_000 });
  const bitcoinEnv = { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, BITCOIN_FOLLOW_MS: '100' };
  const priceEnv = { PRICE_API_URL: prices.priceUrl, CARD_HOLD_MARGIN_PERCENT: '0' };
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: { ...rs.env(), ...bitcoinEnv, ...priceEnv, LOT_CLOCK_RECONCILE_MS: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' },
  });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});

afterAll(async () => {
  await stack?.stop();
  await btc?.close();
  await prices?.close();
  await rs?.stop();
});

async function cardBidder(number?: string) {
  const user = await userWithCard(stack.db, rs, number);
  return { user, token: await signIn(stack.url, user.email) };
}

/** A card bid, unless `walletAddress` is null (a plain off-chain bid) or another address. */
const bid = (token: string, lotId: string, amount: string, walletAddress: string | null = 'card_payment') =>
  call(stack.url, token, 'POST', `/auctions/${lotId}/bids`, walletAddress === null ? { amount } : { amount, walletAddress });
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const holdsFor = (lotId: string) => rs.createdIntents((c) => c.params.get('metadata[lotId]') === lotId && c.params.get('metadata[purpose]') === 'bid_hold');
const heldSettled = (bidId: string, status: 'released' | 'captured' | 'failed') =>
  eventually(async () => (await bidRow(bidId)).holdStatus === status, { timeoutMs: 15_000, what: `bid ${bidId} hold ${status}` });

describe('placing a card bid', () => {
  it('authorises the bid amount on the saved card (manual capture, off-session) and keeps the hold on the bid', async () => {
    const { user, token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const res = await bid(token, lot.id, '12.50');
    expect(res.status).toBe(201);
    const row = await bidRow(res.body.data.bid._id);
    expect(row).toMatchObject({ status: 'active', holdStatus: 'authorized', walletAddress: null });
    expect(row.paymentIntentId).toMatch(/^pi_/);
    const pi = await rs.stripe.paymentIntents.retrieve(row.paymentIntentId!);
    expect(pi).toMatchObject({ amount: 1250, currency: 'usd', capture_method: 'manual', status: 'requires_capture', customer: user.stripeCustomerId, payment_method: user.stripePaymentMethodId });
    expect(pi.metadata).toMatchObject({ purpose: 'bid_hold', bidId: row.id, lotId: lot.id, userId: user.id });
    // One intent, created under the bid's own idempotency key.
    const creates = rs.calls.filter((c) => c.path === '/v1/payment_intents' && c.params.get('metadata[bidId]') === row.id);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`bid-hold:${row.id}`);
    expect(creates[0]!.params.get('off_session')).toBe('true');
  });

  it('refuses the bid with the card’s message when the card declines, and writes nothing', async () => {
    const { token } = await cardBidder('4000000000000341');
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const res = await bid(token, lot.id, '10.00');
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
    const after = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(after).toMatchObject({ currentBid: null, bidCount: 0 });
  });

  it('refuses a bid the rules refuse before any money is held', async () => {
    const { token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const low = await bid(token, lot.id, '9.99');
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('Bid must be at least 10.00 USD');
    const ended = await createLot(stack.db, { paymentMethod: 'Manual', startsInMs: -120_000, endsInMs: -1000 });
    expect((await bid(token, ended.id, '50.00')).body.message).toBe('This auction has ended');
    const cheap = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 10n });
    const tiny = await bid(token, cheap.id, '0.20');
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(holdsFor(lot.id)).toHaveLength(0);
    expect(holdsFor(ended.id)).toHaveLength(0);
    expect(holdsFor(cheap.id)).toHaveLength(0);
  });

  it('asks for the card again when Stripe no longer knows the saved one', async () => {
    const { user, token } = await cardBidder();
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { stripeCustomerId: 'cus_forgotten' } });
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const res = await bid(token, lot.id, '10.00');
    expect(res).toMatchObject({ status: 403, body: { message: 'Please set up your payment method first.', code: 'payment_method_missing' } });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
  });

  it('sends card bids on ETH lots on-chain', async () => {
    const { token } = await cardBidder();
    const eth = await createLot(stack.db, { paymentMethod: 'ETH', onchain: true, startingBid: 10n ** 16n });
    expect((await bid(token, eth.id, '0.02')).body.code).toBe('bid_on_chain');
    expect(holdsFor(eth.id)).toHaveLength(0);
  });

  it('leaves bids without a card alone: no Stripe call for a plain off-chain bid', async () => {
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const before = rs.calls.length;
    const res = await bid(token, lot.id, '10.00', null);
    expect(res.status).toBe(201);
    expect((await bidRow(res.body.data.bid._id)).holdStatus).toBeNull();
    expect(rs.calls.length).toBe(before);
  });
});

describe('after the bid', () => {
  it('releases the hold when the bid is outbid, also when bidders raise their own bid', async () => {
    const a = await cardBidder();
    const b = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const first = (await bid(a.token, lot.id, '10.00')).body.data.bid._id as string;
    const second = (await bid(b.token, lot.id, '11.00')).body.data.bid._id as string;
    await heldSettled(first, 'released');
    expect((await rs.stripe.paymentIntents.retrieve((await bidRow(first)).paymentIntentId!)).status).toBe('canceled');
    expect((await bidRow(second)).holdStatus).toBe('authorized');
    // Raising your own bid: the earlier hold is no longer needed either.
    const third = (await bid(b.token, lot.id, '15.00')).body.data.bid._id as string;
    await heldSettled(second, 'released');
    expect((await bidRow(third)).holdStatus).toBe('authorized');
    expect(holdsFor(lot.id)).toHaveLength(3);
  });

  it('releases the hold of a withdrawn bid', async () => {
    const a = await cardBidder();
    const b = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const first = (await bid(a.token, lot.id, '10.00')).body.data.bid._id as string;
    await bid(b.token, lot.id, '11.00');
    expect((await call(stack.url, a.token, 'DELETE', `/auctions/bids/${first}`, {})).status).toBe(200);
    await heldSettled(first, 'released');
  });

  it('captures the winning hold when the lot closes (the lot is paid, once) and releases every loser’s', { timeout: 40_000 }, async () => {
    const a = await cardBidder();
    const b = await cardBidder();
    const c = await cardBidder();
    // Ends in a few seconds; no anti-sniping extension, so the close job runs at the end.
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 2000n, endsInMs: 4000, extensionMinutes: 0 });
    const ids = [] as string[];
    for (const [bidder, amount] of [
      [a, '20.00'],
      [b, '21.00'],
      [c, '25.50'],
    ] as const) {
      const res = await bid(bidder.token, lot.id, amount);
      expect(res.status).toBe(201);
      ids.push(res.body.data.bid._id);
    }
    const [lost1, lost2, winner] = ids as [string, string, string];
    await heldSettled(winner, 'captured');
    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    const winnerPi = (await bidRow(winner)).paymentIntentId!;
    expect(closed).toMatchObject({ status: 'ended', winnerId: c.user.id, winningBidId: winner, paid: true, txHash: winnerPi });
    expect(closed.paidAt).not.toBeNull();
    expect(await rs.stripe.paymentIntents.retrieve(winnerPi)).toMatchObject({ status: 'succeeded', amount_received: 2550 });
    await heldSettled(lost1, 'released');
    await heldSettled(lost2, 'released');
    // Captured exactly once, and the paid lot cannot be checked out again.
    const captures = rs.calls.filter((x) => x.path === `/v1/payment_intents/${winnerPi}/capture` && x.status === 200 && !x.replayed);
    expect(captures).toHaveLength(1);
    const cart = await call(stack.url, c.token, 'GET', '/cart');
    expect(cart.body.items).toEqual([expect.objectContaining({ lotId: lot.id, source: 'won', amount: '25.50', unit: 'USD', paymentState: 'paid', payableByCard: false, txHash: winnerPi })]);
    expect(cart.body.due).toEqual([]);
    const again = await call(stack.url, c.token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This lot is already paid.');
    expect(holdsFor(lot.id)).toHaveLength(3);
  });

  it('the payments sweep releases holds whose job was lost (a crash after the commit, a cancelled lot)', { timeout: 30_000 }, async () => {
    const a = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const orphan = (await bid(a.token, lot.id, '10.00')).body.data.bid._id as string;
    // As if the process died between outbidding this bid and queueing its release.
    await stack.db.prisma.bid.update({ where: { id: orphan }, data: { status: 'outbid' } });
    await heldSettled(orphan, 'released');
    const cancelled = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const onCancelled = (await bid(a.token, cancelled.id, '10.00')).body.data.bid._id as string;
    await stack.db.prisma.lot.update({ where: { id: cancelled.id }, data: { status: 'cancelled' } });
    await heldSettled(onCancelled, 'released');
    expect((await rs.stripe.paymentIntents.retrieve((await bidRow(onCancelled)).paymentIntentId!)).status).toBe('canceled');
  });

  it('leaves a winner whose hold can no longer be captured to pay in the cart', { timeout: 40_000 }, async () => {
    const a = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 3000n, endsInMs: 3000, extensionMinutes: 0 });
    const placed = (await bid(a.token, lot.id, '30.00')).body.data.bid._id as string;
    // The hold disappears after the close, before its capture (released in the Dashboard, or lapsed). One that
    // disappears before the close passes the lead on instead (hold-renewal.test.ts).
    const paymentIntentId = (await bidRow(placed)).paymentIntentId!;
    const capture = rs.holdNext('POST', `/v1/payment_intents/${paymentIntentId}/capture`);
    await capture.arrived;
    await rs.stripe.paymentIntents.cancel(paymentIntentId);
    await capture.pass();
    await eventually(
      async () => {
        const cart = await call(stack.url, a.token, 'GET', '/cart');
        return cart.body.items.find((i: any) => i.lotId === lot.id)?.paymentState === 'awaiting_payment';
      },
      { timeoutMs: 15_000, what: 'awaiting payment' },
    );
    expect(['released', 'failed']).toContain((await bidRow(placed)).holdStatus);
    const checkout = await call(stack.url, a.token, 'POST', '/cart/checkout', { lotIds: [lot.id] });
    expect(checkout.status).toBe(200);
    expect(checkout.body.total).toBe('30.00');
  });
});

describe('card bids on BTC lots', () => {
  /** A BTC lot selling an inscription, as offers need; card bids alone need neither. */
  async function inscriptionLot(options: Parameters<typeof createLot>[1] = {}) {
    const { inscriptionId } = await dev.inscribe(new TestKey('p2tr', net).address, 'card lot');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, ...options });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: new TestKey('p2wpkh', net).address } });
    return lot;
  }
  const offerBid = async (who: Awaited<ReturnType<typeof offerBidder>>, lotId: string, amount: number) => {
    const offer = await who.bid(lotId, amount);
    expect(offer.status).toBe(201);
    const placed = await call(stack.url, who.token, 'POST', `/auctions/${lotId}/finalize`, { bidId: offer.body.data.bid._id, signedPsbtHex: who.sign(offer.body.data.psbtHex) });
    expect(placed.status).toBe(201);
    return offer.body.data.bid._id as string;
  };
  const statusOf = async (id: string) => (await bidRow(id)).status;
  /**
   * Returns once a whole turn of the spent-offer watch has run that began after the call. A fresh offer on its own
   * lot, then spent, is removed by a turn that began after it was placed; a second one, placed once the first is
   * removed, is removed by a turn that began after that one ended (turns do not overlap).
   */
  const aWholeWatchTurn = async () => {
    for (const round of [1, 2]) {
      const lot = await inscriptionLot();
      const bidder = await offerBidder(stack, dev, net);
      const offer = await offerBid(bidder, lot.id, 10_000);
      await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(bidder.keys.payment, [bidder.big], [{ address: bidder.keys.payment.address, value: 190_000 }], 1_000).toHex() });
      await eventually(async () => (await statusOf(offer)) === 'removed', { timeoutMs: 10_000, what: `the watch turn after offer ${round}` });
    }
  };
  const mailsTo = (email: string) => stack.db.prisma.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' }, select: { subject: true } });

  it('holds the USD value of the sats at the live BTC price and places the bid at once, with no PSBT to sign', async () => {
    const { user, token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    expect((await call(stack.url, token, 'GET', '/payment/card-hold-rate')).body).toEqual({ btcUsdCents: 10_000_000, ethUsdCents: 200_000, marginPercent: 0 });
    // 20,001 sats at $100,000 are $20.001: the hold rounds up to cover the bid.
    const res = await bid(token, lot.id, '20001');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Bid placed successfully!', minimumNextBid: '20101', data: { psbtHex: null, bid: { status: 'active', amount: '20001', unit: 'sats' } } });
    const row = await bidRow(res.body.data.bid._id);
    expect(row).toMatchObject({ status: 'active', holdStatus: 'authorized', walletAddress: null, signedPsbtHex: null });
    expect(await rs.stripe.paymentIntents.retrieve(row.paymentIntentId!)).toMatchObject({
      amount: 2001,
      currency: 'usd',
      capture_method: 'manual',
      status: 'requires_capture',
      customer: user.stripeCustomerId,
    });
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('20001');
  });

  it('refuses a bad BTC card bid with the field named, before anything is held', async () => {
    const { token } = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    expect(await bid(token, lot.id, '10000.5')).toMatchObject({ status: 400, body: { message: 'Invalid bid amount', fields: { amount: 'Invalid bid amount' } } });
    expect(await bid(token, lot.id, '9999')).toMatchObject({ status: 400, body: { message: 'Bid must be at least 10000 sats', code: 'bid_too_low' } });
    const cheap = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10n });
    // Under 50 sats, and under $0.50 (400 sats are $0.40 here): the spec's minimum card payment.
    expect(await bid(token, cheap.id, '49')).toMatchObject({
      status: 400,
      body: { message: 'Minimum payment amount is 50 sats ($0.50 USD) for card payments.', fields: { amount: expect.any(String) } },
    });
    expect(await bid(token, cheap.id, '400')).toMatchObject({ status: 400, body: { message: 'Minimum payment amount is $0.50 USD for card payments.' } });
    expect(holdsFor(lot.id)).toHaveLength(0);
    expect(holdsFor(cheap.id)).toHaveLength(0);
    expect(await stack.db.prisma.bid.count({ where: { lotId: { in: [lot.id, cheap.id] } } })).toBe(0);
  });

  it('a card bid and a signed offer outbid each other, with the outbid notices; the outbid card hold is released', { timeout: 30_000 }, async () => {
    const lot = await inscriptionLot();
    const card = await cardBidder();
    const offerer = await offerBidder(stack, dev, net);
    const first = (await bid(card.token, lot.id, '10000')).body.data.bid._id as string;
    const offer = await offerBid(offerer, lot.id, 10_100);
    expect(await statusOf(first)).toBe('outbid');
    await heldSettled(first, 'released');
    expect((await rs.stripe.paymentIntents.retrieve((await bidRow(first)).paymentIntentId!)).status).toBe('canceled');
    await eventually(async () => (await mailsTo(card.user.email)).some((m) => m.subject === "You've been outbid"), { timeoutMs: 10_000, what: 'card bidder told of the offer' });

    // And back: a card bid above the offer leads, the offer is outbid and its bidder told.
    const again = await bid(card.token, lot.id, '10200');
    expect(again.status).toBe(201);
    expect(await statusOf(offer)).toBe('outbid');
    expect(await bidRow(again.body.data.bid._id)).toMatchObject({ status: 'active', holdStatus: 'authorized' });
    await eventually(async () => (await mailsTo(offerer.user.email)).some((m) => m.subject === "You've been outbid"), { timeoutMs: 10_000, what: 'offer bidder told of the card bid' });
  });

  it('the spent-offer watch never drops a card bid, and promotes one when the offer above it is spent', { timeout: 30_000 }, async () => {
    const lot = await inscriptionLot();
    const card = await cardBidder();
    const offerer = await offerBidder(stack, dev, net);
    const cardBid = (await bid(card.token, lot.id, '10000')).body.data.bid._id as string;
    const offer = await offerBid(offerer, lot.id, 10_100);
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(offerer.keys.payment, [offerer.big], [{ address: offerer.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    await eventually(async () => (await statusOf(offer)) === 'removed', { timeoutMs: 10_000, what: 'the spent offer removed' });
    expect(await statusOf(cardBid)).toBe('active');
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('10000');
    await eventually(async () => (await mailsTo(card.user.email)).some((m) => m.subject === 'You are the highest bidder again'), { timeoutMs: 10_000, what: 'card bidder leads again' });
    // The card bid now leads; a whole turn of the watch that began after that has looked at it and kept it.
    await aWholeWatchTurn();
    expect(await statusOf(cardBid)).toBe('active');
  });

  it('a card winner pays by the captured hold (once) at close; the seller’s manual transfer with a hash completes the lot', { timeout: 40_000 }, async () => {
    const seller = await createUser(stack.db, 'seller');
    const sellerToken = await signIn(stack.url, seller.email);
    const a = await cardBidder();
    const b = await cardBidder();
    const lot = await inscriptionLot({ startingBid: 20_000n, endsInMs: 4000, extensionMinutes: 0, creatorId: seller.id });
    const lost = (await bid(a.token, lot.id, '20000')).body.data.bid._id as string;
    const won = (await bid(b.token, lot.id, '25000')).body.data.bid._id as string;
    await heldSettled(won, 'captured');
    const winnerPi = (await bidRow(won)).paymentIntentId!;
    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(closed).toMatchObject({ status: 'ended', winnerId: b.user.id, winningBidId: won, winnerWalletAddress: null, paid: true, txHash: winnerPi, transferred: false });
    expect(await rs.stripe.paymentIntents.retrieve(winnerPi)).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    const captures = rs.calls.filter((x) => x.path === `/v1/payment_intents/${winnerPi}/capture` && x.status === 200 && !x.replayed);
    expect(captures).toHaveLength(1);
    await heldSettled(lost, 'released');
    // Paid by card: the winner cannot also claim the inscription with a BTC offer.
    expect(await call(stack.url, b.token, 'POST', '/psbt/create', { auctionId: lot.id, walletAddress: 'bcrt1qunused' })).toMatchObject({ status: 409, body: { code: 'won_by_card' } });

    // The card bid named no wallet and the winner had none linked: the ordinals (taproot) address they prove
    // becomes the address the seller sends the inscription to, and the lot shows it (the rest in btc-card-cases.test.ts).
    const ordinals = new TestKey('p2tr', net);
    const challenge = await call(stack.url, b.token, 'POST', '/wallet/connect', { walletAddress: ordinals.address, walletType: 'hiro', walletName: 'Leather', ordinalsAddress: ordinals.address });
    const { message, nonce } = challenge.body.data;
    const linked = await call(stack.url, b.token, 'POST', '/wallet/verify', {
      walletAddress: ordinals.address,
      walletType: 'hiro',
      message,
      nonce,
      signature: signBip322(ordinals, message),
      ordinalsAddress: ordinals.address,
    });
    expect(linked.status).toBe(201);
    expect((await call(stack.url, sellerToken, 'GET', `/auctions/${lot.id}`)).body.data.winner).toMatchObject({ walletAddress: ordinals.address });

    // Paid, awaiting the seller's transfer of the inscription: a transfer hash marks it transferred.
    const transfer = (body: object) => call(stack.url, sellerToken, 'POST', `/auctions/${lot.id}/transfer`, body);
    expect(await transfer({})).toMatchObject({ status: 400, body: { fields: { transferTransactionHash: 'Please enter the transfer transaction hash' } } });
    // A crypto lot's transfer is a transaction hash, not free text.
    expect(await transfer({ transferTransactionHash: 'UPS 1Z999' })).toMatchObject({ status: 400, body: { message: 'Transaction hash may contain only letters and digits (up to 128)' } });
    expect((await transfer({ transferTransactionHash: ' 9f2c4e7a ' })).status).toBe(200);
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ transferred: true, transferTransactionHash: '9f2c4e7a' });
    expect(rs.calls.filter((x) => x.path === `/v1/payment_intents/${winnerPi}/capture` && x.status === 200 && !x.replayed)).toHaveLength(1);
  });
});
