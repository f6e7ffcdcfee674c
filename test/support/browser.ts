/**
 * Browser tests' plumbing: Debian's Chromium through playwright-core, and the BUILT dapp served by the production
 * server on the services of the api a test started (or by `vite preview`, for a dapp whose api cannot be reached).
 * Nothing here is downloaded: Chromium is the system's, and `npx playwright install` is never needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdir, rmdir, stat, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { freePort } from '../../scripts/free-port.ts';
import { createApp } from '../../api/src/app.ts';
import { servicesByUrl } from './stack.ts';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dappDir = path.join(root, 'dapp');
const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
export const DAPP_DIST = path.join(dappDir, 'dist');

/**
 * How long a browser suite may run before it counts as hung. It catches a hang, not a slow machine: on a busy day
 * these machines run the same suite at half speed (four Bitcoin journeys once took 189 s, past the 180 s their suite
 * then allowed), and speed is measured by `npm run bench`, never by a timeout.
 */
export const SUITE_TIMEOUT_MS = 600_000;

/** Debian's full Chromium: what users run, measured by the benches, and what tests use where the shell falls short. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's old headless shell (package chromium-headless-shell), the build Playwright itself runs headless tests on:
 * the same Blink and V8 without the browser around them. The browser suite is CPU-bound on two cores, and the shell
 * halves the CPU a file costs the machine (browse.e2e.ts alone, twice each, from /proc/stat: 43 and 49 s against 88 and
 * 92 s; 30 and 34 s of wall time against 50 and 52 s).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * `full`: the whole browser, for what the shell does not have: it shows no notification (a push never reaches the
 * screen) and views no PDF (a PDF tab downloads it instead).
 */
export function launchChromium({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: full ? CHROMIUM_PATH : HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A page in its own context (fresh storage), phone-sized or desktop-sized. The production build's service worker
 * is blocked unless `serviceWorkers: 'allow'`: it would precache the app shell in every new context, work no test
 * but the worker's own (installable.e2e.ts, push.e2e.ts) is about.
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'UTC', serviceWorkers, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Builds the dapp unless dapp/dist is newer than every source it is made of. `npm test` builds just before the
 * e2e suite, so this is a no-op there; run alone, the tests still see the current code. Parallel test files
 * take turns through a lock directory so only one build writes dist/ at a time.
 */
export async function ensureDappBuilt(): Promise<void> {
  const lock = path.join(tmpdir(), `gavel-dapp-build-${Buffer.from(root).toString('hex').slice(-16)}.lock`);
  await acquire(lock);
  try {
    const built = await mtime(path.join(dappDir, 'dist/index.html'));
    const sources = await newestMtime([
      path.join(dappDir, 'src'),
      path.join(dappDir, 'public'),
      path.join(dappDir, 'build'),
      path.join(dappDir, 'index.html'),
      path.join(dappDir, 'vite.config.ts'),
      path.join(root, 'domain/src'),
    ]);
    if (built !== null && built >= sources) return;
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: dappDir, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('close', (exit) => resolve(exit ?? 1));
    });
    if (code !== 0) throw new Error(`vite build failed with exit code ${code}`);
  } finally {
    await rmdir(lock).catch(() => {});
  }
}

export interface DappServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `vite preview` of dapp/dist on a free port, proxying `/api` and `/ipfs` to `apiUrl`: for a dapp whose api is
 * somewhere else, such as one that cannot be reached. Browser suites use startProductionServer.
 */
export async function startDappPreview(apiUrl: string): Promise<DappServer> {
  const port = await freePort();
  // Spawned with node directly, never through npx: killing npx leaves vite running.
  const child = spawn(process.execPath, [viteBin, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: dappDir,
    env: { ...process.env, GAVEL_API_URL: apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => stopChild(child);
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url, child, 20_000);
  } catch (error) {
    await stop();
    throw new Error(`vite preview did not start: ${(error as Error).message}\n${log}`);
  }
  return { url, stop };
}

/** The built dapp and the api on one origin, as `NODE_ENV=production npm start` serves them, on the services of the api at `apiUrl` (started by startApiForTest). */
export async function startProductionServer(apiUrl: string): Promise<DappServer> {
  const services = servicesByUrl.get(apiUrl);
  if (!services) throw new Error(`No api started by startApiForTest at ${apiUrl}`);
  const server = createApp(services, DAPP_DIST).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch {
      // A lock left by a crashed run is older than any real build takes.
      const age = Date.now() - ((await mtime(lock)) ?? Date.now());
      if (age > 120_000 || Date.now() > deadline) await rmdir(lock).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function mtime(file: string): Promise<number | null> {
  return stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
}

async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => null);
    if (!info) continue;
    newest = Math.max(newest, info.mtimeMs);
    if (info.isDirectory()) {
      const children = await readdir(entry);
      newest = Math.max(newest, await newestMtime(children.map((child) => path.join(entry, child))));
    }
  }
  return newest;
}

/**
 * Where browser tests leave screenshots for a human to look at: only when GAVEL_E2E_SCREENSHOTS names a folder. They
 * are for a person reviewing a journey, and nobody reads them in CI, where the suite's 90 of them cost about 18 s of
 * CPU (the suite took 374 s of the machine's CPU with them, 356 s without).
 */
export const SCREENSHOT_DIR = process.env.GAVEL_E2E_SCREENSHOTS;

/** Saves `SCREENSHOT_DIR/<name>.png` of a page or an element when screenshots are asked for; otherwise does nothing. */
export async function keepScreenshot(target: Page | Locator, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}
