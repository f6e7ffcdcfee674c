/**
 * The edges of BTC lots won by card, on the real api and worker with the Stripe stand-in behind a recording
 * proxy, the Bitcoin stand-in and the price stand-in ($100,000 a BTC, no margin: 1,000 sats hold $1.00):
 * - the inscription goes only to the winner's ordinals (taproot) address, proved beside the payment address;
 * - a card bid that would lead again after the offer above it was spent is held again first, or removed when
 *   its card refuses, and the next backed bid leads;
 * - the worker's sweep fills the address of a lot that closed while its winner's link was committing;
 * - a hold Stripe made for a bid that was never written is cancelled by the payments reconcile.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '@gavel/domain';
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
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';
import { deliveryAddressOf, sweepDeliveryAddresses } from '../../api/src/bitcoin-settlement/inscription-delivery.ts';
import { CARD_REFUSED_REASON } from '../../api/src/bidding/backed-leader.ts';
import { holdOnCard } from '../../api/src/payments/bid-holds.ts';
import { reconcilePendingHolds } from '../../api/src/payments/pending-holds.ts';

let rs: RecordedStripe;
let btc: BitcoinStandIn;
let prices: PriceStandIn;
let dev: ReturnType<typeof devClient>;
let stack: TestStack;
const net = networkOf('regtest');
const GRACE_MS = 60_000;

beforeAll(async () => {
  rs = await startRecordedStripe();
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  prices = await startPriceStandIn({ port: 0, btcUsd: 100_000 });
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: {
      ...rs.env(),
      BITCOIN_NETWORK: 'regtest',
      BITCOIN_ESPLORA_URL: btc.esploraUrl,
      ORD_URL: btc.ordUrl,
      BITCOIN_FOLLOW_MS: '100',
      PRICE_API_URL: prices.priceUrl,
      // Every hold reads the stand-in's price as it is now (one test moves it).
      PRICE_CACHE_MS: '1',
      CARD_HOLD_MARGIN_PERCENT: '0',
      PENDING_HOLD_GRACE_MS: String(GRACE_MS),
      LOT_CLOCK_RECONCILE_MS: '1000',
      RATE_SIGNIN_PER_IP: '1000',
      RATE_SIGNIN_PER_ACCOUNT: '1000',
    },
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
const cardBid = (token: string, lotId: string, amount: string) => call(stack.url, token, 'POST', `/auctions/${lotId}/bids`, { amount, walletAddress: 'card_payment' });
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const mailsTo = (email: string) => stack.db.prisma.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } });

/** Links a Bitcoin wallet by the api's challenge: its payment key signs, and its ordinals key too when given. */
async function linkWallet(token: string, payment: TestKey, ordinals?: TestKey) {
  const challenge = await call(stack.url, token, 'POST', '/wallet/connect', { walletAddress: payment.address, walletType: 'xverse', walletName: 'Xverse', ordinalsAddress: ordinals?.address });
  expect(challenge.status).toBe(200);
  const { message, nonce } = challenge.body.data;
  return call(stack.url, token, 'POST', '/wallet/verify', {
    walletAddress: payment.address,
    walletType: 'xverse',
    message,
    nonce,
    signature: signBip322(payment, message),
    ...(ordinals ? { ordinalsAddress: ordinals.address, ordinalsSignature: signBip322(ordinals, message) } : {}),
  });
}

/** A BTC lot won by `bidder`'s card bid: placed while open, then closed by the clock's own close. */
async function lotWonByCard(bidder: { token: string }) {
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, extensionMinutes: 0 });
  const placed = await cardBid(bidder.token, lot.id, '10000');
  expect(placed.status).toBe(201);
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
  await closeLotAndAnnounce(stack.services, lot.id);
  return lot;
}

describe('the inscription goes only to an ordinals (taproot) address', () => {
  it('a card winner with only a payment address gets no winner address; proving the wallet’s ordinals address fills it', { timeout: 30_000 }, async () => {
    const winner = await cardBidder();
    const payment = new TestKey('p2wpkh', net);
    expect((await linkWallet(winner.token, payment)).status).toBe(201);
    const lot = await lotWonByCard(winner);
    expect(await lotRow(lot.id)).toMatchObject({ status: 'ended', winnerId: winner.user.id, winnerWalletAddress: null });

    // Connecting again, the wallet proves its ordinals address with the same challenge: linked as ordinals.
    const ordinals = new TestKey('p2tr', net);
    const linked = await linkWallet(winner.token, payment, ordinals);
    expect(linked).toMatchObject({ status: 201, body: { data: { walletAddress: payment.address, purpose: 'payment' } } });
    expect((await lotRow(lot.id)).winnerWalletAddress).toBe(ordinals.address);
    const mine = await call(stack.url, winner.token, 'GET', '/wallet/my-wallets');
    expect(mine.body.data.map((w: any) => [w.walletAddress, w.purpose]).sort()).toEqual(
      [
        [payment.address, 'payment'],
        [ordinals.address, 'ordinals'],
      ].sort(),
    );

    // A lot won once the ordinals address is linked takes it at the close.
    const next = await lotWonByCard(winner);
    expect((await lotRow(next.id)).winnerWalletAddress).toBe(ordinals.address);
  });

  it('a non-taproot address is never the delivery address: refused as ordinals, and ignored if one were stored', { timeout: 30_000 }, async () => {
    const winner = await cardBidder();
    const payment = new TestKey('p2wpkh', net);
    const segwit = new TestKey('p2wpkh', net);
    const refused = await call(stack.url, winner.token, 'POST', '/wallet/connect', { walletAddress: payment.address, walletType: 'xverse', walletName: 'Xverse', ordinalsAddress: segwit.address });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ordinals_not_taproot', fields: { ordinalsAddress: 'The ordinals address must be a taproot (p2tr) address of this network' } } });

    // An ordinals address must sign too, with its own key.
    const ordinals = new TestKey('p2tr', net);
    const challenge = (
      await call(stack.url, winner.token, 'POST', '/wallet/connect', { walletAddress: payment.address, walletType: 'xverse', walletName: 'Xverse', ordinalsAddress: ordinals.address })
    ).body.data;
    expect(challenge).toMatchObject({ ordinalsAddress: ordinals.address });
    expect(challenge.message).toContain(`${payment.address}\n${ordinals.address}\n`);
    const forged = await call(stack.url, winner.token, 'POST', '/wallet/verify', {
      walletAddress: payment.address,
      walletType: 'xverse',
      message: challenge.message,
      nonce: challenge.nonce,
      signature: signBip322(payment, challenge.message),
      ordinalsAddress: ordinals.address,
      ordinalsSignature: signBip322(new TestKey('p2tr', net), challenge.message),
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 'bad_signature', fields: { ordinalsSignature: expect.any(String) } } });
    expect(await stack.db.prisma.wallet.count({ where: { userId: winner.user.id } })).toBe(0);

    // A payment (segwit v0) row marked ordinals by hand still delivers nothing: the close and the sweep skip it.
    await stack.db.prisma.wallet.create({ data: { userId: winner.user.id, address: segwit.address, type: 'xverse', purpose: 'ordinals' } });
    const lot = await lotWonByCard(winner);
    expect((await lotRow(lot.id)).winnerWalletAddress).toBeNull();
    await sweepDeliveryAddresses(stack.db.prisma);
    expect((await lotRow(lot.id)).winnerWalletAddress).toBeNull();
    expect(await deliveryAddressOf(stack.db.prisma, winner.user.id)).toBeNull();
  });
});

describe('a card bid leads again only with a live hold', () => {
  /** A BTC lot selling an inscription, as offers need. */
  async function inscriptionLot() {
    const { inscriptionId } = await dev.inscribe(new TestKey('p2tr', net).address, 'card lot');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
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
  const spendCoins = (who: Awaited<ReturnType<typeof offerBidder>>) =>
    fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(who.keys.payment, [who.big], [{ address: who.keys.payment.address, value: 190_000 }], 1_000).toHex() });
  const released = (bidId: string) => eventually(async () => (await bidRow(bidId)).holdStatus === 'released', { timeoutMs: 15_000, what: `bid ${bidId} hold released` });

  it('the card bid under a spent offer is held again (a new live hold) before it leads', { timeout: 40_000 }, async () => {
    const lot = await inscriptionLot();
    const card = await cardBidder();
    const offerer = await offerBidder(stack, dev, net);
    const cardBidId = (await cardBid(card.token, lot.id, '10000')).body.data.bid._id as string;
    const firstHold = (await bidRow(cardBidId)).paymentIntentId!;
    const offer = await offerBid(offerer, lot.id, 10_100);
    await released(cardBidId);
    expect((await rs.stripe.paymentIntents.retrieve(firstHold)).status).toBe('canceled');

    await spendCoins(offerer);
    await eventually(async () => (await bidRow(offer)).status === 'removed', { timeoutMs: 15_000, what: 'the spent offer removed' });
    const leader = await bidRow(cardBidId);
    expect(leader).toMatchObject({ status: 'active', holdStatus: 'authorized', holdCents: 1000 });
    expect(leader.paymentIntentId).not.toBe(firstHold);
    expect(await rs.stripe.paymentIntents.retrieve(leader.paymentIntentId!)).toMatchObject({
      status: 'requires_capture',
      amount: 1000,
      capture_method: 'manual',
      customer: card.user.stripeCustomerId,
    });
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe('10000');
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId: cardBidId } })).toBe(0);
    await eventually(async () => (await mailsTo(card.user.email)).some((m) => m.subject === 'You are the highest bidder again'), { timeoutMs: 10_000, what: 'card bidder leads again' });
  });

  it('a card maximum answers a signed offer below it at once, and an offer above it leads, the maximum’s hold released', { timeout: 40_000 }, async () => {
    const lot = await inscriptionLot();
    const card = await cardBidder();
    const [low, high] = [await offerBidder(stack, dev, net), await offerBidder(stack, dev, net)];
    const maximum = await call(stack.url, card.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '10000', walletAddress: 'card_payment', maximum: '30000' });
    expect(maximum.body.data.bid).toMatchObject({ status: 'active', maximum: '30000' });
    const cardBidId = maximum.body.data.bid._id as string;
    expect(await bidRow(cardBidId)).toMatchObject({ holdStatus: 'authorized', holdCents: 3000 });

    // The offer is signed and placed, then outbid by the earlier maximum in the same write.
    const answered = await low.bid(lot.id, 20_000);
    const finalized = await call(stack.url, low.token, 'POST', `/auctions/${lot.id}/finalize`, { bidId: answered.body.data.bid._id, signedPsbtHex: low.sign(answered.body.data.psbtHex) });
    expect(finalized).toMatchObject({ status: 201, body: { message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid' } } } });
    const shown = (await lotRow(lot.id)).currentBid!.toFixed(0);
    expect(BigInt(shown) > 20_000n && BigInt(shown) <= 30_000n).toBe(true);
    expect(await bidRow(cardBidId)).toMatchObject({ status: 'active', holdStatus: 'authorized' });
    expect((await bidRow(cardBidId)).amount.toFixed(0)).toBe(shown);

    const over = await offerBid(high, lot.id, 40_000);
    expect(await bidRow(over)).toMatchObject({ status: 'active' });
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe('40000');
    await released(cardBidId);
  });

  it('a card that refuses the new hold has its bid removed too, its bidder told why, and the next backed bid leads', { timeout: 40_000 }, async () => {
    const lot = await inscriptionLot();
    const below = await offerBidder(stack, dev, net);
    const card = await cardBidder();
    const above = await offerBidder(stack, dev, net);
    const backed = await offerBid(below, lot.id, 10_000);
    const cardBidId = (await cardBid(card.token, lot.id, '10100')).body.data.bid._id as string;
    const spent = await offerBid(above, lot.id, 10_200);
    await released(cardBidId);
    // Meanwhile the bidder's saved card became one that declines every payment.
    const declining = await userWithCard(stack.db, rs, '4000000000000341');
    await stack.db.prisma.user.update({ where: { id: card.user.id }, data: { stripeCustomerId: declining.stripeCustomerId, stripePaymentMethodId: declining.stripePaymentMethodId } });

    await spendCoins(above);
    await eventually(async () => (await bidRow(spent)).status === 'removed', { timeoutMs: 15_000, what: 'the spent offer removed' });
    expect(await bidRow(cardBidId)).toMatchObject({ status: 'removed', removedReason: CARD_REFUSED_REASON, holdStatus: 'released' });
    expect(await bidRow(backed)).toMatchObject({ status: 'active' });
    expect(await lotRow(lot.id)).toMatchObject({ bidCount: 1 });
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe('10000');
    // The declined attempt held nothing: no hold of this bid is live at the stand-in, and none is pending.
    for (const id of rs.createdIntents((c) => c.params.get('metadata[bidId]') === cardBidId)) {
      expect((await rs.stripe.paymentIntents.retrieve(id)).status).not.toBe('requires_capture');
    }
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId: cardBidId } })).toBe(0);
    const mail = await eventually(async () => (await mailsTo(card.user.email)).find((m) => m.text.includes('your card could not be held for it')), {
      timeoutMs: 10_000,
      what: 'the refused card bidder told',
    });
    expect(mail.text).toContain('Your card bid of 10,100 sats');
    await eventually(async () => (await mailsTo(below.user.email)).some((m) => m.subject === 'You are the highest bidder again'), { timeoutMs: 10_000, what: 'the offer below leads again' });
  });
});

describe('a card maximum its card can no longer carry', () => {
  it('leads again at the price its card can be held for, bidding no further, and its bidder is told', { timeout: 40_000 }, async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    const [card, over] = [await cardBidder(), await cardBidder()];
    const admin = await createUser(stack.db, 'admin');
    const adminToken = await signIn(stack.url, admin.email);
    // 9 BTC at $100,000 a BTC: a $900,000 hold, within what one card payment can be.
    const placed = await call(stack.url, card.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '10000', walletAddress: 'card_payment', maximum: '900000000' });
    expect(placed.status).toBe(201);
    const cardBidId = placed.body.data.bid._id as string;
    const overId = (await cardBid(over.token, lot.id, '950000000')).body.data.bid._id as string;
    await eventually(async () => (await bidRow(cardBidId)).holdStatus === 'released', { timeoutMs: 15_000, what: 'the outbid maximum’s hold released' });
    try {
      // At $120,000 the same maximum would need $1,080,000: more than a card payment can be.
      prices.setPrices({ btcUsd: 120_000 });
      const removed = await call(stack.url, adminToken, 'DELETE', `/auctions/bids/${overId}`, { reason: 'Bidder asked for it' });
      expect(removed.status).toBe(200);
    } finally {
      prices.setPrices({ btcUsd: 100_000 });
    }
    const leader = await bidRow(cardBidId);
    const price = (await lotRow(lot.id)).currentBid!.toFixed(0);
    expect(leader).toMatchObject({ status: 'active', holdStatus: 'authorized' });
    expect(leader.amount.toFixed(0)).toBe(price);
    // It bids no further than its hold: no maximum above the price is left standing for it.
    expect(BigInt((leader.maximum ?? leader.amount).toFixed(0))).toBe(BigInt(price));
    expect((await lotRow(lot.id)).leaderMaximum).toBeNull();
    const cents = Math.ceil((Number(price) * 120_000 * 100) / 100_000_000);
    expect(leader.holdCents).toBe(cents);
    expect(await rs.stripe.paymentIntents.retrieve(leader.paymentIntentId!)).toMatchObject({ status: 'requires_capture', amount: cents });
    // The refused hold for the maximum asked Stripe nothing and left no pending record behind.
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId: cardBidId } })).toBe(0);
    const mail = await eventually(async () => (await mailsTo(card.user.email)).find((m) => m.subject === messages.bids.maximumLoweredTitle), { timeoutMs: 10_000, what: 'the bidder told' });
    expect(mail.text).toContain('your card could not be held for your maximum of 900,000,000 sats');
  });
});

describe('the delivery address sweep', () => {
  it('fills the address of a lot that closed while its winner’s ordinals link was committing, once', { timeout: 30_000 }, async () => {
    const winner = await cardBidder();
    const lot = await lotWonByCard(winner);
    expect((await lotRow(lot.id)).winnerWalletAddress).toBeNull();
    // The link committed while the close was reading the winner's wallets: neither saw the other.
    const ordinals = new TestKey('p2tr', net);
    await stack.db.prisma.wallet.create({ data: { userId: winner.user.id, address: ordinals.address, type: 'hiro', purpose: 'ordinals' } });
    expect((await lotRow(lot.id)).winnerWalletAddress).toBeNull();
    await sweepDeliveryAddresses(stack.db.prisma);
    expect((await lotRow(lot.id)).winnerWalletAddress).toBe(ordinals.address);
    expect(await sweepDeliveryAddresses(stack.db.prisma)).toBe(0);
    expect((await lotRow(lot.id)).winnerWalletAddress).toBe(ordinals.address);
  });
});

describe('a hold whose bid was never written', () => {
  const holdFor = async (user: Awaited<ReturnType<typeof userWithCard>>, bidId: string) => {
    const idempotencyKey = `bid-hold:${bidId}`;
    const paymentIntentId = await holdOnCard(stack.services.payments.stripe, user, {
      cents: 1234n,
      description: 'Gavel bid hold (captured only if the bid wins)',
      metadata: { bidId, lotId: 'no-lot' },
      idempotencyKey,
      pendingIn: stack.db.prisma,
    });
    return { idempotencyKey, paymentIntentId };
  };
  const age = (idempotencyKey: string, ms: number) => stack.db.prisma.pendingHold.update({ where: { idempotencyKey }, data: { createdAt: new Date(Date.now() - ms) } });

  it('is cancelled by the reconcile once older than the grace period, asking Stripe again with the same key', { timeout: 30_000 }, async () => {
    const { user } = await cardBidder();
    // As if the process died between Stripe's hold and the bid's commit.
    const crashed = await holdFor(user, randomUUID());
    expect((await rs.stripe.paymentIntents.retrieve(crashed.paymentIntentId)).status).toBe('requires_capture');
    expect(await stack.db.prisma.pendingHold.count({ where: { idempotencyKey: crashed.idempotencyKey } })).toBe(1);

    // Within the grace period it is left alone: the bid may still be committing.
    await reconcilePendingHolds(stack.services);
    expect((await rs.stripe.paymentIntents.retrieve(crashed.paymentIntentId)).status).toBe('requires_capture');

    await age(crashed.idempotencyKey, GRACE_MS + 1000);
    await reconcilePendingHolds(stack.services);
    expect((await rs.stripe.paymentIntents.retrieve(crashed.paymentIntentId)).status).toBe('canceled');
    expect(await stack.db.prisma.pendingHold.count({ where: { idempotencyKey: crashed.idempotencyKey } })).toBe(0);
    const creates = rs.calls.filter((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === crashed.idempotencyKey);
    expect(creates.length).toBeGreaterThanOrEqual(2);
    expect(creates.slice(1).every((c) => c.replayed && c.reply.id === crashed.paymentIntentId)).toBe(true);
  });

  it('a card bid clears its pending hold when it commits; a record left over for a bid carrying its hold keeps the hold', { timeout: 30_000 }, async () => {
    const card = await cardBidder();
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    const placed = (await cardBid(card.token, lot.id, '10000')).body.data.bid._id as string;
    expect(await bidRow(placed)).toMatchObject({ holdStatus: 'authorized' });
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId: placed } })).toBe(0);

    // A bid that committed with its hold while the record's deletion was lost: the reconcile keeps the hold.
    const bidId = randomUUID();
    const kept = await holdFor(card.user, bidId);
    const other = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    await stack.db.prisma.bid.create({
      data: { id: bidId, lotId: other.id, userId: card.user.id, amount: 10_000, status: 'active', paymentIntentId: kept.paymentIntentId, holdStatus: 'authorized', holdCents: 1234 },
    });
    await age(kept.idempotencyKey, GRACE_MS + 1000);
    await reconcilePendingHolds(stack.services);
    expect(await stack.db.prisma.pendingHold.count({ where: { bidId } })).toBe(0);
    expect((await rs.stripe.paymentIntents.retrieve(kept.paymentIntentId)).status).toBe('requires_capture');
  });

  it('a declined card leaves no pending hold', async () => {
    const declined = await cardBidder('4000000000000341');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    expect((await cardBid(declined.token, lot.id, '10000')).status).toBe(402);
    expect(await stack.db.prisma.pendingHold.count({ where: { request: { contains: declined.user.id } } })).toBe(0);
  });
});
