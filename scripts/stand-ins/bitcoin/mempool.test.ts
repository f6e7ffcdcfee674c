/**
 * The stand-in's mempool as a node's: a block takes only packages whose feerate reaches its minimum, so a parent
 * paying too little waits until a child pays for both (CPFP), and a child that signals replaceability is replaced
 * by one paying more, never by one paying less.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { EsploraClient, type EsploraError } from '../../../api/src/bitcoin/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from './index.ts';
import { devClient, TestKey, networkOf } from '../../../test/support/bitcoin-wallet.ts';

let btc: BitcoinStandIn;
let esplora: EsploraClient;
let dev: ReturnType<typeof devClient>;
const net = networkOf('regtest');

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  esplora = new EsploraClient({ baseUrl: btc.esploraUrl });
  dev = devClient(btc.url);
});
afterAll(() => btc?.close());

/** One input of `key` to `to`, paying `fee`, with the given nSequence. */
function pay(key: TestKey, from: { txid: string; vout: number; value: number }, to: string, fee: number, sequence: number) {
  const psbt = new bitcoin.Psbt({ network: net });
  psbt.addInput({ ...key.input(from), sequence });
  psbt.addOutput({ address: to, value: BigInt(from.value - fee) });
  key.sign(psbt, [0]);
  psbt.finalizeAllInputs();
  return psbt.extractTransaction(true);
}

const setFees = (body: object) => fetch(`${btc.url}/dev/fees`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());

describe('the stand-in mempool', () => {
  it('mines a low-fee parent only once a child pays for the package, and takes a replacement of the child that pays more', async () => {
    const parentKey = new TestKey('p2tr', net);
    const childKey = new TestKey('p2tr', net);
    const coin = await dev.faucet(parentKey.address, 100_000);
    expect(await setFees({ blockMinFeeRate: 10, fastestFee: 12 })).toMatchObject({ blockMinFeeRate: 10, fastestFee: 12 });
    expect(await esplora.recommendedFees()).toMatchObject({ fastestFee: 12 });

    const parent = pay(parentKey, { ...coin, value: 100_000 }, childKey.address, 150, 0xffffffff);
    await esplora.broadcast(parent.toHex());
    await dev.mine(2);
    expect(await esplora.confirmations(parent.getId())).toBe(0);

    const from = { txid: parent.getId(), vout: 0, value: 100_000 - 150 };
    const low = pay(childKey, from, new TestKey('p2wpkh', net).address, 200, 0xfffffffd);
    await esplora.broadcast(low.toHex());
    await dev.mine(1);
    expect([await esplora.confirmations(parent.getId()), await esplora.confirmations(low.getId())]).toEqual([0, 0]);

    // Paying less than the child it replaces is refused; paying more evicts it.
    const less = pay(childKey, from, new TestKey('p2wpkh', net).address, 180, 0xfffffffd);
    const refused = await esplora.broadcast(less.toHex()).catch((e: unknown) => e);
    expect((refused as EsploraError).body).toContain('insufficient fee, rejecting replacement');
    const high = pay(childKey, from, new TestKey('p2wpkh', net).address, 3_000, 0xfffffffd);
    expect(await esplora.broadcast(high.toHex())).toBe(high.getId());
    expect(await esplora.confirmations(low.getId())).toBeNull();
    expect(await esplora.outspend(parent.getId(), 0)).toMatchObject({ spent: true, txid: high.getId() });

    const packageRate = (150 + 3_000) / (parent.virtualSize() + high.virtualSize());
    expect(packageRate).toBeGreaterThanOrEqual(10);
    await dev.mine(1);
    expect([await esplora.confirmations(parent.getId()), await esplora.confirmations(high.getId())]).toEqual([1, 1]);
    await setFees({ blockMinFeeRate: 0 });
  });

  it('refuses to replace a transaction that does not signal replaceability', async () => {
    const key = new TestKey('p2tr', net);
    const coin = await dev.faucet(key.address, 50_000);
    const first = pay(key, { ...coin, value: 50_000 }, new TestKey('p2wpkh', net).address, 200, 0xffffffff);
    await esplora.broadcast(first.toHex());
    const second = pay(key, { ...coin, value: 50_000 }, new TestKey('p2wpkh', net).address, 5_000, 0xffffffff);
    expect(((await esplora.broadcast(second.toHex()).catch((e: unknown) => e)) as EsploraError).body).toContain('txn-mempool-conflict');
  });
});
