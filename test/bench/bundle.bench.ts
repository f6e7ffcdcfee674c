/**
 * `npm run bench`: the JavaScript a visitor's browser loads before any interaction, on `/auctions` (against the
 * 150 kB gzip budget) and on a lot page. Builds the dapp, serves dist/ with `vite preview`, opens each page in
 * Chromium and sums the gzip size (level 9, as a CDN would serve it) of every JS response the page fetched until
 * the network went idle, with the count of files (each a round trip on a phone's slow network). A lot page's rows
 * are marked by when they load: with the app shell, before the first paint, or after it (the page's own code,
 * which a first visit asks for once the lot's picture is on screen). Wallet code (wagmi, RainbowKit, viem,
 * sats-connect) must be among none of them: it loads on the first wallet action. The api is not started: the
 * pages' data calls fail, which changes no JavaScript (the lot page's code still loads, to show its error).
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium, startDappPreview } from '../support/browser.ts';

const BUDGET_BYTES = 150 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dapp/dist');

function build(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: path.join(root, 'dapp'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
}

/** Each script a page fetched until the network went idle, with its sizes; the shell's are those index.html names. */
async function scriptsOf(page: Page, url: string, shell: Set<string>): Promise<Row[]> {
  const scripts = new Set<string>();
  const listener = (response: Response) => {
    const address = new URL(response.url());
    if (address.pathname.endsWith('.js')) scripts.add(address.pathname);
  };
  page.on('response', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  // A failed api call is retried once, 800 ms later (the query client's rule), and the lot page's code waits for the
  // lot's answer: idle again after that wait, the page has asked for all it will.
  await page.waitForTimeout(1_500);
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  const rows = await Promise.all(
    [...scripts].map(async (file) => {
      const bytes = await readFile(path.join(dist, file));
      return { file: file.replace('/assets/', ''), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, shell: shell.has(file) };
    }),
  );
  return rows.sort((a, b) => Number(b.shell) - Number(a.shell) || b.gzip - a.gzip);
}

interface Row {
  file: string;
  raw: number;
  gzip: number;
  /** Named by index.html (the entry and its modulepreloads): loaded before anything paints. */
  shell: boolean;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const sum = (rows: Row[]) => rows.reduce((total, row) => total + row.gzip, 0);

function print(title: string, rows: Row[], budget?: number): void {
  console.log(`\n${title} (gzip -9)`);
  for (const row of rows) console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip  ${row.shell ? 'shell' : 'page'}`);
  const shell = rows.filter((row) => row.shell);
  const total = sum(rows);
  console.log(`  shell (before the first paint): ${shell.length} files, ${kb(sum(shell))}; page code: ${rows.length - shell.length} files, ${kb(total - sum(shell))}`);
  console.log(`  ${'total'.padEnd(40)} ${`${rows.length} files`.padStart(14)} ${kb(total).padStart(10)} gzip${budget ? `   budget ${kb(budget)}: ${total <= budget ? 'within' : 'OVER'}` : ''}`);
  const wallet = rows.filter((row) => /wallet-kit|wagmi|rainbow|sats|metamask|walletconnect/i.test(row.file));
  if (wallet.length) console.log(`  wallet code loaded eagerly: ${wallet.map((row) => row.file).join(', ')}`);
}

async function main() {
  build();
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const shell = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  // Nothing listens there: the pages' api calls fail fast, which is all this measurement needs.
  const dapp = await startDappPreview('http://127.0.0.1:9');
  const browser = await launchChromium({ full: true });
  try {
    // A fresh page each, so nothing the first page cached hides from the second.
    print('/auctions initial JavaScript', await scriptsOf(await browser.newPage(), `${dapp.url}/auctions`, shell), BUDGET_BYTES);
    print('lot page initial JavaScript', await scriptsOf(await browser.newPage(), `${dapp.url}/details/01a00000-0000-7000-8000-000000000000`, shell));
  } finally {
    await browser.close();
    await dapp.stop();
  }
}

await main();
