/**
 * Gavel's local price service: CoinGecko's simple price endpoint (the spec's public price service for ethereum
 * and bitcoin in USD) in one small HTTP process, so card holds on BTC and ETH lots are priced offline, and tests
 * can move the price, make the service fail, or make its price old. See README.md.
 *
 *   const prices = await startPriceStandIn({ port: 0, btcUsd: 100_000 });
 *   // PRICE_API_URL=prices.priceUrl; later prices.setPrices({ btcUsd: 90_000 }), prices.fail(), prices.stale(ms)
 *
 * Standalone: `node --import tsx scripts/stand-ins/price/index.ts` (env: PRICE_STAND_IN_PORT (3003),
 * BTC_USD_PRICE (65000), ETH_USD_PRICE (2000)).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The port the api's config defaults to (api/src/prices/config.ts repeats it: the api may not import scripts/),
 * and the starting prices: the spec's calculator price for BTC and its ETH fallback.
 */
export const PRICE_STAND_IN_DEFAULTS = { port: 3003, btcUsd: 65_000, ethUsd: 2000 };

/** Where CoinGecko serves the simple price API, under its host. */
export const SIMPLE_PRICE_PATH = '/api/v3/simple/price';

export interface PriceStandInOptions {
  /** 0 picks a free port. Default 3003. */
  port?: number;
  host?: string;
  btcUsd?: number;
  ethUsd?: number;
}

export interface UsdPriceUpdate {
  btcUsd?: number;
  ethUsd?: number;
}

export interface PriceStandIn {
  url: string;
  /** The simple price endpoint: what PRICE_API_URL names. */
  priceUrl: string;
  port: number;
  /** New prices, current from now on (they end a stale() or a fail()). */
  setPrices(update: UsdPriceUpdate): void;
  /** Answers 503, as the service does when it is down or rate-limits, until setPrices() or recover(). */
  fail(): void;
  /** Answers the same prices, last updated `ageMs` before now, until setPrices() or recover(). */
  stale(ageMs: number): void;
  /** Current prices again, unchanged. */
  recover(): void;
  /** How many price requests it has answered (or refused): a cache shows as fewer requests than bids. */
  readonly requests: number;
  close(): Promise<void>;
}

/** CoinGecko's ids for the coins it prices here. */
type CoinId = 'bitcoin' | 'ethereum';

export async function startPriceStandIn(options: PriceStandInOptions = {}): Promise<PriceStandIn> {
  const usd: Record<CoinId, number> = {
    bitcoin: options.btcUsd ?? PRICE_STAND_IN_DEFAULTS.btcUsd,
    ethereum: options.ethUsd ?? PRICE_STAND_IN_DEFAULTS.ethUsd,
  };
  // null: the prices are current at every request; a time: they were last updated then.
  let updatedAt: number | null = null;
  let failing = false;
  let requests = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body));
    if (req.method === 'POST' && url.pathname === '/dev/prices') return void devControl(req, send);
    if (req.method !== 'GET' || url.pathname !== SIMPLE_PRICE_PATH) return send(404, { error: 'Not found' });
    requests++;
    if (failing) return send(503, { status: { error_code: 503, error_message: 'The price service stand-in is failing (as asked)' } });
    send(200, simplePrice(url.searchParams));
  };

  /** CoinGecko's reply: one object per known id asked for, with the currencies asked for (usd only here). */
  const simplePrice = (query: URLSearchParams) => {
    const ids = (query.get('ids') ?? '').split(',').map((id) => id.trim().toLowerCase());
    const currencies = (query.get('vs_currencies') ?? '').split(',').map((c) => c.trim().toLowerCase());
    const withTime = query.get('include_last_updated_at') === 'true';
    const lastUpdatedAt = Math.floor((updatedAt ?? Date.now()) / 1000);
    const reply: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      if (id !== 'bitcoin' && id !== 'ethereum') continue;
      reply[id] = {
        ...(currencies.includes('usd') ? { usd: usd[id] } : {}),
        ...(withTime ? { last_updated_at: lastUpdatedAt } : {}),
      };
    }
    return reply;
  };

  const control = {
    setPrices(update: UsdPriceUpdate) {
      for (const [id, value] of [
        ['bitcoin', update.btcUsd],
        ['ethereum', update.ethUsd],
      ] as const) {
        if (value === undefined) continue;
        if (!(Number.isFinite(value) && value > 0)) throw new Error(`a price must be a positive number, not ${value}`);
        usd[id] = value;
      }
      control.recover();
    },
    fail() {
      failing = true;
    },
    stale(ageMs: number) {
      failing = false;
      updatedAt = Date.now() - ageMs;
    },
    recover() {
      failing = false;
      updatedAt = null;
    },
  };

  /** POST /dev/prices {btcUsd?, ethUsd?, mode?: 'live' | 'failing' | 'stale', staleSeconds?}: the same controls over HTTP. */
  const devControl = (req: IncomingMessage, send: (status: number, body: unknown) => void) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        const body = (text ? JSON.parse(text) : {}) as UsdPriceUpdate & { mode?: string; staleSeconds?: number };
        if (body.btcUsd !== undefined || body.ethUsd !== undefined) control.setPrices(body);
        if (body.mode === 'failing') control.fail();
        else if (body.mode === 'stale') control.stale((body.staleSeconds ?? 3600) * 1000);
        else if (body.mode === 'live') control.recover();
        else if (body.mode !== undefined) throw new Error('mode must be live, failing or stale');
        send(200, { usd, failing, updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString() });
      } catch (error) {
        send(400, { error: (error as Error).message });
      }
    });
  };

  const server = createServer(handle);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port ?? PRICE_STAND_IN_DEFAULTS.port, host, () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  return {
    url,
    priceUrl: `${url}${SIMPLE_PRICE_PATH}`,
    port,
    ...control,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const standIn = await startPriceStandIn({
    port: Number(process.env.PRICE_STAND_IN_PORT ?? PRICE_STAND_IN_DEFAULTS.port),
    btcUsd: Number(process.env.BTC_USD_PRICE ?? PRICE_STAND_IN_DEFAULTS.btcUsd),
    ethUsd: Number(process.env.ETH_USD_PRICE ?? PRICE_STAND_IN_DEFAULTS.ethUsd),
  });
  console.log(`Price stand-in on ${standIn.priceUrl} (POST ${standIn.url}/dev/prices to move, fail or age the price)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
