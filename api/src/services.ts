/** The long-lived things every route and job uses, opened once per process. */
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { BrowseCache } from './lots/browse-cache.ts';
import { ContentStore } from './storage/content-store.ts';
import { TokenService } from './auth/tokens.ts';
import { EmailCodes } from './auth/email-codes.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { Mailer } from './mail/mailer.ts';
import { setMailSite } from './mail/templates.ts';
import { createPayments, type Payments } from './payments/index.ts';
import { EventHub } from './events/event-hub.ts';
import { LotClock } from './jobs/lot-clock.ts';
import { ChainService } from './chain/index.ts';
import { survivesRedisOutage } from './jobs/redis-outage.ts';
import { clientOptions, keepSubscriberAlive } from './jobs/redis-connections.ts';
import { Relayer } from './relayer/relayer.ts';
import type { QueueRedis } from './jobs/job-queue.ts';
import { keptSecret } from './kept-secret.ts';
import { createBitcoinAccess, type BitcoinAccess } from './bitcoin/index.ts';
import { UsdPrices } from './prices/usd-price.ts';
import { UnsubscribeTokens } from './mail/unsubscribe-tokens.ts';
import { PushNotices } from './notifications/push.ts';
import { vapidKeys } from './notifications/push-keys.ts';
import { Vaults } from './bitcoin/vault/vaults.ts';
import { GavelKeys } from './bitcoin/vault/gavel-key.ts';
import { HealthMonitor } from './health/monitor.ts';
import { CircuitBreaker } from './health/breaker.ts';

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
  tokens: TokenService;
  emailCodes: EmailCodes;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  payments: Payments;
  eventHub: EventHub;
  lotClock: LotClock;
  /** The indexer (chain state over HTTP) and the chain's RPC node. */
  chain: ChainService;
  /** Esplora and ord (BITCOIN_ESPLORA_URL, ORD_URL). */
  bitcoin: BitcoinAccess;
  /** The platform's relayer account: card bids on on-chain lots (relayer/). */
  relayer: Relayer;
  /** Where every BullMQ queue lives (jobs/job-queue.ts). */
  queues: QueueRedis;
  /** The live USD prices of BTC and ETH that card holds are worked out at (PRICE_API_URL). */
  prices: UsdPrices;
  /** Signs and checks the unsubscribe links in mail (UNSUBSCRIBE_SECRET). */
  unsubscribeTokens: UnsubscribeTokens;
  /** Web Push to users' devices: every notice on a user's stream, of the kinds they turned on (VAPID_*). */
  pushes: PushNotices;
  /** Bidders' vaults: balances, withdrawals; G's key only where the worker runs (bitcoin/vault/). */
  vaults: Vaults;
  /** Readiness (database, Redis) and the degradation log the admin reads; outside services' breakers report to it. */
  health: HealthMonitor;
  close(): Promise<void>;
}

/** `role`: how this process is named in the degradation log the admin reads (the worker process is 'worker'). */
export async function openServices(config: Config, log: Logger, role: 'api' | 'worker' = 'api'): Promise<Services> {
  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: config.databasePoolSize, timeouts: config.databaseTimeouts });
  await migrate(db, (line) => log.info(line));
  const redis = new Redis(config.redisUrl, clientOptions());
  const subscriber = new Redis(config.redisUrl, clientOptions());
  for (const [client, what] of [
    [redis, 'redis'],
    [subscriber, 'redis subscriber'],
  ] as const)
    survivesRedisOutage(client, what, log);
  await Promise.all([redis.connect(), subscriber.connect()]);
  const stopPinging = keepSubscriberAlive(subscriber, log);
  const health = new HealthMonitor(db, redis, log, { process: `${role} ${hostname()}:${process.pid}`, redisPrefix: config.redisPrefix });
  health.start();
  const browseCache = new BrowseCache(config.browseCacheTtlMs);
  const countCache = new BrowseCache(config.browseCountTtlMs);
  await browseCache.listen(subscriber, config.redisPrefix);
  await countCache.listen(subscriber, config.redisPrefix);
  const tokens = await TokenService.create(config.jwtSecret, config.dataDir);
  const pepper = config.emailCodePepper ?? (await keptSecret(config.dataDir, 'email-code-pepper'));
  const queues: QueueRedis = { url: config.redisUrl, prefix: config.redisPrefix, log };
  const mailer = new Mailer(db, queues);
  const unsubscribeTokens = new UnsubscribeTokens(config.notifications.unsubscribeSecret ?? (await keptSecret(config.dataDir, 'unsubscribe-secret')));
  setMailSite(config.publicUrl, unsubscribeTokens);
  const eventHub = new EventHub(redis, config.redisPrefix, { checkEvents: config.checkContracts });
  await eventHub.listen(subscriber);
  const pushes = new PushNotices(db, queues, config.notifications.push, await vapidKeys(config.notifications.push, config.dataDir), log);
  eventHub.onUserNotice((userId, event) => void pushes.tellEvent(userId, event).catch((err: Error) => log.warn({ err: err.message, userId, type: event.type }, 'push not queued')));
  const lotClock = new LotClock(queues, config.notifications.endingSoonMinutes);
  const chain = new ChainService(config.chain, log, (d, f) => health.report(d, f));
  const payments = createPayments(config.stripe, db.prisma, log, queues, { mailer, paymentDueMs: config.unpaid.paymentDueMs }, new CircuitBreaker('stripe', (d, f) => health.report(d, f)));
  const prices = new UsdPrices(config.prices, log, undefined, (d, f) => health.report(d, f));
  const relayer = new Relayer({ config, log, db, redis, chain, payments, prices, eventHub, mailer, queues });
  const bitcoin = createBitcoinAccess(config.bitcoin, (d, f) => health.report(d, f));
  // G's master secret: only a process that runs the worker reads it; outside production a kept random one.
  const vaultSecret = config.vault.signs ? (config.vault.masterSecret ?? (config.production ? null : await keptSecret(config.dataDir, 'gavel-vault-secret'))) : null;
  const vaults = new Vaults({ db, bitcoin, config: config.vault, queues, log }, vaultSecret ? new GavelKeys(vaultSecret) : null);
  return {
    config,
    log,
    db,
    redis,
    subscriber,
    browseCache,
    countCache,
    contentStore: new ContentStore(config.storage.dir),
    tokens,
    emailCodes: new EmailCodes(db.prisma, pepper),
    rateLimiter: new RateLimiter(redis, config.redisPrefix),
    mailer,
    payments,
    eventHub,
    lotClock,
    chain,
    relayer,
    queues,
    bitcoin,
    prices,
    unsubscribeTokens,
    pushes,
    vaults,
    health,
    async close() {
      health.stop();
      // Outages that ended but are not written yet go to the database now, rather than leave with the process.
      await health.record.sync();
      await relayer.close();
      await vaults.close();
      await pushes.close();
      await payments.close();
      await lotClock.close();
      await mailer.close();
      stopPinging();
      subscriber.disconnect();
      redis.disconnect();
      await db.close();
    },
  };
}
