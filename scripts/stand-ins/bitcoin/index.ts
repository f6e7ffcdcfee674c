/**
 * Gavel's local Bitcoin: one HTTP process serving Esplora's (mempool.space) API under /api and ord's JSON API
 * under /ord over a real UTXO set, with a mempool, blocks mined on a timer and on demand, and a dev faucet.
 * No bitcoind can run on these machines; see README.md for what it checks and what it does not.
 *
 *   const btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
 *   new EsploraClient({ baseUrl: btc.esploraUrl }); new OrdClient({ baseUrl: btc.ordUrl });
 *
 * Standalone: `node --import tsx scripts/stand-ins/bitcoin/index.ts` (env: BITCOIN_STAND_IN_PORT (3002),
 * BITCOIN_NETWORK (testnet4), BITCOIN_BLOCK_INTERVAL_MS (60000; 0 mines only on POST /dev/mine)).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Chain, type StandInNetwork } from './chain.ts';
import { routes, type Fees } from './routes.ts';

export { Chain } from './chain.ts';
export type { StandInNetwork } from './chain.ts';

/** The port and network the api's config defaults to (api/src/bitcoin/config.ts repeats the port). */
export const BITCOIN_STAND_IN_DEFAULTS = { port: 3002, network: 'testnet4' as StandInNetwork, blockIntervalMs: 60_000 };

export interface BitcoinStandInOptions {
  /** 0 picks a free port. Default 3002. */
  port?: number;
  host?: string;
  network?: StandInNetwork;
  /** Mine a block this often; 0: only on POST /dev/mine (tests). Default 60 s. */
  blockIntervalMs?: number;
  /** What GET /api/v1/fees/recommended answers, sat/vB. */
  fees?: Partial<Fees>;
  log?: (line: string) => void;
}

export interface BitcoinStandIn {
  url: string;
  esploraUrl: string;
  ordUrl: string;
  port: number;
  network: StandInNetwork;
  chain: Chain;
  fees: Fees;
  close(): Promise<void>;
}

const BODY_LIMIT = 4 * 1024 * 1024;

export async function startBitcoinStandIn(options: BitcoinStandInOptions = {}): Promise<BitcoinStandIn> {
  const network = options.network ?? BITCOIN_STAND_IN_DEFAULTS.network;
  const chain = new Chain(network);
  const fees: Fees = { fastestFee: 4, halfHourFee: 3, hourFee: 2, economyFee: 1, minimumFee: 1, ...options.fees };
  const table = routes(chain, () => fees);
  const log = options.log ?? (() => {});

  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, accept' }).end();
      return;
    }
    try {
      const body = await readBody(req);
      const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
      for (const [method, pattern, handler] of table) {
        const m = method === req.method ? pattern.exec(pathname) : null;
        if (!m) continue;
        const reply = handler(m.slice(1), body);
        const payload = reply.type ? (Buffer.isBuffer(reply.body) ? reply.body : String(reply.body)) : JSON.stringify(reply.body);
        res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' }).end(payload);
        if (req.method === 'POST') log(`${req.method} ${pathname} -> ${reply.status}`);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      res.writeHead(400, { 'content-type': 'text/plain' }).end(message);
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? BITCOIN_STAND_IN_DEFAULTS.port, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const interval = options.blockIntervalMs ?? BITCOIN_STAND_IN_DEFAULTS.blockIntervalMs;
  const timer = interval > 0 ? setInterval(() => chain.mine(1), interval) : null;
  timer?.unref();
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    esploraUrl: `${url}/api`,
    ordUrl: `${url}/ord`,
    port,
    network,
    chain,
    fees,
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const network = (process.env.BITCOIN_NETWORK || BITCOIN_STAND_IN_DEFAULTS.network) as StandInNetwork;
  const standIn = await startBitcoinStandIn({
    port: Number(process.env.BITCOIN_STAND_IN_PORT ?? BITCOIN_STAND_IN_DEFAULTS.port),
    network,
    blockIntervalMs: Number(process.env.BITCOIN_BLOCK_INTERVAL_MS ?? BITCOIN_STAND_IN_DEFAULTS.blockIntervalMs),
    log: (line) => console.log(line),
  });
  console.log(`Bitcoin stand-in (${network}) on ${standIn.url}: Esplora ${standIn.esploraUrl}, ord ${standIn.ordUrl}`);
}
