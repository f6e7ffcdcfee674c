/**
 * Maximum bids in a real browser against the real api and the Stripe stand-in: one bidder sets a maximum with their
 * card bid; another bidder's lower bid is placed and outbid at once, and they are told why; the first bidder hears
 * nothing until their maximum is exceeded, and then once, with their own maximum named.
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
import { bidderWithCard } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
/** Ends in three hours: no ending-soon notice joins the outbid ones this test counts. */
const THREE_HOURS = 3 * 3_600_000;

/** Types the bid (and the maximum, when given) and confirms it on the saved card; leaves the result panel open. */
async function bidOnSavedCard(page: Page, amount: string, maximum?: string): Promise<void> {
  await byTestId(page, 'bid-input').fill(amount);
  if (maximum) {
    await byTestId(page, 'maximum-toggle').check();
    await byTestId(page, 'maximum-input').fill(maximum);
  }
  await byTestId(page, 'place-bid').click();
  await byTestId(page, 'checkout-step-congratulations').waitFor();
  await byTestId(page, 'checkout-confirm').click();
  await byTestId(page, 'checkout-placed').waitFor();
}

const shownPrice = (page: Page, price: string) => page.waitForFunction((expected) => document.querySelector('[data-testid=lot-current-bid]')?.textContent === expected, price, { timeout: 15_000 });

describe('a maximum bid', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('answers a lower bid at once, telling its bidder why, and tells its own bidder only once it is exceeded', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n, endsInMs: THREE_HOURS });
    const [ann, ben] = [await bidderWithCard(suite.stack), await bidderWithCard(suite.stack)];
    const { page: annPage } = await newPage(suite.browser);
    const { page: benPage } = await newPage(suite.browser);
    await openSignedIn(annPage, suite.dapp.url, ann.token, `/auctions/${lot.id}`);
    await openSignedIn(benPage, suite.dapp.url, ben.token, `/auctions/${lot.id}`);

    // Ann bids $10.00 with a maximum of $30.00: the card is held for the maximum.
    await byTestId(annPage, 'bid-input').fill('10.00');
    await byTestId(annPage, 'maximum-toggle').check();
    assert.equal(await annPage.getByText(messages.bids.maximumRule).count(), 1);
    await byTestId(annPage, 'maximum-input').fill('30.00');
    await byTestId(annPage, 'place-bid').click();
    await byTestId(annPage, 'checkout-step-congratulations').waitFor();
    assert.equal(await byTestId(annPage, 'checkout-maximum').textContent(), '$30.00');
    assert.equal(await byTestId(annPage, 'checkout-hold-amount').textContent(), '$30.00');
    await keepScreenshot(annPage.locator('[data-testid=bid-checkout]'), 'maximum-bids-confirm');
    await byTestId(annPage, 'checkout-confirm').click();
    await byTestId(annPage, 'checkout-placed').waitFor();
    assert.match((await byTestId(annPage, 'checkout-placed').innerText()) ?? '', /up to your maximum of \$30\.00/);
    await byTestId(annPage, 'checkout-done').click();
    await byTestId(annPage, 'own-maximum').waitFor();
    assert.equal(await byTestId(annPage, 'own-maximum').textContent(), 'Your maximum: $30.00');

    // Ben bids $20.00: placed, and at once outbid by Ann's maximum, which he is told in the reply.
    await shownPrice(benPage, '$10.00');
    await bidOnSavedCard(benPage, '20.00');
    assert.equal(await byTestId(benPage, 'checkout-placed-message').textContent(), messages.bids.outbidLead);
    assert.match(await byTestId(benPage, 'checkout-placed').innerText(), /the price is now \$21\.00/);
    await waitForToast(benPage, messages.bids.outbidByMaximum);
    await keepScreenshot(benPage.locator('[data-testid=bid-checkout]'), 'maximum-bids-outbid-at-once');
    await byTestId(benPage, 'checkout-done').click();
    await shownPrice(benPage, '$21.00');
    // Ben's maximum-less bid shows no maximum of anyone's.
    assert.equal(await byTestId(benPage, 'own-maximum').count(), 0);

    // Ann's page follows the price her maximum bid; her maximum still leads.
    await shownPrice(annPage, '$21.00');
    assert.equal(await byTestId(annPage, 'own-maximum').textContent(), 'Your maximum: $30.00');

    // Ben bids $35.00: above Ann's maximum, he leads, and Ann is told, for the first time, that it was exceeded.
    await bidOnSavedCard(benPage, '35.00');
    assert.equal(await byTestId(benPage, 'checkout-placed-message').textContent(), messages.bids.placedLead);
    const banner = byTestId(annPage, 'outbid-banner');
    await banner.waitFor({ timeout: 15_000 });
    assert.match(await banner.innerText(), /Your maximum of \$30\.00 was exceeded/);
    await byTestId(annPage, 'own-maximum-exceeded').waitFor();
    await keepScreenshot(annPage, 'maximum-bids-exceeded', { fullPage: true });
    await annPage.click('[data-testid=notice-bell]');
    await annPage.locator('[data-testid=notice-item]', { hasText: lot.title }).first().waitFor();
    assert.equal(await annPage.locator('[data-testid=notice-item]', { hasText: lot.title }).count(), 1, 'Ann hears of one outbid: her maximum exceeded');
  });
});
