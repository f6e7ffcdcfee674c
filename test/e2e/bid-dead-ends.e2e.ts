/**
 * No dead ends on a lot, at 1440 and 390 px, in a real browser against the real api and the Stripe stand-in: a bidder
 * whose identity is under review is told on the lot what is left (the review, which waits for an e-mail, and the
 * terms) and stays there, and the identity page does not offer the card they already saved; a leader setting a maximum
 * is told the price stays, and once outbid their bid box holds the new minimum, with the exceeded maximum as a notice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { postBid } from '../support/bids.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { createLot } from '../support/lots.ts';
import { bidderWithCard } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const THREE_HOURS = 3 * 3_600_000;

for (const { name, viewport } of WIDTHS) {
  describe(`a bidder who cannot bid yet (${name})`, { timeout: SUITE_TIMEOUT_MS }, () => {
    it('is told on the lot what is left, stays there, and is not offered the card they saved', async () => {
      const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
      // Card saved and verified, terms not accepted, identity submitted and under review.
      const { user, token } = await bidderWithCard(suite.stack, { state: 'withPaymentMethod' });
      await suite.stack.api.db.prisma.user.update({ where: { id: user.id }, data: { identityVerified: false, kycStatus: 'pending' } });
      const { page } = await newPage(suite.browser, viewport);
      await openSignedIn(page, suite.dapp.url, token, `/auctions/${lot.id}`);

      const left = byTestId(page, 'gates-left');
      await left.waitFor();
      assert.equal(await left.locator('h3').innerText(), 'Before you can bid');
      assert.deepEqual(await left.locator('li').allInnerTexts(), ['Your identity is under review: we will e-mail you', 'Accept the terms and conditions']);
      // The review is not something to fix: no link. The terms are accepted right here, in the terms block.
      assert.equal(await byTestId(page, 'gate-left-identityVerified').locator('a').count(), 0);
      assert.equal(await byTestId(page, 'gate-left-termsAccepted').locator('a').getAttribute('href'), '#lot-terms');
      assert.ok(await byTestId(page, 'place-bid').isDisabled());
      assert.ok(await byTestId(page, 'bid-input').isDisabled());
      assert.match(await byTestId(page, 'bid-form').innerText(), /You can bid once the steps below are done\./);
      await left.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `bid-dead-ends-gates-left-${name}`);
      assert.equal(new URL(page.url()).pathname, `/auctions/${lot.id}`);

      // The identity page says the review is under way and offers the next step still to do, not the saved card.
      await page.goto(`${suite.dapp.url}/identity-verification`);
      await page.locator('[data-testid=identity-status][data-status=pending]').waitFor();
      const status = await byTestId(page, 'identity-status').innerText();
      assert.doesNotMatch(status, /payment method/i);
      assert.match(status, /We will e-mail you when it is decided\./);
      assert.match(status, /Meanwhile you can do the next step: terms and conditions\./);
      assert.equal(await byTestId(page, 'identity-next').getAttribute('href'), '/profile#terms');
    });
  });

  describe(`a leader's maximum and the bid box after an outbid (${name})`, { timeout: SUITE_TIMEOUT_MS }, () => {
    it('says the price stays, then holds the new minimum with the exceeded maximum as a notice', async () => {
      const lot = await createLot(suite.stack.api.db, { startingBid: 1000n, endsInMs: THREE_HOURS });
      const [ann, ben] = [await bidderWithCard(suite.stack), await bidderWithCard(suite.stack)];
      assert.equal((await postBid(suite.stack.api.url, ann.token, lot.id, '10.00')).status, 201);
      const { page } = await newPage(suite.browser, viewport);
      await openSignedIn(page, suite.dapp.url, ann.token, `/auctions/${lot.id}`);
      await page.waitForFunction(() => document.querySelector('[data-testid=lot-current-bid]')?.textContent === '$10.00');

      // Ann leads at $10.00 and sets a maximum of $30.00: the price stays, and the confirmation says so.
      await byTestId(page, 'maximum-toggle').check();
      await byTestId(page, 'maximum-input').fill('30.00');
      assert.equal(await byTestId(page, 'place-bid').innerText(), 'SET MAXIMUM');
      await byTestId(page, 'place-bid').click();
      const confirm = byTestId(page, 'checkout-step-congratulations');
      await confirm.waitFor();
      assert.equal(await byTestId(page, 'checkout-price-stays').innerText(), 'The price stays at $10.00: you already lead. Your maximum is raised to $30.00.');
      assert.equal(await byTestId(page, 'checkout-bid-amount').innerText(), '$10.00');
      assert.doesNotMatch(await confirm.innerText(), /Your bid/);
      await keepScreenshot(page.locator('[data-testid=bid-checkout]'), `bid-dead-ends-price-stays-${name}`);
      await byTestId(page, 'checkout-confirm').click();
      await byTestId(page, 'checkout-placed').waitFor();
      await byTestId(page, 'checkout-done').click();
      await byTestId(page, 'own-maximum').waitFor();

      // Ben bids $35.00, above her maximum: her box moves on to the new minimum, and the news is a notice above it.
      assert.equal((await postBid(suite.stack.api.url, ben.token, lot.id, '35.00')).status, 201);
      const notice = byTestId(page, 'own-maximum-exceeded');
      await notice.waitFor({ timeout: 15_000 });
      assert.equal(await notice.innerText(), 'Your maximum of $30.00 was exceeded');
      assert.equal(await notice.getAttribute('role'), 'status');
      assert.equal(await byTestId(page, 'bid-form').locator('.field__error').count(), 0);
      await page.waitForFunction(() => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === '36.00');
      assert.equal(await byTestId(page, 'bid-input').getAttribute('placeholder'), 'Minimum: 36.00 USD');
      await keepScreenshot(byTestId(page, 'bid-form'), `bid-dead-ends-outbid-${name}`);
    });
  });
}
