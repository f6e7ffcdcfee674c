/**
 * Binding Bitcoin bids against the Bitcoin stand-in, the api and its worker: a lot that requires vault bids takes
 * Bitcoin bids from the bidder's vault only (cooperative leaf, one signing prompt, every signature checked by
 * Gavel), an output backs one leading bid at a time, a withdrawal waits until it is free, and the winning bid
 * settles: the seller co-signs, the worker co-signs with G and broadcasts. The winner cannot void it: the exit
 * leaf is refused before N, the cooperative leaf needs G, a withdrawal and a bid elsewhere are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { deriveVault, TAPSCRIPT_LEAF_VERSION } from '@gavel/domain/bitcoin-vault';
import { bindingBidMessages } from '@gavel/domain/binding-bids';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { sellerBtcLot } from '../support/btc-lots.ts';
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';
import { followSwaps } from '../../api/src/bitcoin-settlement/swap.ts';

const net = networkOf('regtest');
const N = 4320;
let stack: Awaited<ReturnType<typeof startBitcoinStack>>;
let adminToken: string;
const { post, get } = jsonCalls(() => stack.api.url);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const lotRow = (id: string) => stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  stack = await startBitcoinStack({ BITCOIN_PSBT_BIDS: 'true', BITCOIN_VAULT_SIGN_MS: '1000', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
  adminToken = await signIn(stack.api.url, (await createUser(stack.api.db, 'admin')).email);
});
afterAll(() => stack?.stop());

async function faucet(address: string, sats: number) {
  const res = await fetch(`${stack.btc.url}/dev/faucet`, { method: 'POST', body: JSON.stringify({ address, sats, mine: true }) });
  return (await res.json()) as { txid: string; vout: number };
}

/** A bidder with a linked wallet and an open vault holding `sats` in one confirmed output. */
async function vaultBidder(sats: number) {
  const user = await createUser(stack.api.db, 'ready');
  const keys = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.payment.address, type: 'xverse' } });
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.ordinals.address, type: 'xverse', purpose: 'ordinals' } });
  const token = await signIn(stack.api.url, user.email);
  const vault = (await post('/wallet/vault', token, { ordinalsPublicKey: hex(keys.ordinals.publicKey) })).body.data;
  const coin = await faucet(vault.address, sats);
  const bid = (lotId: string, amount: number, extra: object = {}) => post(`/auctions/${lotId}/bids`, token, { amount, walletAddress: keys.payment.address, ...extra });
  /** The wallet's one prompt: every vault input signed by the ordinals key on the cooperative leaf. */
  const sign = (reply: { psbtHex: string; inputsToSign: number[] }) => {
    const psbt = bitcoin.Psbt.fromHex(reply.psbtHex, { network: net });
    keys.ordinals.signScriptPath(psbt, reply.inputsToSign);
    return psbt.toHex();
  };
  const placed = async (lotId: string, amount: number) => {
    const offer = await bid(lotId, amount);
    expect(offer.status).toBe(201);
    const done = await post(`/auctions/${lotId}/finalize`, token, { bidId: offer.body.data.bid._id, signedPsbtHex: sign(offer.body.data) });
    expect(done.status).toBe(201);
    return offer.body.data.bid._id as string;
  };
  return { user, keys, token, vault, coin: { ...coin, value: sats }, bid, sign, placed, balance: async () => (await get('/wallet/vault/balance', token)).body.data };
}

/** A live BTC lot whose admin turned binding bids on through the lot form's api. */
async function bindingLot(title: string) {
  const made = await sellerBtcLot(stack.api, stack.dev, net, { inscription: title });
  const set = await fetch(`${stack.api.url}/lots/${made.lot.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ vaultBidsRequired: true }),
  });
  expect(set.status).toBe(200);
  return made;
}

async function endNow(lotId: string) {
  await stack.api.db.prisma.lot.update({ where: { id: lotId }, data: { endTime: new Date(Date.now() - 1000) } });
  expect((await closeLotAndAnnounce(stack.api.services, lotId)).closed).toBe(true);
}

describe('a lot that does not require vault bids', () => {
  it('takes offers from the wallet as today, marked not binding on the lot and in the bid reply', async () => {
    const { lot } = await sellerBtcLot(stack.api, stack.dev, net);
    expect((await get(`/auctions/${lot.id}`, adminToken)).body.data).toMatchObject({ vaultBidsRequired: false });
    const b = await vaultBidder(50_000);
    await stack.dev.faucet(b.keys.payment.address, 600);
    await stack.dev.faucet(b.keys.payment.address, 100_000);
    const offer = await b.bid(lot.id, 10_000, { ordinalsAddress: b.keys.ordinals.address });
    expect(offer).toMatchObject({ status: 201, body: { data: { binding: false, bindingNote: bindingBidMessages.notBinding } } });
  });
});

describe('binding Bitcoin bids', () => {
  it('a winning vault bid always settles: the winner can neither exit, withdraw nor bid elsewhere with its coins', async () => {
    const { lot, seller, sellerToken } = await bindingLot('binding lot');
    expect((await get(`/auctions/${lot.id}`, adminToken)).body.data).toMatchObject({ vaultBidsRequired: true, vaultBidsRequiredOwn: true });
    const alice = await vaultBidder(60_000);
    const bob = await vaultBidder(80_000);

    const offer = await alice.bid(lot.id, 10_000);
    expect(offer).toMatchObject({ status: 201, body: { data: { binding: true, inputsToSign: [1] } } });
    const psbt = bitcoin.Psbt.fromHex(offer.body.data.psbtHex, { network: net });
    expect(psbt.txInputs).toHaveLength(2);
    expect(hex(psbt.data.inputs[1]!.tapLeafScript![0]!.script)).toBe(`20${alice.vault.bidderKey}ad20${alice.vault.gavelKey}ac`);
    expect(psbt.txOutputs.map((o) => Number(o.value))).toEqual([546, 10_000, 546, expect.any(Number)]);
    expect(bitcoin.address.fromOutputScript(psbt.txOutputs[3]!.script, net)).toBe(alice.vault.address);

    // Gavel checks every signature itself: unsigned, or signed by another key, is refused. A PSBT handed back with no
    // leaf signature at all is a wallet that cannot sign script paths (a hardware key), and is told so with its way out.
    const bidId = offer.body.data.bid._id;
    expect(await post(`/auctions/${lot.id}/finalize`, alice.token, { bidId, signedPsbtHex: offer.body.data.psbtHex })).toMatchObject({
      status: 400,
      body: { code: 'vault_script_path_unsigned', message: expect.stringContaining(walletMessages.vaultScriptPathUnsigned) },
    });
    const forged = bitcoin.Psbt.fromHex(offer.body.data.psbtHex, { network: net });
    forged.updateInput(1, { tapScriptSig: [{ pubkey: Buffer.from(alice.vault.bidderKey, 'hex'), leafHash: Buffer.alloc(32, 1), signature: Buffer.alloc(64, 7) }] });
    expect((await post(`/auctions/${lot.id}/finalize`, alice.token, { bidId, signedPsbtHex: forged.toHex() })).status).toBe(400);

    // A second offer from the same output on another lot, built while the output is still free.
    const other = await bindingLot('other binding lot');
    const elsewhere = await alice.bid(other.lot.id, 10_000);
    expect(elsewhere.status).toBe(201);

    expect((await post(`/auctions/${lot.id}/finalize`, alice.token, { bidId, signedPsbtHex: alice.sign(offer.body.data) })).status).toBe(201);
    expect(await alice.balance()).toMatchObject({ confirmed: 60_000, committed: 60_000, free: 0 });

    // The output backs that leading bid: the other lot's offer on it is refused, and so is a withdrawal.
    const second = await post(`/auctions/${other.lot.id}/finalize`, alice.token, { bidId: elsewhere.body.data.bid._id, signedPsbtHex: alice.sign(elsewhere.body.data) });
    expect(second).toMatchObject({ status: 409, body: { code: 'vault_output_committed' } });
    expect((await lotRow(other.lot.id)).bidCount).toBe(0);
    expect(await post('/wallet/vault/withdrawals', alice.token, { feeRate: 1 })).toMatchObject({ status: 400, body: { code: 'nothing_to_withdraw' } });

    // Alone, the bidder cannot move it: the exit leaf before N blocks, or the cooperative leaf without G.
    const keys = deriveVault({ bidderKey: alice.vault.bidderKey, gavelKey: alice.vault.gavelKey, csvBlocks: N }, 'regtest');
    for (const leaf of ['exit', 'cooperative'] as const) {
      const alone = new bitcoin.Psbt({ network: net });
      alone.setVersion(2);
      alone.addInput({
        hash: alice.coin.txid,
        index: alice.coin.vout,
        sequence: leaf === 'exit' ? N : 0xfffffffd,
        witnessUtxo: { script: keys.script, value: BigInt(alice.coin.value) },
        tapLeafScript: [{ leafVersion: TAPSCRIPT_LEAF_VERSION, script: keys[leaf].script, controlBlock: keys[leaf].controlBlock }],
      });
      alone.addOutput({ address: alice.keys.payment.address, value: BigInt(alice.coin.value - 1_000) });
      alice.keys.ordinals.signScriptPath(alone, [0]);
      const witness = [alone.data.inputs[0]!.tapScriptSig![0]!.signature, keys[leaf].script, keys[leaf].controlBlock];
      alone.finalizeInput(0, () => ({ finalScriptWitness: witnessStack(leaf === 'cooperative' ? [Buffer.alloc(0), ...witness] : witness) }));
      const sent = await fetch(`${stack.btc.esploraUrl}/tx`, { method: 'POST', body: alone.extractTransaction(true).toHex() });
      expect(sent.status, `${leaf} leaf spend alone`).toBe(400);
      const reason = await sent.text();
      // The exit leaf is refused for its lock (N blocks), not its form; the cooperative one for G's missing signature.
      if (leaf === 'exit') expect(reason).toContain('non-BIP68-final');
      else expect(reason).not.toContain('non-BIP68-final');
    }

    // Outbid: Alice's coins stay in her vault, free again, and back her next bid.
    await bob.placed(lot.id, 11_000);
    expect(await alice.balance()).toMatchObject({ committed: 0, free: 60_000 });
    expect(await bob.balance()).toMatchObject({ committed: 80_000, free: 0 });
    const aliceBid = await alice.placed(lot.id, 12_000);
    expect(await bob.balance()).toMatchObject({ committed: 0, free: 80_000 });

    await endNow(lot.id);
    expect(await lotRow(lot.id)).toMatchObject({ winnerId: alice.user.id, winningBidId: aliceBid });
    // Won, not yet settled: still committed.
    expect(await alice.balance()).toMatchObject({ committed: 60_000, free: 0 });

    // The seller co-signs input 0 (their inscription); the worker co-signs the vault input with G and broadcasts.
    const state = (await get(`/psbt/state/${lot.id}`, sellerToken)).body;
    expect(state).toMatchObject({ stage: 'awaiting_seller', sellerInputIndices: [0] });
    const swapPsbt = bitcoin.Psbt.fromHex(state.psbtHex, { network: net });
    swapPsbt.updateInput(0, { tapInternalKey: seller.publicKey });
    seller.sign(swapPsbt, [0], [bitcoin.Transaction.SIGHASH_ALL]);
    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: swapPsbt.toHex() });
    // Answered once the worker has co-signed and sent it, as any seller-sign answers a sent swap.
    expect(signed).toMatchObject({ status: 200, body: { data: { stage: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    expect((await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: swapPsbt.toHex() })).status).toBe(409);
    let row = await lotRow(lot.id);
    for (let i = 0; i < 500 && !row.swapTxid; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await lotRow(lot.id);
    }
    expect(row.swapTxid).toMatch(/^[0-9a-f]{64}$/);
    const tx = (await (await fetch(`${stack.btc.esploraUrl}/tx/${row.swapTxid}`)).json()) as { weight: number; fee: number; vin: Array<{ witness: string[] }> };
    expect(tx.vin.map((v) => v.witness.length)).toEqual([1, 4]);
    console.log(`binding vault bid's swap: 2 inputs (inscription, one vault output), 4 outputs, ${Math.ceil(tx.weight / 4)} vB, fee ${tx.fee} sats`);
    await stack.dev.mine(1);
    await followSwaps(stack.api.services);
    expect(await lotRow(lot.id)).toMatchObject({ paid: true, transferred: true });
    // The change came back to the vault.
    const after = await alice.balance();
    expect(after.outputs).toEqual([expect.objectContaining({ txid: row.swapTxid, state: 'free' })]);
  });

  it('two bids finalized at once on one vault output: exactly one leads on it', async () => {
    const lots = [await bindingLot('race lot one'), await bindingLot('race lot two')];
    const kim = await vaultBidder(40_000);
    const offers = await Promise.all(lots.map(({ lot }) => kim.bid(lot.id, 10_000)));
    const finals = await Promise.all(offers.map((offer, i) => post(`/auctions/${lots[i]!.lot.id}/finalize`, kim.token, { bidId: offer.body.data.bid._id, signedPsbtHex: kim.sign(offer.body.data) })));
    expect(finals.map((f) => f.status).sort()).toEqual([201, 409]);
    expect(finals.find((f) => f.status === 409)!.body.code).toBe('vault_output_committed');
    expect(await stack.api.db.prisma.vaultCommitment.count({ where: { vaultId: (await stack.api.db.prisma.bitcoinVault.findFirstOrThrow({ where: { userId: kim.user.id } })).id } })).toBe(1);
  });

  it('a withdrawal is refused while its output backs a leading bid, and co-signed once it is free', async () => {
    const { lot } = await bindingLot('withdrawal lot');
    const carol = await vaultBidder(40_000);
    const dave = await vaultBidder(90_000);
    // Started while free, then the output comes to back a bid: the signature is refused.
    const early = (await post('/wallet/vault/withdrawals', carol.token, { toAddress: carol.keys.payment.address, feeRate: 1 })).body.data;
    await carol.placed(lot.id, 10_000);
    const earlyPsbt = bitcoin.Psbt.fromHex(early.psbtHex, { network: net });
    carol.keys.ordinals.signScriptPath(earlyPsbt, early.inputsToSign);
    expect(await post(`/wallet/vault/withdrawals/${early.id}/sign`, carol.token, { signedPsbtHex: earlyPsbt.toHex() })).toMatchObject({ status: 409, body: { code: 'outputs_committed' } });

    await dave.placed(lot.id, 11_000);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first withdrawal's signing window (1 s here) lapses
    const w = await post('/wallet/vault/withdrawals', carol.token, { toAddress: carol.keys.payment.address, feeRate: 1 });
    expect(w.status).toBe(201);
    const psbt = bitcoin.Psbt.fromHex(w.body.data.psbtHex, { network: net });
    carol.keys.ordinals.signScriptPath(psbt, w.body.data.inputsToSign);
    expect((await post(`/wallet/vault/withdrawals/${w.body.data.id}/sign`, carol.token, { signedPsbtHex: psbt.toHex() })).status).toBe(202);
    let view = w.body.data;
    while (view.status !== 'broadcast' && view.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      view = (await get(`/wallet/vault/withdrawals/${view.id}`, carol.token)).body.data;
    }
    expect(view.status).toBe('broadcast');
  });

  it('a maximum from the vault is a ladder of binding offers on the same outputs: the proxy moves it, and it settles at its step', async () => {
    const { lot, seller, sellerToken } = await bindingLot('binding ladder lot');
    const gina = await vaultBidder(70_000);
    const hank = await vaultBidder(70_000);
    const built = await gina.bid(lot.id, 10_000, { maximum: 20_000 });
    expect(built).toMatchObject({ status: 201, body: { data: { binding: true, inputsToSign: [1], psbtHex: null } } });
    const steps = built.body.data.ladder as Array<{ bidId: string; psbtHex: string }>;
    expect(steps.length).toBeGreaterThan(1);
    const spends = steps.map((step) =>
      bitcoin.Psbt.fromHex(step.psbtHex, { network: net })
        .txInputs.map((i) => `${hex(i.hash)}:${i.index}`)
        .join(),
    );
    expect(new Set(spends).size).toBe(1);
    const signedSteps = steps.map((step) => ({ bidId: step.bidId, signedPsbtHex: gina.sign({ psbtHex: step.psbtHex, inputsToSign: built.body.data.inputsToSign }) }));
    expect((await post(`/auctions/${lot.id}/finalize`, gina.token, { bidId: built.body.data.bid._id, signedSteps })).status).toBe(201);
    expect(await gina.balance()).toMatchObject({ committed: 70_000, free: 0 });

    // Hank bids under the maximum: the proxy answers at Gina's next step, still backed by the same output.
    await hank.placed(lot.id, 11_000);
    const leading = await stack.api.db.prisma.bid.findUniqueOrThrow({ where: { id: built.body.data.bid._id } });
    expect(leading.status).toBe('active');
    expect(Number(leading.amount.toFixed(0))).toBeGreaterThan(11_000);
    expect(await gina.balance()).toMatchObject({ committed: 70_000 });
    expect(await hank.balance()).toMatchObject({ committed: 0, free: 70_000 });

    await endNow(lot.id);
    expect(await lotRow(lot.id)).toMatchObject({ winnerId: gina.user.id });
    const state = (await get(`/psbt/state/${lot.id}`, sellerToken)).body;
    const psbt = bitcoin.Psbt.fromHex(state.psbtHex, { network: net });
    expect(Number(psbt.txOutputs[1]!.value)).toBe(Number(leading.amount.toFixed(0)));
    psbt.updateInput(0, { tapInternalKey: seller.publicKey });
    seller.sign(psbt, [0], [bitcoin.Transaction.SIGHASH_ALL]);
    expect((await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: psbt.toHex() })).status).toBe(200);
    let row = await lotRow(lot.id);
    for (let i = 0; i < 500 && !row.swapTxid; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await lotRow(lot.id);
    }
    expect(row.swapTxid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an outbid bid whose output now backs another bid cannot lead again when the bid above it is removed', async () => {
    const first = await bindingLot('removal lot');
    const second = await bindingLot('taking lot');
    const ivy = await vaultBidder(40_000);
    const jack = await vaultBidder(40_000);
    const ivyFirst = await ivy.placed(first.lot.id, 10_000);
    const jackBid = await jack.placed(first.lot.id, 11_000);
    // Outbid, Ivy's output backs her bid on another lot.
    await ivy.placed(second.lot.id, 10_000);
    expect(await ivy.balance()).toMatchObject({ committed: 40_000 });
    const removed = await fetch(`${stack.api.url}/auctions/bids/${jackBid}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ reason: 'test' }),
    });
    expect(removed.status).toBe(200);
    expect(await stack.api.db.prisma.bid.findUniqueOrThrow({ where: { id: ivyFirst } })).toMatchObject({ status: 'outbid' });
    expect(await lotRow(first.lot.id)).toMatchObject({ currentBid: null });
  });

  it('a Bitcoin Buy Now on such a lot is bought from the vault too, and settles the same way', async () => {
    const made = await sellerBtcLot(stack.api, stack.dev, net, { inscription: 'binding buy now', buyNowPrice: '30000' });
    await stack.api.db.prisma.auctionEvent.update({ where: { id: made.lot.auctionEventId }, data: { vaultBidsRequired: true } });
    const frank = await vaultBidder(50_000);
    const built = await post(`/auctions/${made.lot.id}/buy-now/offer`, frank.token, { walletAddress: frank.keys.payment.address });
    expect(built).toMatchObject({ status: 201, body: { data: { binding: true, inputsToSign: [1] } } });
    const bought = await post(`/auctions/${made.lot.id}/buy-now`, frank.token, { paymentMethod: 'BTC', bidId: built.body.data.bidId, signedPsbtHex: frank.sign(built.body.data) });
    expect(bought.status).toBe(200);
    expect(await lotRow(made.lot.id)).toMatchObject({ status: 'ended', winnerId: frank.user.id, winningBidId: built.body.data.bidId });
    expect(await frank.balance()).toMatchObject({ committed: 50_000, free: 0 });
    const state = (await get(`/psbt/state/${made.lot.id}`, made.sellerToken)).body;
    const psbt = bitcoin.Psbt.fromHex(state.psbtHex, { network: net });
    psbt.updateInput(0, { tapInternalKey: made.seller.publicKey });
    made.seller.sign(psbt, [0], [bitcoin.Transaction.SIGHASH_ALL]);
    expect((await post('/psbt/seller-sign', made.sellerToken, { auctionId: made.lot.id, walletAddress: made.seller.address, signedPsbtHex: psbt.toHex() })).status).toBe(200);
    let row = await lotRow(made.lot.id);
    for (let i = 0; i < 500 && !row.swapTxid; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await lotRow(made.lot.id);
    }
    expect(row.swapTxid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a bid from coins that unlock before the lot settles, saying to refresh', async () => {
    const { lot } = await bindingLot('long lot');
    await stack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() + 31 * 24 * 3600_000) } });
    const erin = await vaultBidder(40_000);
    expect(await erin.bid(lot.id, 10_000)).toMatchObject({ status: 409, body: { code: 'vault_refresh_needed', message: bindingBidMessages.refresh } });
    const nobody = await createUser(stack.api.db, 'ready');
    const token = await signIn(stack.api.url, nobody.email);
    const wallet = new TestKey('p2wpkh', net);
    await stack.api.db.prisma.wallet.create({ data: { userId: nobody.id, address: wallet.address, type: 'xverse' } });
    expect(await post(`/auctions/${lot.id}/bids`, token, { amount: 10_000, walletAddress: wallet.address })).toMatchObject({ status: 409, body: { code: 'vault_required' } });
  });
});

/** A witness stack serialized as a PSBT's finalScriptWitness. */
function witnessStack(items: Uint8Array[]): Buffer {
  const parts: Buffer[] = [Buffer.from([items.length])];
  for (const item of items) parts.push(Buffer.from([item.length]), Buffer.from(item));
  return Buffer.concat(parts);
}
