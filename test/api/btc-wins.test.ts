/**
 * Every Bitcoin win has a deadline and a fallback: a winning offer spent at the close passes the win to the next
 * valid offer; a seller who never co-signs is reminded and then the admins are told; a winner who spends their
 * coins before the swap is marked unpaid, and the admin's second chance gives the lot to the next offer still
 * signed, which then settles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, spend } from '../support/bitcoin-wallet.ts';
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';
import { sellerBtcLot } from '../support/btc-lots.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';
import { watchBitcoinWins } from '../../api/src/bitcoin-settlement/win-watch.ts';

const net = networkOf('regtest');
const HOUR = 3600_000;
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;
let adminToken: string;
let adminEmail: string;

const { post } = jsonCalls(() => stack.url);
const bidder = () => offerBidder(stack, dev, net);
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const mailsTo = (to: string) => stack.db.prisma.outboxMail.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });

const btcLot = () => sellerBtcLot(stack, dev, net, { inscription: 'won lot' });

async function placed(b: Awaited<ReturnType<typeof bidder>>, lotId: string, amount: number): Promise<string> {
  const offer = await b.bid(lotId, amount);
  const done = await post(`/auctions/${lotId}/finalize`, b.token, { bidId: offer.body.data.bid._id, signedPsbtHex: b.sign(offer.body.data.psbtHex) });
  expect(done.status).toBe(201);
  return offer.body.data.bid._id;
}

/** The bidder moves the coins their offers spend: every offer of theirs can no longer be broadcast. */
async function spendCoins(b: Awaited<ReturnType<typeof bidder>>) {
  const res = await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(b.keys.payment, [b.big], [{ address: b.keys.payment.address, value: 190_000 }], 1_000).toHex() });
  expect(res.status).toBe(200);
}

async function endNow(lotId: string) {
  await stack.db.prisma.lot.update({ where: { id: lotId }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLotAndAnnounce(stack.services, lotId)).closed).toBe(true);
}

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  stack = await startApiForTest({
    seed: 'none',
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, BITCOIN_PSBT_BIDS: 'true', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' },
  });
  const admin = await createUser(stack.db, 'admin');
  adminEmail = admin.email;
  adminToken = await signIn(stack.url, admin.email);
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
});

describe('a Bitcoin win has a deadline and a fallback', () => {
  it('a winning offer spent at the close: the next valid offer wins, and the bidder whose offer went is told', async () => {
    const { lot } = await btcLot();
    const a = await bidder();
    const b = await bidder();
    const aBid = await placed(a, lot.id, 10_000);
    const bBid = await placed(b, lot.id, 11_000);
    // b moves their coins in the last second: the running watch has not seen it yet, the close must.
    await spendCoins(b);
    await endNow(lot.id);

    const ended = await lotRow(lot.id);
    expect(ended).toMatchObject({ status: 'ended', winnerId: a.user.id, winningBidId: aBid });
    expect(ended.soldPrice?.toFixed(0)).toBe('10000');
    expect(ended.sellerSignDueAt).not.toBeNull();
    expect(await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bBid } })).toMatchObject({ status: 'removed' });
    expect((await mailsTo(b.user.email)).map((m) => m.text).join('\n')).toMatch(/can no longer be completed|spent/);
    const won = (await mailsTo(a.user.email)).find((m) => m.subject.startsWith('You won'));
    expect(won?.text).toMatch(/Your signed Bitcoin offer pays for it: the seller co-signs it by/);
  });

  it('a seller who never co-signs is reminded at the deadline, then the admins are told, once each', async () => {
    const { lot, sellerUser } = await btcLot();
    const a = await bidder();
    await placed(a, lot.id, 10_000);
    await endNow(lot.id);
    const due = (await lotRow(lot.id)).sellerSignDueAt!;
    expect(due.getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);

    await watchBitcoinWins(stack.services, new Date(due.getTime() - 1000));
    expect(await mailsTo(sellerUser.email)).toHaveLength(0);

    await watchBitcoinWins(stack.services, new Date(due.getTime() + 1000));
    await watchBitcoinWins(stack.services, new Date(due.getTime() + 2000));
    const reminders = await mailsTo(sellerUser.email);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Please co-sign the sale of ${lot.title}`);
    expect((await mailsTo(adminEmail)).filter((m) => m.subject.includes(lot.title))).toHaveLength(0);

    await watchBitcoinWins(stack.services, new Date(due.getTime() + 25 * HOUR));
    await watchBitcoinWins(stack.services, new Date(due.getTime() + 26 * HOUR));
    const told = (await mailsTo(adminEmail)).filter((m) => m.subject === `Seller has not signed: ${lot.title}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(sellerUser.email);
    expect((await lotRow(lot.id)).sellerOverdueAt).not.toBeNull();
  });

  it('a winner who spends their coins before the swap and does not claim by the deadline is marked unpaid; the second chance goes to the next signed offer, which settles', async () => {
    const { lot, seller, sellerToken, coSigned } = await btcLot();
    const a = await bidder();
    const b = await bidder();
    const aBid = await placed(a, lot.id, 10_000);
    await placed(b, lot.id, 12_000);
    await endNow(lot.id);
    expect(await lotRow(lot.id)).toMatchObject({ winnerId: b.user.id });

    // The winner walks away: their coins go elsewhere after the hammer.
    await spendCoins(b);
    // Until the deadline the winner may still claim with fresh coins; past it the purchase is void.
    const due = (await lotRow(lot.id)).sellerSignDueAt!;
    await watchBitcoinWins(stack.services);
    expect((await lotRow(lot.id)).unpaidAt).toBeNull();
    await watchBitcoinWins(stack.services, new Date(due.getTime() + 1000));
    const unpaid = await lotRow(lot.id);
    expect(unpaid.unpaidAt).not.toBeNull();
    expect((await stack.db.prisma.user.findUniqueOrThrow({ where: { id: b.user.id } })).unpaidCount).toBe(1);
    expect((await mailsTo(b.user.email)).some((m) => m.subject === `Purchase cancelled: ${lot.title}`)).toBe(true);
    // A second turn changes nothing more.
    await watchBitcoinWins(stack.services, new Date(due.getTime() + 2000));
    expect((await stack.db.prisma.user.findUniqueOrThrow({ where: { id: b.user.id } })).unpaidCount).toBe(1);
    // Nobody can settle the void purchase.
    expect((await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: '70736274ff' })).status).toBe(409);

    const chance = await post(`/admin/auctions/${lot.id}/second-chance-offer`, adminToken, {});
    expect(chance.status).toBe(200);
    expect(chance.body.message).toContain(a.user.email);
    const awarded = await lotRow(lot.id);
    expect(awarded).toMatchObject({ winnerId: a.user.id, winningBidId: aBid, unpaidAt: null });
    expect(awarded.soldPrice?.toFixed(0)).toBe('10000');
    expect((await mailsTo(a.user.email)).some((m) => m.subject === `You won ${lot.title}`)).toBe(true);

    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    expect(signed.status).toBe(200);
    await dev.mine(1);
    await followSwaps(stack.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true });
    // No one else is left to offer it to.
    expect((await post(`/admin/auctions/${lot.id}/second-chance-offer`, adminToken, {})).status).toBe(409);
  });
});
