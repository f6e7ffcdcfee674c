import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPriceStandIn, type PriceStandIn } from './index.ts';

let prices: PriceStandIn;

beforeAll(async () => {
  prices = await startPriceStandIn({ port: 0, btcUsd: 67_187.34, ethUsd: 3456.78 });
});

afterAll(async () => {
  await prices?.close();
});

const ask = async (query: string) => {
  const res = await fetch(`${prices.priceUrl}?${query}`);
  return { status: res.status, body: await res.json() };
};

describe('the price stand-in', () => {
  it('answers CoinGecko’s simple price shape: the ids asked for, in the currencies asked for, dated when asked', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await ask('ids=bitcoin,ethereum,dogecoin&vs_currencies=usd&include_last_updated_at=true');
    expect(status).toBe(200);
    expect(body).toEqual({
      bitcoin: { usd: 67_187.34, last_updated_at: expect.any(Number) },
      ethereum: { usd: 3456.78, last_updated_at: expect.any(Number) },
    });
    expect(body.bitcoin.last_updated_at).toBeGreaterThanOrEqual(before);
    expect((await ask('ids=bitcoin&vs_currencies=usd')).body).toEqual({ bitcoin: { usd: 67_187.34 } });
    expect((await ask('ids=bitcoin&vs_currencies=eur')).body).toEqual({ bitcoin: {} });
  });

  it('moves the price, fails, and dates its price in the past, as a test or POST /dev/prices asks', async () => {
    prices.setPrices({ btcUsd: 70_000 });
    expect((await ask('ids=bitcoin&vs_currencies=usd')).body).toEqual({ bitcoin: { usd: 70_000 } });
    prices.fail();
    expect((await ask('ids=bitcoin&vs_currencies=usd')).status).toBe(503);
    prices.stale(3_600_000);
    const stale = await ask('ids=bitcoin&vs_currencies=usd&include_last_updated_at=true');
    expect(stale.body.bitcoin.last_updated_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 3599);

    const dev = (body: unknown) => fetch(`${prices.url}/dev/prices`, { method: 'POST', body: JSON.stringify(body) });
    expect((await dev({ ethUsd: 2500, mode: 'live' })).status).toBe(200);
    expect((await ask('ids=ethereum&vs_currencies=usd')).body).toEqual({ ethereum: { usd: 2500 } });
    await dev({ mode: 'failing' });
    expect((await ask('ids=ethereum&vs_currencies=usd')).status).toBe(503);
    expect((await dev({ mode: 'sideways' })).status).toBe(400);
    expect((await dev({ btcUsd: -1 })).status).toBe(400);
    const requests = prices.requests;
    await dev({ mode: 'live' });
    await ask('ids=ethereum&vs_currencies=usd');
    expect(prices.requests).toBe(requests + 1);
  });
});
