/**
 * `npm run bench` (the embedded default): `npm start` runs on PGlite, a PostgreSQL inside the api's own process,
 * unless DATABASE_URL names a server. The same load on each, side by side in one run, the api and its worker in
 * one process as `npm start` runs them:
 * - bids from 64 bidders, on one hot lot and spread over 1,000 lots (wrk, as test/bench/bids.bench.ts drives them);
 * - GET /auctions at BENCH_EMBEDDED_LOTS (10,000) lots, 50 connections: one page again and again with the page
 *   cache on, and the mix of 200 filter, sort and page combinations with every cache off (as
 *   test/bench/browse.bench.ts asks for them);
 * - the api's memory (RSS) at the end, the database's included when it is PGlite.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { createTestDatabase } from '../support/database.ts';
import { openUserEvents } from '../support/sse.ts';
import { signIn } from '../support/users.ts';
import { startApiProcess } from './api-process.ts';
import { acceptedPerSecond, BidLoad, bidRouteLimits, readyBidders } from './bid-load.ts';
import { browseMix } from './browse-mix.ts';
import { seedBiddingLots, seedManyLots } from './seed-lots.ts';
import { assertWrkInstalled, cpuLine, wrk, type WrkRun } from './wrk.ts';

const CATALOGUE = Number(process.env.BENCH_EMBEDDED_LOTS ?? 10_000);
const SPREAD = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BROWSERS = 50;
const SAME_PAGE = '/auctions?limit=20&status=live&paymentMethod=BTC&sort=endTime&order=asc';
const PORT = 4141;

type Engine = 'PostgreSQL' | 'PGlite';

interface Measured {
  engine: Engine;
  runs: { hot: WrkRun; spread: WrkRun; samePage: WrkRun; mix: WrkRun };
  memory: { rss: number; peak: number };
}

/** The same bidders, bid lots and catalogue in either database; PGlite's is closed again, for the api to open. */
async function prepare(engine: Engine): Promise<{ env: Record<string, string>; bidders: Array<{ email: string }>; hot: string; spread: string[]; drop: () => Promise<void> }> {
  const seed = async (db: Database) => {
    const bidders = await readyBidders(db);
    const [hot, ...spread] = await seedBiddingLots(db, 1 + SPREAD);
    await seedManyLots(db, CATALOGUE);
    return { bidders, hot: hot!, spread };
  };
  if (engine === 'PostgreSQL') {
    const database = await createTestDatabase('embedded');
    return { env: { DATABASE_URL: database.url }, ...(await seed(database.db)), drop: database.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-'));
  const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    // An unset DATABASE_URL is what makes the api open PGlite, in GAVEL_DATA_DIR.
    return { env: { DATABASE_URL: '', GAVEL_DATA_DIR: dataDir }, ...(await seed(db)), drop: () => rm(dataDir, { recursive: true, force: true }) };
  } finally {
    await db.close();
  }
}

async function browse(api: { url: string; pid: number }, label: string, file: string): Promise<WrkRun> {
  const run = { url: api.url, script: 'paths.lua', args: [file], connections: BROWSERS, apiPid: api.pid };
  await wrk({ ...run, label: 'warm-up', seconds: 2 });
  const result = await wrk({ ...run, label, seconds: SECONDS });
  const failed = result.requests - (result.statuses['200'] ?? 0);
  if (failed > 0 || result.errors > 0) console.warn(`! ${label}: ${failed} replies other than 200, ${result.errors} socket errors`);
  return result;
}

async function measure(engine: Engine): Promise<Measured> {
  console.log(`${engine}: seeding ${CATALOGUE.toLocaleString()} lots, ${SPREAD + 1} bid lots and the bidders...`);
  const place = await prepare(engine);
  try {
    const env = { ...place.env, ...bidRouteLimits, RATE_EVENTS_PER_USER: '1000000', RATE_EVENTS_PER_IP: '1000000', RUN_WORKER: 'true' };
    const cached = await startApiProcess(env, PORT);
    const withCache = await (async () => {
      try {
        const tokens = await Promise.all(place.bidders.map((u) => signIn(cached.url, u.email)));
        // Every bidder listens for outbid events, as their open tab would.
        const streams = await Promise.all(tokens.map((token) => openUserEvents(cached.url, token)));
        const load = new BidLoad(tokens);
        const spreadFile = load.file('spread', place.spread);
        await load.run(cached, 'warm-up', spreadFile, 2);
        const hot = await load.run(cached, 'bids, one hot lot', load.file('hot', [place.hot]), SECONDS);
        const spread = await load.run(cached, `bids, ${SPREAD.toLocaleString()} lots`, spreadFile, SECONDS);
        // After the bids, so that the ones wrk left waiting are answered during its warm-up, not cut by the stop.
        const samePage = await browse(cached, 'same page, cache on', load.file('same-page', [SAME_PAGE]));
        const memory = await cached.memory();
        for (const stream of streams) stream.close();
        return { samePage, hot, spread, memory, mixFile: load.file('mix', browseMix(200)) };
      } finally {
        await cached.stop();
      }
    })();
    // PGlite takes one process at a time: the uncached api starts once the cached one is gone.
    const uncached = await startApiProcess({ ...env, BROWSE_CACHE_TTL_MS: '0', BROWSE_COUNT_TTL_MS: '0' }, PORT);
    try {
      const mix = await browse(uncached, 'mix of 200, no cache', withCache.mixFile);
      return { engine, runs: { hot: withCache.hot, spread: withCache.spread, samePage: withCache.samePage, mix }, memory: withCache.memory };
    } finally {
      await uncached.stop();
    }
  } finally {
    await place.drop();
  }
}

async function main() {
  assertWrkInstalled();
  const [postgres, pglite] = [await measure('PostgreSQL'), await measure('PGlite')] as [Measured, Measured];
  const rows: Array<[string, keyof Measured['runs'], (r: WrkRun) => number]> = [
    ['bids, one hot lot (accepted/s)', 'hot', acceptedPerSecond],
    [`bids, ${SPREAD.toLocaleString()} lots (accepted/s)`, 'spread', acceptedPerSecond],
    ['same page, cache on (req/s)', 'samePage', (r) => r.perSecond],
    ['mix of 200, no cache (req/s)', 'mix', (r) => r.perSecond],
  ];
  console.log(`\nthe embedded default beside PostgreSQL: api and worker in one process, ${SECONDS} s per run, bids at 64 connections, browsing at ${BROWSERS}, ${CATALOGUE.toLocaleString()} lots`);
  console.log('run                               PostgreSQL   p99 ms       PGlite   p99 ms   PGlite vs PostgreSQL');
  for (const [label, key, rate] of rows) {
    const [a, b] = [postgres.runs[key], pglite.runs[key]];
    console.log(
      `${label.padEnd(32)} ${rate(a).toFixed(0).padStart(11)} ${a.p99.toFixed(1).padStart(8)} ${rate(b).toFixed(0).padStart(12)} ${b.p99.toFixed(1).padStart(8)}   ${((rate(b) / rate(a)) * 100).toFixed(0).padStart(5)}%`,
    );
  }
  console.log('\ncpu (% of one core)');
  for (const [label, key] of rows)
    for (const m of [postgres, pglite]) console.log(`${label.padEnd(32)} ${m.engine.padEnd(11)} ${cpuLine(m.runs[key])}   replies by status ${JSON.stringify(m.runs[key].statuses)}`);
  console.log(
    `\nthe api’s RSS after the bids: PostgreSQL ${postgres.memory.rss.toFixed(0)} MiB (peak ${postgres.memory.peak.toFixed(0)}), PGlite ${pglite.memory.rss.toFixed(0)} MiB (peak ${pglite.memory.peak.toFixed(0)})`,
  );
}

await main();
