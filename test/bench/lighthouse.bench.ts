/**
 * `npm run bench`: Lighthouse on the production build, as a phone sees it. Builds the dapp, starts the production
 * server the way the production e2e suite does (the api serving dapp/dist, with the demo seed so the pages have real
 * lots), and runs Lighthouse with Debian's Chromium on its default mobile profile (emulated phone, simulated slow 4G
 * and 4x CPU slowdown) for `/auctions`, one lot page and the home page.
 * Goals, on each page: performance >= 90, accessibility 100, and the largest paint under 2.5 s.
 *
 * Each page runs LIGHTHOUSE_RUNS times (default 3) and its row prints the median of each figure over the runs, with
 * the spread of the performance score. LIGHTHOUSE_PAGES=lot,home runs only those pages (names: auctions, lot, home);
 * LIGHTHOUSE_REPORTS=<dir> keeps each run's full JSON report there. Scores move with the machine's load, printed
 * before and after: the simulation scales the main thread's work from what it observed, so a busy machine costs
 * performance points (mostly through the blocking time); accessibility does not move.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { lotListSchema } from '@gavel/domain';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DAPP_DIST } from '../support/browser.ts';
import { startApiForTest } from '../support/stack.ts';

const GOALS = { performance: 90, accessibility: 100, lcpMs: 2_500 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
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

/** The middle value (the mean of the middle two for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** Each figure's median over the runs, and the failing audits of the run with the median performance score. */
function median(runs: Row[]): Row & { spread: string } {
  const at = (key: 'performance' | 'accessibility' | 'bestPractices' | 'lcpMs' | 'tbtMs' | 'cls') => middle(runs.map((run) => run[key]));
  const scores = runs.map((run) => run.performance).sort((a, b) => a - b);
  const medianRun = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  return {
    page: medianRun.page,
    performance: Math.round(at('performance')),
    accessibility: Math.round(at('accessibility')),
    bestPractices: Math.round(at('bestPractices')),
    lcpMs: at('lcpMs'),
    tbtMs: at('tbtMs'),
    cls: at('cls'),
    failing: medianRun.failing,
    spread: runs.length > 1 ? `${scores[0]}-${scores.at(-1)}` : '',
  };
}

const meets = (r: Row) => r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility && r.lcpMs < GOALS.lcpMs;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function print(rows: (Row & { spread: string })[], loadBefore: string): void {
  const mark = (ok: boolean) => (ok ? 'ok' : '<-');
  console.log(`\nLighthouse mobile profile (simulated slow 4G, 4x CPU), production build, median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page`);
  console.log(`load average (1/5/15 min): ${loadBefore} before, ${load()} after`);
  console.log(`page         perf >=${GOALS.performance} (runs)  a11y =${GOALS.accessibility}  LCP <${GOALS.lcpMs} ms  TBT ms  best-pr.  CLS    goals`);
  for (const r of rows) {
    const perf = `${String(r.performance).padStart(3)} ${mark(r.performance >= GOALS.performance)}${r.spread ? ` (${r.spread})` : ''}`;
    const a11y = `${String(r.accessibility).padStart(3)} ${mark(r.accessibility >= GOALS.accessibility)}`;
    const lcp = `${r.lcpMs.toFixed(0).padStart(5)} ${mark(r.lcpMs < GOALS.lcpMs)}`;
    console.log(
      `${r.page.padEnd(12)} ${perf.padEnd(18)} ${a11y.padEnd(9)} ${lcp.padEnd(13)} ${r.tbtMs.toFixed(0).padStart(6)}  ${String(r.bestPractices).padStart(8)}  ${r.cls.toFixed(3)}  ${meets(r) ? 'met' : 'NOT met'}`,
    );
  }
  for (const r of rows.filter((row) => row.failing.length)) console.log(`  ${r.page} failing: ${r.failing.join(', ')}`);
  console.log(`\ngoals (perf >= ${GOALS.performance}, a11y ${GOALS.accessibility}, LCP < ${GOALS.lcpMs / 1000} s on every page): ${rows.length && rows.every(meets) ? 'met' : 'NOT met'}`);
}

async function main() {
  const loadBefore = load();
  build();
  if (REPORTS) await mkdir(REPORTS, { recursive: true });
  const stack = await startApiForTest({ seed: 'demo', env: { DAPP_DIR: DAPP_DIST } });
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });
  try {
    const lots = lotListSchema.parse(await (await fetch(`${stack.url}/api/auctions?status=live&limit=1`)).json());
    const lot = lots.data[0];
    if (!lot) throw new Error('the demo seed has no live lot');
    const pages: [string, string, string][] = [
      ['auctions', '/auctions', '/auctions'],
      ['lot', 'lot page', `/details/${encodeURIComponent(lot.lotId)}?auction=${encodeURIComponent(lot.auctionEventId)}`],
      ['home', 'home', '/'],
    ];
    const rows: (Row & { spread: string })[] = [];
    for (const [name, page, address] of pages) {
      if (ONLY && !ONLY.includes(name)) continue;
      const runs: Row[] = [];
      for (let run = 1; run <= RUNS; run++) runs.push(await audit(page, stack.url + address, chrome.port, run));
      rows.push(median(runs));
    }
    print(rows, loadBefore);
  } finally {
    chrome.kill();
    await stack.stop();
  }
}

await main();
