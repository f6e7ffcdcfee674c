/**
 * Content from one source, the support page's contact form, and the identity review, in a real browser: the
 * terms buyers read are what the admin saved, a published version asks a bidder again with its new text, a
 * message sent from /support reaches the admin's list, and the admin deciding an identity check sees the
 * document beside every field and the decision; the users list reads as cards on a phone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { messages } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { openSignedIn, PNG_1X1, waitForToast } from '../support/account-browser.ts';
import { createUser, signIn, TEST_PASSWORD } from '../support/users.ts';
import { caller } from '../support/admin-api.ts';
import { seedCmsPages } from '../../scripts/seed/cms-pages.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: (db) => seedCmsPages(db.prisma), env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } }),
  (api) => api.url,
);
const call = caller(() => suite.stack.url);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
const text = async (page: Page, id: string) => ((await byTestId(page, id).innerText()) ?? '').trim();

async function adminSignIn(page: Page): Promise<void> {
  const admin = await createUser(suite.stack.db, 'admin');
  await page.goto(`${suite.dapp.url}/s/admin/login`);
  await page.fill('[data-testid=admin-login-email]', admin.email);
  await page.fill('[data-testid=admin-login-password]', TEST_PASSWORD);
  await page.click('[data-testid=admin-login-submit]');
  await byTestId(page, 'admin-dashboard').waitFor();
}

async function adminToken(): Promise<string> {
  return signIn(suite.stack.url, (await createUser(suite.stack.db, 'admin')).email);
}

describe('content from the CMS', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows buyers the terms as the admin saved them, and asks a bidder again with the text of a new version', async () => {
    const { page } = await newPage(suite.browser);
    await adminSignIn(page);
    await byTestId(page, 'admin-nav-content').click();
    await page.click('[data-testid=content-edit-terms-conditions]');
    await page.fill('[data-testid=content-title]', 'Gavel House Rules');
    await page.click('[data-testid=rte-area]');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Every bid binds the bidder from the moment it is placed.');
    await page.click('[data-testid=content-save]');
    await byTestId(page, 'admin-content').waitFor();

    const { page: visitor } = await newPage(suite.browser);
    await visitor.goto(`${suite.dapp.url}/terms-conditions`);
    await visitor.locator('[data-testid=cms-title]', { hasText: 'Gavel House Rules' }).waitFor();
    assert.equal(await text(visitor, 'cms-content'), 'Every bid binds the bidder from the moment it is placed.');
    await keepScreenshot(visitor, 'terms-after-admin-edit');

    // A published terms version replaces that page and asks a bidder who accepted before to accept again.
    const bidder = await createUser(suite.stack.db, 'ready');
    const token = await adminToken();
    const draft = await call('POST', '/admin/policies', token, { kind: 'terms-conditions', title: 'Terms & Conditions', content: '<h2>1. Bidding</h2><p>From today a bid cannot be withdrawn.</p>' });
    assert.equal((await call('POST', `/admin/policies/${draft.body.data._id}/publish`, token, {})).status, 200);
    const { page: bidderPage } = await newPage(suite.browser);
    await openSignedIn(bidderPage, suite.dapp.url, await signIn(suite.stack.url, bidder.email), '/profile');
    await bidderPage.locator('[data-testid=terms-prompt-title]', { hasText: 'Our terms have changed' }).waitFor();
    await bidderPage.locator('[data-testid=terms-text-content]', { hasText: 'From today a bid cannot be withdrawn.' }).waitFor();
    await keepScreenshot(bidderPage, 'terms-reacceptance', { fullPage: true });
    await bidderPage.click('[data-testid=terms-bidding-myself]');
    await bidderPage.check('[data-testid=terms-checkbox]');
    await bidderPage.click('[data-testid=terms-submit]');
    await waitForToast(bidderPage, messages.terms.accepted);
    await byTestId(bidderPage, 'terms-accepted').waitFor();
  });

  it("sends a message from the support page, which the privacy policy points to, to the admin's list", async () => {
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/privacy-policy`);
    await page.locator('[data-testid=cms-content] a[href="/support#contact"]').click();
    await byTestId(page, 'contact-form').waitFor();

    await page.click('[data-testid=contact-submit]');
    assert.equal(await text(page, 'contact-name-error'), messages.support.nameRequired);
    assert.equal(await text(page, 'contact-email-error'), messages.newsletter.invalidEmail);
    assert.equal(await text(page, 'contact-subject-error'), messages.support.subjectRequired);
    assert.equal(await text(page, 'contact-message-error'), messages.support.messageRequired);

    const email = `grace.${Date.now()}@example.com`;
    await page.fill('[data-testid=contact-name]', 'Grace <b>Hopper</b>');
    await page.fill('[data-testid=contact-email]', email);
    await page.fill('[data-testid=contact-subject]', 'Please delete my data');
    await page.fill('[data-testid=contact-message]', 'I no longer use Gavel.\nPlease delete my account and everything about me.');
    await page.click('[data-testid=contact-submit]');
    await page.locator('[data-testid=contact-sent]', { hasText: messages.support.sent }).waitFor();
    await keepScreenshot(page, 'support-sent');

    const { page: admin } = await newPage(suite.browser);
    await adminSignIn(admin);
    await byTestId(admin, 'admin-nav-support').click();
    const request = admin.locator('[data-testid=support-request]', { hasText: email });
    await request.waitFor();
    assert.equal(await request.locator('[data-testid=support-request-name]').innerText(), 'Grace <b>Hopper</b>');
    assert.equal(await request.locator('[data-testid=support-request-message]').innerText(), 'I no longer use Gavel.\nPlease delete my account and everything about me.');
    await keepScreenshot(admin, 'admin-support');
    await request.locator('[data-testid=support-request-toggle]').click();
    await waitForToast(admin, messages.support.handled);
    await admin.locator('[data-testid=support-request]', { hasText: email }).waitFor({ state: 'detached' });
  });
});

describe('identity review', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows the admin the document image beside every submitted field and the decision', async () => {
    const user = await createUser(suite.stack.db, 'profileComplete');
    const form = new FormData();
    const fields = { legalName: 'Ada Byron King', dateOfBirth: '1985-12-10', country: 'Ireland', documentType: 'passport', documentNumber: 'PX 4455667' };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('document', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'passport.png');
    const submitted = await fetch(`${suite.stack.url}/identity-verification`, { method: 'POST', headers: { authorization: `Bearer ${await signIn(suite.stack.url, user.email)}` }, body: form });
    assert.equal(submitted.status, 201);

    const { page } = await newPage(suite.browser);
    await adminSignIn(page);
    await page.goto(`${suite.dapp.url}/s/admin/users/${user.id}`);
    await byTestId(page, 'admin-user-detail').waitFor();
    const image = byTestId(page, 'identity-document-image');
    await image.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid=identity-document-image]') as HTMLImageElement | null)?.naturalWidth === 1);
    assert.equal(await text(page, 'identity-legal-name'), fields.legalName);
    assert.equal(await text(page, 'identity-date-of-birth'), fields.dateOfBirth);
    assert.equal(await text(page, 'identity-country'), fields.country);
    assert.equal(await text(page, 'identity-document-type'), 'Passport');
    assert.equal(await text(page, 'identity-document-number'), fields.documentNumber);
    // The decision sits with them, in the same review.
    await page.locator('.kyc-review [data-testid=kyc-approve]').waitFor();
    await keepScreenshot(page, 'admin-identity-review', { fullPage: true });
    await page.click('[data-testid=kyc-approve]');
    await waitForToast(page, messages.identity.kycUpdated);
  });

  it('lists users as cards on a phone, each field named', async () => {
    const { page } = await newPage(suite.browser, { width: 375, height: 740 });
    await adminSignIn(page);
    await page.goto(`${suite.dapp.url}/s/admin/users`);
    const row = page.locator('[data-testid=users-row]').first();
    await row.waitFor();
    const box = await row.boundingBox();
    assert.ok(box && box.width <= 375 && box.height > 100, `a row is a card on a phone (${JSON.stringify(box)})`);
    const labels = await row.locator('td').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
    assert.deepEqual(labels, ['none', '"Name"', '"Role"', '"KYC"', '"Payment"', '"Unpaid"', '"Joined"']);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375);
    await keepScreenshot(page, 'admin-users-cards', { fullPage: true });
  });
});
