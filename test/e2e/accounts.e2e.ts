/**
 * Accounts in a real browser: a new user goes from sign-up to "ready to bid" (code read from a real SMTP server,
 * identity approved by an admin, a card saved against the Stripe stand-in), the spec's sign-in redirects
 * for users in each state, and a revoked session (401) clearing storage and landing on /signin.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { messages, paymentMessages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { newAccountPage, openSignedIn, pasteInto, PNG_1X1, TOKEN_KEY, waitForToast } from '../support/account-browser.ts';
import { keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { createUser, signIn, TEST_PASSWORD, type UserState } from '../support/users.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const text = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).textContent();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** An ISO date `years` ago today (YYYY-MM-DD). */
function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function adminToken(): Promise<string> {
  const admin = await createUser(suite.stack.api.db, 'admin');
  return signIn(suite.stack.api.url, admin.email);
}

describe('from sign-up to ready to bid', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('signs up, verifies the e-mail, completes every step and shows four green indicators', async () => {
    const { page } = await newAccountPage(suite.browser);
    const email = `journey.${Date.now()}@example.com`;

    // Sign up.
    await page.goto(`${suite.dapp.url}/signin?mode=signup`);
    await page.fill('[data-testid=signup-first-name]', 'Ada');
    await page.fill('[data-testid=signup-last-name]', 'Lovelace');
    await page.fill('[data-testid=signup-email]', email);
    await page.fill('[data-testid=signup-password]', 'Analytical1');
    await page.fill('[data-testid=signup-confirm-password]', 'Analytical1');
    await keepScreenshot(page, 'accounts-signup');
    await page.click('[data-testid=signup-submit]');
    await waitForToast(page, messages.auth.accountCreated);
    await page.waitForURL((url) => url.pathname === '/verify-email');
    const userId = new URL(page.url()).searchParams.get('userId');
    assert.ok(userId);
    assert.equal(await text(page, 'verify-email-address'), email);

    // The code from the mail, pasted: all six boxes fill and the form submits itself.
    const code = await suite.stack.smtp.codeFor(email);
    await keepScreenshot(page, 'accounts-verify-email');
    await pasteInto(page, '[data-testid=verify-code-0]', code);
    await waitForToast(page, messages.auth.emailVerified);
    await page.waitForURL((url) => url.pathname === '/complete-setup');
    assert.equal(await page.locator('[data-testid=setup-step-profile]').getAttribute('data-next'), 'true');
    await keepScreenshot(page, 'accounts-setup-hub', { fullPage: true });

    // Basic details: under 18 is refused beside the field, then the real birthday is saved.
    await page.click('[data-testid=setup-step-profile-link]');
    await page.locator('[data-testid=basic-details-form]').waitFor();
    assert.equal(await page.inputValue('[data-testid=details-first-name]'), 'Ada');
    await page.fill('[data-testid=details-phone]', '+44 20 7946 0000');
    await page.fill('[data-testid=details-dob]', yearsAgo(18, 1));
    await page.fill('[data-testid=details-address]', '12 Marylebone Road');
    await page.fill('[data-testid=details-city]', 'London');
    await page.fill('[data-testid=details-post-code]', 'NW1 5LR');
    await page.fill('[data-testid=details-country]', 'United Kingdom');
    await page.click('[data-testid=details-submit]');
    assert.equal(await text(page, 'details-dob-error'), messages.auth.underAge);
    await keepScreenshot(page, 'accounts-basic-details-under-18', { fullPage: true });
    await page.fill('[data-testid=details-dob]', '1990-12-10');
    await page.click('[data-testid=details-submit]');
    await waitForToast(page, messages.auth.profileUpdated);
    await page.waitForURL((url) => url.pathname === '/identity-verification');

    // Identity: the form with a document image and its preview, then pending until an admin approves.
    await page.locator('[data-testid=identity-form]').waitFor();
    assert.equal(await page.inputValue('[data-testid=identity-legal-name]'), 'Ada Lovelace');
    assert.equal(await page.inputValue('[data-testid=identity-dob]'), '1990-12-10');
    await page.check('[data-testid=identity-type-passport]');
    await page.fill('[data-testid=identity-document-number]', '123456789');
    await page.setInputFiles('[data-testid=identity-document]', { name: 'passport.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.locator('[data-testid=identity-document-image]').waitFor();
    await keepScreenshot(page, 'accounts-identity-form', { fullPage: true });
    await page.click('[data-testid=identity-submit]');
    await waitForToast(page, messages.identity.submitted);
    await page.locator('[data-testid=identity-status][data-status=pending]').waitFor();
    await keepScreenshot(page, 'accounts-identity-pending');
    const approve = await fetch(`${suite.stack.api.url}/admin/users/${userId}/kyc`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kycStatus: 'approved' }),
    });
    assert.equal(approve.status, 200);
    // The page asks again while the check is under review, so the decision shows without a reload.
    await page.locator('[data-testid=identity-status][data-status=approved]').waitFor({ timeout: 15_000 });

    // Payment method: the card goes to the Stripe stand-in, the api verifies it with a $1 hold.
    await page.click('[data-testid=identity-next]');
    await page.waitForURL((url) => url.pathname === '/payment-details');
    await page.fill('[data-testid=card-number]', '4242424242424242');
    assert.equal(await page.inputValue('[data-testid=card-number]'), '4242 4242 4242 4242');
    await page.fill('[data-testid=card-expiry]', `04${String(new Date().getUTCFullYear() + 3).slice(2)}`);
    await page.fill('[data-testid=card-cvc]', '123');
    await page.check('[data-testid=card-terms]');
    await keepScreenshot(page, 'accounts-card-form', { fullPage: true });
    await page.click('[data-testid=card-submit]');
    await waitForToast(page, paymentMessages.verified, 20_000);
    await page.locator('[data-testid=saved-card][data-status=verified]').waitFor();
    assert.match((await text(page, 'saved-card-number')) ?? '', /Visa\s*••••\s*ending in\s*4242/);
    await keepScreenshot(page, 'accounts-card-verified');

    // Terms on the profile: both messages when nothing is chosen, then accepted.
    await page.click('[data-testid=payment-continue]');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.locator('[data-testid=terms-panel]').waitFor();
    await page.click('[data-testid=terms-submit]');
    assert.equal(await text(page, 'terms-bidding-error'), messages.terms.biddingForRequired);
    assert.equal(await text(page, 'terms-checkbox-error'), messages.terms.checkboxRequired);
    await keepScreenshot(page, 'accounts-terms-errors', { fullPage: true });
    await page.check('[data-testid=terms-bidding-myself]');
    await page.check('[data-testid=terms-checkbox]');
    await page.click('[data-testid=terms-submit]');
    await waitForToast(page, messages.terms.accepted);
    await page.locator('[data-testid=terms-accepted-at]').waitFor();

    for (const key of ['profile', 'identity', 'payment', 'terms']) {
      assert.equal(await page.locator(`[data-testid=status-${key}]`).getAttribute('data-state'), 'done', key);
    }
    assert.equal(await text(page, 'profile-ready'), 'Ready to bid');
    assert.equal(await text(page, 'profile-name'), 'Ada Lovelace');
    assert.equal(await text(page, 'profile-account-id'), userId);
    assert.match((await text(page, 'status-terms-detail')) ?? '', /^Accepted /);
    await page.click('[data-testid=profile-details-toggle]');
    assert.equal(await text(page, 'profile-email'), email);
    assert.equal(await text(page, 'profile-role'), 'User');
    await keepScreenshot(page, 'accounts-profile-ready', { fullPage: true });

    // The api agrees: this user may bid.
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const eligibility = await fetch(`${suite.stack.api.url}/auth/bid-eligibility`, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual(await eligibility.json(), { eligible: true, gate: null, message: null, redirect: null });
  });
});

describe('sign-in redirect', { timeout: SUITE_TIMEOUT_MS }, () => {
  async function signInThroughForm(page: Page, email: string, password = TEST_PASSWORD) {
    await page.goto(`${suite.dapp.url}/signin`);
    await page.fill('[data-testid=signin-email]', email);
    await page.fill('[data-testid=signin-password]', password);
    await page.click('[data-testid=signin-submit]');
  }

  const cases: [UserState, string][] = [
    ['verifiedIncomplete', '/complete-setup'],
    ['profileComplete', '/complete-setup'],
    ['identityVerified', '/complete-setup'],
    ['withPaymentMethod', '/'],
    ['ready', '/'],
  ];
  for (const [state, expected] of cases) {
    it(`sends a ${state} user to ${expected}`, async () => {
      const user = await createUser(suite.stack.api.db, state);
      const { page } = await newAccountPage(suite.browser);
      await signInThroughForm(page, user.email);
      await waitForToast(page, messages.auth.welcomeBack);
      await page.waitForURL((url) => url.pathname === expected);
    });
  }

  it('sends a verified identity with an incomplete profile to /basic-details', async () => {
    const user = await createUser(suite.stack.api.db, 'identityVerified');
    await suite.stack.api.db.prisma.user.update({ where: { id: user.id }, data: { isProfileComplete: false } });
    const { page } = await newAccountPage(suite.browser);
    await signInThroughForm(page, user.email);
    await page.waitForURL((url) => url.pathname === '/basic-details');
  });

  it('sends an unverified address to the code entry, with a fresh code mailed', async () => {
    const user = await createUser(suite.stack.api.db, 'unverified');
    const before = suite.stack.smtp.mails.length;
    const { page } = await newAccountPage(suite.browser);
    await signInThroughForm(page, user.email);
    await waitForToast(page, messages.auth.emailNotVerified);
    await page.waitForURL((url) => url.pathname === '/verify-email' && url.searchParams.get('userId') === user.id);
    // Typed digit by digit this time: each box takes one digit and moves on.
    const code = await suite.stack.smtp.codeFor(user.email, { after: before });
    await page.locator('[data-testid=verify-code-0]').focus();
    await page.keyboard.type(code, { delay: 30 });
    await waitForToast(page, messages.auth.emailVerified);
    await page.waitForURL((url) => url.pathname === '/complete-setup');
  });

  it("refuses a wrong password with the api's message and stays on the form", async () => {
    const user = await createUser(suite.stack.api.db, 'ready');
    const { page } = await newAccountPage(suite.browser);
    await signInThroughForm(page, user.email, 'Wrong-passw0rd');
    await waitForToast(page, messages.auth.invalidCredentials);
    assert.equal(pathOf(page), '/signin');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY), null);
  });

  it('sends a signed-out visitor of an account page to /signin with the gate message', async () => {
    const { page } = await newAccountPage(suite.browser);
    await page.goto(`${suite.dapp.url}/profile`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await waitForToast(page, messages.gates.signIn);
  });
});

describe('a revoked session', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('clears local storage and returns to /signin on the next 401', async () => {
    const user = await createUser(suite.stack.api.db, 'profileComplete');
    const token = await signIn(suite.stack.api.url, user.email);
    const { page } = await newAccountPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, token, '/complete-setup');
    await page.locator('[data-testid=complete-setup]').waitFor();
    await page.evaluate(() => localStorage.setItem('gavel.other', 'kept until a 401'));

    // Logged out from elsewhere: every token of the user is revoked.
    const logout = await fetch(`${suite.stack.api.url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    assert.equal(logout.status, 200);

    // The dapp learns it at once when its event stream is closed for the revoked session, or else at the next call
    // it makes (the identity page loads the check): a click that finds the page already gone does nothing.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('[data-testid=setup-step-identity-link]')?.click());
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('error') === 'unauthorized');
    assert.equal(await text(page, 'signin-unauthorized'), ` ${messages.auth.sessionExpired}`);
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    await page.click('[data-testid=profile-menu-button]');
    await page.locator('[data-testid=menu-sign-in]').waitFor();
    await keepScreenshot(page, 'accounts-session-expired');
  });

  it('ends a stored session that the api no longer accepts as the app starts', async () => {
    const user = await createUser(suite.stack.api.db, 'ready');
    const token = await signIn(suite.stack.api.url, user.email);
    await fetch(`${suite.stack.api.url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { page } = await newAccountPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, token, '/auctions');
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('error') === 'unauthorized');
    await eventually(async () => assert.equal(await page.evaluate(() => localStorage.length), 0), { until: anyAnswer });
  });
});
