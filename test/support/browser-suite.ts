/**
 * The frame of every browser test file: one stack, one built-dapp preview pointed at its api and one Chromium,
 * started before the file's tests; each test's browser contexts closed after it, everything stopped at the end.
 */
import { after, afterEach, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { ensureDappBuilt, launchChromium, startDappPreview, type DappServer } from './browser.ts';

export interface BrowserSuite<S> {
  stack: S;
  dapp: DappServer;
  browser: Browser;
}

/** Call at the top level of an e2e file; the fields are set once its `before` hook has run. */
export function browserSuite<S extends { stop(): Promise<void> }>(
  start: () => Promise<S>,
  apiUrlOf: (stack: S) => string,
  /** More environment for `vite preview` (the chain tests point its `/rpc` proxy at their anvil). */
  previewEnvOf: (stack: S) => Record<string, string> = () => ({}),
): BrowserSuite<S> {
  const suite = {} as BrowserSuite<S>;
  before(async () => {
    await ensureDappBuilt();
    suite.stack = await start();
    suite.dapp = await startDappPreview(apiUrlOf(suite.stack), previewEnvOf(suite.stack));
    suite.browser = await launchChromium();
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
