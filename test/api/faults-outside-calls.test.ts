/**
 * Outside calls under the fault proxy: Esplora (as while leading offers are checked) cut, black-holed or failing.
 * Each call is bounded and retried with jitter; a service that keeps failing opens its circuit, so calls fail at
 * once instead of each waiting out its timeout, the outage is in the degradation log, and its return is seen within
 * seconds, closing the episode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { createBitcoinAccess } from '../../api/src/bitcoin/index.ts';
import { CircuitBreaker, CircuitOpenError } from '../../api/src/health/breaker.ts';
import { ChainRpc } from '../../api/src/chain/rpc.ts';
import { startAnvil } from '../../scripts/chain/anvil.ts';
import { startPriceStandIn } from '../../scripts/stand-ins/price/index.ts';
import { UsdPrices } from '../../api/src/prices/usd-price.ts';
import { freePort } from '../support/processes.ts';
import { prepareOffer } from '../../api/src/bitcoin/offer/index.ts';
import { offerCall } from '../../api/src/bidding/btc-offer.ts';
import { devClient, networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { Degradations } from '../../api/src/health/degradations.ts';
import { startFaultProxy, type FaultProxy } from '../support/faults/proxy.ts';
import { eventually } from '../support/eventually.ts';

let btc: BitcoinStandIn;
let proxy: FaultProxy;

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  proxy = await startFaultProxy('esplora', { port: btc.port });
});
afterAll(async () => {
  await proxy?.close();
  await btc?.close();
});

function access() {
  const log = new Degradations('test');
  const report = (dependency: string, failure: string | null) => void (failure === null ? log.up(dependency) : log.down(dependency, failure));
  const base = `http://127.0.0.1:${proxy.port}`;
  const bitcoin = createBitcoinAccess({ network: 'regtest', esploraUrl: base + new URL(btc.esploraUrl).pathname, ordUrl: base + new URL(btc.ordUrl).pathname, timeoutMs: 300 }, report);
  return { esplora: bitcoin.esplora, bitcoin, log };
}

async function timed<T>(call: Promise<T>): Promise<{ ms: number; error: unknown }> {
  const start = Date.now();
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  return { ms: Date.now() - start, error };
}

describe('Esplora failing while offers are checked', () => {
  it('a black-holed Esplora fails each call within its bounded retries, then at once once the circuit opens, and is back within seconds', { timeout: 30_000 }, async () => {
    const { esplora, log } = access();
    expect(await esplora.tipHeight()).toBeGreaterThanOrEqual(0);
    proxy.inject({ kind: 'blackhole' });
    try {
      // Three attempts of 300 ms and two jittered pauses: well under two seconds, never the socket's own minutes.
      const first = await timed(esplora.tipHeight());
      expect(first.error).toBeTruthy();
      expect(first.ms).toBeLessThan(2000);
      // A few more failures open the circuit: calls then fail at once, and the outage is logged.
      for (let i = 0; i < 3 && !log.isDown('esplora'); i++) await esplora.tipHeight().catch(() => {});
      expect(log.isDown('esplora')).toBe(true);
      const fast = await timed(esplora.tipHeight());
      expect(fast.error).toBeInstanceOf(CircuitOpenError);
      expect(fast.ms).toBeLessThan(50);
    } finally {
      proxy.restore();
    }
    const back = Date.now();
    await eventually(async () => (await esplora.tipHeight().catch(() => null)) !== null, { timeoutMs: 5000, what: 'Esplora to answer again through the breaker' });
    expect(Date.now() - back).toBeLessThan(5000);
    expect(log.isDown('esplora')).toBe(false);
    expect(log.list()[0]).toMatchObject({ dependency: 'esplora', until: expect.any(Date) });
  });

  it('a blip of refused connections or 500s is ridden out by the retries', { timeout: 30_000 }, async () => {
    const { esplora, log } = access();
    for (const fault of [{ kind: 'http500' }, { kind: 'reset' }] as const) {
      // The next new connection fails, and so does the one kept alive from the call before, if the client reuses it
      // before reading its reset: two failed attempts at most, and the last of the three gets through.
      const before = proxy.accepted;
      proxy.inject(fault, { connections: 1 });
      expect(await esplora.tipHeight()).toBeGreaterThanOrEqual(0);
      expect(proxy.accepted - before).toBe(2);
    }
    expect(log.list()).toEqual([]);
  });
});

describe('ord failing while an offer is built', () => {
  it("is a 503 to the bidder, not 'Inscription not found'", { timeout: 30_000 }, async () => {
    const net = networkOf('regtest');
    const dev = devClient(btc.url);
    const bidder = new TestKey('p2wpkh', net);
    const { inscriptionId } = await dev.inscribe(new TestKey('p2tr', net).address, 'outage lot');
    await dev.faucet(bidder.address, 600);
    await dev.faucet(bidder.address, 100_000);
    const { bitcoin } = access();
    const params = {
      lotId: 'lot-1',
      bidId: 'bid-1',
      price: 20_000,
      inscriptionId,
      seller: { payoutAddress: new TestKey('p2wpkh', net).address },
      bidder: { paymentAddress: bidder.address, ordinalsAddress: new TestKey('p2tr', net).address },
      platformFeeAddress: new TestKey('p2wpkh', net).address,
    };
    expect((await offerCall(() => prepareOffer(bitcoin, params))).psbtHex).toMatch(/^70736274ff/);
    proxy.inject({ kind: 'http500' });
    try {
      await expect(offerCall(() => prepareOffer(bitcoin, params))).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      proxy.restore();
    }
  });
});

describe("the chain's RPC node failing while balances are read", () => {
  it('a black-holed node fails each read within its bounds, then at once once the circuit opens, is logged, and is back within seconds', { timeout: 30_000 }, async () => {
    const anvil = await startAnvil({ port: await freePort() });
    const rpcProxy = await startFaultProxy('chain', { port: Number(new URL(anvil.rpcUrl).port) });
    try {
      const log = new Degradations('test');
      const rpc = new ChainRpc(`http://127.0.0.1:${rpcProxy.port}`, 300, new CircuitBreaker('chain-rpc', (d, f) => void (f === null ? log.up(d) : log.down(d, f))));
      const balance = () => rpc.client.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
      expect(await balance()).toBeGreaterThan(0n);
      rpcProxy.inject({ kind: 'blackhole' });
      try {
        const first = await timed(balance());
        expect(first.error).toBeTruthy();
        expect(first.ms).toBeLessThan(2000);
        for (let i = 0; i < 3 && !log.isDown('chain-rpc'); i++) await balance().catch(() => {});
        expect(log.isDown('chain-rpc')).toBe(true);
        const fast = await timed(balance());
        expect(fast.error).toBeTruthy();
        expect(fast.ms).toBeLessThan(1000);
      } finally {
        rpcProxy.restore();
      }
      const back = Date.now();
      await eventually(() => balance().catch(() => null), { timeoutMs: 5000, what: 'the node to answer again through the breaker' });
      expect(Date.now() - back).toBeLessThan(5000);
      expect(log.list()[0]).toMatchObject({ dependency: 'chain-rpc', until: expect.any(Date) });
    } finally {
      await rpcProxy.close();
      await anvil.stop();
    }
  });
});

describe('the price service failing', () => {
  it('is in the degradation log from the failed fetch until the next good one', { timeout: 30_000 }, async () => {
    const service = await startPriceStandIn({ port: 0 });
    const priceProxy = await startFaultProxy('price', { port: service.port });
    try {
      const log = new Degradations('test');
      const url = `http://127.0.0.1:${priceProxy.port}${new URL(service.priceUrl).pathname}`;
      const prices = new UsdPrices({ url, maxAgeMs: 300_000, cacheMs: 0, timeoutMs: 300, marginPercent: 10 }, { warn: () => {} }, undefined, (d, f) => void (f === null ? log.up(d) : log.down(d, f)));
      expect((await prices.fresh()).BTC).toBeDefined();
      priceProxy.inject({ kind: 'cut' });
      await prices.fresh();
      expect(log.isDown('prices')).toBe(true);
      priceProxy.restore();
      await eventually(
        async () => {
          await prices.fresh();
          return !log.isDown('prices');
        },
        { timeoutMs: 5000, what: 'the price service to answer again' },
      );
      expect(log.list()[0]).toMatchObject({ dependency: 'prices', until: expect.any(Date) });
    } finally {
      await priceProxy.close();
      await service.close();
    }
  });
});
