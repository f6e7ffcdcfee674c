/** The long-lived things every route and job uses, opened once per process. */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { BrowseCache } from './lots/browse-cache.ts';
import { ContentStore } from './storage/content-store.ts';

export interface Services {
  config: Config;
  log: Logger;
  db: Database;
  redis: Redis;
  /** A second connection: a subscribed Redis client can do nothing else. */
  subscriber: Redis;
  browseCache: BrowseCache;
  /** Totals of browse filters, kept longer than pages: a total a few seconds old is fine for paging. */
  countCache: BrowseCache;
  contentStore: ContentStore;
  close(): Promise<void>;
}

export async function openServices(config: Config, log: Logger): Promise<Services> {
  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await migrate(db, (line) => log.info(line));
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  const subscriber = new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  await Promise.all([redis.connect(), subscriber.connect()]);
  const browseCache = new BrowseCache(config.browseCacheTtlMs);
  const countCache = new BrowseCache(config.browseCountTtlMs);
  await browseCache.listen(subscriber, config.redisPrefix);
  await countCache.listen(subscriber, config.redisPrefix);
  return {
    config,
    log,
    db,
    redis,
    subscriber,
    browseCache,
    countCache,
    contentStore: new ContentStore(config.storageDir),
    async close() {
      subscriber.disconnect();
      redis.disconnect();
      await db.close();
    },
  };
}
