/**
 * Settling ended lots and the whitelist gate on bidding: the seller (creator or
 * the owner of the seller wallet) verifies payment and records the transfer to "Auction Complete"; admins mark
 * paid; a lot without a winner says so; whitelist-only events take bids only from listed e-mails and wallets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { caller, DAY, HOUR, iso } from '../support/admin-api.ts';

let stack: TestStack;
let adminToken: string;
let sellerToken: string;
let sellerId: string;
let bidderToken: string;
const call = caller(() => stack.url);

/** An ended lot of the seller's, won by the bidder at 30.00 (or without a winner). */
async function endedLot(o: { winner?: boolean; onchain?: boolean; wallet?: string } = {}) {
  const lot = await createLot(stack.db, { creatorId: o.wallet ? undefined : sellerId, reservePrice: 3000n, onchain: o.onchain, paymentMethod: o.onchain ? 'BTC' : 'Manual' });
  if (o.wallet) await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { sellerWalletAddress: o.wallet } });
  if (o.winner ?? true) {
    if (o.onchain) {
      await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { status: 'ended', closedAt: new Date(), winnerWalletAddress: 'tb1qwinner', soldPrice: '40000' } });
      return lot.id;
    }
    expect((await call('POST', `/auctions/${lot.id}/bids`, bidderToken, { amount: '30.00' })).status).toBe(201);
  }
  expect((await call('POST', `/auctions/${lot.id}/end`, adminToken)).status).toBe(200);
  return lot.id;
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  const [admin, seller, bidder] = await Promise.all([createUser(stack.db, 'admin'), createUser(stack.db, 'seller'), createUser(stack.db, 'ready')]);
  sellerId = seller.id;
  [adminToken, sellerToken, bidderToken] = await Promise.all([signIn(stack.url, admin.email), signIn(stack.url, seller.email), signIn(stack.url, bidder.email)]);
});
afterAll(() => stack?.stop());

describe('seller settlement', () => {
  it('verify payment, then the transfer hash: Auction Complete', async () => {
    const id = await endedLot();
    expect((await call('GET', `/auctions/${id}`, sellerToken)).body.data.settlement).toMatchObject({ state: 'awaiting_payment', paymentStatus: 'pending', transferStatus: 'pending' });
    const early = await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: 'abc123' });
    expect(early).toMatchObject({ status: 409, body: { message: 'Payment must be verified before the transfer can be recorded' } });

    const verified = await call('POST', `/auctions/${id}/verify-payment`, sellerToken);
    expect(verified.body).toMatchObject({ message: 'Payment verified successfully!', data: { paid: true, settlement: { state: 'awaiting_transfer', paymentStatus: 'paid' } } });
    expect((await call('POST', `/auctions/${id}/verify-payment`, sellerToken)).status).toBe(200);

    // A USD lot's transfer is the shipping or transfer reference, as the courier writes it.
    const empty = await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: '   ' });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Please enter the shipping or transfer reference', fields: { transferTransactionHash: 'Please enter the shipping or transfer reference' } },
    });
    expect((await call('POST', `/auctions/${id}/transfer`, sellerToken, {})).body.message).toBe('Please enter the shipping or transfer reference');
    const long = await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: 'x'.repeat(201) });
    expect(long.body.message).toBe('The shipping or transfer reference must be plain text of at most 200 characters');
    expect((await call('GET', `/auctions/${id}`, sellerToken)).body.data.transferred).toBe(false);

    const done = await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: '  UPS 1Z999AA10123456784 (2 parcels)  ' });
    expect(done.body).toMatchObject({
      message: 'Auction marked as transferred!',
      data: { transferred: true, transferTransactionHash: 'UPS 1Z999AA10123456784 (2 parcels)', settlement: { state: 'complete', transferStatus: 'transferred', message: 'Auction Complete' } },
    });
    expect((await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: 'other' })).body.message).toBe('This auction is already marked as transferred');
    expect((await call('GET', `/auctions/${id}`, sellerToken)).body.data.settlement.message).toBe('Auction Complete');
  });

  it('records one transfer when two are sent at once', async () => {
    const id = await endedLot();
    await call('POST', `/auctions/${id}/verify-payment`, sellerToken);
    const both = await Promise.all([
      call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: 'aaa111' }),
      call('POST', `/auctions/${id}/transfer`, adminToken, { transferTransactionHash: 'bbb222' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!;
    expect((await call('GET', `/admin/auctions/${id}`, adminToken)).body.data.transferTransactionHash).toBe(winner.body.data.transferTransactionHash);
  });

  it('a lot without a winner has nothing to settle', async () => {
    const id = await endedLot({ winner: false });
    for (const path of ['verify-payment', 'transfer', 'mark-paid']) {
      const res = await call('POST', `/auctions/${id}/${path}`, adminToken, { transferTransactionHash: 'x1' });
      expect(res).toMatchObject({ status: 409, body: { message: 'No winner found for this auction. It may not have met the reserve price.' } });
    }
  });

  it('an open lot is not settled yet', async () => {
    const lot = await createLot(stack.db, { creatorId: sellerId });
    expect((await call('POST', `/auctions/${lot.id}/verify-payment`, sellerToken)).body.message).toBe('This auction has not ended yet');
  });

  it('the seller is also the owner of the seller wallet, matched case-insensitively', async () => {
    const walletOwner = await createUser(stack.db, 'seller');
    await stack.db.prisma.wallet.create({ data: { userId: walletOwner.id, address: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01', type: 'evm' } });
    const id = await endedLot({ wallet: '0xabcdef0123456789abcdef0123456789abcdef01' });
    const token = await signIn(stack.url, walletOwner.email);
    expect((await call('POST', `/auctions/${id}/verify-payment`, token)).body.message).toBe('Payment verified successfully!');
    expect((await call('POST', `/auctions/${id}/verify-payment`, sellerToken)).body.message).toBe('Only the seller of this lot or an admin can do this');
  });
});

describe('admin mark paid (the optional hash, resolved)', () => {
  it('off-chain lots may be marked paid without a hash', async () => {
    const id = await endedLot();
    const res = await call('POST', `/auctions/${id}/mark-paid`, adminToken, { auctionType: 'offchain' });
    expect(res.body).toMatchObject({ message: 'Auction marked as paid', data: { paid: true, txHash: null } });
  });

  it('on-chain lots need the payment hash, trimmed, and the right auctionType', async () => {
    const id = await endedLot({ onchain: true });
    expect((await call('POST', `/auctions/${id}/mark-paid`, adminToken, { auctionType: 'onchain', txHash: '  ' })).body).toMatchObject({
      message: 'Please enter transaction hash',
      fields: { txHash: 'Please enter transaction hash' },
    });
    expect((await call('POST', `/auctions/${id}/mark-paid`, adminToken, { auctionType: 'offchain', txHash: 'ab12' })).body.message).toBe('auctionType does not match this auction (onchain)');
    const ok = await call('POST', `/auctions/${id}/mark-paid`, adminToken, { auctionType: 'onchain', txHash: ' ab12cd ' });
    expect(ok.body.data).toMatchObject({ paid: true, txHash: 'ab12cd', settlement: { state: 'awaiting_transfer' } });
  });

  it('is for admins only, not sellers', async () => {
    const id = await endedLot();
    expect((await call('POST', `/auctions/${id}/mark-paid`, sellerToken, {})).status).toBe(403);
  });
});

describe('whitelist-only events', () => {
  it('take bids and Buy Now only from listed e-mails or linked wallets, for that event or all', async () => {
    const event = await call('POST', '/auction-events', adminToken, { title: 'Members only', startTime: iso(-DAY), endTime: iso(5 * DAY), whitelistOnly: true });
    const eventId = event.body.data._id as string;
    const lot = await call('POST', `/auctions-v2/${eventId}/lots`, adminToken, {
      title: 'Members lot',
      paymentMethod: 'Manual',
      startingBid: '10.00',
      buyNowEnabled: true,
      buyNowPrice: '500.00',
      startTime: iso(-HOUR),
      endTime: iso(DAY),
      published: true,
    });
    const lotId = lot.body.data._id as string;
    // A lot is open to bids once its event is published too.
    expect((await call('POST', `/auction-events/${eventId}/publish`, adminToken)).status).toBe(200);
    const outsider = await createUser(stack.db, 'ready');
    const outsiderToken = await signIn(stack.url, outsider.email);
    const refused = await call('POST', `/auctions/${lotId}/bids`, outsiderToken, { amount: '10.00' });
    expect(refused).toMatchObject({ status: 403, body: { message: 'This auction is open to whitelisted bidders only.', code: 'not_whitelisted' } });
    expect((await call('POST', `/auctions/${lotId}/buy-now`, outsiderToken, { paymentMethod: 'Manual' })).body.code).toBe('not_whitelisted');

    const added = await call('POST', '/admin/whitelist', adminToken, { email: outsider.email.toUpperCase(), auctionEventId: eventId, note: 'VIP' });
    expect(added.body).toMatchObject({ message: 'Added to the whitelist', data: { email: outsider.email, auctionEventTitle: 'Members only' } });
    expect((await call('POST', '/admin/whitelist', adminToken, { email: outsider.email, auctionEventId: eventId })).status).toBe(409);
    expect((await call('POST', `/auctions/${lotId}/bids`, outsiderToken, { amount: '10.00' })).status).toBe(201);

    // A wallet listed for every whitelist-only event.
    const walletUser = await createUser(stack.db, 'ready');
    await stack.db.prisma.wallet.create({ data: { userId: walletUser.id, address: '0x1111111111111111111111111111111111111111', type: 'evm' } });
    const walletToken = await signIn(stack.url, walletUser.email);
    expect((await call('POST', `/auctions/${lotId}/bids`, walletToken, { amount: '11.00' })).status).toBe(403);
    const entry = await call('POST', '/admin/whitelist', adminToken, { walletAddress: '0x1111111111111111111111111111111111111111' });
    expect(entry.body.data).toMatchObject({ auctionEventId: null });
    expect((await call('POST', `/auctions/${lotId}/bids`, walletToken, { amount: '11.00' })).status).toBe(201);

    expect((await call('GET', `/admin/whitelist?auctionEventId=${eventId}`, adminToken)).body.pagination.total).toBe(1);
    expect((await call('POST', '/admin/whitelist', adminToken, { note: 'nobody' })).body.message).toBe('Enter a wallet address or an e-mail address (one of them)');
    expect((await call('DELETE', `/admin/whitelist/${added.body.data._id}`, adminToken)).body.message).toBe('Removed from the whitelist');
    expect((await call('POST', `/auctions/${lotId}/bids`, outsiderToken, { amount: '20.00' })).status).toBe(403);
  });
});
