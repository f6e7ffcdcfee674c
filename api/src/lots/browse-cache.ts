/**
 * A short-lived cache of browse pages. Browsing is most of the traffic and most visitors ask for the same few
 * pages; serving them from memory keeps GET /auctions near the speed of a trivial route. A page is at most
 * TTL old, and any lot write anywhere (announced on Redis, so every api instance hears it) drops the cache
 * at once. Identical concurrent misses share one database query.
 */
import type { Redis } from 'ioredis';

const lotsChangedChannel = (prefix: string) => `${prefix}:lots-changed`;

export class BrowseCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
  ) {}

  async get<T>(route: string, query: object, load: () => Promise<T>): Promise<T> {
    const key = `${route}?${stableKey(query)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const generation = this.generation;
    const value = load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: now, value });
    // A failed load or one that raced an invalidation must not be served to the next caller.
    value.then(
      () => generation !== this.generation && this.entries.get(key)?.value === value && this.entries.delete(key),
      () => this.entries.get(key)?.value === value && this.entries.delete(key),
    );
    return value;
  }

  /** The fresh entry for `query`, without loading one. */
  peek<T>(route: string, query: object): Promise<T> | undefined {
    const hit = this.entries.get(`${route}?${stableKey(query)}`);
    return hit && Date.now() - hit.at < this.ttlMs ? (hit.value as Promise<T>) : undefined;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Drops this instance's cache whenever any instance announces a lot change. */
  async listen(subscriber: Redis, prefix: string): Promise<void> {
    const channel = lotsChangedChannel(prefix);
    await subscriber.subscribe(channel);
    subscriber.on('message', (from) => from === channel && this.invalidate());
  }
}

/** Announce a lot change to every api instance (call after the write commits). */
export async function announceLotsChanged(redis: Redis, prefix: string): Promise<void> {
  await redis.publish(lotsChangedChannel(prefix), String(Date.now()));
}

function stableKey(query: object): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v instanceof Date ? v.toISOString() : String(v)}`)
    .join('&');
}
