/**
 * Card holds on BTC lots and on on-chain ETH lots are priced from the live price service (the price stand-in
 * here, asked on every bid: PRICE_CACHE_MS=0), plus CARD_HOLD_MARGIN_PERCENT (its default, 10): the hold is the
 * bid's USD value times 1.1, rounded up to the cent, and follows the price from one bid to the next. Without a
 * fresh price (the service's is older than PRICE_MAX_AGE_MS, or the service fails and the last price is too old)
 * the card bid is refused with a 503 naming the coin, and nothing is held or written.
 * One stack: anvil + contracts + Ponder + api with its relayer, the Stripe stand-in behind a recording proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { chainActions, linkLot, startChainStack, type ChainStack } from '../support/chain.ts';
import { createLot } from '../support/lots.ts';
import { signIn } from '../support/users.ts';
import { call, startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { startPriceStandIn, type PriceStandIn } from '../../scripts/stand-ins/price/index.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { settleLotHolds } from '../../api/src/payments/bid-holds.ts';

const RESERVE = parseEther('0.01');
const TEN_MINUTES = 10 * 60_000;
const paused = (coin: 'BTC' | 'ETH') => `Card bids on this lot are paused: the ${coin} price is unavailable. Please try again shortly.`;

let stripe: RecordedStripe;
let prices: PriceStandIn;
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;

beforeAll(async () => {
  stripe = await startRecordedStripe();
  prices = await startPriceStandIn({ port: 0 });
  chain = await startChainStack('postgres', { ...stripe.env(), PRICE_API_URL: prices.priceUrl, PRICE_CACHE_MS: '0', RELAYER_SWEEP_MS: '100' });
  act = chainActions(chain);
});

afterAll(async () => {
  await chain?.stop();
  await prices?.close();
  await stripe?.stop();
});

async function cardBidder() {
  const user = await userWithCard(chain.api.db, stripe);
  return { user, token: await signIn(chain.api.url, user.email) };
}
const cardBid = (token: string, lotId: string, amount: string) => call(chain.api.url, token, 'POST', `/auctions/${lotId}/bids`, { amount, walletAddress: 'card_payment' });
/** The amounts of the holds the api created on the lot's bids, in cents, oldest first. */
const holdsOn = (lotId: string) =>
  stripe.calls
    .filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents' && c.status === 200 && c.params.get('metadata[lotId]') === lotId && c.params.get('metadata[purpose]') === 'bid_hold')
    .map((c) => c.reply.amount as number);
const holdRate = async (token: string) => (await call(chain.api.url, token, 'GET', '/payment/card-hold-rate')).body;

describe('card bids on a BTC lot', () => {
  const btcLot = () => createLot(chain.api.db, { paymentMethod: 'BTC', startingBid: 10_000n });
  const lotState = async (lotId: string) => ({
    lot: await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId }, select: { currentBid: true, bidCount: true } }),
    bids: await chain.api.db.prisma.bid.count({ where: { lotId } }),
    holds: holdsOn(lotId),
  });

  it('holds the sats’ value at the live price plus 10 %, rounded up to the cent, and the next bid at the price then', async () => {
    prices.setPrices({ btcUsd: 100_000, ethUsd: 2500 });
    const a = await cardBidder();
    const b = await cardBidder();
    const lot = await btcLot();
    expect(await holdRate(a.token)).toEqual({ btcUsdCents: 10_000_000, ethUsdCents: 250_000, marginPercent: 10 });
    // 20,001 sats at $100,000 are $20.001; plus 10 %, $22.0011: held as $22.01.
    const first = await cardBid(a.token, lot.id, '20001');
    expect(first.status).toBe(201);
    expect(await chain.api.db.prisma.bid.findUniqueOrThrow({ where: { id: first.body.data.bid._id } })).toMatchObject({ holdStatus: 'authorized', holdCents: 2201 });

    prices.setPrices({ btcUsd: 120_000 });
    expect((await holdRate(b.token)).btcUsdCents).toBe(12_000_000);
    // 20,101 sats at $120,000 are $24.1212; plus 10 %, $26.53332: held as $26.54.
    const second = await cardBid(b.token, lot.id, '20101');
    expect(second.status).toBe(201);
    expect(holdsOn(lot.id)).toEqual([2201, 2654]);
    expect(await stripe.stripe.paymentIntents.retrieve((await chain.api.db.prisma.bid.findUniqueOrThrow({ where: { id: second.body.data.bid._id } })).paymentIntentId!)).toMatchObject({
      amount: 2654,
      capture_method: 'manual',
      status: 'requires_capture',
    });
  });

  it('charges the winner the bid’s value at the close, never the hold’s margin', async () => {
    prices.setPrices({ btcUsd: 100_000, ethUsd: 2500 });
    const a = await cardBidder();
    const lot = await btcLot();
    const bid = await cardBid(a.token, lot.id, '20001');
    expect(bid.status).toBe(201);
    const placed = await chain.api.db.prisma.bid.findUniqueOrThrow({ where: { id: bid.body.data.bid._id } });
    expect(placed.holdCents).toBe(2201);
    // The price moved a little by the close: 20,001 sats at $99,000 are $19.80 (rounded up), all inside the hold.
    prices.setPrices({ btcUsd: 99_000 });
    await chain.api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    await closeLot(chain.api.db.prisma, lot.id);
    await settleLotHolds(chain.api.services, lot.id);
    expect(await stripe.stripe.paymentIntents.retrieve(placed.paymentIntentId!)).toMatchObject({ status: 'succeeded', amount_received: 1981 });
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ paid: true, txHash: placed.paymentIntentId });
    expect((await chain.api.db.prisma.bid.findUniqueOrThrow({ where: { id: placed.id } })).captureCents).toBe(1981);
  });

  it('refuses the card bid while the service’s price is older than the limit: nothing held, no bid written', async () => {
    prices.setPrices({ btcUsd: 100_000 });
    const { token } = await cardBidder();
    const lot = await btcLot();
    prices.stale(TEN_MINUTES);
    const res = await cardBid(token, lot.id, '20000');
    expect(res).toMatchObject({ status: 503, body: { message: paused('BTC'), code: 'price_unavailable' } });
    expect(await lotState(lot.id)).toEqual({ lot: { currentBid: null, bidCount: 0 }, bids: 0, holds: [] });
    // The checkout learns it too: no BTC price to show a hold at.
    expect(await holdRate(token)).toMatchObject({ btcUsdCents: null, ethUsdCents: null });

    prices.recover();
    expect((await cardBid(token, lot.id, '20000')).status).toBe(201);
    expect(holdsOn(lot.id)).toEqual([2200]);
  });

  it('refuses the card bid while the service fails and its last price is too old, and not a bid without a card', async () => {
    prices.setPrices({ btcUsd: 100_000 });
    const { token } = await cardBidder();
    const lot = await btcLot();
    prices.stale(TEN_MINUTES);
    expect((await cardBid(token, lot.id, '20000')).status).toBe(503);
    prices.fail();
    const requestsBefore = prices.requests;
    const res = await cardBid(token, lot.id, '20000');
    expect(prices.requests).toBeGreaterThan(requestsBefore);
    expect(res).toMatchObject({ status: 503, body: { message: paused('BTC'), code: 'price_unavailable' } });
    expect(await lotState(lot.id)).toEqual({ lot: { currentBid: null, bidCount: 0 }, bids: 0, holds: [] });
    // A USD lot's card bid needs no price: it goes through while the service is down.
    const usdLot = await createLot(chain.api.db, { paymentMethod: 'Manual', startingBid: 1000n });
    expect((await cardBid(token, usdLot.id, '10.00')).status).toBe(201);
    expect(holdsOn(usdLot.id)).toEqual([1000]);
    prices.recover();
  });
});

describe('card bids on an on-chain ETH lot, placed by the relayer', () => {
  const ethLot = async () => {
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    return linkLot(chain, auctionId, tokenId, RESERVE);
  };
  const relayedOn = (lotId: string) => chain.api.db.prisma.relayedBid.findMany({ where: { lotId }, orderBy: { createdAt: 'asc' }, select: { amount: true, holdCents: true } });

  it('holds the ETH value at the live price plus 10 %, and the next bid at the price then', async () => {
    prices.setPrices({ ethUsd: 2500 });
    const a = await cardBidder();
    const b = await cardBidder();
    const lot = await ethLot();
    // 0.01 ETH at $2,500 is $25; plus 10 %, $27.50.
    expect((await cardBid(a.token, lot.id, '0.01')).status).toBe(201);
    prices.setPrices({ ethUsd: 3001.23 });
    expect((await holdRate(b.token)).ethUsdCents).toBe(300_123);
    // 0.02 ETH at $3,001.23 is $60.0246; plus 10 %, $66.02706: held as $66.03.
    expect((await cardBid(b.token, lot.id, '0.02')).status).toBe(201);
    expect(holdsOn(lot.id)).toEqual([2750, 6603]);
    expect((await relayedOn(lot.id)).map((r) => r.holdCents)).toEqual([2750, 6603]);
  });

  it('refuses the card bid while the ETH price is stale, and while the service fails with no fresh price: nothing held or relayed', async () => {
    prices.setPrices({ ethUsd: 2500 });
    const { token } = await cardBidder();
    const lot = await ethLot();
    prices.stale(TEN_MINUTES);
    expect(await cardBid(token, lot.id, '0.01')).toMatchObject({ status: 503, body: { message: paused('ETH'), code: 'price_unavailable' } });
    prices.fail();
    expect(await cardBid(token, lot.id, '0.01')).toMatchObject({ status: 503, body: { message: paused('ETH'), code: 'price_unavailable' } });
    expect(await relayedOn(lot.id)).toEqual([]);
    expect(holdsOn(lot.id)).toEqual([]);

    prices.recover();
    expect((await cardBid(token, lot.id, '0.01')).status).toBe(201);
    expect(holdsOn(lot.id)).toEqual([2750]);
  });
});
