/**
 * Following without searching, in a real browser against the real api (PostgreSQL, Redis, worker, the Stripe
 * stand-in): a bidder hearts a lot from its card and finds it under Watchlist, bids on it and sees it leading
 * under My bids, is outbid by another bidder (through the api) and sees it turn outbid, then withdraws the bid;
 * a lot they won waits under Won with its payment state; its seller finds it under My sales on a phone and
 * opens it on the settlement panel.
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
import { createUser, signIn } from '../support/users.ts';
import { bidderWithCard, placeBidInBrowser } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(suite.stack.api.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.text()}`);
}

/** Opens one of the following pages from the header's account menu. */
async function fromAccountMenu(page: Page, item: 'my-bids' | 'watchlist' | 'won' | 'my-sales') {
  await byTestId(page, 'profile-menu-button').click();
  await byTestId(page, `menu-${item}`).click();
}

describe('following lots', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('a heart from a card, the bid leading then outbid under My bids, and withdrawn', async () => {
    const seller = await createUser(suite.stack.api.db, 'seller');
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n, creatorId: seller.id });
    const bidder = await bidderWithCard(suite.stack);
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions?search=${encodeURIComponent(lot.title)}`);

    const card = page.locator(`[data-testid=lot-card][data-lot-id="${lot.id}"]`);
    const heart = card.getByRole('button', { name: `Watch ${lot.title}` });
    await heart.click();
    await card.getByRole('button', { name: `Watch ${lot.title}`, pressed: true }).waitFor();

    await fromAccountMenu(page, 'watchlist');
    await page.locator(`[data-testid=watchlist-page] [data-testid=lot-card][data-lot-id="${lot.id}"]`).waitFor();
    await keepScreenshot(page, 'follow-watchlist', { fullPage: true });

    // The lot page shows the same heart, pressed.
    await page.locator(`[data-testid=watchlist-page] [data-lot-id="${lot.id}"] [data-testid=lot-cta]`).click();
    assert.equal(
      await byTestId(page, 'lot-detail')
        .getByRole('button', { name: `Watch ${lot.title}` })
        .getAttribute('aria-pressed'),
      'true',
    );
    await placeBidInBrowser(page, '10.00');
    await waitForToast(page, messages.bids.placed);
    await byTestId(page, 'checkout-done').click();

    await fromAccountMenu(page, 'my-bids');
    const row = page.locator(`[data-testid=my-bid][data-lot-id="${lot.id}"]`);
    await row.locator('[data-testid=my-bid-state]', { hasText: 'Leading' }).waitFor();
    assert.equal(await row.locator('[data-testid=my-bid-withdraw]').count(), 0);

    // Another bidder outbids them through the api: the event stream (or the poll) turns the row.
    const rival = await bidderWithCard(suite.stack);
    await api(rival.token, 'POST', `/auctions/${lot.id}/bids`, { amount: '15.00', walletAddress: 'card_payment' });
    await row.locator('[data-testid=my-bid-state]', { hasText: 'Outbid' }).waitFor({ timeout: 15_000 });
    await byTestId(page, 'my-bids-filter-outbid').click();
    await row.waitFor();
    await keepScreenshot(page, 'follow-my-bids-outbid', { fullPage: true });

    // The outbid card tells them here too (My bids is not the lot's page); they close it rather than wait for it.
    const notice = byTestId(page, 'outbid-card');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Close notice' }).click();
    await notice.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Withdraw your bid of $10.00' }).click();
    await waitForToast(page, messages.bids.withdrawn);
    // Their only bid on their only lot is gone: nothing left to follow.
    await byTestId(page, 'my-bids-empty').waitFor();
  });

  it('a won lot waits under Won with its payment state; its seller settles it from My sales on a phone', async () => {
    const admin = await createUser(suite.stack.api.db, 'admin');
    const adminToken = await signIn(suite.stack.api.url, admin.email);
    const seller = await createUser(suite.stack.api.db, 'seller');
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n, creatorId: seller.id });
    const winner = await createUser(suite.stack.api.db, 'ready');
    const winnerToken = await signIn(suite.stack.api.url, winner.email);
    // A pay-later bid (a ready bidder without a card), and the lot ended by the admin.
    await api(winnerToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '20.00' });
    await api(adminToken, 'POST', `/auctions/${lot.id}/end`);

    const buyer = await newPage(suite.browser);
    await openSignedIn(buyer.page, suite.dapp.url, winnerToken, '/');
    await fromAccountMenu(buyer.page, 'won');
    const won = buyer.page.locator(`[data-testid=won-lot][data-lot-id="${lot.id}"]`);
    await won.locator('[data-testid=won-lot-state]', { hasText: 'Awaiting payment' }).waitFor();
    await won.locator('[data-testid=won-lot-due]').waitFor();
    assert.equal(await won.locator('[data-testid=won-lot-pay]').getAttribute('href'), '/cart');

    const phone = await newPage(suite.browser, { width: 390, height: 844 });
    await openSignedIn(phone.page, suite.dapp.url, await signIn(suite.stack.api.url, seller.email), '/');
    await byTestId(phone.page, 'mobile-menu-button').click();
    await byTestId(phone.page, 'mobile-my-sales').click();
    const sale = phone.page.locator(`[data-testid=my-sale][data-lot-id="${lot.id}"]`);
    await sale.locator('[data-testid=my-sale-state]', { hasText: 'Awaiting payment' }).waitFor();
    // Nothing spills past the phone's width.
    assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await keepScreenshot(phone.page, 'follow-my-sales-phone', { fullPage: true });

    await sale.locator('[data-testid=my-sale-open]').click();
    await byTestId(phone.page, 'settlement-panel').waitFor();
    assert.equal(await byTestId(phone.page, 'settlement-panel').getAttribute('data-state'), 'awaiting_payment');
  });
});
