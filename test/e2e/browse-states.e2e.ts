/**
 * The grid's empty and error states with the spec's texts: an api with no lots at all, and a dapp whose api
 * cannot be reached. Also: the terms stay readable while the api cannot be reached, CMS pages say when they do not exist.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { messages } from '@gavel/domain';
import { DEFAULT_TERMS } from '@gavel/domain/terms-conditions';
import { startApiForTest } from '../support/stack.ts';
import { freePort, newPage, keepScreenshot, startDappPreview, type DappServer, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'none' }),
  (api) => api.url,
);
let offline: DappServer;

before(async () => {
  // A dapp whose proxy points at a port nothing listens on: every api call fails as in an outage.
  offline = await startDappPreview(`http://127.0.0.1:${await freePort()}`);
});

after(async () => {
  await offline?.stop();
});

describe('grid states', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows the empty state when there are no lots', async () => {
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/auctions`);
    await page.locator('[data-testid=empty-state]').waitFor();
    assert.equal(await page.locator('[data-testid=empty-state-title]').textContent(), messages.browse.emptyTitle);
    assert.equal(await page.locator('[data-testid=empty-state-description]').textContent(), messages.browse.emptyText);
    assert.equal(await page.locator('[data-testid=lot-card]').count(), 0);
    await keepScreenshot(page, 'grid-empty');
  });

  it('shows the error state when the api cannot be reached', async () => {
    const { page } = await newPage(suite.browser);
    await page.goto(`${offline.url}/auctions`);
    await page.locator('[data-testid=grid-error]').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('[data-testid=grid-error-title]').textContent(), messages.browse.loadFailed);
    assert.equal(await page.locator('[data-testid=grid-retry]').isVisible(), true);
    await keepScreenshot(page, 'grid-error');
  });

  it('recovers with Try again once the api answers', async () => {
    const { page } = await newPage(suite.browser);
    const failing = (url: URL) => url.pathname === '/api/auctions';
    await page.route(failing, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down","code":"unavailable"}' }));
    await page.goto(`${suite.dapp.url}/auctions`);
    await page.locator('[data-testid=grid-error]').waitFor({ timeout: 15_000 });
    await page.unroute(failing);
    await page.click('[data-testid=grid-retry]');
    await page.locator('[data-testid=empty-state]').waitFor();
    assert.equal(await page.locator('[data-testid=empty-state-title]').textContent(), messages.browse.emptyTitle);
  });
});

describe('CMS pages without content', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows the default terms while the api cannot be reached', async () => {
    const { page } = await newPage(suite.browser);
    await page.goto(`${offline.url}/terms-conditions`);
    await page.locator('[data-testid=cms-page]').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('[data-testid=cms-title]').innerText(), DEFAULT_TERMS.title);
    assert.match(await page.locator('[data-testid=cms-updated]').innerText(), /31 May 2025/);
  });

  it('says Page not found when the CMS has no page for the slug', async () => {
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/about`);
    await page.locator('[data-testid=cms-error]').waitFor();
    assert.equal(await page.locator('[data-testid=cms-error-title]').textContent(), messages.cms.pageNotFound);
  });
});
