/**
 * Bids on BTC lots as signed offers, through the api against the Bitcoin stand-in: the bid reply carries the
 * offer PSBT, the wallet-signed PSBT places the bid (and outbids the previous one), and hostile PSBTs are
 * refused with a 400 naming what was wrong, storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, rebuild, TestKey } from '../support/bitcoin-wallet.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;
type Reply = { status: number; body: any };

const post = async (path: string, token: string, body: unknown): Promise<Reply> => {
  const res = await fetch(stack.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};
const get = async (path: string, token: string): Promise<Reply> => {
  const res = await fetch(stack.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
};

async function bidder() {
  const user = await createUser(stack.db, 'ready');
  const keys = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
  await dev.faucet(keys.payment.address, 600);
  await dev.faucet(keys.payment.address, 200_000);
  await stack.db.prisma.wallet.create({ data: { userId: user.id, address: keys.payment.address, type: 'xverse' } });
  const token = await signIn(stack.url, user.email);
  const bid = (lotId: string, amount: number) => post(`/auctions/${lotId}/bids`, token, { amount, walletAddress: keys.payment.address, ordinalsAddress: keys.ordinals.address });
  const sign = (psbtHex: string) => {
    const psbt = bitcoin.Psbt.fromHex(psbtHex, { network: net });
    keys.payment.sign(psbt, psbt.txInputs.map((_, i) => i).filter((i) => i !== 1));
    return psbt.toHex();
  };
  return { user, token, keys, bid, sign };
}

async function btcLot() {
  const seller = new TestKey('p2tr', net);
  const { inscriptionId } = await dev.inscribe(seller.address, 'api lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: new TestKey('p2wpkh', net).address } });
  return lot;
}

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

describe('BTC bids are signed offers', () => {
  it('the bid reply carries the offer PSBT; the signed PSBT places the bid and outbids the previous one', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const b = await bidder();

    const offer = await a.bid(lot.id, 10_000);
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ data: { psbtHex: expect.stringMatching(/^70736274ff/), bid: { status: 'pending', amount: '10000', unit: 'sats' } }, minimumNextBid: '10000' });
    // Nothing on the lot until it is signed.
    expect((await get(`/auctions/${lot.id}/bids`, a.token)).body.data).toEqual([]);

    const placed = await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) });
    expect(placed).toMatchObject({ status: 201, body: { message: 'Bid placed successfully!', minimumNextBid: '10100', data: { bid: { _id: offer.body.data.bid._id, status: 'active', amount: '10000' } } } });
    expect((await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) })).status).toBe(409);

    const low = await b.bid(lot.id, 10_099);
    expect(low).toMatchObject({ status: 400, body: { message: 'Bid must be at least 10100 sats' } });
    const higher = await b.bid(lot.id, 10_100);
    const bidId = higher.body.data.bid._id;
    const v2 = await post(`/auctions-v2/lots/${lot.id}/bids/${bidId}/finalize`, b.token, { signedPsbtHex: b.sign(higher.body.data.psbtHex) });
    expect(v2.status).toBe(201);
    const mine = await get('/auctions/bids/me', a.token);
    expect(mine.body.data[0]).toMatchObject({ _id: offer.body.data.bid._id, status: 'outbid' });
    const stored = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId } });
    expect(stored).toMatchObject({ status: 'active', psbtHex: higher.body.data.psbtHex });
    expect(stored.signedPsbtHex).toBeTruthy();
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('10100');
  });

  it('refuses hostile PSBTs with a 400 naming what was wrong, and stores nothing', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const offer = await a.bid(lot.id, 12_000);
    const bidId = offer.body.data.bid._id as string;
    const finalize = (signedPsbtHex: string, id = bidId, lotId = lot.id, token = a.token) => post(`/auctions/${lotId}/finalize`, token, { bidId: id, signedPsbtHex });

    const cheaper = rebuild(offer.body.data.psbtHex, net, { outputs: (o) => o.map((out, i) => (i === 1 ? { ...out, value: 1_000n } : out)) });
    expect(await finalize(a.sign(cheaper))).toMatchObject({ status: 400, body: { code: 'payout_amount_changed', message: 'Output 1 (payout to the seller) was changed from 12000 to 1000 sats', fields: { signedPsbtHex: expect.any(String) } } });
    const elsewhere = rebuild(offer.body.data.psbtHex, net, { outputs: (o) => o.map((out, i) => (i === 0 ? { ...out, script: new TestKey('p2tr', net).output } : out)) });
    expect((await finalize(a.sign(elsewhere))).body.code).toBe('inscription_address_changed');
    expect((await finalize('not hex')).body).toMatchObject({ code: 'invalid_psbt', message: 'PSBT must be hex' });

    // The same bidder's offer on another lot, replayed here.
    const other = await btcLot();
    const otherOffer = await a.bid(other.id, 10_000);
    expect((await finalize(a.sign(otherOffer.body.data.psbtHex))).body.code).toBe('psbt_other_bid');
    expect((await finalize(a.sign(offer.body.data.psbtHex), bidId, other.id)).body.code).toBe('psbt_other_lot');
    // Someone else's bid id.
    const b = await bidder();
    expect((await finalize(a.sign(offer.body.data.psbtHex), bidId, lot.id, b.token)).status).toBe(404);

    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
    expect((await stack.db.prisma.btcOffer.findUniqueOrThrow({ where: { id: bidId } })).finalizedAt).toBeNull();
    // And the honest signature still goes through afterwards.
    expect((await finalize(a.sign(offer.body.data.psbtHex))).status).toBe(201);
  });

  it('refuses a wallet address of another network before building anything', async () => {
    const lot = await btcLot();
    const user = await createUser(stack.db, 'ready');
    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    await stack.db.prisma.wallet.create({ data: { userId: user.id, address: testnet, type: 'hiro' } });
    const token = await signIn(stack.url, user.email);
    const reply = await post(`/auctions/${lot.id}/bids`, token, { amount: 10_000, walletAddress: testnet });
    expect(reply).toMatchObject({ status: 400, body: { code: 'invalid_address', fields: { walletAddress: expect.stringContaining('is a Bitcoin testnet4 address; this marketplace runs on Bitcoin regtest') } } });
    expect(await stack.db.prisma.btcOffer.count({ where: { lotId: lot.id } })).toBe(0);
  });
});
