/**
 * Buy Now on a BTC lot is a signed offer at the Buy Now price: a request without one changes nothing, a valid one
 * ends the lot with the offer as the winning bid, and the seller co-signs it into the swap like any win.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, rebuild, spend } from '../support/bitcoin-wallet.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';
import { sellerBtcLot } from '../support/btc-lots.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;

const { post, get } = jsonCalls(() => stack.url);
const bidder = () => offerBidder(stack, dev, net);

/** A live BTC lot of a seller's that offers Buy Now at 50,000 sats. */
const buyNowLot = () => sellerBtcLot(stack, dev, net, { inscription: 'buy now lot', buyNowPrice: '50000' });

const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  stack = await startApiForTest({
    seed: 'none',
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, BITCOIN_PSBT_BIDS: 'true', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' },
  });
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
});

describe('Buy Now on a BTC lot', () => {
  it('a linked wallet address alone ends nothing: without a signed offer the lot stays live and its bids stand', async () => {
    const { lot } = await buyNowLot();
    const a = await bidder();
    const offer = await a.bid(lot.id, 10_000);
    expect((await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) })).status).toBe(201);

    const b = await bidder();
    const bare = await post(`/auctions/${lot.id}/buy-now`, b.token, { paymentMethod: 'BTC', walletAddress: b.keys.payment.address });
    expect(bare).toMatchObject({ status: 400, body: { code: 'buy_now_offer_required', message: 'Sign the Buy Now offer in your wallet first.', fields: { bidId: expect.any(String) } } });
    // Someone else's offer, a bid's offer, or a forged signature: refused the same way, nothing changes.
    const built = await post(`/auctions/${lot.id}/buy-now/offer`, b.token, { walletAddress: b.keys.payment.address, ordinalsAddress: b.keys.ordinals.address });
    expect(built).toMatchObject({ status: 201, body: { data: { bidId: expect.any(String), psbtHex: expect.stringMatching(/^70736274ff/), amount: '50000', unit: 'sats' } } });
    const c = await bidder();
    expect((await post(`/auctions/${lot.id}/buy-now`, c.token, { paymentMethod: 'BTC', bidId: built.body.data.bidId, signedPsbtHex: b.sign(built.body.data.psbtHex) })).status).toBe(404);
    expect((await post(`/auctions/${lot.id}/buy-now`, a.token, { paymentMethod: 'BTC', bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) })).status).toBe(404);
    const cheaper = rebuild(built.body.data.psbtHex, net, { outputs: (o) => o.map((out, i) => (i === 1 ? { ...out, value: 1_000n } : out)) });
    expect((await post(`/auctions/${lot.id}/buy-now`, b.token, { paymentMethod: 'BTC', bidId: built.body.data.bidId, signedPsbtHex: b.sign(cheaper) })).body.code).toBe('payout_amount_changed');
    expect((await post(`/auctions/${lot.id}/buy-now`, b.token, { paymentMethod: 'BTC', bidId: built.body.data.bidId, signedPsbtHex: built.body.data.psbtHex })).status).toBe(400);

    expect(await lotRow(lot.id)).toMatchObject({ status: 'live', winnerId: null, boughtNow: false });
    expect(await stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, select: { status: true } })).toEqual([{ status: 'active' }]);
  });

  it('an offer whose coins were spent before it is sent is refused, and the lot stays live', async () => {
    const { lot } = await buyNowLot();
    const b = await bidder();
    const built = await post(`/auctions/${lot.id}/buy-now/offer`, b.token, { walletAddress: b.keys.payment.address, ordinalsAddress: b.keys.ordinals.address });
    const signed = b.sign(built.body.data.psbtHex);
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(b.keys.payment, [b.big], [{ address: b.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    const refused = await post(`/auctions/${lot.id}/buy-now`, b.token, { paymentMethod: 'BTC', bidId: built.body.data.bidId, signedPsbtHex: signed });
    expect(refused).toMatchObject({ status: 400, body: { code: 'input_spent' } });
    expect(await lotRow(lot.id)).toMatchObject({ status: 'live', winnerId: null });
  });

  it('a signed offer at the Buy Now price ends the lot once, with the offer winning; the seller co-signs it and the swap settles', async () => {
    const { lot, seller, sellerToken, coSigned } = await buyNowLot();
    const a = await bidder();
    const bid = await a.bid(lot.id, 10_000);
    await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: bid.body.data.bid._id, signedPsbtHex: a.sign(bid.body.data.psbtHex) });

    const b = await bidder();
    const built = await post(`/auctions/${lot.id}/buy-now/offer`, b.token, { walletAddress: b.keys.payment.address, ordinalsAddress: b.keys.ordinals.address });
    const body = { paymentMethod: 'BTC', walletAddress: b.keys.payment.address, bidId: built.body.data.bidId, signedPsbtHex: b.sign(built.body.data.psbtHex) };
    const raced = await Promise.all([post(`/auctions/${lot.id}/buy-now`, b.token, body), post(`/auctions/${lot.id}/buy-now`, b.token, body)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200]);
    expect(raced[0]!.body).toMatchObject({ message: 'Auction purchased successfully!', data: { status: 'ended', soldPrice: '50000', unit: 'sats', paymentMethod: 'BTC' } });

    const ended = await lotRow(lot.id);
    expect(ended).toMatchObject({ status: 'ended', boughtNow: true, winnerId: b.user.id, winningBidId: built.body.data.bidId, winnerWalletAddress: b.keys.payment.address });
    expect(ended.sellerSignDueAt!.getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    const bids = await stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, select: { id: true, status: true, signedPsbtHex: true } });
    expect(bids.find((x) => x.id === bid.body.data.bid._id)?.status).toBe('cancelled');
    expect(bids.find((x) => x.id === built.body.data.bidId)).toMatchObject({ status: 'active', signedPsbtHex: body.signedPsbtHex });
    const mail = await stack.db.prisma.outboxMail.findFirstOrThrow({ where: { to: b.user.email, subject: { startsWith: 'You won' } } });
    expect(mail.text).toMatch(/Your signed Bitcoin offer pays for it: the seller co-signs it by \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    // The buyer's cart and won list say what happens next, and by when.
    const cartLine = async () => (await get('/cart', b.token)).body.items.find((i: { lotId: string }) => i.lotId === lot.id);
    expect(await cartLine()).toMatchObject({ paymentState: 'awaiting_payment', bitcoinSwap: { stage: 'awaiting_seller', sellerSignBy: ended.sellerSignDueAt!.toISOString(), confirmations: 0 } });
    const won = (await get('/me/won', b.token)).body.data.find((w: { lot: { _id: string } }) => w.lot._id === lot.id);
    expect(won.bitcoinSwap).toMatchObject({ stage: 'awaiting_seller' });

    // The seller co-signs the winning offer: the swap is broadcast, then confirmed, and the lot is paid.
    expect((await get(`/psbt/state/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'awaiting_seller', winningBidId: built.body.data.bidId });
    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    expect(signed.status).toBe(200);
    expect(await cartLine()).toMatchObject({ paymentState: 'processing', bitcoinSwap: { stage: 'sent', txid: signed.body.data.txid, confirmations: 0, confirmationsNeeded: 1 } });
    await dev.mine(1);
    await followSwaps(stack.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true });
    expect(await cartLine()).toMatchObject({ paymentState: 'paid', bitcoinSwap: { stage: 'confirmed', confirmations: 1, confirmationsNeeded: 1 } });
  });

  it('refuses a Buy Now offer on a lot that does not take Bitcoin, and a used offer', async () => {
    const usd = await createLot(stack.db, { paymentMethod: 'Manual' });
    await stack.db.prisma.lot.update({ where: { id: usd.id }, data: { buyNowEnabled: true, buyNowPrice: '5000' } });
    const b = await bidder();
    expect((await post(`/auctions/${usd.id}/buy-now/offer`, b.token, { walletAddress: b.keys.payment.address })).body.code).toBe('buy_now_method');
    expect((await post(`/auctions/${usd.id}/buy-now`, b.token, { paymentMethod: 'BTC', walletAddress: b.keys.payment.address })).body.code).toBe('buy_now_method');
  });
});
