/**
 * The account screens' forms and states in a real browser: password reset with the mailed code, Reset
 * Password (change) with the new token, the card form's messages and a declined card, an identity check
 * rejected with the admin's reason, the signed-in header menu and logout, and the Conditions of Business.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { cardFormMessages, messages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { newAccountPage, openSignedIn, PNG_1X1, TOKEN_KEY, waitForToast } from '../support/account-browser.ts';
import { keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { createUser, signIn, TEST_PASSWORD, type UserState } from '../support/users.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const text = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).textContent();
const EXPIRY = `04/${String(new Date().getUTCFullYear() + 3).slice(2)}`;

/** A user in `state`, signed in through the api, with the dapp open at `route`. */
async function signedIn(state: UserState, route: string, viewport?: { width: number; height: number }) {
  const user = await createUser(suite.stack.api.db, state);
  const token = await signIn(suite.stack.api.url, user.email);
  const { page } = await newAccountPage(suite.browser, viewport);
  await openSignedIn(page, suite.dapp.url, token, route);
  return { user, token, page };
}

describe('password reset', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('mails a code, checks it, sets the new password, and signs in with it', async () => {
    const user = await createUser(suite.stack.api.db, 'ready');
    const { page } = await newAccountPage(suite.browser);
    await page.goto(`${suite.dapp.url}/signin`);
    await page.fill('[data-testid=signin-email]', user.email);
    await page.click('[data-testid=signin-forgot]');
    // The address typed on the sign-in form carries over.
    assert.equal(await page.inputValue('[data-testid=reset-email]'), user.email);
    const mailsBefore = suite.stack.smtp.mails.length;
    await page.click('[data-testid=reset-email-submit]');
    await waitForToast(page, messages.auth.resetCodeSent);
    await page.locator('[data-testid=forgot-password][data-step=code]').waitFor();

    // A wrong code first: the boxes empty for another try.
    const code = await suite.stack.smtp.codeFor(user.email, { after: mailsBefore });
    const wrong = code === '000000' ? '111111' : '000000';
    await page.locator('[data-testid=reset-code-0]').focus();
    await page.keyboard.type(wrong);
    await waitForToast(page, messages.auth.invalidCode);
    assert.equal(await page.inputValue('[data-testid=reset-code-5]'), '');
    await page.locator('[data-testid=reset-code-0]').focus();
    await page.keyboard.type(code);
    await waitForToast(page, messages.auth.codeVerified);
    await page.locator('[data-testid=forgot-password][data-step=password]').waitFor();

    await page.fill('[data-testid=reset-password]', 'short');
    await page.click('[data-testid=reset-password-submit]');
    assert.equal(await text(page, 'reset-password-error'), messages.auth.passwordTooShort);
    await page.fill('[data-testid=reset-password]', 'BrandNew42');
    await page.fill('[data-testid=reset-confirm-password]', 'BrandNew4');
    await page.click('[data-testid=reset-password-submit]');
    assert.equal(await text(page, 'reset-confirm-password-error'), messages.auth.passwordsDiffer);
    await page.fill('[data-testid=reset-confirm-password]', 'BrandNew42');
    await keepScreenshot(page, 'accounts-reset-password');
    await page.click('[data-testid=reset-password-submit]');
    await waitForToast(page, messages.auth.passwordReset);

    // Back on the sign-in form with the address filled in; the new password works.
    assert.equal(await page.inputValue('[data-testid=signin-email]'), user.email);
    await page.fill('[data-testid=signin-password]', 'BrandNew42');
    await page.click('[data-testid=signin-submit]');
    await waitForToast(page, messages.auth.welcomeBack);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows and hides the password', async () => {
    const { page } = await newAccountPage(suite.browser);
    await page.goto(`${suite.dapp.url}/signin`);
    await page.fill('[data-testid=signin-password]', 'secret1');
    assert.equal(await page.getAttribute('[data-testid=signin-password]', 'type'), 'password');
    await page.click('[data-testid=signin-password-toggle]');
    assert.equal(await page.getAttribute('[data-testid=signin-password]', 'type'), 'text');
    await page.click('[data-testid=signin-password-toggle]');
    assert.equal(await page.getAttribute('[data-testid=signin-password]', 'type'), 'password');
  });
});

describe('Reset Password (change password)', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('refuses a wrong current password, then changes it and keeps this tab signed in with the new token', async () => {
    const { page, token } = await signedIn('ready', '/change-password');
    await page.locator('[data-testid=change-password-form]').waitFor();
    assert.equal(await page.title(), 'Reset Password · Gavel');
    await page.fill('[data-testid=current-password]', 'Not-the-0ne');
    await page.fill('[data-testid=new-password]', 'Changed123');
    await page.fill('[data-testid=confirm-password]', 'Changed123');
    await page.click('[data-testid=change-password-submit]');
    await waitForToast(page, messages.auth.wrongPassword);
    assert.equal(await text(page, 'current-password-error'), messages.auth.wrongPassword);

    await page.fill('[data-testid=current-password]', TEST_PASSWORD);
    await page.click('[data-testid=change-password-submit]');
    await waitForToast(page, messages.auth.passwordUpdated);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.locator('[data-testid=profile-page]').waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    assert.ok(stored && stored !== token, 'the new token replaced the old one');
    const old = await fetch(`${suite.stack.api.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(old.status, 401, 'the old token is revoked');
  });
});

describe('payment details', { timeout: SUITE_TIMEOUT_MS }, () => {
  it("shows the saved card form's messages beside each field", async () => {
    const { page } = await signedIn('identityVerified', '/payment-details');
    await page.locator('[data-testid=card-form]').waitFor();
    const stripeEvents = suite.stack.stripe.events().length;
    await page.fill('[data-testid=card-email]', '');
    await page.click('[data-testid=card-submit]');
    assert.equal(await text(page, 'card-number-error'), cardFormMessages.cardNumber);
    assert.equal(await text(page, 'card-expiry-error'), cardFormMessages.expiry);
    assert.equal(await text(page, 'card-cvc-error'), cardFormMessages.cvc);
    assert.equal(await text(page, 'card-terms-error'), cardFormMessages.terms);
    // The e-mail is optional: empty is fine, malformed is not.
    assert.equal(await page.locator('[data-testid=card-email-error]').count(), 0);
    await keepScreenshot(page, 'accounts-card-errors', { fullPage: true });

    await page.fill('[data-testid=card-number]', '4242 4242 4242');
    await page.fill('[data-testid=card-expiry]', '1330');
    assert.equal(await page.inputValue('[data-testid=card-expiry]'), '13/30');
    await page.fill('[data-testid=card-cvc]', '12');
    await page.fill('[data-testid=card-email]', 'not-an-address');
    await page.check('[data-testid=card-terms]');
    await page.click('[data-testid=card-submit]');
    assert.equal(await text(page, 'card-number-error'), cardFormMessages.cardNumber);
    assert.equal(await text(page, 'card-expiry-error'), cardFormMessages.expiry);
    assert.equal(await text(page, 'card-cvc-error'), cardFormMessages.cvc);
    assert.equal(await text(page, 'card-email-error'), cardFormMessages.email);
    assert.equal(await page.locator('[data-testid=card-terms-error]').count(), 0);
    // An invalid form never reaches Stripe.
    assert.equal(suite.stack.stripe.events().length, stripeEvents);
  });

  it("shows a declined card's message, then saves a good card", async () => {
    const { page } = await signedIn('identityVerified', '/payment-details');
    await page.locator('[data-testid=card-form]').waitFor();
    await page.fill('[data-testid=card-number]', '4000000000000002');
    await page.fill('[data-testid=card-expiry]', EXPIRY);
    await page.fill('[data-testid=card-cvc]', '123');
    await page.check('[data-testid=card-terms]');
    await page.click('[data-testid=card-submit]');
    await waitForToast(page, 'Your card was declined.');
    assert.equal((await text(page, 'card-declined'))?.trim(), 'Your card was declined.');
    await keepScreenshot(page, 'accounts-card-declined', { fullPage: true });

    // The form stays filled in, so changing the number is enough.
    await page.fill('[data-testid=card-number]', '5555555555554444');
    await page.click('[data-testid=card-submit]');
    await page.locator('[data-testid=card-verifying]').waitFor();
    await page.locator('[data-testid=saved-card][data-status=verified]').waitFor({ timeout: 20_000 });
    assert.match((await text(page, 'saved-card-number')) ?? '', /Mastercard\s*••••\s*ending in\s*4444/);
    assert.equal(await page.locator('[data-testid=card-declined]').count(), 0);
  });
});

describe('3D Secure', { timeout: SUITE_TIMEOUT_MS }, () => {
  it("sends a card that needs authentication to the issuer's page and verifies it on return", async () => {
    const { page } = await signedIn('identityVerified', '/payment-details');
    await page.locator('[data-testid=card-form]').waitFor();
    await page.fill('[data-testid=card-number]', '4000002500003155');
    await page.fill('[data-testid=card-expiry]', EXPIRY);
    await page.fill('[data-testid=card-cvc]', '123');
    await page.check('[data-testid=card-terms]');
    await page.click('[data-testid=card-submit]');
    // The stand-in's test page plays the issuer's challenge.
    await page.waitForURL((url) => url.origin === suite.stack.stripe.url && url.pathname.startsWith('/3ds/'));
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL((url) => url.origin === suite.dapp.url && url.pathname === '/payment-details');
    await page.locator('[data-testid=saved-card][data-status=verified]').waitFor({ timeout: 20_000 });
    assert.match((await text(page, 'saved-card-number')) ?? '', /3155/);
    assert.equal(new URL(page.url()).search, '', 'the redirect parameters are tidied away');
  });
});

describe('e-mail code', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('refuses a wrong code, offers a new code after 30 s, and accepts the new one', async () => {
    const email = `resend.${Date.now()}@example.com`;
    const signup = await fetch(`${suite.stack.api.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email, password: 'Cobol1959' }),
    });
    const { userId } = (await signup.json()) as { userId: string };
    const first = await suite.stack.smtp.codeFor(email);
    const { page } = await newAccountPage(suite.browser);
    await page.clock.install();
    await page.goto(`${suite.dapp.url}/verify-email?userId=${userId}`);
    const resend = page.locator('[data-testid=verify-code-resend]');
    assert.equal(await resend.textContent(), 'Resend code in 30s');
    assert.equal(await resend.isDisabled(), true);

    await page.locator('[data-testid=verify-code-0]').focus();
    await page.keyboard.type(first === '123456' ? '654321' : '123456');
    await waitForToast(page, messages.auth.invalidCode);

    // 30 s later (the api's cooldown too: its last code is made older rather than waited for).
    await page.clock.fastForward(31_000);
    await suite.stack.api.db.prisma.emailCode.updateMany({ where: { userId }, data: { createdAt: new Date(Date.now() - 31_000) } });
    assert.equal(await resend.textContent(), 'Resend code');
    const mails = suite.stack.smtp.mails.length;
    await resend.click();
    await waitForToast(page, messages.auth.codeSent);
    assert.match((await resend.textContent()) ?? '', /^Resend code in (30|29)s$/);
    const second = await suite.stack.smtp.codeFor(email, { after: mails });
    await page.locator('[data-testid=verify-code-0]').focus();
    await page.keyboard.type(second);
    await waitForToast(page, messages.auth.emailVerified);
    await page.waitForURL((url) => url.pathname === '/complete-setup');
  });
});

describe('identity verification', { timeout: SUITE_TIMEOUT_MS }, () => {
  it("checks the document, and shows a rejection with the admin's reason and the form again", async () => {
    const { page, user } = await signedIn('profileComplete', '/identity-verification');
    await page.locator('[data-testid=identity-form]').waitFor();
    await page.click('[data-testid=identity-submit]');
    assert.equal(await text(page, 'identity-document-type-error'), messages.identity.documentTypeRequired);
    assert.equal(await text(page, 'identity-document-number-error'), messages.identity.documentNumberFormat);
    assert.equal(await text(page, 'identity-document-error'), messages.identity.documentRequired);
    await page.setInputFiles('[data-testid=identity-document]', { name: 'scan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.click('[data-testid=identity-submit]');
    assert.equal(await text(page, 'identity-document-error'), messages.identity.documentType);

    // A PDF has no image preview: its name stands in.
    await page.click('[data-testid=identity-document-remove]');
    await page.setInputFiles('[data-testid=identity-document]', { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
    assert.equal(await text(page, 'identity-document-name'), 'licence.pdf');
    await page.check('[data-testid=identity-type-driving_licence]');
    await page.fill('[data-testid=identity-document-number]', 'LOVEL901210AB9');
    await page.click('[data-testid=identity-submit]');
    await page.locator('[data-testid=identity-status][data-status=pending]').waitFor();

    const admin = await createUser(suite.stack.api.db, 'admin');
    const reason = 'The document number is not readable. Please upload a sharper photo.';
    const reject = await fetch(`${suite.stack.api.url}/admin/users/${user.id}/kyc`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await signIn(suite.stack.api.url, admin.email)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kycStatus: 'rejected', reason }),
    });
    assert.equal(reject.status, 200);
    await page.reload();
    await page.locator('[data-testid=identity-status][data-status=rejected]').waitFor();
    assert.equal(await text(page, 'identity-reason'), `Reason: ${reason}`);
    await page.locator('[data-testid=identity-form]').waitFor();
    await keepScreenshot(page, 'accounts-identity-rejected', { fullPage: true });

    // Resubmitted with an image this time.
    await page.check('[data-testid=identity-type-passport]');
    await page.fill('[data-testid=identity-document-number]', '987654321');
    await page.setInputFiles('[data-testid=identity-document]', { name: 'passport.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.click('[data-testid=identity-submit]');
    await page.locator('[data-testid=identity-status][data-status=pending]').waitFor();
  });
});

describe('header and profile', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('offers Profile, the following pages, Reset Password, Connect Wallet and Logout when signed in; Logout signs out', async () => {
    const { page, token } = await signedIn('ready', '/auctions');
    await page.locator('[data-testid=profile-menu-button][data-signed-in]').waitFor();
    await page.click('[data-testid=profile-menu-button]');
    const items = await page.locator('[data-testid=profile-menu] [role=menuitem]').allTextContents();
    assert.deepEqual(
      items.map((item) => item.trim()),
      ['Profile', 'My bids', 'Watchlist', 'Won', 'My sales', 'Reset Password', 'Connect Wallet', 'Logout'],
    );
    await keepScreenshot(page, 'accounts-menu-signed-in');
    await page.click('[data-testid=menu-profile]');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.locator('[data-testid=profile-page]').waitFor();

    await page.click('[data-testid=profile-menu-button]');
    await page.click('[data-testid=menu-logout]');
    await waitForToast(page, messages.auth.loggedOut);
    // Home has rendered, which is after the profile page's guard saw the session end: the toast is still the
    // logout's (not "Please sign in first") and the user stayed home (not sent on to /signin).
    await page.locator('[data-testid=hero]').waitFor();
    await page.locator('[data-testid=profile-menu-button]:not([data-signed-in])').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.locator('[data-testid=toast-title]').textContent(), messages.auth.loggedOut);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY), null);
    const me = await fetch(`${suite.stack.api.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.status, 401, 'logout revoked the token');
    await page.click('[data-testid=profile-menu-button]');
    await page.locator('[data-testid=menu-sign-in]').waitFor();
  });

  for (const role of ['admin', 'seller'] as const) {
    it(`shows the Conditions of Business to ${role === 'admin' ? 'an' : 'a'} ${role}, with three links to the terms`, async () => {
      const { page } = await signedIn(role, '/profile');
      await page.locator('[data-testid=conditions-of-business]').waitFor();
      const links = await page.locator('[data-testid=conditions-link]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
      assert.equal(links.length, 3);
      assert.ok(
        links.every((href) => href?.startsWith('/terms-conditions')),
        links.join(),
      );
      await page.click('[data-testid=profile-details-toggle]');
      assert.equal(await text(page, 'profile-role'), role === 'admin' ? 'Admin' : 'Seller');
      if (role === 'seller') await keepScreenshot(page, 'accounts-profile-seller', { fullPage: true });
    });
  }

  it('shows no Conditions of Business to a bidder, and prompts for the terms when not accepted', async () => {
    const { page } = await signedIn('withPaymentMethod', '/profile');
    await page.locator('[data-testid=terms-prompt]').waitFor();
    assert.equal(await page.locator('[data-testid=conditions-of-business]').count(), 0);
    assert.equal(await page.locator('[data-testid=status-terms]').getAttribute('data-state'), 'todo');
    assert.equal(await page.locator('[data-testid=status-payment]').getAttribute('data-state'), 'done');
    assert.equal(await text(page, 'profile-title'), 'User');
    await page.click('[data-testid=terms-open]');
    await page.check('[data-testid=terms-bidding-someone_else]');
    await page.click('[data-testid=terms-submit]');
    assert.equal(await text(page, 'terms-checkbox-error'), messages.terms.checkboxRequired);
    assert.equal(await page.locator('[data-testid=terms-bidding-error]').count(), 0);
    await page.check('[data-testid=terms-checkbox]');
    await page.click('[data-testid=terms-submit]');
    await waitForToast(page, messages.terms.accepted);
    assert.match((await page.locator('[data-testid=terms-accepted]').textContent()) ?? '', /bidding for someone else/);
  });
});

describe('on a phone', { timeout: SUITE_TIMEOUT_MS }, () => {
  const PHONE = { width: 375, height: 812 };
  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('fits the account screens in 375 px', async () => {
    const { page } = await signedIn('profileComplete', '/complete-setup', PHONE);
    for (const [route, testId] of [
      ['/complete-setup', 'complete-setup'],
      ['/basic-details', 'basic-details-form'],
      ['/identity-verification', 'identity-form'],
      ['/payment-details', 'card-form'],
      ['/profile', 'profile-page'],
      ['/change-password', 'change-password-form'],
    ] as const) {
      await page.goto(suite.dapp.url + route);
      await page.locator(`[data-testid=${testId}]`).waitFor();
      assert.equal(await noSideScroll(page), true, route);
      await keepScreenshot(page, `accounts-phone${route.replace(/\//g, '-')}`, { fullPage: true });
    }
    await page.click('[data-testid=mobile-menu-button]');
    await page.locator('[data-testid=mobile-profile]').waitFor();
    await page.locator('[data-testid=mobile-logout]').waitFor();
  });

  it('fits sign-in and the code entry in 375 px', async () => {
    const { page } = await newAccountPage(suite.browser, PHONE);
    for (const route of ['/signin', '/signin?mode=signup', '/signin?mode=forgot', '/verify-email?userId=x']) {
      await page.goto(suite.dapp.url + route);
      await page.locator('.auth-card').waitFor();
      assert.equal(await noSideScroll(page), true, route);
    }
    await keepScreenshot(page, 'accounts-phone-verify-email');
  });
});
