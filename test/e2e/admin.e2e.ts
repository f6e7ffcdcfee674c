/**
 * The admin area and seller settlement in a real browser: who gets in, the shell, an admin running an
 * auction event from creation (with an image) through each time rule of the lot form to publishing and ending,
 * and a seller settling a won lot to "Auction Complete".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { adminMessages, messages, settlementMessages } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { openSignedIn, PNG_1X1, waitForToast } from '../support/account-browser.ts';
import { createUser, signIn, TEST_PASSWORD } from '../support/users.ts';
import { createLot } from '../support/lots.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } }),
  (api) => api.url,
);

const HOUR = 3_600_000;
/** A datetime-local value (the browser context runs in UTC). */
const local = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString().slice(0, 16);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
const text = (page: Page, id: string) => byTestId(page, id).innerText();

async function adminSignIn(page: Page): Promise<void> {
  const admin = await createUser(suite.stack.db, 'admin');
  await page.goto(`${suite.dapp.url}/s/admin/login`);
  await page.fill('[data-testid=admin-login-email]', admin.email);
  await page.fill('[data-testid=admin-login-password]', TEST_PASSWORD);
  await page.click('[data-testid=admin-login-submit]');
  await byTestId(page, 'admin-dashboard').waitFor();
}

async function apiBid(lotId: string, amount: string): Promise<void> {
  const bidder = await createUser(suite.stack.db, 'ready');
  const res = await fetch(`${suite.stack.url}/auctions/${lotId}/bids`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn(suite.stack.url, bidder.email)}` },
    body: JSON.stringify({ amount }),
  });
  assert.equal(res.status, 201, await res.text());
}

describe('admin area', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('keeps out everyone but admins', async () => {
    const { page } = await newPage(suite.browser);
    // Nobody signed in: straight to the admin login.
    await page.goto(`${suite.dapp.url}/s/admin/users`);
    await page.waitForURL((url) => url.pathname === '/s/admin/login');

    // A signed-in bidder on the main site: Insufficient Permissions, with the way home.
    const bidder = await createUser(suite.stack.db, 'ready');
    const { page: bidderPage } = await newPage(suite.browser);
    await openSignedIn(bidderPage, suite.dapp.url, await signIn(suite.stack.url, bidder.email), '/s/admin');
    await byTestId(bidderPage, 'admin-insufficient').waitFor();
    assert.equal(await text(bidderPage, 'admin-insufficient-title'), 'Insufficient Permissions');
    await keepScreenshot(bidderPage, 'admin-insufficient');
    await bidderPage.getByRole('link', { name: 'Return to Home' }).click();
    await bidderPage.waitForURL((url) => url.pathname === '/');

    // The same bidder at the admin login: a wrong role goes to /unauthorized and gets no admin token.
    await page.fill('[data-testid=admin-login-email]', bidder.email);
    await page.fill('[data-testid=admin-login-password]', TEST_PASSWORD);
    await page.click('[data-testid=admin-login-submit]');
    await page.waitForURL((url) => url.pathname === '/unauthorized');
    assert.equal(await page.evaluate(() => localStorage.getItem('admin_token')), null);

    // A revoked admin token: Access Denied, the token cleared.
    await page.evaluate(() => localStorage.setItem('admin_token', 'not-a-token'));
    await page.goto(`${suite.dapp.url}/s/admin`);
    await byTestId(page, 'admin-access-denied').waitFor();
    assert.equal(await text(page, 'admin-access-denied-title'), 'Access Denied');
    assert.equal(await page.evaluate(() => localStorage.getItem('admin_token')), null);
    await page.getByRole('link', { name: 'Admin Login' }).click();
    await byTestId(page, 'admin-login').waitFor();
  });

  it('takes an admin who signs in on the site to the admin area, with one sign-in, and back from the account menu', async () => {
    const admin = await createUser(suite.stack.db, 'admin');
    // Not the bidder's setup checklist ("1 of 4 complete"): an admin lands in the admin area.
    await suite.stack.db.prisma.user.update({ where: { id: admin.id }, data: { identityVerified: false, hasValidPaymentMethod: false } });
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/signin`);
    await page.fill('[data-testid=signin-email]', admin.email);
    await page.fill('[data-testid=signin-password]', TEST_PASSWORD);
    await page.click('[data-testid=signin-submit]');
    await byTestId(page, 'admin-sidebar').waitFor();
    assert.equal(new URL(page.url()).pathname, '/s/admin');
    assert.equal(await byTestId(page, 'admin-login').count(), 0);
    // Back on the site, the account menu leads to the admin area again, still without a second sign-in.
    await page.click('[data-testid=admin-back-to-site]');
    await page.click('[data-testid=profile-menu-button]');
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await byTestId(page, 'admin-sidebar').waitFor();
    assert.equal(await byTestId(page, 'admin-login').count(), 0);
  });

  it('gives the admin a shell: sidebar on Ctrl+B kept in a cookie, a phone sheet, Log out', async () => {
    const { page } = await newPage(suite.browser);
    await adminSignIn(page);
    assert.match(await text(page, 'stat-users-value'), /^\d+$/);
    await byTestId(page, 'chart-lot-status').waitFor();
    await keepScreenshot(page, 'admin-dashboard', { fullPage: true });
    const shell = page.locator('.admin');
    assert.equal(await shell.getAttribute('data-sidebar'), 'expanded');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('.admin')?.getAttribute('data-sidebar') === 'collapsed');
    assert.match(await page.evaluate(() => document.cookie), /sidebar_state=false/);
    await page.reload();
    await byTestId(page, 'admin-dashboard').waitFor();
    assert.equal(await shell.getAttribute('data-sidebar'), 'collapsed');
    await page.keyboard.press('Meta+b');
    await page.waitForFunction(() => document.querySelector('.admin')?.getAttribute('data-sidebar') === 'expanded');

    // 375 px: the sidebar is an off-canvas sheet opened from the header.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => document.querySelector('.admin')?.getAttribute('data-sidebar') === 'mobile');
    await byTestId(page, 'admin-nav-users').waitFor({ state: 'hidden' });
    await page.click('[data-testid=admin-sidebar-toggle]');
    await byTestId(page, 'admin-nav-users').click();
    await byTestId(page, 'admin-users').waitFor();
    await keepScreenshot(page, 'admin-users-phone', { fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= 375, `the users page fits a phone (${scrollWidth}px)`);

    await page.click('[data-testid=admin-user-menu]');
    await page.click('[data-testid=admin-logout]');
    await page.waitForURL((url) => url.pathname === '/s/admin/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('admin_token')), null);
  });

  it('reviews a user (KYC with a reason, payment verification) and edits a content page', async () => {
    const { page } = await newPage(suite.browser);
    await adminSignIn(page);
    const user = await createUser(suite.stack.db, 'profileComplete');
    await byTestId(page, 'admin-nav-users').click();
    await page.selectOption('[data-testid=users-kyc-filter]', 'not_submitted');
    await page.fill('[data-testid=users-search]', user.email);
    await page.press('[data-testid=users-search]', 'Enter');
    await page.getByRole('link', { name: user.email }).click();
    await byTestId(page, 'admin-user-detail').waitFor();

    await page.click('[data-testid=kyc-reject]');
    assert.equal(await text(page, 'kyc-reason-error'), messages.identity.reasonRequired);
    await page.fill('[data-testid=kyc-reason]', 'The document is unreadable');
    await page.click('[data-testid=kyc-reject]');
    await waitForToast(page, messages.identity.kycUpdated);
    await page.locator('[data-testid=kyc-status]', { hasText: 'Rejected' }).first().waitFor();
    await page.click('[data-testid=kyc-approve]');
    await page.locator('[data-testid=kyc-status]', { hasText: 'Approved' }).first().waitFor();
    await page.click('[data-testid=payment-toggle]');
    await waitForToast(page, messages.identity.paymentVerificationUpdated);
    await page.locator('[data-testid=payment-verified]', { hasText: 'is verified' }).waitFor();

    // The About page: a link needs a URL; what is saved shows on the public page.
    await byTestId(page, 'admin-nav-content').click();
    await page.click('[data-testid=content-edit-about-us]');
    await page.fill('[data-testid=content-title]', 'About Gavel');
    await page.click('[data-testid=rte-area]');
    await page.keyboard.type('Visit our saleroom');
    await page.keyboard.press('Control+a');
    await page.click('[data-testid=rte-link]');
    await page.click('[data-testid=rte-link-apply]');
    assert.equal(await text(page, 'rte-link-error'), adminMessages.linkUrlRequired);
    await page.fill('[data-testid=rte-link-url]', 'https://example.com/saleroom');
    await page.click('[data-testid=rte-link-apply]');
    await byTestId(page, 'rte-area').locator('a[href="https://example.com/saleroom"]').waitFor();
    await page.click('[data-testid=content-save]');
    await byTestId(page, 'admin-content').waitFor();
    await page.goto(`${suite.dapp.url}/about`);
    await page.locator('a[href="https://example.com/saleroom"]', { hasText: 'Visit our saleroom' }).waitFor();
  });

  it('keeps the whitelist and versioned policies, and lists inscriptions and NFTs', async () => {
    const { page } = await newPage(suite.browser);
    page.on('dialog', (dialog) => void dialog.accept());
    await adminSignIn(page);

    await byTestId(page, 'admin-nav-whitelist').click();
    await byTestId(page, 'admin-empty').waitFor();
    await page.click('[data-testid=whitelist-submit]');
    assert.equal(await text(page, 'whitelist-error'), adminMessages.whitelistTarget);
    await page.fill('[data-testid=whitelist-target]', 'collector@example.com');
    await page.click('[data-testid=whitelist-submit]');
    await waitForToast(page, adminMessages.whitelistAdded);
    await page.locator('[data-testid=whitelist-row]', { hasText: 'collector@example.com' }).waitFor();
    await page.locator('[data-testid=whitelist-row]').getByRole('button', { name: 'Remove' }).click();
    await waitForToast(page, adminMessages.whitelistRemoved);
    await byTestId(page, 'admin-empty').waitFor();

    await byTestId(page, 'admin-nav-policies').click();
    await byTestId(page, 'policy-privacy-policy').getByRole('button', { name: 'New draft' }).click();
    await byTestId(page, 'policy-editor').waitFor();
    await page.click('[data-testid=rte-area]');
    await page.keyboard.type('We keep only what the auction needs.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await waitForToast(page, adminMessages.policySaved);
    await byTestId(page, 'policy-privacy-policy').getByRole('button', { name: 'Publish' }).click();
    await byTestId(page, 'policy-privacy-policy').getByText('In force').waitFor();

    await byTestId(page, 'admin-nav-inscriptions').click();
    await page.locator('[data-testid=admin-inscriptions] [data-testid=admin-empty], [data-testid=inscription-row]').first().waitFor();
    await byTestId(page, 'admin-nav-nfts').click();
    await page.locator('[data-testid=admin-nfts] [data-testid=admin-empty], [data-testid=nft-row]').first().waitFor();
  });

  it('runs an auction event: create with an image, every time rule, publish, end, settle', async () => {
    const { page } = await newPage(suite.browser);
    page.on('dialog', (dialog) => void dialog.accept());
    await adminSignIn(page);
    const now = Date.now();
    const eventStart = now - HOUR;
    const eventEnd = now + 48 * HOUR;

    // The event.
    await byTestId(page, 'admin-nav-auctions').click();
    await page.click('[data-testid=new-event]');
    await page.fill('[data-testid=event-title]', 'Winter Sale');
    await page.fill('[data-testid=event-startTime]', local(eventStart));
    await page.fill('[data-testid=event-endTime]', local(eventEnd));
    await page.click('[data-testid=event-submit]');
    await byTestId(page, 'admin-event-detail').waitFor();
    const eventPath = new URL(page.url()).pathname;
    await page.click('[data-testid=event-edit]');
    await page.fill('[data-testid=event-title]', 'Winter Sale 2026');
    await page.click('[data-testid=event-submit]');
    await waitForToast(page, adminMessages.eventUpdated);
    await byTestId(page, 'admin-event-detail').waitFor();
    assert.equal(await text(page, 'admin-page-title'), 'Winter Sale 2026');
    assert.equal(await text(page, 'event-status'), 'draft');

    // Lot one, with an image (a text file is refused first), times defaulting to the event's window: live.
    await page.click('[data-testid=new-lot]');
    await page.fill('[data-testid=lot-title]', 'Lot One');
    await page.fill('[data-testid=lot-startingBid]', '10');
    await page.setInputFiles('[data-testid=lot-image-input]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await waitForToast(page, adminMessages.invalidFile);
    await page.setInputFiles('[data-testid=lot-image-input]', { name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await byTestId(page, 'lot-image').waitFor();
    await keepScreenshot(page, 'admin-lot-create', { fullPage: true });
    await page.click('[data-testid=lot-submit]');
    await byTestId(page, 'admin-lot-detail').waitFor();
    await byTestId(page, 'admin-lot-image').waitFor();
    const lotOnePath = new URL(page.url()).pathname;

    // Lot two, upcoming.
    await page.goto(suite.dapp.url + eventPath);
    await page.click('[data-testid=new-lot]');
    await page.fill('[data-testid=lot-title]', 'Lot Two');
    await page.fill('[data-testid=lot-startingBid]', '20');
    await page.fill('[data-testid=lot-startTime]', local(now + HOUR));
    await page.fill('[data-testid=lot-endTime]', local(now + 24 * HOUR));
    await page.click('[data-testid=lot-submit]');
    await byTestId(page, 'admin-lot-detail').waitFor();

    // Editing the upcoming lot under each rule: the error beside its field.
    await page.click('[data-testid=lot-edit]');
    await byTestId(page, 'lot-form').waitFor();
    const expectError = async (field: string, expected: string | RegExp) => {
      await page.click('[data-testid=lot-submit]');
      const shown = await text(page, `lot-${field}-error`);
      if (typeof expected === 'string') assert.equal(shown, expected);
      else assert.match(shown, expected);
    };
    await page.fill('[data-testid=lot-title]', '');
    await expectError('title', adminMessages.titleRequired);
    await page.fill('[data-testid=lot-title]', 'Lot Two, edited');
    await page.fill('[data-testid=lot-startingBid]', '0');
    await expectError('startingBid', adminMessages.startingBidPositive);
    await page.fill('[data-testid=lot-startingBid]', '20');
    await page.fill('[data-testid=lot-reservePrice]', '-5');
    await expectError('reservePrice', adminMessages.reserveNotNegative);
    await page.fill('[data-testid=lot-reservePrice]', '');
    await page.fill('[data-testid=lot-startTime]', local(eventStart - 2 * HOUR));
    await expectError('startTime', /^Start time cannot be before the auction event starts/);
    await page.fill('[data-testid=lot-startTime]', local(now + 3 * HOUR));
    await page.fill('[data-testid=lot-endTime]', local(now + 2 * HOUR));
    await expectError('endTime', adminMessages.endAfterStart);
    await page.fill('[data-testid=lot-endTime]', local(eventEnd + 24 * HOUR));
    await expectError('endTime', /^End time cannot be after the auction event ends/);
    await keepScreenshot(page, 'admin-lot-edit-errors', { fullPage: true });

    // Unsaved changes: leaving asks first; Stay keeps the form.
    await byTestId(page, 'admin-nav-users').click();
    await byTestId(page, 'unsaved-changes').waitFor();
    await page.click('[data-testid=unsaved-stay]');
    await byTestId(page, 'lot-form').waitFor();
    await page.fill('[data-testid=lot-endTime]', local(now + 30 * HOUR));
    await page.click('[data-testid=lot-submit]');
    await waitForToast(page, adminMessages.lotUpdated);
    await byTestId(page, 'admin-lot-detail').waitFor();
    assert.equal(await text(page, 'admin-page-title'), 'Lot Two, edited');
    const lotTwoPath = new URL(page.url()).pathname;

    // The live lot: its start is locked, its end cannot go before the start.
    await page.goto(suite.dapp.url + lotOnePath);
    await page.click('[data-testid=lot-edit]');
    await byTestId(page, 'lot-live-note').waitFor();
    assert.equal(await byTestId(page, 'lot-startTime').getAttribute('readonly'), '');
    await page.fill('[data-testid=lot-endTime]', local(eventStart - HOUR));
    await expectError('endTime', adminMessages.endBeforeLiveStart);
    await page.click('[data-testid=lot-cancel]');
    await page.click('[data-testid=unsaved-leave]');
    await byTestId(page, 'admin-lot-detail').waitFor();

    // Publish it and the event, then end it: no bids, so no winner, and it can no longer be edited.
    await page.click('[data-testid=lot-publish]');
    await waitForToast(page, adminMessages.lotPublished);
    await page.goto(suite.dapp.url + eventPath);
    await page.click('[data-testid=event-publish]');
    await waitForToast(page, adminMessages.eventPublished);
    await page.goto(suite.dapp.url + lotOnePath);
    await page.click('[data-testid=lot-end]');
    await waitForToast(page, adminMessages.lotEnded);
    assert.equal(await text(page, 'settlement-no-winner'), settlementMessages.noWinner);
    await page.click('[data-testid=lot-edit]');
    assert.equal(await text(page, 'lot-not-editable-title'), adminMessages.cannotEditEnded);

    // The upcoming lot is cancelled, then deleted (it has no bids).
    await page.goto(suite.dapp.url + lotTwoPath);
    await page.click('[data-testid=lot-cancel-auction]');
    await waitForToast(page, adminMessages.lotCancelled);
    await page.locator('[data-testid=lot-status]', { hasText: 'cancelled' }).waitFor();
    await page.click('[data-testid=lot-delete]');
    await waitForToast(page, adminMessages.lotDeleted);
    await byTestId(page, 'admin-event-detail').waitFor();
    await page.locator('[data-testid=lot-row]', { hasText: 'Lot One' }).waitFor();
    await page.locator('[data-testid=lot-row]', { hasText: 'Lot Two' }).waitFor({ state: 'detached' });

    // The lot's pages fit a phone.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const route of [eventPath, lotOnePath, `${lotOnePath}/edit`, '/s/admin/auctions?view=lots']) {
      await page.goto(suite.dapp.url + route);
      await page.locator('[data-testid=admin-page-title], [data-testid=lot-not-editable]').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${route} fits a phone (${width}px)`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A seller's lot with a bid: the admin sees the bid and ends it; the seller then settles it.
    const seller = await createUser(suite.stack.db, 'seller');
    const sellerLot = await createLot(suite.stack.db, { creatorId: seller.id, paymentMethod: 'Manual', startingBid: 1000n });
    await apiBid(sellerLot.id, '10');
    await page.goto(`${suite.dapp.url}/s/admin/auctions/${sellerLot.auctionEventId}/lots/${sellerLot.id}`);
    await byTestId(page, 'admin-bid-row').waitFor();
    await page.click('[data-testid=lot-end]');
    await waitForToast(page, adminMessages.lotEnded);
    assert.equal(await text(page, 'payment-status-value'), 'Awaiting payment');

    // The seller settles from a phone: the panel and its confirmations at 390 px (the admin's side above was at 1280).
    const { page: sellerPage } = await newPage(suite.browser, { width: 390, height: 844 });
    await openSignedIn(sellerPage, suite.dapp.url, await signIn(suite.stack.url, seller.email), `/details/${sellerLot.id}`);
    await byTestId(sellerPage, 'settlement-panel').waitFor();
    assert.ok((await sellerPage.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the seller’s lot page fits a phone');
    // Settling is what the seller came for: the panel heads the lot's page, above its results.
    await byTestId(sellerPage, 'lot-results').waitFor();
    const panelTop = (await byTestId(sellerPage, 'settlement-panel').boundingBox())?.y ?? Infinity;
    const resultsTop = (await byTestId(sellerPage, 'lot-results').boundingBox())?.y ?? -Infinity;
    assert.ok(panelTop < resultsTop, `the settlement panel (y ${panelTop}) is above the results (y ${resultsTop})`);
    assert.match(await text(sellerPage, 'settlement-winner'), /10\.00 USD/);
    // The seller is not told "You did not bid on this lot": they sold it.
    assert.match(await text(sellerPage, 'lot-result-seller'), /You are the seller of this lot/);
    // Clearing the winner's debt is asked first, naming the lot and the amount owed.
    await sellerPage.click('[data-testid=verify-payment]');
    assert.match(await text(sellerPage, 'confirm-payment-amount'), /10\.00 USD/);
    assert.ok((await byTestId(sellerPage, 'confirm-payment-submit').boundingBox())!.width <= 390, 'the confirmation fits the phone');
    await sellerPage.fill('[data-testid=payment-reference]', 'BANK20261129');
    await sellerPage.click('[data-testid=confirm-payment-submit]');
    await waitForToast(sellerPage, settlementMessages.paymentVerified);
    await sellerPage.waitForFunction(() => document.querySelector('[data-testid=payment-status-value]')?.textContent === 'Paid');
    await sellerPage.click('[data-testid=mark-transferred]');
    // A USD lot is sent as a parcel: the courier's reference, as plain text.
    assert.equal(await text(sellerPage, 'transfer-hash-error'), settlementMessages.transferReferenceRequired);
    await sellerPage.fill('[data-testid=transfer-hash]', '  UPS 1Z999AA10123456784  ');
    await sellerPage.click('[data-testid=mark-transferred]');
    assert.equal(await text(sellerPage, 'confirm-transfer-reference'), 'Tracking number UPS 1Z999AA10123456784');
    await sellerPage.click('[data-testid=confirm-transfer-submit]');
    await waitForToast(sellerPage, settlementMessages.transferred);
    await sellerPage.waitForFunction(() => /recorded by/.test(document.querySelector('[data-testid=transfer-recorded]')?.textContent ?? ''));
    assert.equal(await text(sellerPage, 'settlement-complete'), settlementMessages.complete);
    await keepScreenshot(sellerPage, 'settlement-complete', { fullPage: true });

    // Anyone else on the same page sees no panel.
    const other = await createUser(suite.stack.db, 'ready');
    const { page: otherPage } = await newPage(suite.browser);
    await openSignedIn(otherPage, suite.dapp.url, await signIn(suite.stack.url, other.email), `/details/${sellerLot.id}`);
    await byTestId(otherPage, 'lot-detail').waitFor();
    await byTestId(otherPage, 'lot-results').waitFor();
    assert.equal(await byTestId(otherPage, 'settlement-panel').count(), 0);
  });
});
