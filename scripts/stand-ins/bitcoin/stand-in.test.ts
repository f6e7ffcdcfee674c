/**
 * The local Bitcoin stand-in accepts real signed transactions and refuses what Bitcoin Core would, with
 * Esplora's error bodies; ord's view follows inscriptions by first satoshi.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { EsploraClient, EsploraError, OrdClient } from '../../../api/src/bitcoin/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from './index.ts';
import { devClient, spend, TestKey, networkOf } from '../../../test/support/bitcoin-wallet.ts';

let btc: BitcoinStandIn;
let esplora: EsploraClient;
let ord: OrdClient;
let dev: ReturnType<typeof devClient>;
const net = networkOf('regtest');

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  esplora = new EsploraClient({ baseUrl: btc.esploraUrl });
  ord = new OrdClient({ baseUrl: btc.ordUrl });
  dev = devClient(btc.url);
});
afterAll(() => btc?.close());

async function funded(type: 'p2wpkh' | 'p2tr', sats = 100_000) {
  const key = new TestKey(type, net);
  const utxo = await dev.faucet(key.address, sats);
  return { key, utxo: { txid: utxo.txid, vout: utxo.vout, value: sats } };
}

async function refusal(hex: string): Promise<string> {
  const error = await esplora.broadcast(hex).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EsploraError);
  expect((error as EsploraError).status).toBe(400);
  return (error as EsploraError).body;
}

describe('Bitcoin stand-in', () => {
  it('faucet funds an address: UTXO, balance and confirmations as Esplora shows them', async () => {
    const { key, utxo } = await funded('p2wpkh', 50_000);
    expect(await esplora.addressUtxos(key.address)).toEqual([expect.objectContaining({ txid: utxo.txid, vout: 0, value: 50_000, status: expect.objectContaining({ confirmed: true }) })]);
    expect(await esplora.balance(key.address)).toEqual({ confirmed: 50_000, unconfirmed: 0, total: 50_000 });
    expect(await esplora.confirmations(utxo.txid)).toBe(1);
    await dev.mine(2);
    expect(await esplora.confirmations(utxo.txid)).toBe(3);
    expect(await esplora.recommendedFees()).toMatchObject({ fastestFee: expect.any(Number), hourFee: expect.any(Number) });
  });

  it('accepts a p2wpkh spend into the mempool, then confirms it when a block is mined', async () => {
    const { key, utxo } = await funded('p2wpkh');
    const to = new TestKey('p2tr', net);
    const tx = spend(key, [utxo], [{ address: to.address, value: 30_000 }], 500);
    expect(await esplora.broadcast(tx.toHex())).toBe(tx.getId());
    expect(await esplora.txStatus(tx.getId())).toEqual({ confirmed: false });
    expect(await esplora.outspend(utxo.txid, 0)).toMatchObject({ spent: true, txid: tx.getId(), vin: 0 });
    expect(await esplora.balance(to.address)).toMatchObject({ confirmed: 0, unconfirmed: 30_000 });
    const { height } = await dev.mine();
    expect(await esplora.txStatus(tx.getId())).toMatchObject({ confirmed: true, block_height: height });
    expect(await esplora.txHex(tx.getId())).toBe(tx.toHex());
    expect((await esplora.tx(tx.getId())).fee).toBe(500);
  });

  it('accepts a p2tr key-path spend, and a chained spend of its unconfirmed output', async () => {
    const { key, utxo } = await funded('p2tr');
    const next = new TestKey('p2tr', net);
    const first = spend(key, [utxo], [{ address: next.address, value: 60_000 }], 300);
    await esplora.broadcast(first.toHex());
    const second = spend(next, [{ txid: first.getId(), vout: 0, value: 60_000 }], [{ address: key.address, value: 20_000 }], 300);
    expect(await esplora.broadcast(second.toHex())).toBe(second.getId());
  });

  it("refuses a wrong signature (segwit v0 and taproot) with Core's script error", async () => {
    const wallet = await funded('p2wpkh');
    const stranger = new TestKey('p2wpkh', net);
    expect(await refusal(rawP2wpkh(wallet.key, stranger, wallet.utxo, 90_000).toHex())).toBe(
      'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)"}',
    );
    // Taproot: the key's output, a stranger's key-path signature over the right sighash.
    const { key, utxo } = await funded('p2tr');
    const thief = new TestKey('p2tr', net);
    const tx = new bitcoin.Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(utxo.txid, 'hex').reverse(), utxo.vout);
    tx.addOutput(thief.output, 90_000n);
    const hash = tx.hashForWitnessV1(0, [key.output], [BigInt(utxo.value)], bitcoin.Transaction.SIGHASH_DEFAULT);
    tx.setWitness(0, [thief.pair.tweak(bitcoin.crypto.taggedHash('TapTweak', thief.publicKey)).signSchnorr(hash)]);
    expect(await refusal(tx.toHex())).toBe('sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Invalid Schnorr signature)"}');
  });

  it('refuses a changed output after signing (the signature no longer covers the transaction)', async () => {
    const { key, utxo } = await funded('p2tr');
    const tx = spend(key, [utxo], [{ address: new TestKey('p2wpkh', net).address, value: 10_000 }], 300);
    tx.outs[0]!.value = 5_000n;
    expect(await refusal(tx.toHex())).toContain('Invalid Schnorr signature');
  });

  it('refuses a double spend: in the mempool (-26 conflict) and once mined (-25 missing or spent)', async () => {
    const { key, utxo } = await funded('p2wpkh');
    const a = spend(key, [utxo], [{ address: new TestKey('p2wpkh', net).address, value: 10_000 }], 300);
    const b = spend(key, [utxo], [{ address: new TestKey('p2wpkh', net).address, value: 11_000 }], 300);
    await esplora.broadcast(a.toHex());
    expect(await refusal(b.toHex())).toBe('sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}');
    await dev.mine();
    expect(await refusal(b.toHex())).toBe('sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}');
  });

  it('refuses an overspend, an unknown input, dust, a fee under 1 sat/vB and garbage', async () => {
    const { key, utxo } = await funded('p2wpkh', 10_000);
    const over = rawP2wpkh(key, key, utxo, 10_001);
    expect(await refusal(over.toHex())).toBe('sendrawtransaction RPC error: {"code":-26,"message":"bad-txns-in-belowout, value in (0.00010000) < value out (0.00010001)"}');
    const unknown = rawP2wpkh(key, key, { txid: 'ab'.repeat(32), vout: 0, value: 10_000 }, 9_000);
    expect(await refusal(unknown.toHex())).toContain('"code":-25');
    const dust = rawP2wpkh(key, key, utxo, 200);
    expect(await refusal(dust.toHex())).toContain('"message":"dust"');
    const cheap = rawP2wpkh(key, key, utxo, 9_990);
    expect(await refusal(cheap.toHex())).toContain('min relay fee not met');
    expect(await refusal('zz')).toContain('"code":-22');
  });

  it('creates an inscription from a reveal transaction and follows its first sat through a transfer', async () => {
    const owner = new TestKey('p2tr', net);
    const seeded = await dev.inscribe(owner.address, 'Gavel lot #1');
    expect(await ord.output(seeded.revealTxid, 0)).toMatchObject({ inscriptions: [seeded.inscriptionId], address: owner.address, value: 546 });
    expect(await ord.inscription(seeded.inscriptionId)).toMatchObject({ address: owner.address, content_type: 'text/plain;charset=utf-8', satpoint: `${seeded.revealTxid}:0:0` });
    expect(new TextDecoder().decode((await ord.content(seeded.inscriptionId)).body)).toBe('Gavel lot #1');
    const reveal = await esplora.tx(seeded.revealTxid);
    expect(reveal.vin[0]!.witness).toHaveLength(3); // signature, envelope leaf, control block: a script-path spend

    // A transfer with a padding input first: the inscription lands 1,000 sats into the first output.
    const { key: payer, utxo: padding } = await funded('p2tr', 1_000);
    const buyer = new TestKey('p2tr', net);
    const psbt = new bitcoin.Psbt({ network: net });
    psbt.addInput(payer.input(padding));
    psbt.addInput(owner.input({ txid: seeded.revealTxid, vout: 0, value: 546 }));
    psbt.addOutput({ address: buyer.address, value: 1_346n });
    payer.sign(psbt, [0]);
    owner.sign(psbt, [1]);
    psbt.finalizeAllInputs();
    const transfer = psbt.extractTransaction(true);
    await esplora.broadcast(transfer.toHex());
    // ord indexes blocks, not the mempool.
    expect((await ord.inscription(seeded.inscriptionId)).address).toBe(owner.address);
    await dev.mine();
    expect(await ord.inscription(seeded.inscriptionId)).toMatchObject({ address: buyer.address, satpoint: `${transfer.getId()}:0:1000` });
    expect((await ord.output(transfer.getId(), 0)).inscriptions).toEqual([seeded.inscriptionId]);
    expect((await ord.output(seeded.revealTxid, 0)).spent).toBe(true);
    expect(await ord.address(buyer.address)).toMatchObject({ inscriptions: [seeded.inscriptionId], sat_balance: 1_346 });
  });
});

/**
 * A one-input p2wpkh transaction signed by hand (no PSBT amount checks): `signer` signs `owner`'s output, so a
 * thief's signature, an overspend or dust can reach the stand-in.
 */
function rawP2wpkh(owner: TestKey, signer: TestKey, utxo: { txid: string; vout: number; value: number }, value: number): bitcoin.Transaction {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.addInput(Buffer.from(utxo.txid, 'hex').reverse(), utxo.vout);
  tx.addOutput(owner.output, BigInt(value));
  const scriptCode = bitcoin.payments.p2pkh({ hash: owner.output.subarray(2) }).output!;
  const hash = tx.hashForWitnessV0(0, scriptCode, BigInt(utxo.value), bitcoin.Transaction.SIGHASH_ALL);
  const signature = bitcoin.script.signature.encode(signer.pair.sign(hash), bitcoin.Transaction.SIGHASH_ALL);
  tx.setWitness(0, [signature, owner.pair.publicKey]);
  return tx;
}
