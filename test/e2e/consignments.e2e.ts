/**
 * Consignment intake in a real browser: a signed-in user opens Sell from the menu, submits an item with a picture
 * (a missing field named first), follows it in My sales; an admin finds it under Consignments and accepts it into
 * an event; the consignor then sees it accepted, with its lot among their sales. At 1440 and 390 px.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { consignmentMessages } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { openSignedIn, PNG_1X1, waitForToast } from '../support/account-browser.ts';
import { createUser, signIn, TEST_PASSWORD } from '../support/users.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } }),
  (api) => api.url,
);

const DAY = 86_400_000;
const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

async function fits(page: Page, width: number, what: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${what} fits ${width} px (${scrollWidth}px)`);
}

describe('consignments', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('a user submits an item from Sell, an admin accepts it into an event, the user follows it in My sales', async () => {
    const consignor = await createUser(suite.stack.db, 'ready');
    const admin = await createUser(suite.stack.db, 'admin');
    const adminToken = await signIn(suite.stack.url, admin.email);
    const made = await fetch(`${suite.stack.url}/auction-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ title: 'Winter consignments', startTime: new Date(Date.now() - DAY).toISOString(), endTime: new Date(Date.now() + 10 * DAY).toISOString() }),
    });
    const event = ((await made.json()) as { data: { _id: string } }).data;
    await fetch(`${suite.stack.url}/auction-events/${event._id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });

    // The consignor, on a phone: Sell from the menu, the form, a field left out named, then sent.
    const { page } = await newPage(suite.browser, { width: 390, height: 844 });
    await openSignedIn(page, suite.dapp.url, await signIn(suite.stack.url, consignor.email), '/');
    await page.click('[data-testid=mobile-menu-button]');
    await byTestId(page, 'mobile-menu').getByRole('link', { name: 'Sell', exact: true }).click();
    await byTestId(page, 'consign-form').waitFor();
    await page.fill('[data-testid=consign-title]', 'Genesis-era inscription');
    await page.click('[data-testid=consign-holding-inscription]');
    await page.click('[data-testid=consign-submit]');
    assert.equal(await byTestId(page, 'consign-description-error').innerText(), consignmentMessages.descriptionRequired);
    assert.equal(await byTestId(page, 'consign-inscriptionId-error').innerText(), consignmentMessages.inscriptionIdRequired);
    await page.fill('[data-testid=consign-description]', 'Inscribed in the first week, one owner since.');
    await page.fill('[data-testid=consign-inscriptionId]', `${'cd'.repeat(32)}i0`);
    await page.fill('[data-testid=consign-estimateLow]', '2,000');
    await page.fill('[data-testid=consign-estimateHigh]', '3,000');
    await byTestId(page, 'consign-images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await byTestId(page, 'consign-image-list').locator('img').waitFor();
    await fits(page, 390, 'the Sell form');
    await keepScreenshot(page, 'consign-form-390', { fullPage: true });
    await page.click('[data-testid=consign-submit]');
    assert.equal(await byTestId(page, 'consign-sent').locator('p').innerText(), consignmentMessages.submitted);
    await page.click('[data-testid=consign-my-sales]');
    const mine = byTestId(page, 'my-consignment');
    await mine.waitFor();
    assert.equal(await mine.locator('[data-testid=my-consignment-state]').innerText(), 'In review');

    // The admin, on a desktop: Consignments, the item, accepted into the event.
    const { page: adminPage } = await newPage(suite.browser, { width: 1440, height: 900 });
    await adminPage.goto(`${suite.dapp.url}/s/admin/login`);
    await adminPage.fill('[data-testid=admin-login-email]', admin.email);
    await adminPage.fill('[data-testid=admin-login-password]', TEST_PASSWORD);
    await adminPage.click('[data-testid=admin-login-submit]');
    await byTestId(adminPage, 'admin-dashboard').waitFor();
    await byTestId(adminPage, 'admin-nav-consignments').click();
    await adminPage.locator('[data-testid=consignment-link]', { hasText: 'Genesis-era inscription' }).click();
    await byTestId(adminPage, 'admin-consignment').waitFor();
    assert.match(await byTestId(adminPage, 'consignment-consignor').innerText(), new RegExp(consignor.email.replace(/[.+]/g, '\\$&')));
    // No event chosen: the api names the field.
    await adminPage.fill('[data-testid=accept-startingBid]', '50000');
    await adminPage.click('[data-testid=accept-submit]');
    await byTestId(adminPage, 'accept-auctionEventId-error').waitFor();
    await adminPage.selectOption('[data-testid=accept-auctionEventId]', event._id);
    await adminPage.click('[data-testid=accept-submit]');
    await waitForToast(adminPage, consignmentMessages.accepted);
    await byTestId(adminPage, 'consignment-lot').waitFor();
    assert.equal(await byTestId(adminPage, 'consignment-status').innerText(), 'Accepted');
    await keepScreenshot(adminPage, 'consignment-accepted-1440', { fullPage: true });
    const lot = await suite.stack.db.prisma.lot.findFirstOrThrow({ where: { creatorId: consignor.id } });
    assert.equal(lot.auctionEventId, event._id);
    assert.equal(lot.paymentMethod, 'BTC');

    // Back to the consignor: accepted, its lot among their sales.
    await page.reload();
    await mine.locator('[data-testid=my-consignment-state]', { hasText: 'Accepted' }).waitFor();
    await mine.locator('[data-testid=my-consignment-lot]').waitFor();
    await page.locator('[data-testid=my-sale]', { hasText: 'Genesis-era inscription' }).waitFor();
    await fits(page, 390, 'My sales');
    await keepScreenshot(page, 'my-sales-consignment-390', { fullPage: true });
  });
});
