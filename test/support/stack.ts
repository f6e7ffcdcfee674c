/**
 * A real api for integration and browser tests: a fresh PostgreSQL database, the real Redis (namespaced per
 * stack), the demo seed or none, on a free port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { loadConfig } from '../../api/src/config.ts';
import { startApi } from '../../api/src/main.ts';
import type { Database } from '../../api/src/db/client.ts';
import type { Services } from '../../api/src/services.ts';
import { seedDemo } from '../../scripts/seed/demo.ts';
import { startPriceStandIn } from '../../scripts/stand-ins/price/index.ts';
import { createTestDatabase } from './database.ts';

export interface TestStack {
  url: string;
  databaseUrl: string;
  db: Database;
  /** The api's services, for seeds that need more than the database (scripts/seed/demo-bitcoin.ts). */
  services: Services;
  stop(): Promise<void>;
}

export interface TestStackOptions {
  seed?: 'demo' | 'none' | ((db: Database) => Promise<void>);
  /** Run the BullMQ worker (mail delivery, lot clock) in the api process. */
  worker?: boolean;
  /** Extra environment for the api's config (SMTP_URL, STRIPE_*, KYC_AUTO_APPROVE, rate limits...). */
  env?: Record<string, string>;
  /** Every log line the api writes at info level and above, as written, instead of going to stdout. */
  logLines?: string[];
}

/** Tests drive the rate-limited routes far faster than people do: their limits are lifted unless a test sets its own. */
export const LIFTED_ROUTE_LIMITS = Object.fromEntries(
  ['BIDS', 'CARD_SETUP', 'UPLOADS', 'WALLET_CONNECT', 'INSCRIPTIONS', 'SUBSCRIBE', 'SUPPORT', 'EVENTS', 'RPC', 'LOOKUPS', 'PAYMENTS', 'PASSWORD_CHANGE'].flatMap((name) => [
    [`RATE_${name}_PER_USER`, '1000000'],
    [`RATE_${name}_PER_IP`, '1000000'],
  ]),
);

/** The services of every api a test started, by its url: the production server of a browser test shares them. */
export const servicesByUrl = new Map<string, Services>();

export async function startApiForTest(opts: TestStackOptions = {}): Promise<TestStack> {
  const database = await createTestDatabase('e2e');
  const storageDir = await mkdtemp(path.join(tmpdir(), 'gavel-ipfs-'));
  // Card holds on BTC and ETH lots need a live price: the stand-in's ($65,000 and $2,000), unless the test brings its own.
  const priceStandIn = opts.env?.PRICE_API_URL ? null : await startPriceStandIn({ port: 0 });
  const config = {
    ...loadConfig({
      ...process.env,
      DATABASE_URL: database.url,
      PORT: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      STORAGE_DIR: storageDir,
      REDIS_PREFIX: `gavel-test-${randomBytes(4).toString('hex')}`,
      GAVEL_DATA_DIR: storageDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...LIFTED_ROUTE_LIMITS,
      ...(priceStandIn ? { PRICE_API_URL: priceStandIn.priceUrl } : {}),
      ...opts.env,
    }),
    runWorker: opts.worker ?? false,
  };
  const log = opts.logLines ? pino({ level: 'info' }, { write: (line: string) => void opts.logLines!.push(line) }) : undefined;
  const api = await startApi(config, log);
  servicesByUrl.set(api.url, api.services);
  const seed = opts.seed ?? 'demo';
  if (seed === 'demo') await seedDemo(api.services.db, api.services.contentStore);
  else if (typeof seed === 'function') await seed(api.services.db);
  return {
    url: api.url,
    databaseUrl: database.url,
    db: api.services.db,
    services: api.services,
    async stop() {
      servicesByUrl.delete(api.url);
      await api.stop();
      await priceStandIn?.close();
      await database.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
