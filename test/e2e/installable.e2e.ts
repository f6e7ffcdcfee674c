/**
 * Gavel as an installable app, on the production server (the api serving the built dapp): a valid manifest linked
 * from every page, a service worker that takes control, an offline page when a page cannot load, the auctions
 * list's shell from the cache, no api reply ever from a cache, and a new deploy's worker replacing the old cache.
 */
import assert from 'node:assert/strict';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createApp } from '../../api/src/app.ts';
import { DAPP_DIST, ensureDappBuilt, launchChromium, newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let browser: Browser;
/** A copy of the build the test can redeploy (a changed worker), served by the production app on its own port. */
let deployDir: string;
let site: { url: string; close(): Promise<void> };

before(async () => {
  await ensureDappBuilt();
  deployDir = path.join(tmpdir(), `gavel-deploy-${process.pid}`);
  await cp(DAPP_DIST, deployDir, { recursive: true });
  stack = await startApiForTest({ seed: 'demo' });
  const server = createApp(stack.services, deployDir).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const close = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    return closed;
  };
  site = { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close };
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
  await stack?.stop();
  await rm(deployDir, { recursive: true, force: true });
});

const get = (address: string) => fetch(site.url + address, { signal: AbortSignal.timeout(10_000) });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every cached request's path, by cache. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return all;
  });
}

/** Opens /auctions and waits for the worker to control the page (and so to have cached the shell). */
async function controlledPage(): Promise<Page> {
  const { page } = await newPage(browser, { width: 390, height: 844 }, { serviceWorkers: 'allow' });
  await page.goto(`${site.url}/auctions`);
  await page.locator('[data-testid=lot-card]').first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return page;
}

describe('installable', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('links a valid manifest (names, icons at 192 and 512 px and a maskable one, colours, start_url, standalone) with theme-color and viewport-fit=cover', async () => {
    const html = await (await get('/auctions')).text();
    assert.match(html, /<link rel="manifest" href="\/manifest\.webmanifest"/);
    assert.match(html, /<meta name="viewport" content="[^"]*viewport-fit=cover/);
    const themeColor = /<meta name="theme-color" content="(#[0-9a-f]{6})"/.exec(html)?.[1];
    const response = await get('/manifest.webmanifest');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, any>;
    assert.equal(manifest.name, 'Gavel auctions');
    assert.equal(manifest.short_name, 'Gavel');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/auctions');
    assert.equal(manifest.scope, '/');
    assert.equal(manifest.theme_color, themeColor, 'the manifest and the page agree on the theme colour');
    const tokens = await readFile(path.resolve(DAPP_DIST, '../src/styles/tokens.css'), 'utf8');
    assert.ok(tokens.includes(`--color-header: ${manifest.theme_color};`), 'the theme colour is the header colour');
    assert.ok(tokens.includes(`--color-bg: ${manifest.background_color};`), 'the background colour is the page colour');
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = icons.find((i) => i.sizes === size && i.purpose === purpose);
      assert.ok(icon, `a ${purpose} icon at ${size}`);
      const bytes = Buffer.from(await (await get(icon.src)).arrayBuffer());
      const { width, height } = pngSize(bytes);
      assert.equal(`${width}x${height}`, size, icon.src);
    }
    // Chromium reads the same manifest: the page's own view of it.
    const { page } = await newPage(browser);
    await page.goto(`${site.url}/auctions`);
    const linked = await page.evaluate(() => (document.querySelector('link[rel=manifest]') as HTMLLinkElement).href);
    assert.equal(linked, `${site.url}/manifest.webmanifest`);
  });

  it('registers a service worker that controls the page and caches the shell, and never an api reply', async () => {
    const page = await controlledPage();
    const caches = await cachedPaths(page);
    const names = Object.keys(caches);
    assert.equal(names.length, 1, `one cache: ${names.join(', ')}`);
    assert.match(names[0]!, /^gavel-shell-[0-9a-f]{16}$/);
    const cached = caches[names[0]!]!;
    for (const file of ['/index.html', '/offline.html', '/manifest.webmanifest', '/icons/icon-192.png']) assert.ok(cached.includes(file), `${file} is precached`);
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(await readFile(path.join(deployDir, 'index.html'), 'utf8'))?.[1];
    assert.ok(entry && cached.includes(entry), 'the entry script is precached');
    const networkOnly = cached.filter((file) => /^\/(api|events|rpc|ipfs|payment|cart|dev)(\/|$)/.test(file));
    assert.deepEqual(networkOnly, [], 'no api reply, stream, chain read, upload, payment or cart is cached');
  });

  it('offline: a page shows the offline page, the auctions list opens from the cached shell, and api calls fail rather than answer from a cache', async () => {
    const page = await controlledPage();
    const context = page.context();
    await context.setOffline(true);
    try {
      await page.goto(`${site.url}/support`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      assert.ok(await page.getByRole('link', { name: 'The auctions list' }).isVisible());

      await page.goto(`${site.url}/auctions`);
      await page.locator('[data-testid=grid-filters]').waitFor();
      assert.equal(await page.locator('[data-testid=lot-card]').count(), 0, 'no lot shown from an old copy');

      const apiCall = await page.evaluate(() =>
        fetch('/api/auctions?limit=1').then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        ),
      );
      assert.equal(apiCall, 'failed', 'an api reply is never served from a cache');
    } finally {
      await context.setOffline(false);
    }
    // Back online, the same navigation reaches the network again: the lots are there.
    await page.goto(`${site.url}/auctions`);
    await page.locator('[data-testid=lot-card]').first().waitFor();
  });

  it("a new deploy's worker replaces the old cache with its own", async () => {
    const page = await controlledPage();
    const [before] = Object.keys(await cachedPaths(page));
    // The next deploy: a changed worker (its build version is a digest of the shell; a new one names a new cache).
    const worker = await readFile(path.join(deployDir, 'sw.js'), 'utf8');
    await writeFile(path.join(deployDir, 'sw.js'), worker.replace(/"version":"[0-9a-f]{16}"/, '"version":"0123456789abcdef"'));
    await rm(path.join(deployDir, 'sw.js.br'), { force: true });
    await rm(path.join(deployDir, 'sw.js.gz'), { force: true });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    // The new worker caches the whole shell before it takes over and drops the old cache: on a busy machine that took
    // past 20 s once, so the wait is a hang guard.
    await eventually(async () => assert.deepEqual(Object.keys(await cachedPaths(page)), ['gavel-shell-0123456789abcdef']), { until: anyAnswer, timeoutMs: 60_000 });
    assert.notEqual(before, 'gavel-shell-0123456789abcdef');
    await page.reload();
    await page.locator('[data-testid=lot-card]').first().waitFor();
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
  });
});
