/**
 * `npm run bench`: the JavaScript a visitor's browser loads for `/auctions` before any interaction, against the
 * 150 kB (gzip) budget. Builds the dapp, serves dist/ with `vite preview`, opens `/auctions` in Chromium and
 * sums the gzip size (level 9, as a CDN would serve it) of every JS response the page fetched until the
 * network went idle. Wallet code (wagmi, RainbowKit, viem, sats-connect) must not be among them: it loads on
 * the first wallet action. The api is not started: the page's data calls fail, which changes no JavaScript.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, startDappPreview } from '../support/browser.ts';

const BUDGET_BYTES = 150 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dapp/dist');

function build(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: path.join(root, 'dapp'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed (${result.status})`);
}

async function main() {
  build();
  // Nothing listens there: the page's api calls fail fast, which is all this measurement needs.
  const dapp = await startDappPreview('http://127.0.0.1:9');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${dapp.url}/auctions`, { waitUntil: 'networkidle' });
    const rows = await Promise.all(
      [...scripts].map(async (file) => {
        const bytes = await readFile(path.join(dist, file));
        return { file: file.replace('/assets/', ''), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      }),
    );
    rows.sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    console.log('\n/auctions initial JavaScript (gzip -9)');
    for (const row of rows) console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
    console.log(`  ${'total'.padEnd(40)} ${''.padStart(14)} ${kb(total).padStart(10)} gzip   budget ${kb(BUDGET_BYTES)}: ${total <= BUDGET_BYTES ? 'within' : 'OVER'}`);
    const wallet = rows.filter((row) => /wallet-kit|wagmi|rainbow|sats|metamask|walletconnect/i.test(row.file));
    if (wallet.length) console.log(`  wallet code loaded eagerly: ${wallet.map((row) => row.file).join(', ')}`);
  } finally {
    await browser.close();
    await dapp.stop();
  }
}

await main();
