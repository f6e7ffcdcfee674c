/**
 * `npm run bench`: browse speed at 100,000 lots. Seeds a fresh PostgreSQL database, starts the api in a child
 * process (so the load generator gets the other core), and measures side by side, in one run, at 50
 * connections: a trivial route (/healthz); GET /auctions with a filter and a sort as visitors get it (page
 * cache on); the same with the page cache off (every request queries its page, the total comes from the count
 * cache); and with both off (every request queries its page and counts all matches).
 * Target: browse >= 50% of the trivial route's throughput with p99 < 50 ms.
 */
import autocannon from 'autocannon';
import { createTestDatabase } from '../support/database.ts';
import { seedManyLots } from './seed-lots.ts';
import { startApiProcess } from './api-process.ts';

const LOTS = Number(process.env.BENCH_LOTS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BROWSE = '/auctions?limit=20&status=live&paymentMethod=BTC&sort=endTime&order=asc';

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startApi(databaseUrl: string, port: number, cache: { pageMs: number; countMs: number }) {
  return startApiProcess({ DATABASE_URL: databaseUrl, BROWSE_CACHE_TTL_MS: String(cache.pageMs), BROWSE_COUNT_TTL_MS: String(cache.countMs) }, port);
}

async function load(label: string, url: string): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT, pools, caches
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const database = await createTestDatabase('bench');
  try {
    console.log(`seeding ${LOTS.toLocaleString()} lots...`);
    const seeded = Date.now();
    await seedManyLots(database.db, LOTS);
    console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const cached = await startApi(database.url, 4101, { pageMs: 1000, countMs: 15_000 });
    const countOnly = await startApi(database.url, 4102, { pageMs: 0, countMs: 15_000 });
    const uncached = await startApi(database.url, 4103, { pageMs: 0, countMs: 0 });
    const results: Result[] = [];
    try {
      const sample = (await (await fetch(cached.url + BROWSE)).json()) as { pagination: { total: number } };
      console.log(`browse query matches ${sample.pagination.total.toLocaleString()} lots`);
      results.push(await load('trivial GET /healthz', `${cached.url}/healthz`));
      results.push(await load('browse (cached)', cached.url + BROWSE));
      results.push(await load('browse (page query)', countOnly.url + BROWSE));
      results.push(await load('browse (page + count)', uncached.url + BROWSE));
    } finally {
      await cached.stop();
      await countOnly.stop();
      await uncached.stop();
    }
    const trivial = results[0]!.rps;
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${LOTS.toLocaleString()} lots; ${BROWSE}`);
    console.log('route                     req/s     p50 ms  p99 ms  errors  vs trivial');
    for (const r of results) {
      console.log(
        `${r.label.padEnd(24)} ${r.rps.toFixed(0).padStart(7)}  ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${((r.rps / trivial) * 100).toFixed(0).padStart(6)}%`,
      );
    }
    const browse = results[1]!;
    console.log(
      `\ntarget: browse >= 50% of trivial (${((browse.rps / trivial) * 100).toFixed(0)}%) and p99 < 50 ms (${browse.p99} ms): ${browse.rps >= trivial / 2 && browse.p99 < 50 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await database.drop();
  }
}

await main();
