/**
 * The admin dashboard names what was degraded and for how long: an outage the api sees now reads "still down",
 * and one the worker saw and recorded (a row in the database) shows its dependency, the process, the reason,
 * since and until with their time zone, and its length.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { createUser, TEST_PASSWORD } from '../support/users.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'none' }),
  (api) => api.url,
);

describe('degradations on the admin dashboard', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows an outage still going on and one the worker recorded, with since, until and how long', async () => {
    const { stack } = suite;
    stack.services.health.report('esplora', 'connect ECONNREFUSED 127.0.0.1:3002');
    await stack.db.prisma.degradation.create({
      data: {
        id: 'a-recorded-outage',
        dependency: 'stripe',
        process: 'worker host-b:77',
        reason: 'Request was retried but timed out',
        since: new Date('2026-11-20T09:15:00Z'),
        until: new Date('2026-11-20T09:15:04.200Z'),
      },
    });

    const admin = await createUser(stack.db, 'admin');
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/s/admin/login`);
    await page.fill('[data-testid=admin-login-email]', admin.email);
    await page.fill('[data-testid=admin-login-password]', TEST_PASSWORD);
    await page.click('[data-testid=admin-login-submit]');
    const table = page.locator('[data-testid=degradations-table]');
    await table.waitFor();
    await keepScreenshot(page, 'admin-degradations', { fullPage: true });

    const row = (dependency: string) => page.locator(`[data-testid=degradation-row][data-dependency=${dependency}]`);
    const open = await row('esplora').locator('td').allInnerTexts();
    assert.equal(open[0], 'esplora');
    assert.match(open[1]!, /^api /);
    assert.equal(open[2], 'connect ECONNREFUSED 127.0.0.1:3002');
    assert.equal(open[4], 'still down');

    // The browser runs in UTC: both moments are named with their zone, and 4.2 s apart.
    const ended = await row('stripe').locator('td').allInnerTexts();
    assert.deepEqual(ended, ['stripe', 'worker host-b:77', 'Request was retried but timed out', '20 Nov 2026, 09:15 UTC', '20 Nov 2026, 09:15 UTC', '4.2 s']);
    stack.services.health.report('esplora', null);
  });
});
