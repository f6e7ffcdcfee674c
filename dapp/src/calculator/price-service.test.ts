import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PRICES, fetchPrices } from './price-service.ts';

describe('the price service', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads bitcoin and ethereum in USD', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ bitcoin: { usd: 91000.5 }, ethereum: { usd: 3100 } }))),
    );
    expect(await fetchPrices()).toEqual({ btcUsd: 91000.5, ethUsd: 3100, live: true });
  });

  it('falls back to the defaults silently, warning once however often it fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fetchPrices()).toEqual(FALLBACK_PRICES);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 503 })),
    );
    expect(await fetchPrices()).toEqual(FALLBACK_PRICES);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
