/**
 * Everything a fault scenario runs against: a fresh database, the Stripe, price and Bitcoin (Esplora and ord)
 * stand-ins, a chain node (anvil), one fault proxy in front of each dependency (PostgreSQL, Redis, Stripe, the
 * price service, Bitcoin, the chain's RPC),
 * the api with its worker as a child process reaching them only through the proxies, bidders (pay-later and
 * saved-card) on a few USD lots, and Bitcoin bidders (signed offers) on a BTC lot. The test itself reads the
 * database and the stand-ins directly, never through a proxy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../database.ts';
import type { Database } from '../../../api/src/db/client.ts';
import { startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../card-payments.ts';
import { startPriceStandIn, type PriceStandIn } from '../../../scripts/stand-ins/price/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../../scripts/stand-ins/bitcoin/index.ts';
import { startAnvil, type AnvilHandle } from '../../../scripts/chain/anvil.ts';
import { createUser, signIn } from '../users.ts';
import { freePort } from '../processes.ts';
import { LIFTED_ROUTE_LIMITS } from '../stack.ts';
import { startFaultProxy, type FaultProxy } from './proxy.ts';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import type { Bidder } from './load.ts';
import { btcBidder, openBtcLot, type BtcBidder } from './bitcoin-bidders.ts';

export type Dependency = 'postgres' | 'redis' | 'stripe' | 'price' | 'bitcoin' | 'chain';

/** Anvil's first account: funded at genesis, its balance the load reads. */
const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export interface Rig {
  db: TestDatabase;
  stripe: RecordedStripe;
  prices: PriceStandIn;
  btc: BitcoinStandIn;
  anvil: AnvilHandle;
  proxies: Record<Dependency, FaultProxy>;
  api: ApiProcess;
  /** The api's data directory (GAVEL_DATA_DIR), its uploads (STORAGE_DIR) too. */
  dataDir: string;
  /** The USD lots (pay-later and card bids). */
  lots: string[];
  bidders: Bidder[];
  btcLot: string;
  btcBidders: BtcBidder[];
  /** The address whose ETH balance the load reads. */
  evmAddress: string;
  stop(): Promise<void>;
}

export interface RigOptions {
  lots?: number;
  payLaterBidders?: number;
  cardBidders?: number;
  btcBidders?: number;
}

/** A live public event of this rig's own database (the support's createLot keeps one event per process). */
async function openEvent(db: Database): Promise<string> {
  const day = 86_400_000;
  const event = await db.prisma.auctionEvent.create({
    data: { slug: `faults-${randomBytes(4).toString('hex')}`, title: 'Fault sale', published: true, status: 'live', startTime: new Date(Date.now() - day), endTime: new Date(Date.now() + day) },
  });
  return event.id;
}

/** Live USD lots in the event. */
async function openLots(db: Database, auctionEventId: string, count: number): Promise<string[]> {
  const lots: string[] = [];
  for (let i = 0; i < count; i++) {
    const lot = await db.prisma.lot.create({
      data: {
        auctionEventId,
        title: `Fault lot ${randomBytes(3).toString('hex')}`,
        paymentMethod: 'Manual',
        startingBid: '1000',
        currentPrice: '1000',
        startTime: new Date(Date.now() - 60_000),
        endTime: new Date(Date.now() + 3_600_000),
        status: 'live',
        published: true,
        extensionMinutes: 0,
      },
    });
    lots.push(lot.id);
  }
  return lots;
}

export async function startRig(o: RigOptions = {}): Promise<Rig> {
  const db = await createTestDatabase('faults');
  const stripe = await startRecordedStripe();
  const prices = await startPriceStandIn({ port: 0 });
  const btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  const anvil = await startAnvil({ port: await freePort() });
  const pg = new URL(POSTGRES_ADMIN_URL);
  const proxies: Record<Dependency, FaultProxy> = {
    postgres: await startFaultProxy('postgres', { host: pg.hostname, port: Number(pg.port || 5432) }),
    redis: await startFaultProxy('redis', { port: Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379) }),
    stripe: await startFaultProxy('stripe', { port: Number(new URL(stripe.url).port) }),
    price: await startFaultProxy('price', { port: prices.port }),
    bitcoin: await startFaultProxy('bitcoin', { port: btc.port }),
    chain: await startFaultProxy('chain', { port: Number(new URL(anvil.rpcUrl).port) }),
  };
  const viaProxy = (url: string, proxy: FaultProxy) => `http://127.0.0.1:${proxy.port}${new URL(url).pathname}`;
  const dbUrl = new URL(db.url);
  dbUrl.host = `127.0.0.1:${proxies.postgres.port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gavel-faults-'));
  const port = await freePort();
  const api = await startApiProcess(port, {
    ...LIFTED_ROUTE_LIMITS,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${proxies.redis.port}`,
    REDIS_PREFIX: `faults-${randomBytes(4).toString('hex')}`,
    RUN_WORKER: 'true',
    ...stripe.env(),
    STRIPE_API_BASE: `http://127.0.0.1:${proxies.stripe.port}`,
    PRICE_API_URL: viaProxy(prices.priceUrl, proxies.price),
    // Each card bid in sats asks the price service again (by default one fetch serves 30 s), so its outage is felt:
    // the last price holds cards meanwhile, as it does for PRICE_MAX_AGE_MS.
    PRICE_CACHE_MS: '0',
    PRICE_TIMEOUT_MS: '1000',
    BITCOIN_NETWORK: 'regtest',
    BITCOIN_ESPLORA_URL: viaProxy(btc.esploraUrl, proxies.bitcoin),
    ORD_URL: viaProxy(btc.ordUrl, proxies.bitcoin),
    // Each call to Esplora or ord given up after this (three attempts at most): a bidder waiting on a silent one
    // gets a 503 within seconds (the default is 4 s).
    BITCOIN_TIMEOUT_MS: '1000',
    BITCOIN_FOLLOW_MS: '1000',
    RPC_URL: `http://127.0.0.1:${proxies.chain.port}`,
    // The deployment's bound on a read from the RPC node (three tries at most); balances read afresh each time.
    CHAIN_TIMEOUT_MS: '1000',
    WALLET_BALANCE_CACHE_MS: '0',
    LOT_CLOCK_RECONCILE_MS: '1000',
    // A statement on a connection that went silent is given up after this, and its connection replaced: the
    // deployment's setting for a database whose slowest statement is quick (the default is 30 s).
    DATABASE_QUERY_TIMEOUT_MS: '2500',
    STRIPE_TIMEOUT_MS: '3000',
    PENDING_HOLD_GRACE_MS: '2000',
    GAVEL_DATA_DIR: dataDir,
    STORAGE_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_SIGNIN_PER_IP: '100000',
    RATE_SIGNIN_PER_ACCOUNT: '100000',
  });
  stripe.standIn.setWebhook({ url: `${api.url}/payment/webhook`, secret: WEBHOOK_SECRET });

  const event = await openEvent(db.db);
  const lots = await openLots(db.db, event, o.lots ?? 3);
  const btcLot = await openBtcLot(db.db, btc.url, event);
  const bidders: Bidder[] = [];
  for (let i = 0; i < (o.payLaterBidders ?? 3); i++) {
    const user = await createUser(db.db, 'ready');
    bidders.push({ token: await signIn(api.url, user.email), card: false });
  }
  for (let i = 0; i < (o.cardBidders ?? 2); i++) {
    const user = await userWithCard(db.db, stripe);
    bidders.push({ token: await signIn(api.url, user.email), card: true });
  }
  const btcBidders: BtcBidder[] = [];
  for (let i = 0; i < (o.btcBidders ?? 2); i++) btcBidders.push(await btcBidder(db.db, btc.url, api.url));
  return {
    db,
    stripe,
    prices,
    btc,
    proxies,
    api,
    dataDir,
    lots,
    bidders,
    btcLot,
    btcBidders,
    anvil,
    evmAddress: ANVIL_ACCOUNT_0,
    async stop() {
      await api.stop();
      for (const proxy of Object.values(proxies)) await proxy.close();
      await prices.close();
      await btc.close();
      await anvil.stop();
      await stripe.stop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
