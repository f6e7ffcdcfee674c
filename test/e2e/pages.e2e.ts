/**
 * Everything around the grid in a real browser against the real api (demo seed): the newsletter modal with its
 * field messages and toasts, CMS pages, the profile menu, home, the informational and placeholder pages, the 404.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { messages } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'demo' }),
  (api) => api.url,
);

async function open(route: string): Promise<Page> {
  const { page } = await newPage(suite.browser);
  await page.goto(suite.dapp.url + route);
  await page.locator('[data-testid=footer]').waitFor();
  return page;
}

async function openNewsletter(page: Page): Promise<void> {
  await page.click('[data-testid=footer-subscribe]');
  await page.locator('[data-testid=newsletter-modal] form').waitFor();
}

const text = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).textContent();

async function toastTitle(page: Page): Promise<string | null> {
  await page.locator('[data-testid=toast]').waitFor();
  return text(page, 'toast-title');
}

describe('newsletter', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('names every missing field, and toasts Invalid email', async () => {
    const page = await open('/');
    await openNewsletter(page);
    await page.click('[data-testid=newsletter-submit]');
    assert.equal(await text(page, 'newsletter-first-name-error'), messages.newsletter.firstNameRequired);
    assert.equal(await text(page, 'newsletter-last-name-error'), messages.newsletter.lastNameRequired);
    assert.equal(await text(page, 'newsletter-email-error'), messages.newsletter.invalidEmail);
    assert.equal(await text(page, 'newsletter-agree-error'), messages.newsletter.agreeRequired);
    assert.equal(await toastTitle(page), messages.newsletter.invalidEmailToast);
    // The toast must be visible above the modal's backdrop, not hidden under it.
    assert.equal(await page.locator('[data-testid=toast]').isVisible(), true);
    await keepScreenshot(page, 'newsletter-errors');
  });

  it('rejects a malformed e-mail with "Please enter a valid email address"', async () => {
    const page = await open('/');
    await openNewsletter(page);
    await page.fill('[data-testid=newsletter-first-name]', 'Ada');
    await page.fill('[data-testid=newsletter-last-name]', 'Lovelace');
    await page.fill('[data-testid=newsletter-email]', 'ada@example');
    await page.check('[data-testid=newsletter-agree]');
    await page.click('[data-testid=newsletter-submit]');
    assert.equal(await text(page, 'newsletter-email-error'), messages.newsletter.invalidEmail);
    assert.equal(await toastTitle(page), messages.newsletter.invalidEmailToast);
    assert.equal(await page.locator('[data-testid=newsletter-first-name-error]').count(), 0);
    assert.equal(await page.locator('[data-testid=newsletter-agree-error]').count(), 0);
  });

  it('subscribes, then answers "Already subscribed!" for the same address', async () => {
    const email = `ada.${Date.now()}@example.com`;
    const page = await open('/');
    for (const attempt of [1, 2]) {
      await openNewsletter(page);
      await page.fill('[data-testid=newsletter-first-name]', 'Ada');
      await page.fill('[data-testid=newsletter-last-name]', 'Lovelace');
      await page.fill('[data-testid=newsletter-email]', email);
      await page.check('[data-testid=newsletter-agree]');
      await page.click('[data-testid=newsletter-submit]');
      if (attempt === 1) {
        await eventually(async () => assert.equal(await text(page, 'toast-title'), messages.newsletter.subscribed), { until: anyAnswer });
        await page.locator('[data-testid=newsletter-modal] form').waitFor({ state: 'detached' });
      } else {
        await eventually(async () => assert.equal(await text(page, 'toast-title'), messages.newsletter.alreadySubscribed), { until: anyAnswer });
        await keepScreenshot(page, 'newsletter-already');
      }
    }
    // At most one toast at a time: the second replaced the first.
    assert.equal(await page.locator('[data-testid=toast]').count(), 1);
  });
});

describe('CMS pages', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows buyers the Terms & Conditions the CMS holds, each section reachable by its link', async () => {
    const response = await fetch(`${suite.stack.url}/cms/pages/terms-conditions`, { signal: AbortSignal.timeout(5_000) });
    const { data } = (await response.json()) as { data: { title: string; content: string } };
    const page = await open('/terms-conditions#sellers');
    await page.locator('[data-testid=cms-page]').waitFor();
    assert.equal(await text(page, 'cms-title'), data.title);
    const words = (html: string) => page.evaluate((source) => new DOMParser().parseFromString(source, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim(), html);
    assert.equal(((await text(page, 'cms-content')) ?? '').replace(/\s+/g, ' ').trim(), await words(data.content));
    // The profile's Conditions of Business link to sections by name.
    for (const section of ['bidding', 'payment', 'sellers']) assert.equal(await page.locator(`[data-testid=cms-content] h2#${section}`).count(), 1, section);
    await keepScreenshot(page, 'terms', { fullPage: true });
  });

  it('fetches About, Privacy Policy and Conditions of Business from the CMS by slug', async () => {
    for (const [route, slug] of [
      ['/about', 'about-us'],
      ['/privacy-policy', 'privacy-policy'],
      ['/conditions-of-business', 'conditions-of-business'],
    ]) {
      const response = await fetch(`${suite.stack.url}/cms/pages/${slug}`, { signal: AbortSignal.timeout(5_000) });
      const { data } = (await response.json()) as { data: { title: string } };
      const page = await open(route!);
      await page.locator('[data-testid=cms-page]').waitFor();
      assert.equal(await text(page, 'cms-title'), data.title);
      assert.ok(((await text(page, 'cms-content')) ?? '').length > 100);
      assert.equal(await page.locator('[data-testid=cms-content] script').count(), 0);
    }
  });

  it('follows a CMS link to one of our pages without reloading the app', async () => {
    const page = await open('/about');
    await page.locator('[data-testid=cms-page]').waitFor();
    await page.evaluate('window.__sameApp = true');
    await page.locator('[data-testid=cms-content] a[href="/support"]').click();
    await page.locator('[data-testid=support-page]').waitFor();
    assert.equal(await page.evaluate('window.__sameApp'), true);
  });
});

describe('header and pages', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('offers Sign In and Connect Wallet to a signed-out visitor', async () => {
    const page = await open('/auctions?status=live');
    await page.click('[data-testid=profile-menu-button]');
    assert.equal((await text(page, 'menu-sign-in'))?.trim(), 'Sign In');
    assert.equal((await text(page, 'menu-connect-wallet'))?.trim(), 'Connect Wallet');
    assert.equal(await page.locator('[data-testid=menu-connect-wallet]').getAttribute('href'), `/connect-wallet?returnUrl=${encodeURIComponent('/auctions?status=live')}`);
    await keepScreenshot(page, 'profile-menu');
    await page.click('[data-testid=menu-sign-in]');
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.locator('[data-testid=signin-form]').waitFor();
    assert.equal(await page.title(), 'Sign In · Gavel');
  });

  it('shows the home page with live lots and auction events', async () => {
    const page = await open('/');
    await page.locator('[data-testid=home-live] [data-testid=lot-card]').first().waitFor();
    await page.locator('[data-testid=event-card]').first().waitFor();
    const statuses = await page.locator('[data-testid=home-live] [data-testid=lot-status]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')));
    assert.ok(
      statuses.every((s) => s === 'live' || s === 'timeStarted'),
      statuses.join(),
    );
    await keepScreenshot(page, 'home', { fullPage: true });
  });

  it('has Sell, Support and Unauthorized pages', async () => {
    for (const [route, testId] of [
      ['/sell', 'sell-page'],
      ['/support', 'support-page'],
      ['/unauthorized', 'unauthorized'],
    ]) {
      const page = await open(route!);
      await page.locator(`[data-testid=${testId}]`).waitFor();
    }
  });

  it('shows a 404 page for an unknown address', async () => {
    const page = await open('/no/such/page');
    await page.locator('[data-testid=not-found]').waitFor();
    assert.equal(await text(page, 'not-found-title'), messages.cms.pageNotFound);
  });
});
