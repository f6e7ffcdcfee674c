/**
 * A bidder's vault through the api against the Bitcoin stand-in: opened with the key of a linked ordinals
 * address, its balance (confirmed outputs only), and a withdrawal end to end: the api builds the cooperative-leaf
 * PSBT, a test wallet signs the script path, the api checks it, the worker co-signs with G and broadcasts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { parseVaultDescriptor, VAULT_INTERNAL_KEY } from '@gavel/domain/bitcoin-vault';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { networkOf, TestKey } from '../support/bitcoin-wallet.ts';

const net = networkOf('regtest');
const N = 10;
let stack: Awaited<ReturnType<typeof startBitcoinStack>>;
const { post, get } = jsonCalls(() => stack.api.url);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

beforeAll(async () => {
  stack = await startBitcoinStack({ BITCOIN_VAULT_CSV_BLOCKS: String(N), BITCOIN_VAULT_REFRESH_BLOCKS: '2', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
});
afterAll(() => stack?.stop());

/** A bidder whose wallet (payment p2wpkh, ordinals p2tr) is linked to their account. */
async function bidder() {
  const user = await createUser(stack.api.db, 'ready');
  const keys = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.payment.address, type: 'xverse' } });
  await stack.api.db.prisma.wallet.create({ data: { userId: user.id, address: keys.ordinals.address, type: 'xverse', purpose: 'ordinals' } });
  return { user, keys, token: await signIn(stack.api.url, user.email) };
}

async function faucet(address: string, sats: number, mine: boolean) {
  const res = await fetch(`${stack.btc.url}/dev/faucet`, { method: 'POST', body: JSON.stringify({ address, sats, mine }) });
  return (await res.json()) as { txid: string; vout: number };
}

describe('opening a vault', () => {
  it("needs the key of the bidder's linked ordinals address, and answers the same vault every time", async () => {
    const alice = await bidder();
    const stranger = new TestKey('p2tr', net);
    expect(await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(stranger.publicKey) })).toMatchObject({ status: 403, body: { code: 'ordinals_not_linked' } });
    expect((await get('/wallet/vault', alice.token)).status).toBe(404);

    const opened = await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(alice.keys.ordinals.publicKey) });
    expect(opened.status).toBe(201);
    const vault = opened.body.data;
    expect(vault).toMatchObject({ address: expect.stringMatching(/^bcrt1p/), csvBlocks: N, keyVersion: 1, current: true, ordinalsAddress: alice.keys.ordinals.address, confirmations: 1 });
    expect(parseVaultDescriptor(vault.descriptor)).toEqual({ bidderKey: hex(alice.keys.ordinals.publicKey), gavelKey: vault.gavelKey, csvBlocks: N });
    expect(vault.descriptor).toContain(`tr(${VAULT_INTERNAL_KEY},`);
    expect((await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(alice.keys.ordinals.publicKey) })).body.data).toEqual(vault);
    expect((await get('/wallet/vault', alice.token)).body.data).toEqual(vault);

    // Another bidder, the same Gavel key: another vault.
    const bob = await bidder();
    const bobs = (await post('/wallet/vault', bob.token, { ordinalsPublicKey: hex(bob.keys.ordinals.publicKey) })).body.data;
    expect(bobs.gavelKey).toBe(vault.gavelKey);
    expect(bobs.address).not.toBe(vault.address);
  });
});

describe('the vault balance and a withdrawal', () => {
  it('counts confirmed outputs only, with their exit height and date', async () => {
    const alice = await bidder();
    const vault = (await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(alice.keys.ordinals.publicKey) })).body.data;
    await faucet(vault.address, 40_000, false);
    const unconfirmed = (await get('/wallet/vault/balance', alice.token)).body.data;
    expect(unconfirmed).toMatchObject({ confirmed: 0, free: 0, committed: 0, pending: 40_000, exitAt: null });
    const { height } = await stack.dev.mine(1);
    const confirmed = (await get('/wallet/vault/balance', alice.token)).body.data;
    expect(confirmed).toMatchObject({ confirmed: 40_000, free: 40_000, committed: 0, pending: 0, tipHeight: height });
    expect(confirmed.outputs).toEqual([expect.objectContaining({ value: 40_000, blockHeight: height, exitHeight: height + N, state: 'free', confirmations: 1 })]);
    expect(Date.parse(confirmed.exitAt) - Date.now()).toBeGreaterThan((N - 1) * 600_000 - 60_000);
  });

  it('withdraws free coins to a linked address: the wallet signs the cooperative leaf once, Gavel co-signs and broadcasts', async () => {
    const alice = await bidder();
    const vault = (await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(alice.keys.ordinals.publicKey) })).body.data;
    await faucet(vault.address, 30_000, false);
    await faucet(vault.address, 50_000, true);

    expect(await post('/wallet/vault/withdrawals', alice.token, { toAddress: new TestKey('p2wpkh', net).address })).toMatchObject({ status: 403, body: { code: 'wallet_not_linked' } });
    const requestedAt = performance.now();
    const started = await post('/wallet/vault/withdrawals', alice.token, { toAddress: alice.keys.payment.address, feeRate: 2 });
    expect(started.status).toBe(201);
    const w = started.body.data;
    expect(w).toMatchObject({ kind: 'withdraw', status: 'awaiting_signature', toAddress: alice.keys.payment.address, inputsToSign: [0, 1], txid: null });
    expect(w.amount + w.fee).toBe(80_000);
    expect((await post('/wallet/vault/withdrawals', alice.token, { toAddress: alice.keys.payment.address })).status).toBe(409);

    const psbt = bitcoin.Psbt.fromHex(w.psbtHex, { network: net });
    for (const input of psbt.data.inputs) {
      expect(hex(input.tapInternalKey!)).toBe(VAULT_INTERNAL_KEY);
      expect(input.witnessUtxo!.value).toBeGreaterThan(0n);
      expect(input.tapLeafScript).toHaveLength(1);
      expect(hex(input.tapLeafScript![0]!.script)).toBe(`20${vault.bidderKey}ad20${vault.gavelKey}ac`);
    }

    // A PSBT signed over another transaction (a changed output) is refused, and nothing is stored.
    const other = new bitcoin.Psbt({ network: net });
    other.setVersion(2);
    psbt.txInputs.forEach((input, i) => {
      other.addInput({ hash: input.hash, index: input.index, sequence: input.sequence, ...psbt.data.inputs[i]! } as never);
    });
    other.addOutput({ address: alice.keys.payment.address, value: BigInt(w.amount - 1000) });
    alice.keys.ordinals.signScriptPath(other, [0, 1]);
    expect(await post(`/wallet/vault/withdrawals/${w.id}/sign`, alice.token, { signedPsbtHex: other.toHex() })).toMatchObject({ status: 400, body: { code: 'psbt_changed' } });
    const unsigned = await post(`/wallet/vault/withdrawals/${w.id}/sign`, alice.token, { signedPsbtHex: w.psbtHex });
    expect(unsigned).toMatchObject({ status: 400, body: { code: 'unsigned_input' } });

    alice.keys.ordinals.signScriptPath(psbt, w.inputsToSign);
    const signed = await post(`/wallet/vault/withdrawals/${w.id}/sign`, alice.token, { signedPsbtHex: psbt.toHex() });
    expect(signed).toMatchObject({ status: 202, body: { data: { status: 'signed' } } });
    let view = signed.body.data;
    while (view.status === 'signed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      view = (await get(`/wallet/vault/withdrawals/${w.id}`, alice.token)).body.data;
    }
    const elapsedMs = performance.now() - requestedAt;
    expect(view).toMatchObject({ status: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const tx = (await (await fetch(`${stack.btc.esploraUrl}/tx/${view.txid}`)).json()) as {
      vin: Array<{ witness: string[] }>;
      weight: number;
      fee: number;
      vout: Array<{ scriptpubkey_address: string; value: number }>;
    };
    expect(tx.vin.map((vin) => vin.witness.length)).toEqual([4, 4]);
    expect(tx.vout).toEqual([expect.objectContaining({ scriptpubkey_address: alice.keys.payment.address, value: w.amount })]);
    const vsize = Math.ceil(tx.weight / 4);
    expect(vsize).toBeLessThanOrEqual(w.vsize);
    console.log(`vault withdrawal: 2 inputs, ${vsize} vB (estimated ${w.vsize}), fee ${tx.fee} sats, request to broadcast ${Math.round(elapsedMs)} ms`);
    expect(elapsedMs).toBeLessThan(10_000);
    expect((await get('/wallet/vault/balance', alice.token)).body.data).toMatchObject({ confirmed: 0, pending: 0, outputs: [] });
    // Signing the same withdrawal again changes nothing.
    expect((await post(`/wallet/vault/withdrawals/${w.id}/sign`, alice.token, { signedPsbtHex: psbt.toHex() })).status).toBe(409);
  });

  it('refreshes into the current vault before the exit date: a new output, a new exit height', async () => {
    const alice = await bidder();
    const vault = (await post('/wallet/vault', alice.token, { ordinalsPublicKey: hex(alice.keys.ordinals.publicKey) })).body.data;
    await faucet(vault.address, 25_000, true);
    await stack.dev.mine(N - 2);
    expect((await get('/wallet/vault/balance', alice.token)).body.data).toMatchObject({ free: 0, outputs: [expect.objectContaining({ state: 'expiring' })] });
    const w = (await post('/wallet/vault/withdrawals', alice.token, { kind: 'refresh', feeRate: 1 })).body.data;
    expect(w).toMatchObject({ kind: 'refresh', toAddress: vault.address });
    const psbt = bitcoin.Psbt.fromHex(w.psbtHex, { network: net });
    alice.keys.ordinals.signScriptPath(psbt, w.inputsToSign);
    expect((await post(`/wallet/vault/withdrawals/${w.id}/sign`, alice.token, { signedPsbtHex: psbt.toBase64() })).status).toBe(202);
    let view = w;
    while (view.status !== 'broadcast' && view.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      view = (await get(`/wallet/vault/withdrawals/${w.id}`, alice.token)).body.data;
    }
    expect(view.status).toBe('broadcast');
    const { height } = await stack.dev.mine(1);
    expect((await get('/wallet/vault/balance', alice.token)).body.data).toMatchObject({ free: w.amount, outputs: [expect.objectContaining({ exitHeight: height + N, state: 'free' })] });
  });
});
