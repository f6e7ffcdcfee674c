/**
 * `npm run bench`: Lighthouse on the production build, as a phone sees it. Builds the dapp, starts the production
 * server the way the production e2e suite does (the api serving dapp/dist, with the demo seed so the pages have real
 * lots), and runs Lighthouse with Debian's Chromium on its default mobile profile (emulated phone, simulated slow 4G
 * and 4x CPU slowdown) for `/auctions`, one lot page and the home page.
 * Goals: performance >= 90 and accessibility >= 95 on each page.
 *
 * LIGHTHOUSE_RUNS (default 1) runs each page that many times and reports the run with the median performance score;
 * LIGHTHOUSE_REPORTS=<dir> keeps each run's full JSON report there. Scores move with the machine's load: a busy
 * machine costs performance points (the simulation scales from what it observed), accessibility does not move.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { lotListSchema } from '@gavel/domain';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DAPP_DIST } from '../support/browser.ts';
import { startApiForTest } from '../support/stack.ts';

const GOALS = { performance: 90, accessibility: 95 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** Lighthouse's report of one run (its `lhr`). */
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

function build(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: path.join(root, 'dapp'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The accessibility and best-practice audits that failed, with how many elements each one found. */
function failingAudits(lhr: Result): string[] {
  const refs = ['accessibility', 'best-practices'].flatMap((id) => lhr.categories[id]?.auditRefs ?? []);
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const details = lhr.audits[ref.id]?.details as { items?: unknown[] } | undefined;
      return `${ref.id}${details?.items ? ` (${details.items.length})` : ''}`;
    });
}

async function audit(page: string, url: string, port: number, run: number): Promise<Row> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  if (REPORTS) await writeFile(path.join(REPORTS, `${page.replace(/\W+/g, '_')}-${run}.json`), result.report as string);
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    failing: failingAudits(lhr),
  };
}

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function print(rows: Row[]): void {
  const mark = (value: number, goal: number) => `${String(value).padStart(3)} ${value >= goal ? 'ok' : '<-'}`;
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, production build`);
  console.log(`page          perf (>=${GOALS.performance})  a11y (>=${GOALS.accessibility})  best-pr.  LCP ms   TBT ms   CLS`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(13)} ${mark(r.performance, GOALS.performance).padEnd(11)} ${mark(r.accessibility, GOALS.accessibility).padEnd(11)} ${String(r.bestPractices).padStart(8)}  ${r.lcpMs.toFixed(0).padStart(6)}  ${r.tbtMs.toFixed(0).padStart(6)}  ${r.cls.toFixed(3)}`,
    );
  }
  for (const r of rows.filter((row) => row.failing.length)) console.log(`  ${r.page} failing: ${r.failing.join(', ')}`);
  const met = rows.every((r) => r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility);
  console.log(`\ngoals (perf >= ${GOALS.performance}, a11y >= ${GOALS.accessibility} on every page): ${met ? 'met' : 'NOT met'}`);
}

async function main() {
  build();
  if (REPORTS) await mkdir(REPORTS, { recursive: true });
  const stack = await startApiForTest({ seed: 'demo', env: { DAPP_DIR: DAPP_DIST } });
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });
  try {
    const lots = lotListSchema.parse(await (await fetch(`${stack.url}/api/auctions?status=live&limit=1`)).json());
    const lot = lots.data[0];
    if (!lot) throw new Error('the demo seed has no live lot');
    const pages: [string, string][] = [
      ['/auctions', '/auctions'],
      ['lot page', `/details/${encodeURIComponent(lot.lotId)}?auction=${encodeURIComponent(lot.auctionEventId)}`],
      ['home', '/'],
    ];
    const rows: Row[] = [];
    for (const [page, address] of pages) {
      const runs: Row[] = [];
      for (let run = 1; run <= RUNS; run++) runs.push(await audit(page, stack.url + address, chrome.port, run));
      rows.push(median(runs));
    }
    print(rows);
  } finally {
    chrome.kill();
    await stack.stop();
  }
}

await main();
