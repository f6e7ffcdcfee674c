/**
 * Following without searching: the watchlist (idempotent hearts, the user's own), My bids (one row per lot with
 * where the user's best bid stands, across card, pay-later and Bitcoin wallet bids, and taking an outbid bid
 * back), Won (payment and transfer) and My sales (each lot's settlement), all for the signed-in user only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot, type LotOptions } from '../support/lots.ts';
import { caller } from '../support/admin-api.ts';
import { startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';

let rs: RecordedStripe;
let stack: TestStack;
let adminToken: string;
let seller: { id: string; token: string; wallet: string };
const call = caller(() => stack.url);

beforeAll(async () => {
  rs = await startRecordedStripe();
  // Bitcoin bids written directly (BITCOIN_PSBT_BIDS=false): these lots hold no inscription to build an offer on.
  stack = await startApiForTest({ seed: 'none', env: { ...rs.env(), BITCOIN_PSBT_BIDS: 'false', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  const [admin, sellerUser] = await Promise.all([createUser(stack.db, 'admin'), createUser(stack.db, 'seller')]);
  const wallet = `tb1q${randomBytes(16).toString('hex')}`;
  await stack.db.prisma.wallet.create({ data: { userId: sellerUser.id, address: wallet, type: 'xverse' } });
  adminToken = await signIn(stack.url, admin.email);
  seller = { id: sellerUser.id, token: await signIn(stack.url, sellerUser.email), wallet };
});
afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

/** A ready bidder who pays later (no card), with a linked Bitcoin wallet for BTC lots. */
async function payLaterBidder() {
  const user = await createUser(stack.db, 'ready');
  const wallet = `tb1q${randomBytes(16).toString('hex')}`;
  await stack.db.prisma.wallet.create({ data: { userId: user.id, address: wallet, type: 'xverse' } });
  return { user, wallet, token: await signIn(stack.url, user.email) };
}

async function cardBidder() {
  const user = await userWithCard(stack.db, rs);
  return { user, token: await signIn(stack.url, user.email) };
}

const sellerLot = (o: LotOptions = {}) => createLot(stack.db, { creatorId: seller.id, ...o });
const bid = async (token: string, lotId: string, body: object) => {
  const res = await call('POST', `/auctions/${lotId}/bids`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.bid.id as string;
};
const end = async (lotId: string) => expect((await call('POST', `/auctions/${lotId}/end`, adminToken)).status).toBe(200);
const myBids = async (token: string) => (await call('GET', '/me/bids?limit=100', token)).body;
const entryOf = (list: { data: Array<{ lot: { _id: string } }> }, lotId: string) => list.data.find((entry) => entry.lot._id === lotId) as any;

describe('watchlist', () => {
  it('is for signed-in users only', async () => {
    const lot = await sellerLot();
    for (const [method, path] of [
      ['GET', '/watchlist'],
      ['GET', '/watchlist/ids'],
      ['PUT', `/watchlist/${lot.id}`],
      ['DELETE', `/watchlist/${lot.id}`],
    ] as const) {
      expect((await call(method, path, null)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('watching and unwatching are idempotent, the list shows lots like browse does, and it is the user’s own', async () => {
    const [a, b] = await Promise.all([payLaterBidder(), payLaterBidder()]);
    const [first, second] = [await sellerLot(), await sellerLot({ paymentMethod: 'BTC', startingBid: 10_000n })];
    for (let i = 0; i < 2; i++) expect((await call('PUT', `/watchlist/${first.id}`, a.token)).body).toEqual({ data: { lotId: first.id, watched: true } });
    await call('PUT', `/watchlist/${second.id}`, a.token);

    const list = await call('GET', '/watchlist', a.token);
    expect(list.body.pagination.total).toBe(2);
    expect(list.body.data.map((lot: { _id: string }) => lot._id)).toEqual([second.id, first.id]);
    expect(list.body.data[0]).toMatchObject({ title: second.title, unit: 'sats', currentBid: null, status: 'live' });
    expect((await call('GET', '/watchlist/ids', a.token)).body.data).toEqual([second.id, first.id]);
    // A watched lot taken off the site leaves the list and its total while it is away.
    await stack.db.prisma.lot.update({ where: { id: second.id }, data: { published: false } });
    expect((await call('GET', '/watchlist', a.token)).body).toMatchObject({ data: [{ _id: first.id }], pagination: { total: 1 } });
    await stack.db.prisma.lot.update({ where: { id: second.id }, data: { published: true } });

    // Another user sees only their own (empty) watchlist.
    expect((await call('GET', '/watchlist', b.token)).body).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await call('GET', '/watchlist/ids', b.token)).body.data).toEqual([]);
    // Their unwatch leaves a's heart alone.
    await call('DELETE', `/watchlist/${first.id}`, b.token);

    for (let i = 0; i < 2; i++) expect((await call('DELETE', `/watchlist/${first.id}`, a.token)).body).toEqual({ data: { lotId: first.id, watched: false } });
    expect((await call('GET', '/watchlist/ids', a.token)).body.data).toEqual([second.id]);
  });

  it('an unknown or unpublished lot is not found', async () => {
    const a = await payLaterBidder();
    const draft = await sellerLot();
    await stack.db.prisma.lot.update({ where: { id: draft.id }, data: { published: false } });
    for (const id of ['no-such-lot', draft.id]) {
      expect(await call('PUT', `/watchlist/${id}`, a.token)).toMatchObject({ status: 404, body: { message: 'Auction not found' } });
      expect((await call('DELETE', `/watchlist/${id}`, a.token)).status).toBe(404);
    }
  });
});

describe('my bids', () => {
  it('is for signed-in users only', async () => {
    for (const path of ['/me/bids', '/me/won', '/me/sales']) expect((await call('GET', path, null)).status, path).toBe(401);
  });

  it('one row per lot with the best bid: leading and outbid across pay-later, card and Bitcoin wallet bids, newest first', async () => {
    const [payLater, card] = await Promise.all([payLaterBidder(), cardBidder()]);
    const usd = await sellerLot({ startingBid: 1000n });
    const btc = await sellerLot({ paymentMethod: 'BTC', startingBid: 10_000n });

    await bid(payLater.token, usd.id, { amount: '10.00' });
    await bid(payLater.token, usd.id, { amount: '12.00' });
    expect((await myBids(payLater.token)).data).toEqual([
      expect.objectContaining({ state: 'leading', canWithdraw: false, bid: expect.objectContaining({ amount: '12.00', unit: 'USD', rail: 'pay_later' }) }),
    ]);

    await bid(card.token, usd.id, { amount: '15.00', walletAddress: 'card_payment' });
    await bid(payLater.token, btc.id, { amount: '12000', walletAddress: payLater.wallet });

    const mine = await myBids(payLater.token);
    expect(mine.pagination.total).toBe(2);
    // The latest bid's lot first: the Bitcoin lot.
    expect(mine.data.map((entry: { lot: { _id: string } }) => entry.lot._id)).toEqual([btc.id, usd.id]);
    expect(mine.data[0]).toMatchObject({ state: 'leading', bid: { amount: '12000', unit: 'sats', rail: 'btc_wallet' }, lot: { title: btc.title, currentBid: '12000' } });
    expect(mine.data[1]).toMatchObject({ state: 'outbid', canWithdraw: true, bid: { amount: '12.00', rail: 'pay_later' }, lot: { currentBid: '15.00' } });
    expect(entryOf(await myBids(card.token), usd.id)).toMatchObject({ state: 'leading', canWithdraw: false, bid: { amount: '15.00', rail: 'card' } });

    // Paging: one lot per page.
    const page2 = await call('GET', '/me/bids?limit=1&offset=1', payLater.token);
    expect(page2.body.data.map((entry: { lot: { _id: string } }) => entry.lot._id)).toEqual([usd.id]);
    expect(page2.body.pagination).toMatchObject({ total: 2, hasMore: false });

    // Filtered on the server, counted over every lot whatever the page: the tabs are right with one page loaded.
    const outbidOnly = await call('GET', '/me/bids?state=outbid&limit=1', payLater.token);
    expect(outbidOnly.body.data.map((entry: { lot: { _id: string } }) => entry.lot._id)).toEqual([usd.id]);
    expect(outbidOnly.body.pagination).toMatchObject({ total: 1, hasMore: false });
    expect(outbidOnly.body.counts).toEqual({ leading: 1, outbid: 1, won: 0, lost: 0, cancelled: 0 });
    expect((await call('GET', '/me/bids?limit=1', payLater.token)).body.counts).toEqual({ leading: 1, outbid: 1, won: 0, lost: 0, cancelled: 0 });
    expect((await call('GET', '/me/bids?state=won', payLater.token)).body).toMatchObject({ data: [], pagination: { total: 0 }, counts: { leading: 1, outbid: 1 } });
    const badState = await call('GET', '/me/bids?state=winning', payLater.token);
    expect(badState.status).toBe(400);
    expect(Object.keys(badState.body.fields)).toEqual(['state']);

    // Taking the outbid bid back (the lot's legal note): its best standing bid is now the 10.00, outbid too.
    const outbidBid = mine.data[1].bid.id;
    expect((await call('DELETE', `/auctions/bids/${outbidBid}`, payLater.token)).body.message).toBe('Bid withdrawn');
    expect(entryOf(await myBids(payLater.token), usd.id)).toMatchObject({ state: 'outbid', bid: { amount: '10.00' } });
  });

  it('won and lost once the lot ended', async () => {
    const [payLater, card] = await Promise.all([payLaterBidder(), cardBidder()]);
    const usd = await sellerLot({ startingBid: 1000n });
    const btc = await sellerLot({ paymentMethod: 'BTC', startingBid: 10_000n });
    await bid(payLater.token, usd.id, { amount: '20.00' });
    await bid(card.token, usd.id, { amount: '25.00', walletAddress: 'card_payment' });
    await bid(payLater.token, btc.id, { amount: '15000', walletAddress: payLater.wallet });
    await Promise.all([end(usd.id), end(btc.id)]);

    const mine = await myBids(payLater.token);
    expect(entryOf(mine, usd.id)).toMatchObject({ state: 'lost', canWithdraw: false });
    expect(entryOf(mine, btc.id)).toMatchObject({ state: 'won', bid: { rail: 'btc_wallet' } });
    expect(entryOf(await myBids(card.token), usd.id)).toMatchObject({ state: 'won', bid: { rail: 'card' } });
    // The bid of a lost lot can no longer be taken back.
    expect((await call('DELETE', `/auctions/bids/${entryOf(mine, usd.id).bid.id}`, payLater.token)).status).toBe(409);
  });
});

describe('won', () => {
  it('lists the lots the user won with payment and transfer, and the payment deadline', async () => {
    const [payLater, other] = await Promise.all([payLaterBidder(), payLaterBidder()]);
    const usd = await sellerLot({ startingBid: 1000n });
    const lost = await sellerLot({ startingBid: 1000n });
    await bid(payLater.token, usd.id, { amount: '30.00' });
    await bid(payLater.token, lost.id, { amount: '11.00' });
    await bid(other.token, lost.id, { amount: '12.00' });
    await Promise.all([end(usd.id), end(lost.id)]);

    const won = (await call('GET', '/me/won', payLater.token)).body;
    expect(won.pagination.total).toBe(1);
    expect(won.data[0]).toMatchObject({
      lot: { _id: usd.id, soldPrice: '30.00', settlement: { state: 'awaiting_payment', paymentStatus: 'pending', transferStatus: 'pending' } },
      paymentDueAt: expect.any(String),
      payableInCart: true,
    });

    // The seller verifies the payment and records the transfer: the winner's list says so.
    await call('POST', `/auctions/${usd.id}/verify-payment`, seller.token);
    const paid = (await call('GET', '/me/won', payLater.token)).body.data[0];
    expect(paid.lot.settlement).toMatchObject({ state: 'awaiting_transfer', paymentStatus: 'paid' });
    // Paid: nothing left to pay in the cart.
    expect(paid.payableInCart).toBe(false);
    await call('POST', `/auctions/${usd.id}/transfer`, seller.token, { transferTransactionHash: 'UPS 1Z999' });
    expect((await call('GET', '/me/won', payLater.token)).body.data[0].lot.settlement).toMatchObject({ state: 'complete', transferStatus: 'transferred' });
    expect((await call('GET', '/me/won', other.token)).body.data.map((entry: { lot: { _id: string } }) => entry.lot._id)).toEqual([lost.id]);
  });
});

describe('my sales', () => {
  it('the lots the user created or sells from a linked wallet, each with its settlement; nobody else’s', async () => {
    const sellerOf = await createUser(stack.db, 'seller');
    const wallet = `tb1q${randomBytes(16).toString('hex')}`;
    await stack.db.prisma.wallet.create({ data: { userId: sellerOf.id, address: wallet, type: 'xverse' } });
    const token = await signIn(stack.url, sellerOf.email);
    const buyer = await payLaterBidder();

    const open = await createLot(stack.db, { creatorId: sellerOf.id, endsInMs: 7_200_000 });
    const unsold = await createLot(stack.db, { creatorId: sellerOf.id });
    const sold = await createLot(stack.db, { startingBid: 1000n });
    // Sold from the seller's linked wallet (its seller address), whoever created it.
    await stack.db.prisma.lot.update({ where: { id: sold.id }, data: { sellerWalletAddress: wallet.toUpperCase() } });
    await bid(buyer.token, sold.id, { amount: '40.00' });
    await Promise.all([end(unsold.id), end(sold.id)]);

    const sales = (await call('GET', '/me/sales', token)).body;
    expect(sales.pagination.total).toBe(3);
    const stateOf = new Map(sales.data.map((lot: { _id: string; settlement: { state: string } }) => [lot._id, lot.settlement.state]));
    expect(stateOf).toEqual(
      new Map([
        [open.id, 'open'],
        [unsold.id, 'no_winner'],
        [sold.id, 'awaiting_payment'],
      ]),
    );
    expect((await call('GET', '/me/sales', buyer.token)).body.data).toEqual([]);
  });
});
