/**
 * The /psbt/* routes of a BTC lot's settlement beyond seller-sign (admin-side section 7, PSBT): the seller's
 * dry run (create-complete-psbt), and the winner's claim in steps when the winning offer is no longer valid
 * (create, add-outputs, add-winner-inputs, validate-for-winner), against the Bitcoin stand-in. Refusals answer
 * the spec's messages and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/bidding/close-lot.ts';

const net = networkOf('regtest');
const NO_TEMPLATE = 'No PSBT template found. Ask the winner to initiate claim first.';
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;

const { post, get } = jsonCalls(() => stack.url);
const bidder = () => offerBidder(stack, dev, net);
const outputAddresses = (psbtHex: string) => bitcoin.Psbt.fromHex(psbtHex, { network: net }).txOutputs.map((o) => bitcoin.address.fromOutputScript(o.script, net));

/** An ended BTC lot won by a signed offer, with its seller (user, token, wallet key). */
async function wonLot() {
  const sellerUser = await createUser(stack.db, 'seller');
  const sellerToken = await signIn(stack.url, sellerUser.email);
  const seller = new TestKey('p2tr', net);
  const { inscriptionId } = await dev.inscribe(seller.address, 'psbt routes lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address } });
  const winner = await bidder();
  const offer = await winner.bid(lot.id, 10_000);
  expect((await post(`/auctions/${lot.id}/finalize`, winner.token, { bidId: offer.body.data.bid._id, signedPsbtHex: winner.sign(offer.body.data.psbtHex) })).status).toBe(201);
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
  /** What the seller's wallet does with the PSBT GET /psbt/state answers: sign input 1 with SIGHASH_ALL. */
  const coSigned = async () => {
    const psbt = bitcoin.Psbt.fromHex((await get(`/psbt/state/${lot.id}`, sellerToken)).body.psbtHex, { network: net });
    psbt.updateInput(1, { tapInternalKey: seller.publicKey });
    seller.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    return psbt.toHex();
  };
  return { lot, inscriptionId, seller, sellerToken, winner, coSigned };
}

const templatesOf = (lotId: string) => stack.db.prisma.btcOffer.findMany({ where: { lotId }, orderBy: { createdAt: 'asc' }, select: { id: true, psbtHex: true, ordinalsAddress: true, expiresAt: true } });

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

describe('create-complete-psbt: the seller sees the swap before it is broadcast', () => {
  it('answers the finalized swap seller-sign would broadcast, and stores and broadcasts nothing', async () => {
    const { lot, seller, sellerToken, winner, coSigned } = await wonLot();
    const signedPsbtHex = await coSigned();
    const complete = await post('/psbt/create-complete-psbt', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex });
    expect(complete).toMatchObject({ status: 200, body: { txid: expect.stringMatching(/^[0-9a-f]{64}$/), txHex: expect.any(String), vsize: expect.any(Number), fee: expect.stringMatching(/^\d+$/) } });
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ sellerSignedPsbtHex: null, txHash: null });
    expect((await get(`/psbt/state/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'awaiting_seller', txid: null });
    expect((await fetch(`${btc.esploraUrl}/tx/${complete.body.txid}`)).status).toBe(404);

    const refusals: Array<[string, unknown, number, string]> = [
      [sellerToken, { auctionId: lot.id, walletAddress: new TestKey('p2tr', net).address, signedPsbtHex }, 403, 'Connected wallet does not match seller address'],
      [winner.token, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex }, 403, 'Only the seller of this lot or an admin can do this'],
      [sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: 'zz' }, 400, 'PSBT must be hex'],
      // The winner's offer without the seller's signature: nothing to complete.
      [sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: (await get(`/psbt/state/${lot.id}`, sellerToken)).body.psbtHex }, 400, 'Input 1 (seller inscription) is not signed'],
    ];
    for (const [token, body, status, message] of refusals) expect(await post('/psbt/create-complete-psbt', token, body)).toMatchObject({ status, body: { message } });

    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex });
    expect(signed.body.data.txid).toBe(complete.body.txid);
    expect((await post('/psbt/create-complete-psbt', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex })).body.message).toBe('This auction is already settled on chain');
  });

  it('a lot without a signed winning offer has no template to complete', async () => {
    const sellerUser = await createUser(stack.db, 'seller');
    const token = await signIn(stack.url, sellerUser.email);
    const seller = new TestKey('p2tr', net);
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { sellerWalletAddress: seller.address, status: 'ended' } });
    expect(await post('/psbt/create-complete-psbt', token, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: '70736274ff' })).toMatchObject({ status: 409, body: { message: NO_TEMPLATE } });
  });
});

describe("the winner's claim in steps when the winning offer is no longer valid", () => {
  it('create, add-outputs, add-winner-inputs, validate-for-winner: the seller co-signs the claim and the inscription reaches the winner', async () => {
    const { lot, inscriptionId, seller, sellerToken, winner, coSigned } = await wonLot();
    // The winner spends the offer's payment input elsewhere: the winning offer can no longer be broadcast.
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(winner.keys.payment, [winner.big], [{ address: winner.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    const dead = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    expect(dead).toMatchObject({ status: 409, body: { code: 'offer_invalid' } });
    const before = await templatesOf(lot.id);

    // Only the winner starts a claim, from a linked wallet; a refused start stores no template.
    expect((await post('/psbt/create', sellerToken, { auctionId: lot.id, walletAddress: seller.address })).status).toBe(403);
    expect(await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: new TestKey('p2wpkh', net).address })).toMatchObject({ status: 403, body: { fields: { walletAddress: expect.any(String) } } });
    expect(await templatesOf(lot.id)).toEqual(before);

    // Started without an ordinals address, the template sends the inscription to the payment address.
    const created = await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address });
    expect(created).toMatchObject({ status: 200, body: { message: 'Sign the claim transaction in your wallet', data: { templateId: expect.any(String), psbtHex: expect.stringMatching(/^70736274ff/) } } });
    const templateId = created.body.data.templateId as string;
    expect(outputAddresses(created.body.data.psbtHex)[0]).toBe(winner.keys.payment.address);

    // Refused revisions leave the template as it was.
    const stored = (await templatesOf(lot.id)).find((t) => t.id === templateId)!;
    const refusedOutputs: Array<[unknown, number, string]> = [
      [{ auctionId: lot.id, templateId: 'no-such-template', ordinalsAddress: winner.keys.ordinals.address }, 404, NO_TEMPLATE],
      [{ auctionId: lot.id, templateId: before[0]!.id, ordinalsAddress: winner.keys.ordinals.address }, 404, NO_TEMPLATE], // the finalized bid offer is not a claim template
      [{ auctionId: lot.id, templateId, ordinalsAddress: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c' }, 400, expect.stringContaining('regtest')],
    ];
    for (const [body, status, message] of refusedOutputs) expect(await post('/psbt/add-outputs', winner.token, body)).toMatchObject({ status, body: { message } });
    expect((await post('/psbt/add-outputs', sellerToken, { auctionId: lot.id, templateId, ordinalsAddress: seller.address })).status).toBe(403);
    expect(await post('/psbt/add-winner-inputs', winner.token, { auctionId: lot.id, templateId, walletAddress: new TestKey('p2wpkh', net).address })).toMatchObject({ status: 403 });
    expect((await templatesOf(lot.id)).find((t) => t.id === templateId)).toEqual(stored);

    const moved = await post('/psbt/add-outputs', winner.token, { auctionId: lot.id, templateId, ordinalsAddress: winner.keys.ordinals.address });
    expect(moved).toMatchObject({ status: 200, body: { data: { templateId } } });
    expect(outputAddresses(moved.body.data.psbtHex)[0]).toBe(winner.keys.ordinals.address);

    // New funds arrive; the inputs are picked again from them, the destination kept.
    const fresh = await dev.faucet(winner.keys.payment.address, 500_000);
    const repicked = await post('/psbt/add-winner-inputs', winner.token, { auctionId: lot.id, templateId, walletAddress: winner.keys.payment.address });
    expect(repicked).toMatchObject({ status: 200, body: { data: { templateId } } });
    const inputs = bitcoin.Psbt.fromHex(repicked.body.data.psbtHex, { network: net }).txInputs.map((i) => Buffer.from(i.hash).reverse().toString('hex'));
    expect(inputs).toContain(fresh.txid);
    expect(outputAddresses(repicked.body.data.psbtHex)[0]).toBe(winner.keys.ordinals.address);

    // A signature of an earlier version of the template is refused; the latest one is the claim.
    expect((await post('/psbt/validate-for-winner', winner.token, { auctionId: lot.id, templateId, signedPsbtHex: winner.sign(moved.body.data.psbtHex) })).status).toBe(400);
    const claimed = await post('/psbt/validate-for-winner', winner.token, { auctionId: lot.id, templateId, signedPsbtHex: winner.sign(repicked.body.data.psbtHex) });
    expect(claimed).toMatchObject({ status: 200, body: { data: { stage: 'awaiting_seller' } } });
    expect(await post('/psbt/add-outputs', winner.token, { auctionId: lot.id, templateId, ordinalsAddress: winner.keys.ordinals.address })).toMatchObject({ status: 404, body: { message: NO_TEMPLATE } });

    const done = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    expect(done).toMatchObject({ status: 200, body: { data: { stage: 'broadcast' } } });
    await dev.mine();
    const ordRes = await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    expect(((await ordRes.json()) as { address: string }).address).toBe(winner.keys.ordinals.address);
  });
});
