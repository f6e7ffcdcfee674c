import { describe, expect, it } from 'vitest';
import { Refused } from '../refused.ts';
import type { PriceConfig } from './config.ts';
import { UsdPrices } from './usd-price.ts';

const config: PriceConfig = { url: 'http://prices.test/api/v3/simple/price?x_cg_demo_api_key=k', maxAgeMs: 300_000, cacheMs: 30_000, timeoutMs: 5000, marginPercent: 10 };

/** A price service answering CoinGecko's shape from `reply`, on a clock the test moves; it counts its requests. */
function fakeService() {
  const service = {
    now: 1_700_000_000_000,
    requests: [] as URL[],
    /** What the next requests get: prices (dated `updatedAgoMs` before now), a status, or a wait for `release`. */
    reply: { btcUsd: 65_000, ethUsd: 2000, updatedAgoMs: 0 } as { btcUsd: number; ethUsd: number; updatedAgoMs: number } | number,
    gate: null as Promise<void> | null,
    warnings: [] as string[],
  };
  const prices = new UsdPrices(config, { warn: (_obj: unknown, msg?: string) => void service.warnings.push(msg ?? '') } as never, {
    now: () => service.now,
    fetch: async (input) => {
      service.requests.push(new URL(String(input)));
      if (service.gate) await service.gate;
      const reply = service.reply;
      if (typeof reply === 'number') return new Response('{}', { status: reply });
      const at = Math.floor((service.now - reply.updatedAgoMs) / 1000);
      return Response.json({ bitcoin: { usd: reply.btcUsd, last_updated_at: at }, ethereum: { usd: reply.ethUsd, last_updated_at: at } });
    },
  });
  return { service, prices };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof Refused ? { kind: error.kind, message: error.message, code: error.code } : error),
  );

describe('the live USD price card holds use', () => {
  it('asks the service in CoinGecko’s simple price shape, keeping the configured query (an API key)', async () => {
    const { service, prices } = fakeService();
    expect(await prices.holdPrice('BTC')).toEqual({ usdCents: 6_500_000, marginPercent: 10 });
    expect(await prices.holdPrice('ETH')).toEqual({ usdCents: 200_000, marginPercent: 10 });
    const asked = service.requests[0]!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ x_cg_demo_api_key: 'k', ids: 'bitcoin,ethereum', vs_currencies: 'usd', include_last_updated_at: 'true' });
  });

  it('fetches once for every bid within the cache period, and once for bids that arrive while it runs', async () => {
    const { service, prices } = fakeService();
    let release!: () => void;
    service.gate = new Promise((resolve) => (release = resolve));
    const waiting = Promise.all(Array.from({ length: 20 }, (_, i) => prices.holdPrice(i % 2 ? 'BTC' : 'ETH')));
    release();
    expect((await waiting).map((p) => p.usdCents)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 6_500_000 : 200_000)));
    service.gate = null;
    service.reply = { btcUsd: 70_000, ethUsd: 2100, updatedAgoMs: 0 };
    service.now += 29_000;
    expect((await prices.holdPrice('BTC')).usdCents).toBe(6_500_000);
    expect(service.requests).toHaveLength(1);
    service.now += 1000;
    expect((await prices.holdPrice('BTC')).usdCents).toBe(7_000_000);
    expect(service.requests).toHaveLength(2);
  });

  it('refuses a price the service dates older than the limit, with the coin named, and recovers with a fresh one', async () => {
    const { service, prices } = fakeService();
    service.reply = { btcUsd: 65_000, ethUsd: 2000, updatedAgoMs: 300_001 };
    const message = 'Card bids on this lot are paused: the BTC price is unavailable. Please try again shortly.';
    expect(await refusal(prices.holdPrice('BTC'))).toEqual({ kind: 'unavailable', message, code: 'price_unavailable' });
    expect((await refusal(prices.holdPrice('ETH'))) as { message: string }).toMatchObject({ message: message.replace('BTC', 'ETH') });
    service.reply = { btcUsd: 66_000, ethUsd: 2000, updatedAgoMs: 300_000 };
    service.now += 30_000;
    expect((await prices.holdPrice('BTC')).usdCents).toBe(6_600_000);
  });

  it('keeps the last price through a failing service until it is too old, then refuses', async () => {
    const { service, prices } = fakeService();
    await prices.holdPrice('BTC');
    service.reply = 503;
    service.now += 60_000;
    expect((await prices.holdPrice('BTC')).usdCents).toBe(6_500_000);
    expect(service.warnings).toHaveLength(1);
    // A failing fetch is tried twice (one jittered retry); failing, the service is asked again only once the cache period has passed.
    service.now += 10_000;
    await prices.holdPrice('BTC');
    expect(service.requests).toHaveLength(3);
    service.now += 230_001;
    expect(await refusal(prices.holdPrice('BTC'))).toMatchObject({ kind: 'unavailable', code: 'price_unavailable' });
    expect(service.requests).toHaveLength(5);
  });

  it('refuses when the service never answered, and when it answers without a usable price', async () => {
    const { service, prices } = fakeService();
    service.reply = 500;
    expect(await refusal(prices.holdPrice('ETH', 'paused'))).toMatchObject({ kind: 'unavailable', message: 'paused' });
    service.reply = { btcUsd: 0, ethUsd: Number.NaN, updatedAgoMs: 0 };
    service.now += 30_000;
    expect(await refusal(prices.holdPrice('ETH'))).toMatchObject({ kind: 'unavailable' });
    expect(await prices.fresh()).toEqual({});
  });
});
