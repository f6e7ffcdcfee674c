/**
 * The frame of every browser test file: one stack, the production server on its services (the built dapp and the
 * api on one origin, with production's headers, as users get them) and one Chromium, started before the file's
 * tests; each test's browser contexts closed after it, everything stopped at the end.
 */
import { after, afterEach, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { ensureDappBuilt, launchChromium, startProductionServer, type DappServer } from './browser.ts';

export interface BrowserSuite<S> {
  stack: S;
  dapp: DappServer;
  browser: Browser;
}

/**
 * Call at the top level of an e2e file; the fields are set once its `before` hook has run. `full`: the file needs the
 * whole browser rather than the headless shell (see `launchChromium`).
 */
export function browserSuite<S extends { stop(): Promise<void> }>(start: () => Promise<S>, apiUrlOf: (stack: S) => string, { full = false }: { full?: boolean } = {}): BrowserSuite<S> {
  const suite = {} as BrowserSuite<S>;
  before(async () => {
    await ensureDappBuilt();
    suite.stack = await start();
    suite.dapp = await startProductionServer(apiUrlOf(suite.stack));
    suite.browser = await launchChromium({ full });
  });
  afterEach(async () => {
    for (const context of suite.browser.contexts()) await context.close();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.dapp?.stop();
    await suite.stack?.stop();
  });
  return suite;
}
