/**
 * The /psbt/* routes of a BTC lot's settlement beyond seller-sign: the seller's
 * dry run (create-complete-psbt), and the winner's claim in steps when the winning offer is no longer valid
 * (create, add-outputs, add-winner-inputs, validate-for-winner), against the Bitcoin stand-in. Refusals answer
 * the spec's messages and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { sellerBtcLot } from '../support/btc-lots.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';

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
  const { lot, inscriptionId, seller, sellerToken, coSigned } = await sellerBtcLot(stack, dev, net, { inscription: 'psbt routes lot' });
  const winner = await bidder();
  const offer = await winner.bid(lot.id, 10_000);
  expect((await post(`/auctions/${lot.id}/finalize`, winner.token, { bidId: offer.body.data.bid._id, signedPsbtHex: winner.sign(offer.body.data.psbtHex) })).status).toBe(201);
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
  return { lot, inscriptionId, seller, sellerToken, winner, coSigned };
}

const templatesOf = (lotId: string) =>
  stack.db.prisma.btcOffer.findMany({ where: { lotId }, orderBy: { createdAt: 'asc' }, select: { id: true, psbtHex: true, ordinalsAddress: true, expiresAt: true } });

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
      [
        sellerToken,
        { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: (await get(`/psbt/state/${lot.id}`, sellerToken)).body.psbtHex },
        400,
        'Input 1 (seller inscription) is not signed',
      ],
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
    expect(await post('/psbt/create-complete-psbt', token, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: '70736274ff' })).toMatchObject({
      status: 409,
      body: { message: NO_TEMPLATE },
    });
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
    expect(await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: new TestKey('p2wpkh', net).address })).toMatchObject({
      status: 403,
      body: { fields: { walletAddress: expect.any(String) } },
    });
    expect(await templatesOf(lot.id)).toEqual(before);

    // Started without an ordinals address, the template sends the inscription to the payment address.
    const created = await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address });
    expect(created).toMatchObject({
      status: 200,
      body: { message: 'Sign the claim transaction in your wallet', data: { templateId: expect.any(String), psbtHex: expect.stringMatching(/^70736274ff/) } },
    });
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
    expect(await post('/psbt/add-outputs', winner.token, { auctionId: lot.id, templateId, ordinalsAddress: winner.keys.ordinals.address })).toMatchObject({
      status: 404,
      body: { message: NO_TEMPLATE },
    });

    const done = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    expect(done).toMatchObject({ status: 200, body: { data: { stage: 'broadcast' } } });
    await dev.mine();
    const ordRes = await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    expect(((await ordRes.json()) as { address: string }).address).toBe(winner.keys.ordinals.address);
  });
});

describe('the swap is paid once: recorded before its broadcast, and the manual steps kept apart from it', () => {
  const adminToken = async () => signIn(stack.url, (await createUser(stack.db, 'admin')).email);
  const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
  const known = async (txid: string) => (await fetch(`${btc.esploraUrl}/tx/${txid}`)).status === 200;

  it('a lot marked paid by hand takes no co-sign and no claim; nothing is broadcast', async () => {
    const { lot, seller, sellerToken, winner, coSigned } = await wonLot();
    const signedPsbtHex = await coSigned();
    const txid = (await post('/psbt/create-complete-psbt', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex })).body.txid as string;
    expect((await post(`/auctions/${lot.id}/mark-paid`, await adminToken(), { txHash: 'ab12cd' })).status).toBe(200);

    const byHand = 'This auction is already marked as paid or transferred: its on-chain swap can no longer be signed';
    for (const path of ['/psbt/seller-sign', '/psbt/create-complete-psbt']) {
      expect(await post(path, sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex })).toMatchObject({ status: 409, body: { message: byHand } });
    }
    expect(await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address })).toMatchObject({ status: 409, body: { message: byHand } });
    expect(await known(txid)).toBe(false);
    expect(await lotRow(lot.id)).toMatchObject({ txHash: 'ab12cd', swapTxid: null });
    // Nor is the winner's signed offer handed out any more: co-signed elsewhere, it would charge them again.
    expect((await get(`/psbt/state/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'settled_by_hand', psbtHex: null });
  });

  it('while a swap is recorded, verify-payment, mark-paid and transfer are refused and its hash is kept', async () => {
    const { lot, seller, sellerToken, coSigned } = await wonLot();
    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() });
    const txid = signed.body.data.txid as string;
    const refused = `This auction is settled on chain by its swap transaction ${txid}: payment and transfer are recorded when it confirms`;
    const admin = await adminToken();
    expect(await post(`/auctions/${lot.id}/verify-payment`, sellerToken, { txHash: 'other' })).toMatchObject({ status: 409, body: { message: refused } });
    expect(await post(`/auctions/${lot.id}/mark-paid`, admin, { txHash: 'other' })).toMatchObject({ status: 409, body: { message: refused } });
    expect(await post(`/auctions/${lot.id}/transfer`, admin, { transferTransactionHash: 'other' })).toMatchObject({ status: 409, body: { message: refused } });
    expect(await lotRow(lot.id)).toMatchObject({ paid: false, transferred: false, txHash: txid, swapTxid: txid });
  });

  it('two co-signs at once broadcast once: one answers the swap, the other that the auction is settled', async () => {
    const { lot, seller, sellerToken, coSigned } = await wonLot();
    const signedPsbtHex = await coSigned();
    const broadcast = vi.spyOn(stack.services.bitcoin.esplora, 'broadcast');
    try {
      const both = await Promise.all([1, 2].map(() => post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.message).toBe('This auction is already settled on chain');
      const txid = both.find((r) => r.status === 200)!.body.data.txid as string;
      expect(broadcast).toHaveBeenCalledTimes(1);
      expect(await known(txid)).toBe(true);
      expect((await get(`/psbt/state/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'broadcast', txid });
      // The recorded swap as sent: the network transaction Esplora now holds.
      const recorded = (await get(`/psbt/transaction/${lot.id}`, sellerToken)).body;
      expect(recorded).toMatchObject({ stage: 'broadcast', txid, confirmations: 0 });
      expect(recorded.txHex).toBe(await (await fetch(`${btc.esploraUrl}/tx/${txid}/hex`)).text());
    } finally {
      broadcast.mockRestore();
    }
  });

  it('a swap Esplora could not take stays recorded and the follower broadcasts it; one already mined counts as sent', async () => {
    const { lot, seller, sellerToken, coSigned } = await wonLot();
    const body = { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() };
    const broadcast = vi.spyOn(stack.services.bitcoin.esplora, 'broadcast').mockRejectedValueOnce(new TypeError('fetch failed'));
    try {
      expect(await post('/psbt/seller-sign', sellerToken, body)).toMatchObject({ status: 503, body: { message: 'Seller sign failed' } });
    } finally {
      broadcast.mockRestore();
    }
    const { swapTxid } = await lotRow(lot.id);
    expect(swapTxid).toMatch(/^[0-9a-f]{64}$/);
    expect(await known(swapTxid!)).toBe(false);
    await followSwaps(stack.services);
    expect(await known(swapTxid!)).toBe(true);
    await dev.mine();
    await followSwaps(stack.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true, transferTransactionHash: swapTxid });

    // The seller sent and saw mined the swap of another lot before co-signing in Gavel: the co-sign still settles it.
    const other = await wonLot();
    const otherBody = { auctionId: other.lot.id, walletAddress: other.seller.address, signedPsbtHex: await other.coSigned() };
    const swap = (await post('/psbt/create-complete-psbt', other.sellerToken, otherBody)).body;
    expect((await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: swap.txHex })).status).toBe(200);
    await dev.mine();
    expect(await post('/psbt/seller-sign', other.sellerToken, otherBody)).toMatchObject({ status: 200, body: { data: { stage: 'confirmed', txid: swap.txid } } });
  });

  it('a swap refused for good is forgotten: the manual steps are open again', async () => {
    const { lot, seller, sellerToken, winner, coSigned } = await wonLot();
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(winner.keys.payment, [winner.big], [{ address: winner.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    expect((await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() })).body.code).toBe('offer_invalid');
    expect(await lotRow(lot.id)).toMatchObject({ swapTxid: null, swapTxHex: null, sellerSignedPsbtHex: null, txHash: null });
    expect((await post(`/auctions/${lot.id}/verify-payment`, sellerToken, {})).body.message).toBe('Payment verified successfully!');
  });

  it('a swap broadcast outside Gavel is noticed once mined: the lot is paid and transferred with its hash', async () => {
    const { lot, inscriptionId, seller, sellerToken, winner, coSigned } = await wonLot();
    const swap = (await post('/psbt/create-complete-psbt', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() })).body;
    expect((await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: swap.txHex })).status).toBe(200);
    // In the mempool it spends the offer's inputs, yet the offer is not dead: it is the lot being paid. No claim.
    expect(await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address })).toMatchObject({ status: 409, body: { code: 'swap_recorded' } });
    await dev.mine();
    await followSwaps(stack.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true, transferTransactionHash: swap.txid, txHash: swap.txid });
    expect((await get(`/psbt/state/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'confirmed', txid: swap.txid, confirmations: 1 });
    const ordRes = await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    expect(((await ordRes.json()) as { address: string }).address).toBe(winner.keys.ordinals.address);
  });

  it('transfer with finalPsbtHex settles on chain like seller-sign', async () => {
    const { lot, sellerToken, coSigned } = await wonLot();
    const done = await post(`/auctions/${lot.id}/transfer`, sellerToken, { finalPsbtHex: await coSigned() });
    expect(done).toMatchObject({ status: 200, body: { message: 'Seller signature saved: the swap transaction is broadcast' } });
    const { swapTxid } = await lotRow(lot.id);
    expect(await known(swapTxid!)).toBe(true);
    await dev.mine();
    await followSwaps(stack.services);
    expect(await lotRow(lot.id)).toMatchObject({ transferred: true, transferTransactionHash: swapTxid });
  });
});

describe('who is the seller, and which wallet signs', () => {
  it('the owner of the seller wallet reads the offer and co-signs like the creator', async () => {
    const { lot, seller, coSigned } = await wonLot();
    const owner = await createUser(stack.db, 'ready');
    await stack.db.prisma.wallet.create({ data: { userId: owner.id, address: seller.address, type: 'xverse' } });
    const token = await signIn(stack.url, owner.email);
    expect((await get(`/psbt/state/${lot.id}`, token)).body.psbtHex).toMatch(/^70736274ff/);
    expect(await post('/psbt/seller-sign', token, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: await coSigned() })).toMatchObject({
      status: 200,
      body: { data: { stage: 'broadcast' } },
    });
  });

  it('walletAddress must be linked to the caller or be the wallet that signed the inscription input', async () => {
    const { lot, sellerToken, coSigned } = await wonLot();
    const payout = new TestKey('p2wpkh', net).address;
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { sellerWalletAddress: payout } });
    const body = { auctionId: lot.id, walletAddress: payout, signedPsbtHex: await coSigned() };
    expect(await post('/psbt/seller-sign', sellerToken, body)).toMatchObject({
      status: 403,
      body: { message: 'The seller wallet must be linked to your account, or be the wallet that signed the inscription input' },
    });
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).swapTxid).toBeNull();
    const creatorId = (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).creatorId!;
    await stack.db.prisma.wallet.create({ data: { userId: creatorId, address: payout, type: 'xverse' } });
    expect((await post('/psbt/seller-sign', sellerToken, body)).status).toBe(200);
  });
});

describe("the winner's claim replaces only a dead offer, once, on an ended lot", () => {
  it('refuses a claim while the winning offer is still valid', async () => {
    const { lot, winner } = await wonLot();
    const still = 'The winning offer is still valid: the seller can co-sign it, no claim is needed';
    expect(await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address })).toMatchObject({ status: 409, body: { message: still } });
    // A template from earlier (its offer dead then) cannot replace an offer valid now.
    const bid = await stack.db.prisma.bid.findFirstOrThrow({ where: { lotId: lot.id } });
    const template = await stack.db.prisma.btcOffer.create({
      data: {
        lotId: lot.id,
        userId: winner.user.id,
        amount: bid.amount,
        walletAddress: winner.keys.payment.address,
        ordinalsAddress: winner.keys.ordinals.address,
        psbtHex: bid.psbtHex!,
        txid: '00'.repeat(32),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(await post('/psbt/validate-for-winner', winner.token, { auctionId: lot.id, templateId: template.id, signedPsbtHex: bid.signedPsbtHex })).toMatchObject({
      status: 409,
      body: { message: still },
    });
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bid.id } })).signedPsbtHex).toBe(bid.signedPsbtHex);
  });

  it('a signed claim template is not signed again, and a lot not ended takes no claim', async () => {
    const { lot, winner } = await wonLot();
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(winner.keys.payment, [winner.big], [{ address: winner.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    await dev.faucet(winner.keys.payment.address, 300_000);
    const created = await post('/psbt/create', winner.token, { auctionId: lot.id, walletAddress: winner.keys.payment.address, ordinalsAddress: winner.keys.ordinals.address });
    const body = { auctionId: lot.id, templateId: created.body.data.templateId, signedPsbtHex: winner.sign(created.body.data.psbtHex) };

    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { status: 'live' } });
    expect(await post('/psbt/validate-for-winner', winner.token, body)).toMatchObject({ status: 409, body: { message: 'This auction has not ended yet: there is nothing to claim' } });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { status: 'ended' } });

    expect((await post('/psbt/validate-for-winner', winner.token, body)).status).toBe(200);
    expect(await post('/psbt/validate-for-winner', winner.token, body)).toMatchObject({
      status: 409,
      body: { message: 'This claim was already signed. Start a new claim if the seller could not complete it.' },
    });
  });
});
