/**
 * The bidder's way from a lot's PLACE BID to a placed bid, in a real browser against the real api and the Stripe
 * stand-in: signing in from the lot comes back to it with the amount kept; a saved, verified card bids in one confirm
 * step and the bid box moves on to the new minimum; on a phone the bidding block is on the first screen and a sticky
 * bar keeps PLACE BID at hand once it is scrolled away; a lot in dollars offers no Bitcoin cost calculator.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { messages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn, waitForToast } from '../support/account-browser.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { createLot } from '../support/lots.ts';
import { createUser, TEST_PASSWORD } from '../support/users.ts';
import { bidderWithCard } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const PHONE = { width: 390, height: 844 };

describe('signing in from a lot', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('comes back to the lot with the typed amount in the bid box', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const { user } = await bidderWithCard(suite.stack);
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);

    await byTestId(page, 'bid-input').fill('12.50');
    await byTestId(page, 'place-bid').click();
    await waitForToast(page, messages.gates.signIn);
    await page.waitForURL((url) => url.pathname === '/signin');

    await byTestId(page, 'signin-email').fill(user.email);
    await byTestId(page, 'signin-password').fill(TEST_PASSWORD);
    await byTestId(page, 'signin-submit').click();

    await page.waitForURL((url) => url.pathname === `/auctions/${lot.id}`);
    await byTestId(page, 'bid-input').waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === '12.50');
    // The amount is back in the box, not left in the address for a reload or a shared link to fill in again.
    await page.waitForURL((url) => !url.searchParams.has('amount'));
    await keepScreenshot(page, 'bid-journey-back-from-signin', { fullPage: true });
  });

  it('after signing in, takes the terms on the lot itself, keeping the amount, and goes on to the bid', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const user = await createUser(suite.stack.api.db, 'withPaymentMethod');
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
    const amountShown = (value: string) => page.waitForFunction((expected) => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === expected, value);

    await byTestId(page, 'bid-input').fill('14.00');
    await byTestId(page, 'place-bid').click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await byTestId(page, 'signin-email').fill(user.email);
    await byTestId(page, 'signin-password').fill(TEST_PASSWORD);
    await byTestId(page, 'signin-submit').click();
    await page.waitForURL((url) => url.pathname === `/auctions/${lot.id}`);
    await amountShown('14.00');

    // The terms are still to accept: the bidder stays on the lot, and its terms block says what it needs.
    await byTestId(page, 'place-bid').click();
    assert.equal(await byTestId(page, 'lot-terms-checkbox-error').innerText(), messages.terms.checkboxRequired);
    assert.equal(new URL(page.url()).pathname, `/auctions/${lot.id}`);
    await amountShown('14.00');
    await byTestId(page, 'lot-terms-myself').check();
    await byTestId(page, 'lot-terms-checkbox').check();
    await byTestId(page, 'place-bid').click();
    await waitForToast(page, messages.terms.accepted);
    await byTestId(page, 'bid-checkout').waitFor();
  });
});

describe('bidding on a saved card', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('is one confirm step, and the bid box then holds the new minimum', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const bidder = await bidderWithCard(suite.stack);
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions/${lot.id}`);

    await byTestId(page, 'bid-input').fill('10.00');
    await byTestId(page, 'place-bid').click();
    const confirm = byTestId(page, 'checkout-step-congratulations');
    await confirm.waitFor();
    // No trail of steps, no choice of payment, and no word of a card being ready before anything is bid.
    assert.equal(await byTestId(page, 'checkout-steps').count(), 0);
    assert.equal(await byTestId(page, 'checkout-step-checkout').count(), 0);
    assert.equal(await byTestId(page, 'checkout-card-saved').count(), 0);
    assert.doesNotMatch((await confirm.textContent()) ?? '', /Congratulations/);
    assert.equal(await byTestId(page, 'checkout-bid-amount').textContent(), '$10.00');
    assert.equal(await byTestId(page, 'checkout-card').textContent(), 'Visa •••• 4242');
    assert.match((await confirm.textContent()) ?? '', /Confirming places a hold of \$10\.00 on your card/);
    await keepScreenshot(page.locator('[data-testid=bid-checkout]'), 'bid-journey-one-step');

    await byTestId(page, 'checkout-confirm').click();
    await byTestId(page, 'checkout-placed').waitFor();
    await waitForToast(page, messages.bids.placed);
    await byTestId(page, 'checkout-done').click();

    // The old amount is now below the minimum: the box holds the new one, current $10.00 + $1.00.
    await page.waitForFunction(() => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === '11.00');
    assert.equal(await byTestId(page, 'bid-input').getAttribute('placeholder'), 'Minimum: 11.00 USD');
  });
});

describe('the lot page on a phone', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows the bid box on the first screen, and a sticky bid bar once it is scrolled away', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const about = Array.from({ length: 12 }, (_, i) => `<p>Provenance note ${i + 1}: a long history, told at length so the page scrolls.</p>`).join('');
    await suite.stack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { description: about } });
    const bidder = await bidderWithCard(suite.stack);
    const { page } = await newPage(suite.browser, PHONE);
    await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions/${lot.id}`);

    const input = byTestId(page, 'bid-input');
    await input.waitFor();
    await keepScreenshot(page, 'bid-journey-phone-first-screen');
    const box = await input.boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, `the bid box ends at ${box && box.y + box.height}px, below the first screen`);
    // The bidding block is on screen: no bar over it.
    assert.equal(await byTestId(page, 'sticky-bid-bar').count(), 0);

    await byTestId(page, 'lot-description').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = byTestId(page, 'sticky-bid-bar');
    await bar.waitFor();
    assert.equal(await byTestId(page, 'sticky-bid-minimum').textContent(), '$10.00');
    const barBox = await bar.boundingBox();
    assert.ok(barBox && Math.round(barBox.y + barBox.height) === PHONE.height, 'the bar sits at the foot of the screen');
    await keepScreenshot(page, 'bid-journey-phone-bar');

    await byTestId(page, 'sticky-place-bid').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'bid-input');
    // Back at the bid box, the bar steps aside.
    await bar.waitFor({ state: 'detached' });
    await input.fill('10.00');
    await byTestId(page, 'place-bid').click();
    await byTestId(page, 'checkout-step-congratulations').waitFor();
  });
});

describe('the cost calculator', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('is offered on a lot in sats, and not on a lot in dollars', async () => {
    const usd = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const btc = await createLot(suite.stack.api.db, { paymentMethod: 'BTC', startingBid: 15_000n });
    const { page } = await newPage(suite.browser);

    await page.goto(`${suite.dapp.url}/auctions/${btc.id}`);
    await byTestId(page, 'lot-calculator').waitFor();

    await page.goto(`${suite.dapp.url}/auctions/${usd.id}`);
    await byTestId(page, 'lot-share').waitFor();
    assert.equal(await byTestId(page, 'lot-calculator').count(), 0);
  });
});
