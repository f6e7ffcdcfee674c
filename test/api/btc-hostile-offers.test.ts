/**
 * The hostile offer corpus (test/bitcoin/offer.test.ts) through the api, against the Bitcoin stand-in: every tampered, foreign,
 * replayed or malformed offer sent to POST /auctions/:id/finalize (and a wrong-network address sent to the bid
 * request) is refused with a 400 naming what was wrong, and nothing changes: the bid is not placed, the lot's
 * current bid and bid count stay, no signed offer is stored. A seller co-signature with another sighash than
 * SIGHASH_ALL sent to POST /psbt/seller-sign records and broadcasts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { jsonCalls, offerBidder, type Reply } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, rebuild, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;

const { post, get } = jsonCalls(() => stack.url);
const bidder = () => offerBidder(stack, dev, net);
type Bidder = Awaited<ReturnType<typeof bidder>>;

/** A live BTC lot selling an inscription of `seller`'s, created by `creatorId`. */
async function btcLot(seller = new TestKey('p2tr', net), creatorId?: string) {
  const { inscriptionId } = await dev.inscribe(seller.address, 'hostile corpus lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId });
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address } });
  return lot;
}

/** A finalized witness as a PSBT carries it: the item count, then each item length-prefixed (all short here). */
const witness = (items: Uint8Array[]) => Buffer.concat([Buffer.from([items.length]), ...items.flatMap((item) => [Buffer.from([item.length]), Buffer.from(item)])]);
const mempool = async () => (await (await fetch(`${btc.esploraUrl}/mempool/txids`)).json()) as string[];

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  stack = await startApiForTest({
    seed: 'none',
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' },
  });
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
});

describe('POST /auctions/:id/finalize refuses every hostile offer, and nothing changes', () => {
  let lot: Awaited<ReturnType<typeof btcLot>>;
  beforeAll(async () => {
    lot = await btcLot();
    const leader = await bidder();
    const offer = await leader.bid(lot.id, 10_000);
    expect((await post(`/auctions/${lot.id}/finalize`, leader.token, { bidId: offer.body.data.bid._id, signedPsbtHex: leader.sign(offer.body.data.psbtHex) })).status).toBe(201);
  });

  /** What each case sends: a bidder with a pending 10,100-sat offer on the lot, its PSBT and bid id. */
  type Offer = { h: Bidder; psbtHex: string; bidId: string };
  const finalize = (o: Offer, signedPsbtHex: unknown, bidId = o.bidId) => post(`/auctions/${lot.id}/finalize`, o.h.token, { bidId, signedPsbtHex });
  const edited = (o: Offer, edit: Parameters<typeof rebuild>[2]) => o.h.sign(rebuild(o.psbtHex, net, edit));
  const NOT_DECODED = 'Malformed PSBT: it could not be decoded';

  it.each<[string, (o: Offer) => Promise<Reply>, string, string]>([
    [
      'changed payout amount',
      (o) => finalize(o, edited(o, { outputs: (out) => out.map((x, i) => (i === 1 ? { ...x, value: 1_000n } : x)) })),
      'payout_amount_changed',
      'Output 1 (payout to the seller) was changed from 10100 to 1000 sats',
    ],
    [
      'payout to another address',
      (o) => finalize(o, edited(o, { outputs: (out) => out.map((x, i) => (i === 1 ? { ...x, script: o.h.keys.payment.output } : x)) })),
      'payout_address_changed',
      'Output 1 (payout to the seller) pays another address than the offer',
    ],
    [
      'inscription output to another address',
      (o) => finalize(o, edited(o, { outputs: (out) => out.map((x, i) => (i === 0 ? { ...x, script: new TestKey('p2tr', net).output } : x)) })),
      'inscription_address_changed',
      'Output 0 (inscription output) pays another address than the offer',
    ],
    [
      'inscription moved off offset 0 of output 0 (into the payout)',
      (o) => finalize(o, edited(o, { outputs: (out) => out.map((x, i) => (i === 0 ? { ...x, value: 600n } : i === 1 ? { ...x, value: x.value + 546n } : x)) })),
      'inscription_moved',
      "The inscription would leave output 0 (the bidder's ordinals output): output 0 must hold the dummy and the inscription's sats",
    ],
    [
      'missing dummy',
      async (o) => {
        const psbt = bitcoin.Psbt.fromHex(rebuild(o.psbtHex, net, { inputs: (inputs) => inputs.slice(1) }), { network: net });
        o.h.keys.payment.sign(psbt, [1]); // the seller's input is first now, the payment second
        return finalize(o, psbt.toHex());
      },
      'missing_dummy',
      "The bidder's dummy input is missing: input 0 must be a 600-1000 sat output of the bidder",
    ],
    [
      'undersized dummy',
      async (o) => {
        const small = await dev.faucet(o.h.keys.payment.address, 400);
        return finalize(
          o,
          edited(o, {
            inputs: (inputs) => inputs.map((x, n) => (n === 0 ? { ...x, hash: Buffer.from(small.txid, 'hex').reverse(), index: small.vout, witnessUtxo: { ...x.witnessUtxo, value: 400n } } : x)),
          }),
        );
      },
      'undersized_dummy',
      'The dummy input holds 400 sats; it must hold at least 600',
    ],
    [
      'an input already spent',
      async (o) => {
        const signed = o.h.sign(o.psbtHex);
        // The bidder spends the payment coin elsewhere after signing.
        await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(o.h.keys.payment, [o.h.big], [{ address: o.h.keys.payment.address, value: 190_000 }], 1_000).toHex() });
        return finalize(o, signed);
      },
      'input_spent',
      'Input 2 ({big}) is already spent',
    ],
    [
      "another user's UTXO",
      async (o) => {
        const other = new TestKey('p2wpkh', net);
        const theirs = await dev.faucet(other.address, 200_000);
        const psbt = bitcoin.Psbt.fromHex(
          rebuild(o.psbtHex, net, {
            inputs: (inputs) =>
              inputs.map((x, n) => (n === 2 ? { ...x, hash: Buffer.from(theirs.txid, 'hex').reverse(), index: theirs.vout, witnessUtxo: { script: other.output, value: 200_000n } } : x)),
          }),
          { network: net },
        );
        o.h.keys.payment.sign(psbt, [0]);
        other.sign(psbt, [2]);
        return finalize(o, psbt.toHex());
      },
      'foreign_input',
      "Input 2 spends an output that is not the bidder's payment address",
    ],
    [
      "the same bidder's PSBT of another bid replayed",
      async (o) => {
        const second = await o.h.bid(lot.id, 10_200);
        return finalize(o, o.h.sign(second.body.data.psbtHex));
      },
      'psbt_other_bid',
      'This PSBT was built for another bid or lot; sign the PSBT returned for this bid',
    ],
    [
      "the same bidder's PSBT of another lot replayed",
      async (o) => {
        const elsewhere = await o.h.bid((await btcLot()).id, 10_000);
        return finalize(o, o.h.sign(elsewhere.body.data.psbtHex));
      },
      'psbt_other_bid',
      'This PSBT was built for another bid or lot; sign the PSBT returned for this bid',
    ],
    [
      'a valid signature beside a garbage finalized witness (what would be broadcast)',
      async (o) => {
        const psbt = bitcoin.Psbt.fromHex(o.h.sign(o.psbtHex), { network: net });
        const { signature, pubkey } = psbt.data.inputs[0]!.partialSig![0]!;
        psbt.data.inputs[0]!.finalScriptWitness = witness([Uint8Array.from(signature, (byte, i) => (i === 10 ? byte ^ 1 : byte)), pubkey]);
        return finalize(o, psbt.toHex());
      },
      'invalid_signature',
      'Input 0 (bidder dummy) has a signature that does not verify',
    ],
    [
      'an ordinals address of another network, refused when the bid is requested',
      (o) =>
        post(`/auctions/${lot.id}/bids`, o.h.token, { amount: 10_100, walletAddress: o.h.keys.payment.address, ordinalsAddress: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0' }),
      'invalid_address',
      'bc1p0x… is a Bitcoin mainnet address; this marketplace runs on Bitcoin regtest, so use an address starting with bcrt1',
    ],
    ['malformed hex: not hex', (o) => finalize(o, 'not hex'), 'invalid_psbt', 'PSBT must be hex'],
    ['malformed hex: an odd number of digits', (o) => finalize(o, 'abc'), 'invalid_psbt', 'PSBT must be hex'],
    ['malformed hex: a truncated PSBT', (o) => finalize(o, '70736274ff01'), 'invalid_psbt', NOT_DECODED],
    ['malformed hex: not a PSBT', (o) => finalize(o, 'deadbeef'), 'invalid_psbt', NOT_DECODED],
    // Refused by the body's schema, before anything is read.
    ['oversized hex', (o) => finalize(o, '70736274ff'.padEnd(200_002, '0')), 'validation_failed', 'PSBT is too large (over 100000 bytes)'],
  ])('%s', async (_name, send, code, message) => {
    const h = await bidder();
    const offer = await h.bid(lot.id, 10_100);
    expect(offer.status).toBe(201);
    const reply = await send({ h, psbtHex: offer.body.data.psbtHex, bidId: offer.body.data.bid._id });
    expect(reply).toMatchObject({ status: 400, body: { code, message: message.replace('{big}', `${h.big.txid}:${h.big.vout}`) } });

    // Nothing changed: the lot shows the leader's bid only, and this bidder has no bid and no signed offer.
    expect((await get(`/auctions/${lot.id}/bids`, h.token)).body.data.map((b: { amount: string; status: string }) => [b.amount, b.status])).toEqual([['10000', 'active']]);
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id }, select: { bidCount: true } })).toEqual({ bidCount: 1 });
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('10000');
    expect(await stack.db.prisma.bid.count({ where: { userId: h.user.id } })).toBe(0);
    expect(await stack.db.prisma.btcOffer.count({ where: { userId: h.user.id, finalizedAt: { not: null } } })).toBe(0);
  });
});

describe('POST /psbt/seller-sign refuses a seller co-signature with another sighash than SIGHASH_ALL', () => {
  let won: { lotId: string; seller: TestKey; sellerToken: string };
  beforeAll(async () => {
    const sellerUser = await createUser(stack.db, 'seller');
    const seller = new TestKey('p2tr', net);
    const lot = await btcLot(seller, sellerUser.id);
    const winner = await bidder();
    const offer = await winner.bid(lot.id, 10_000);
    expect((await post(`/auctions/${lot.id}/finalize`, winner.token, { bidId: offer.body.data.bid._id, signedPsbtHex: winner.sign(offer.body.data.psbtHex) })).status).toBe(201);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
    won = { lotId: lot.id, seller, sellerToken: await signIn(stack.url, sellerUser.email) };
  });

  /** The seller's wallet co-signing input 1 of the winning offer with `sighash`, as a hostile or broken wallet might. */
  async function coSign(sighash: number): Promise<Reply> {
    const psbt = bitcoin.Psbt.fromHex((await get(`/psbt/state/${won.lotId}`, won.sellerToken)).body.psbtHex, { network: net });
    psbt.updateInput(1, { tapInternalKey: won.seller.publicKey });
    psbt.data.inputs[1]!.sighashType = sighash;
    won.seller.sign(psbt, [1], [sighash]);
    return post('/psbt/seller-sign', won.sellerToken, { auctionId: won.lotId, walletAddress: won.seller.address, signedPsbtHex: psbt.toHex() });
  }

  it.each([
    ['SINGLE|ANYONECANPAY', 0x83],
    ['NONE|ANYONECANPAY', 0x82],
    ['SINGLE', 0x03],
  ])('%s: 400, nothing recorded, nothing broadcast', async (_name, sighash) => {
    const before = await mempool();
    const reply = await coSign(sighash);
    expect(reply).toMatchObject({
      status: 400,
      body: { code: 'wrong_sighash', message: `Input 1 (seller inscription) is signed with sighash 0x${sighash.toString(16).padStart(2, '0')}; it must be signed with SIGHASH_ALL (0x01)` },
    });
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: won.lotId }, select: { sellerSignedPsbtHex: true, txHash: true, swapTxid: true, paid: true } })).toEqual({
      sellerSignedPsbtHex: null,
      txHash: null,
      swapTxid: null,
      paid: false,
    });
    expect((await get(`/psbt/state/${won.lotId}`, won.sellerToken)).body).toMatchObject({ stage: 'awaiting_seller', txid: null });
    expect(await mempool()).toEqual(before);
  });

  it('the same seller signing SIGHASH_ALL completes the swap (the refusals were the sighash alone)', async () => {
    const reply = await coSign(bitcoin.Transaction.SIGHASH_ALL);
    expect(reply).toMatchObject({ status: 200, body: { data: { stage: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    expect(await mempool()).toContain(reply.body.data.txid);
  });
});
