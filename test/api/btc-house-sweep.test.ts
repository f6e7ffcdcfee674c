/**
 * A binding swap's fee, fixed when the bidder signed, can be too low at the close. Its house output pays an anchor
 * key the worker holds, so right after the swap the worker sweeps that output to the fee address in a child whose
 * fee makes swap and child, as a package, reach the current estimate; when the swap still waits some blocks later,
 * the child is replaced by one paying more, and the swap confirms. Against the Bitcoin stand-in, whose blocks take
 * only packages over a minimum feerate (as a node's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { sellerBtcLot } from '../support/btc-lots.ts';
import { eventually } from '../support/eventually.ts';
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';
import { coSignVaultSwap } from '../../api/src/bitcoin-settlement/vault-settle.ts';
import { followHouseSweeps } from '../../api/src/bitcoin-settlement/house-sweep.ts';

const net = networkOf('regtest');
let stack: Awaited<ReturnType<typeof startBitcoinStack>>;
let adminToken: string;
const { post, get } = jsonCalls(() => stack.api.url);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const lotRow = (id: string) => stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id } });
const sweeps = (lotId: string) => stack.api.db.prisma.houseSweep.findMany({ where: { lotId }, orderBy: { attempt: 'asc' } });
const addressOf = (script: Uint8Array) => bitcoin.address.fromOutputScript(script, net);

interface EsploraTxView {
  txid: string;
  weight: number;
  fee: number;
  vin: Array<{ txid: string; vout: number; sequence: number }>;
  vout: Array<{ scriptpubkey_address: string; value: number }>;
  status: { confirmed: boolean };
}
const esploraTx = async (txid: string) => {
  const res = await fetch(`${stack.btc.esploraUrl}/tx/${txid}`);
  return res.status === 200 ? ((await res.json()) as EsploraTxView) : null;
};
const vsizeOf = (tx: EsploraTxView) => Math.ceil(tx.weight / 4);

beforeAll(async () => {
  stack = await startBitcoinStack({ BITCOIN_PSBT_BIDS: 'true', BITCOIN_CPFP_AFTER_BLOCKS: '3', BITCOIN_CPFP_MAX_FEE_RATE: '50', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
  adminToken = await signIn(stack.api.url, (await createUser(stack.api.db, 'admin')).email);
});
afterAll(() => stack?.stop());

/** A bidder with an open vault holding `sats` in one confirmed output, and their one signing prompt. */
async function vaultBidder(sats: number) {
  const user = await createUser(stack.api.db, 'ready');
  const keys = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.payment.address, type: 'xverse' } });
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.ordinals.address, type: 'xverse', purpose: 'ordinals' } });
  const token = await signIn(stack.api.url, user.email);
  const vault = (await post('/wallet/vault', token, { ordinalsPublicKey: hex(keys.ordinals.publicKey) })).body.data;
  await stack.dev.faucet(vault.address, sats);
  return { user, keys, token, vault };
}

/**
 * A live lot requiring binding bids, won by a vault bid of `amount` signed at today's estimate, closed and co-signed
 * by its seller: answers the lot, the winning offer and the swap's txid once the worker has sent it.
 */
async function wonAndCoSigned(title: string, amount: number, beforeSellerSigns: () => void = () => {}) {
  const made = await sellerBtcLot(stack.api, stack.dev, net, { inscription: title });
  const set = await fetch(`${stack.api.url}/lots/${made.lot.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ vaultBidsRequired: true }),
  });
  expect(set.status).toBe(200);
  const bidder = await vaultBidder(amount * 2);
  const offer = await post(`/auctions/${made.lot.id}/bids`, bidder.token, { amount, walletAddress: bidder.keys.payment.address });
  expect(offer.status, JSON.stringify(offer.body)).toBe(201);
  const psbt = bitcoin.Psbt.fromHex(offer.body.data.psbtHex, { network: net });
  bidder.keys.ordinals.signScriptPath(psbt, offer.body.data.inputsToSign);
  expect((await post(`/auctions/${made.lot.id}/finalize`, bidder.token, { bidId: offer.body.data.bid._id, signedPsbtHex: psbt.toHex() })).status).toBe(201);

  await stack.api.db.prisma.lot.update({ where: { id: made.lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLotAndAnnounce(stack.api.services, made.lot.id)).closed).toBe(true);
  beforeSellerSigns();
  const state = (await get(`/psbt/state/${made.lot.id}`, made.sellerToken)).body;
  const swapPsbt = bitcoin.Psbt.fromHex(state.psbtHex, { network: net });
  swapPsbt.updateInput(0, { tapInternalKey: made.seller.publicKey });
  made.seller.sign(swapPsbt, [0], [bitcoin.Transaction.SIGHASH_ALL]);
  const signed = await post('/psbt/seller-sign', made.sellerToken, { auctionId: made.lot.id, walletAddress: made.seller.address, signedPsbtHex: swapPsbt.toHex() });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const swapTxid = (await eventually(async () => (await lotRow(made.lot.id)).swapTxid, { what: 'the worker records the binding swap' }))!;
  return { lot: made.lot, offer: psbt, swapTxid };
}

describe('a binding swap fee-bumped by a child on the house anchor', () => {
  it('pays the house output to an anchor the worker holds, and sweeps it to the fee address in a child that lifts the package to the estimate', async () => {
    const feeAddress = stack.api.services.config.bitcoin.platformFeeAddress!;
    // The bidder signs at 3 sat/vB; by the close the estimate is 8.
    const { lot, offer, swapTxid } = await wonAndCoSigned('anchor lot', 1_000_000, () => Object.assign(stack.btc.fees, { halfHourFee: 8, fastestFee: 10 }));
    const houseAddress = addressOf(offer.txOutputs[2]!.script);
    expect(houseAddress).not.toBe(feeAddress);
    expect(houseAddress).toBe(stack.api.services.vaults.currentHouseAddress());
    const houseValue = Number(offer.txOutputs[2]!.value);

    const [child] = await eventually(() => sweeps(lot.id), { what: 'the worker sweeps the house output', until: (rows) => rows.length === 1 });
    const swap = (await esploraTx(swapTxid))!;
    const sent = (await esploraTx(child!.txid))!;
    expect(sent.vin).toEqual([expect.objectContaining({ txid: swapTxid, vout: 2, sequence: 0xfffffffd })]);
    expect(sent.vout).toEqual([expect.objectContaining({ scriptpubkey_address: feeAddress, value: houseValue - child!.fee })]);
    expect(sent.fee).toBe(child!.fee);
    // The swap alone is under the estimate; with its child it reaches it.
    expect(swap.fee / vsizeOf(swap)).toBeLessThan(8);
    const packageRate = (swap.fee + sent.fee) / (vsizeOf(swap) + vsizeOf(sent));
    expect(packageRate).toBeGreaterThanOrEqual(8);
    expect(child).toMatchObject({ attempt: 1, feeRate: 8, short: false, vsize: vsizeOf(sent) });
    console.log(
      `house sweep: swap ${vsizeOf(swap)} vB at ${(swap.fee / vsizeOf(swap)).toFixed(2)} sat/vB, child ${vsizeOf(sent)} vB paying ${sent.fee} sats, package ${packageRate.toFixed(2)} sat/vB; the fee address gets ${houseValue - sent.fee} of ${houseValue}`,
    );

    // A retried co-sign job, and a follower turn, send the same child again or none.
    await coSignVaultSwap(stack.api.services, lot.id);
    await followHouseSweeps(stack.api.services);
    expect((await sweeps(lot.id)).map((row) => row.txid)).toEqual([child!.txid]);
    expect(await (await fetch(`${stack.btc.esploraUrl}/tx/${swapTxid}/outspend/2`)).json()).toMatchObject({ spent: true, txid: child!.txid });

    await stack.dev.mine(1);
    await followSwaps(stack.api.services);
    await followHouseSweeps(stack.api.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true });
    expect((await sweeps(lot.id))[0]!.confirmedAt).not.toBeNull();
    Object.assign(stack.btc.fees, { halfHourFee: 3, fastestFee: 4 });
  });

  it('replaces the child with one paying more when the swap is still unconfirmed after BITCOIN_CPFP_AFTER_BLOCKS, and the swap then confirms', async () => {
    const { lot, swapTxid } = await wonAndCoSigned('stuck lot', 1_000_000);
    const [first] = await eventually(() => sweeps(lot.id), { what: 'the first child', until: (rows) => rows.length === 1 });
    expect(first!.feeRate).toBe(3);

    // Fees rise after the broadcast; blocks take only packages of 10 sat/vB or more, so the swap waits.
    Object.assign(stack.btc.fees, { halfHourFee: 12, fastestFee: 15 });
    stack.btc.chain.blockMinFeeRate = 10;
    try {
      await stack.dev.mine(2);
      await followHouseSweeps(stack.api.services);
      expect(await sweeps(lot.id)).toHaveLength(1); // not yet: two blocks of the three
      await stack.dev.mine(1);
      expect((await esploraTx(swapTxid))!.status.confirmed).toBe(false);
      // Two turns at once (a restarted worker beside the old one) make one replacement between them.
      await Promise.all([followHouseSweeps(stack.api.services), followHouseSweeps(stack.api.services)]);
      await followHouseSweeps(stack.api.services); // and a later turn does not replace it again
      const rows = await sweeps(lot.id);
      expect(rows.map((row) => row.attempt)).toEqual([1, 2]);
      const bumped = rows[1]!;
      expect(bumped.feeRate).toBe(15);
      expect(bumped.fee).toBeGreaterThan(first!.fee);
      expect(await esploraTx(first!.txid)).toBeNull(); // replaced in the mempool
      const swap = (await esploraTx(swapTxid))!;
      expect((swap.fee + bumped.fee) / (vsizeOf(swap) + bumped.vsize)).toBeGreaterThanOrEqual(15);
      console.log(`bumped child: ${first!.fee} -> ${bumped.fee} sats (${bumped.vsize} vB), package ${((swap.fee + bumped.fee) / (vsizeOf(swap) + bumped.vsize)).toFixed(2)} sat/vB`);

      await stack.dev.mine(1);
      expect((await esploraTx(swapTxid))!.status.confirmed).toBe(true);
      expect((await esploraTx(bumped.txid))!.status.confirmed).toBe(true);
      await followSwaps(stack.api.services);
      expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true, swapTxid });
    } finally {
      stack.btc.chain.blockMinFeeRate = 0;
      Object.assign(stack.btc.fees, { halfHourFee: 3, fastestFee: 4 });
    }
  });
});
