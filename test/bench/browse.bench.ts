/**
 * `npm run bench` (browse): GET /auctions as many visitors ask for it, driven by wrk (test/bench/wrk.ts) at 50
 * connections against the api in its own process, side by side in one run at 100,000 lots:
 * - a trivial route (/healthz), the ceiling;
 * - one filter and sort again and again with the page cache on (what a crowd on the same page gets);
 * - a mix of 200 filter, sort and page combinations with every cache off: each request queries its page and its
 *   total, as a new combination does;
 * - the same mix with the page cache off but a filter's estimated total kept (BROWSE_COUNT_TTL_MS, 15 s by
 *   default): what a visitor gets who pages or re-sorts a large result that someone filtered in the last seconds.
 * Targets: the cached page >= 50% of the trivial route; the uncached mix >= 10% of it with p99 < 50 ms.
 * Then the cost as the catalogue grows: the uncached mix's p50 and p99 at each of BENCH_LOT_SIZES (default 10k,
 * 100k and 1M lots), which should grow no worse than logarithmically: each printed against log(n) / log(10k) times
 * its figure at the smallest.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../support/database.ts';
import { startApiProcess } from './api-process.ts';
import { browseMix } from './browse-mix.ts';
import { seedManyLots } from './seed-lots.ts';
import { assertWrkInstalled, cpuLine, wrk, type WrkRun } from './wrk.ts';

const SIZES = (process.env.BENCH_LOT_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const MAIN_SIZE = Number(process.env.BENCH_MAIN_LOTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SAME_PAGE = '/auctions?limit=20&status=live&paymentMethod=BTC&sort=endTime&order=asc';

const dir = mkdtempSync(path.join(tmpdir(), 'browsebench-'));
function pathsFile(name: string, paths: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${paths.join('\n')}\n`);
  return file;
}
const trivialFile = pathsFile('trivial', ['/healthz']);
const samePageFile = pathsFile('same-page', [SAME_PAGE]);
const mix = browseMix(200);
const mixFile = pathsFile('mix', mix);

async function load(label: string, api: { url: string; pid: number }, file: string, seconds = SECONDS): Promise<WrkRun> {
  const run = { url: api.url, script: 'paths.lua', args: [file], connections: CONNECTIONS, apiPid: api.pid };
  await wrk({ ...run, label: 'warm-up', seconds: 2 }); // JIT, pools, caches
  const result = await wrk({ ...run, label, seconds });
  const failed = result.requests - (result.statuses['200'] ?? 0);
  if (failed > 0 || result.errors > 0) console.warn(`! ${label}: ${failed} replies other than 200, ${result.errors} socket errors`);
  return result;
}

const row = (r: WrkRun, trivial: number) =>
  `${r.label.padEnd(30)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${((r.perSecond / trivial) * 100).toFixed(0).padStart(8)}%   ${cpuLine(r)}`;

async function main() {
  assertWrkInstalled();
  const database = await createTestDatabase('bench');
  try {
    const cost: Array<{ lots: number; run: WrkRun }> = [];
    let seededSoFar = 0;
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      console.log(`seeding to ${size.toLocaleString()} lots...`);
      const seeded = Date.now();
      await seedManyLots(database.db, size - seededSoFar, seededSoFar);
      seededSoFar = size;
      console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

      const uncached = await startApiProcess({ DATABASE_URL: database.url, BROWSE_CACHE_TTL_MS: '0', BROWSE_COUNT_TTL_MS: '0' }, 4103);
      try {
        cost.push({ lots: size, run: await load(`mix of ${mix.length}, no cache`, uncached, mixFile, Math.min(SECONDS, 5)) });
        if (size !== MAIN_SIZE) continue;
        const cached = await startApiProcess({ DATABASE_URL: database.url, BROWSE_CACHE_TTL_MS: '1000', BROWSE_COUNT_TTL_MS: '15000' }, 4101);
        const totalsKept = await startApiProcess({ DATABASE_URL: database.url, BROWSE_CACHE_TTL_MS: '0', BROWSE_COUNT_TTL_MS: '15000' }, 4102).catch(async (error) => {
          await cached.stop();
          throw error;
        });
        try {
          const trivial = await load('trivial GET /healthz', cached, trivialFile);
          const samePage = await load('same page, cache on', cached, samePageFile);
          const uncachedMix = await load(`mix of ${mix.length}, no cache`, uncached, mixFile);
          const keptMix = await load('the mix, filter totals kept', totalsKept, mixFile);
          console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, ${size.toLocaleString()} lots; the same page is ${SAME_PAGE}`);
          console.log('run                              req/s   p50 ms   p99 ms  vs trivial   cpu (% of one core)');
          for (const r of [trivial, samePage, uncachedMix, keptMix]) console.log(row(r, trivial.perSecond));
          const share = (r: WrkRun) => r.perSecond / trivial.perSecond;
          console.log(`\ntarget: same page, cache on >= 50% of trivial: ${(share(samePage) * 100).toFixed(0)}% ${share(samePage) >= 0.5 ? 'met' : 'NOT met'}`);
          console.log(
            `target: uncached mix >= 10% of trivial with p99 < 50 ms: ${(share(uncachedMix) * 100).toFixed(0)}%, p99 ${uncachedMix.p99.toFixed(1)} ms ${share(uncachedMix) >= 0.1 && uncachedMix.p99 < 50 ? 'met' : 'NOT met'}\n`,
          );
        } finally {
          await Promise.all([cached.stop(), totalsKept.stop()]);
        }
      } finally {
        await uncached.stop();
      }
    }
    console.log(`cost as the catalogue grows: the uncached mix of ${mix.length} combinations, ${CONNECTIONS} connections`);
    console.log('lots          req/s   p50 ms   p99 ms   cpu (% of one core)');
    for (const { lots, run } of cost)
      console.log(`${lots.toLocaleString().padEnd(12)} ${run.perSecond.toFixed(0).padStart(6)} ${run.p50.toFixed(1).padStart(8)} ${run.p99.toFixed(1).padStart(8)}   ${cpuLine(run)}`);
    // Logarithmic growth: at n lots, the smallest catalogue's figure times log(n) / log(smallest).
    const [first, ...larger] = cost;
    for (const { lots, run } of first ? larger : []) {
      const bound = Math.log(lots) / Math.log(first!.lots);
      for (const [name, grew] of [
        ['p50', run.p50 / first!.run.p50],
        ['p99', run.p99 / first!.run.p99],
      ] as const)
        console.log(`target: ${name} at ${lots.toLocaleString()} lots <= ${bound.toFixed(2)} x that at ${first!.lots.toLocaleString()}: ${grew.toFixed(2)} x ${grew <= bound ? 'met' : 'NOT met'}`);
    }
  } finally {
    await database.drop();
  }
}

await main();
