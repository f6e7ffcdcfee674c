import { describe, expect, it } from 'vitest';
import { BrowseCache } from './browse-cache.ts';

describe('BrowseCache', () => {
  it('serves a page from memory within its TTL and shares one load between concurrent callers', async () => {
    const cache = new BrowseCache(10_000);
    let loads = 0;
    const load = async () => ++loads;
    const results = await Promise.all([cache.get('a', { limit: 20 }, load), cache.get('a', { limit: 20 }, load)]);
    expect(results).toEqual([1, 1]);
    expect(await cache.get('a', { limit: 20 }, load)).toBe(1);
    expect(await cache.get('a', { limit: 21 }, load)).toBe(2);
  });

  it('treats the same query in another key order as the same page', async () => {
    const cache = new BrowseCache(10_000);
    let loads = 0;
    await cache.get('a', { limit: 20, status: 'live' }, async () => ++loads);
    await cache.get('a', { status: 'live', limit: 20, search: undefined }, async () => ++loads);
    expect(loads).toBe(1);
  });

  it('reloads after invalidation, and never keeps a load that raced an invalidation', async () => {
    const cache = new BrowseCache(10_000);
    let release!: () => void;
    const slow = cache.get('a', {}, () => new Promise<string>((r) => (release = () => r('stale'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('a', {}, async () => 'fresh')).toBe('fresh');
  });

  it('does not cache failures', async () => {
    const cache = new BrowseCache(10_000);
    await expect(cache.get('a', {}, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', {}, async () => 'ok')).toBe('ok');
  });

  it('expires pages after the TTL', async () => {
    const cache = new BrowseCache(5);
    await cache.get('a', {}, async () => 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(await cache.get('a', {}, async () => 2)).toBe(2);
  });
});
