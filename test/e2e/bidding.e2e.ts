/**
 * Bidding in a real browser against the real api (PostgreSQL, Redis, worker) and the Stripe stand-in: a ready
 * bidder's card bid through the checkout's steps (on a USD lot, and on a BTC lot with the USD held shown), two
 * bidders racing in two browsers with the loser told and the outbid card closing itself (how soon, and after how
 * long, `npm run bench` measures: notices.bench.ts), upcoming and ended lots, and the cost calculator offline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CALCULATOR_DEFAULTS, costOf, fill, messages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn, waitForToast } from '../support/account-browser.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { createLot } from '../support/lots.ts';
import { bidderWithCard, placeBidInBrowser } from '../support/card-bidders.ts';
import { NOTICE_CARD_MS } from '../../dapp/src/state/notices.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

/** A ready bidder with a verified card, signed in, on the lot's page. */
/** `clock`: the page's timers on Playwright's clock, running in real time until the test jumps it forward. */
async function bidderOn(lotId: string, viewport?: { width: number; height: number }, { clock = false } = {}) {
  const bidder = await bidderWithCard(suite.stack);
  const { page } = await newPage(suite.browser, viewport);
  if (clock) await page.clock.install();
  await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions/${lotId}`);
  await byTestId(page, 'bid-panel').waitFor();
  return { ...bidder, page };
}

describe('placing a bid', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('takes a card bid at the minimum through the checkout steps, then shows it in the history', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
    const { page } = await bidderOn(lot.id);

    const input = byTestId(page, 'bid-input');
    assert.equal(await input.getAttribute('min'), '10.00');
    assert.equal(await input.getAttribute('step'), '0.01');
    assert.equal(await input.getAttribute('placeholder'), 'Minimum: 10.00 USD');
    assert.equal(await byTestId(page, 'bid-history-empty').textContent(), 'No bids yet. Be the first.');

    // Below the minimum: the catalogue's message, and nothing is sent.
    await input.fill('9.99');
    await byTestId(page, 'place-bid').click();
    assert.equal(await byTestId(page, 'bid-error').textContent(), fill(messages.bids.tooLow, { minimum: '10.00', unit: 'USD' }));

    await keepScreenshot(page, 'bidding-lot-live', { fullPage: true });
    await placeBidInBrowser(page, '10.00', { screenshots: 'bidding-checkout' });
    await waitForToast(page, messages.bids.placed);
    await byTestId(page, 'checkout-done').click();

    const row = byTestId(page, 'bid-row').first();
    await row.waitFor();
    assert.equal(await row.getAttribute('data-you'), 'true');
    assert.equal(await row.locator('[data-testid=bid-row-amount]').textContent(), '$10.00');
    assert.equal(await byTestId(page, 'lot-current-bid').textContent(), '$10.00');
    // The next minimum follows the domain's table: current + 1 USD.
    assert.equal(await input.getAttribute('placeholder'), 'Minimum: 11.00 USD');
  });

  it('takes a card bid on a BTC lot without a wallet, showing the USD held beside the sats', async () => {
    const lot = await createLot(suite.stack.api.db, { paymentMethod: 'BTC', startingBid: 20_000n });
    const { page } = await bidderOn(lot.id);
    await byTestId(page, 'bid-input').fill('20000');
    // The saved, verified card: one confirm step.
    await byTestId(page, 'place-bid').click();
    await byTestId(page, 'checkout-step-congratulations').waitFor();
    // The price stand-in's $65,000: 20,000 sats are $13.00, held with the default 10 % margin as $14.30.
    await byTestId(page, 'checkout-hold-amount').filter({ hasText: '$14.30' }).waitFor();
    assert.equal(await byTestId(page, 'checkout-bid-amount').textContent(), '20,000 sats');
    await keepScreenshot(page.locator('[data-testid=bid-checkout]'), 'bidding-btc-card-confirm');
    await byTestId(page, 'checkout-confirm').click();
    await byTestId(page, 'checkout-placed').waitFor();
    await waitForToast(page, messages.bids.placed);
    await byTestId(page, 'checkout-done').click();
    assert.equal(await byTestId(page, 'bid-row').first().locator('[data-testid=bid-row-amount]').textContent(), '20,000 sats');
  });
});

describe('two bidders racing', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('tells the outbid bidder at once, in one place: the card elsewhere (closing itself), the banner on the lot page', async () => {
    // Ending in three hours: a lot in its last hour also tells its bidders it ends soon, and this test counts notices.
    const lot = await createLot(suite.stack.api.db, { startingBid: 2000n, endsInMs: 3 * 3_600_000 });
    const alice = await bidderOn(lot.id, undefined, { clock: true });
    const bob = await bidderOn(lot.id, { width: 390, height: 844 });

    await placeBidInBrowser(alice.page, '20.00');
    await waitForToast(alice.page, messages.bids.placed);
    await byTestId(alice.page, 'checkout-done').click();
    // Bob's page learns the new price from the stream, without reloading.
    await byTestId(bob.page, 'lot-current-bid').filter({ hasText: '$20.00' }).waitFor({ timeout: 5_000 });
    await byTestId(bob.page, 'bid-row').first().waitFor();
    await keepScreenshot(bob.page, 'bidding-phone-live', { fullPage: true });
    // Alice browses on (home): there the card tells her.
    await byTestId(alice.page, 'header-brand').click();

    const accepted = bob.page.waitForResponse((r) => r.url().endsWith(`/auctions/${lot.id}/bids`) && r.request().method() === 'POST');
    await placeBidInBrowser(bob.page, '21.00');
    assert.equal((await accepted).status(), 201);
    await byTestId(bob.page, 'checkout-done').click();
    const card = byTestId(alice.page, 'outbid-card');
    await card.waitFor();
    assert.equal(await card.locator('h2').textContent(), messages.bids.outbidTitle);
    assert.equal(await byTestId(alice.page, 'outbid-card-text').textContent(), fill(messages.bids.outbidMessage, { title: lot.title, amount: '$21.00' }));
    assert.equal(await byTestId(alice.page, 'outbid-increase').textContent(), messages.bids.increaseBid);
    assert.equal(await byTestId(alice.page, 'outbid-view').textContent(), messages.bids.viewAuction);
    assert.equal(await byTestId(alice.page, 'outbid-view').getAttribute('href'), `/auctions/${lot.id}`);
    assert.deepEqual(await noticesShown(alice.page), { banners: 0, cards: 1, toasts: 0 });
    assert.equal(await byTestId(alice.page, 'notice-count').textContent(), '1');
    await keepScreenshot(alice.page, 'bidding-outbid-card');

    // The outbid card closes itself 10 s after it came (OutbidCards.test.tsx times it exactly): jumped to, it goes.
    await alice.page.clock.fastForward(NOTICE_CARD_MS);
    await card.waitFor({ state: 'detached' });

    // Back on the lot (from the bell), the banner says it; its Increase Bid fills in the new minimum and focuses the bid box.
    await byTestId(alice.page, 'notice-bell').click();
    await byTestId(alice.page, 'notice-item').locator('a').click();
    await byTestId(alice.page, 'outbid-banner').waitFor();
    await byTestId(alice.page, 'lot-current-bid').filter({ hasText: '$21.00' }).waitFor();
    await byTestId(alice.page, 'outbid-banner-increase').click();
    const input = byTestId(alice.page, 'bid-input');
    await alice.page.waitForFunction(() => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === '22.00');
    assert.equal(await input.evaluate((el) => el === document.activeElement), true);

    // Alice's second bid opens straight at CONFIRM YOUR BID (the card was verified this session).
    await alice.page.click('[data-testid=place-bid]');
    await byTestId(alice.page, 'checkout-step-congratulations').waitFor();
    await byTestId(alice.page, 'checkout-confirm').click();
    await waitForToast(alice.page, messages.bids.placed);
    await byTestId(alice.page, 'checkout-done').click();
    // Bidding again withdrew Alice's own banner.
    assert.equal(await byTestId(alice.page, 'outbid-banner').count(), 0);

    // Bob, on the lot's page on his phone, is told by the banner alone.
    await byTestId(bob.page, 'outbid-banner').waitFor();
    assert.deepEqual(await noticesShown(bob.page), { banners: 1, cards: 0, toasts: 0 });
    await keepScreenshot(bob.page, 'bidding-outbid-banner-phone');

    // Bob leads again and browses on; outbid there, one card tells him, covering at most a quarter of his screen.
    await byTestId(bob.page, 'outbid-banner-increase').click();
    await bob.page.waitForFunction(() => (document.querySelector('[data-testid=bid-input]') as HTMLInputElement | null)?.value === '23.00');
    await placeBidInBrowser(bob.page, '23.00');
    await waitForToast(bob.page, messages.bids.placed);
    await byTestId(bob.page, 'checkout-done').click();
    await byTestId(bob.page, 'header-brand').click();
    await byTestId(alice.page, 'outbid-banner').waitFor();
    await placeBidInBrowser(alice.page, '24.00');
    const phoneCard = byTestId(bob.page, 'outbid-card');
    await phoneCard.waitFor();
    assert.deepEqual(await noticesShown(bob.page), { banners: 0, cards: 1, toasts: 0 });
    const box = await phoneCard.boundingBox();
    assert.ok(box && box.height <= 844 / 4, `the card is ${box?.height}px tall on an 844px screen`);
    await keepScreenshot(bob.page, 'bidding-outbid-card-phone');
  });
});

/** The outbid notices on screen: inline banners, top-right cards and outbid toasts (the same news, each a notice). */
async function noticesShown(page: Page) {
  return {
    banners: await page.locator('[data-testid=outbid-banner]:visible').count(),
    cards: await page.locator('[data-testid=outbid-card]:visible').count(),
    toasts: await page.locator('[data-testid=toast-title]:visible', { hasText: messages.bids.outbidTitle }).count(),
  };
}

describe('the stream down', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('falls back to the 5 s poll: its first poll is the baseline, the next one raises the notice', async () => {
    const lot = await createLot(suite.stack.api.db, { startingBid: 1500n });
    const alice = await bidderWithCard(suite.stack);
    const bob = await bidderWithCard(suite.stack);
    const bid = (token: string, amount: string) =>
      fetch(`${suite.stack.api.url}/auctions/${lot.id}/bids`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount, walletAddress: 'card_payment' }),
      }).then((r) => r.status);
    assert.equal(await bid(alice.token, '15.00'), 201);

    const { page } = await newPage(suite.browser);
    await page.route('**/api/events**', (route) => route.abort('connectionrefused'));
    const baseline = page.waitForResponse((r) => r.url().includes('/api/auctions/bids/me'));
    // Away from the lot's page, where the notice is a card.
    await openSignedIn(page, suite.dapp.url, alice.token, '/auctions');
    await baseline;
    assert.equal(await bid(bob.token, '16.00'), 201);
    await byTestId(page, 'outbid-card').waitFor({ timeout: 15_000 });
    assert.equal(await byTestId(page, 'outbid-card-text').textContent(), fill(messages.bids.outbidMessage, { title: lot.title, amount: '$16.00' }));
  });
});

describe('lot states', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows an upcoming lot with both countdowns and PLACE BID disabled, without a bid box', async () => {
    const lot = await createLot(suite.stack.api.db, { startsInMs: 3_600_000, endsInMs: 7_200_000 });
    const { page } = await newPage(suite.browser);
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
    await byTestId(page, 'bid-panel').waitFor();
    assert.match(await byTestId(page, 'lot-countdown').innerText(), /^Starts in/);
    assert.match(await byTestId(page, 'lot-countdown-end').innerText(), /^Ends in 1h 59m/);
    assert.equal(await byTestId(page, 'bid-input').count(), 0);
    assert.equal(await byTestId(page, 'place-bid').isDisabled(), true);
    assert.equal(await byTestId(page, 'bid-closed-reason').textContent(), messages.bids.notStarted);
    // The countdown ticks.
    const before = await byTestId(page, 'lot-countdown-value').textContent();
    await page.waitForFunction((text) => document.querySelector('[data-testid=lot-countdown-value]')?.textContent !== text, before);

    // Share copies the lot's link (a desktop has no share sheet), and says so for 2 s.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.dapp.url });
    await byTestId(page, 'lot-share').click();
    await byTestId(page, 'lot-share').filter({ hasText: 'Link copied!' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${suite.dapp.url}/auctions/${lot.id}`);
    await byTestId(page, 'lot-share')
      .filter({ hasText: /^Share$/ })
      .waitFor({ timeout: 3_000 });
  });

  it('shows an ended lot: closed date, Upon Request; the result (No bids placed) signed in, Log in to view results signed out', async () => {
    const lot = await createLot(suite.stack.api.db, { startsInMs: -7_200_000, endsInMs: -3_600_000, status: 'ended' });
    const { page } = await newPage(suite.browser, { width: 390, height: 844 });
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
    await byTestId(page, 'lot-results').waitFor();
    assert.equal(await byTestId(page, 'lot-estimate').textContent(), messages.browse.upcomingEstimate);
    // In the viewer's zone, named, with the UTC time on hover.
    assert.match((await byTestId(page, 'lot-closed-at').textContent()) ?? '', /\d{4}, \d{2}:\d{2} (?:[A-Z]{2,5}|GMT[+-][\d:]+)$/);
    assert.match((await byTestId(page, 'lot-closed-at').locator('time').getAttribute('title')) ?? '', /\d{4}, \d{2}:\d{2} UTC$/);
    assert.equal(await byTestId(page, 'lot-login-results').textContent(), messages.browse.logInForResults);
    assert.equal(await byTestId(page, 'lot-sold-price').count(), 0);
    assert.equal(await byTestId(page, 'bid-history').count(), 0);
    assert.equal(await byTestId(page, 'bid-panel').count(), 0);
    assert.equal(await byTestId(page, 'place-bid').count(), 0);
    await keepScreenshot(page, 'bidding-ended-phone', { fullPage: true });

    const bidder = await bidderWithCard(suite.stack, { card: false });
    const signedIn = await newPage(suite.browser);
    await openSignedIn(signedIn.page, suite.dapp.url, bidder.token, `/auctions/${lot.id}`);
    await byTestId(signedIn.page, 'lot-result-none').waitFor();
    assert.equal(await byTestId(signedIn.page, 'lot-sold-price').textContent(), messages.browse.noBids);
    assert.equal(await byTestId(signedIn.page, 'lot-login-results').count(), 0);
  });
});

describe('cost calculator', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('starts from the spec defaults offline, adds quick increments, prices the bid, and stays quiet', async () => {
    const lot = await createLot(suite.stack.api.db, { paymentMethod: 'BTC', startingBid: 15_000n });
    await suite.stack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { currentBid: '20000', bidCount: 1 } });
    const { page } = await newPage(suite.browser);
    const noise: string[] = [];
    let priceRequestsFailed = 0;
    page.on('console', (message) => {
      // Chromium itself logs every failed request; that line is the browser's, not the page's, and cannot be
      // silenced from JavaScript. It is counted apart: one attempt per opening, not one every 30 s.
      if (message.text().startsWith('Failed to load resource') && /coingecko/.test(message.location().url)) return void priceRequestsFailed++;
      // The test harness blocks the production build's service worker (newPage), and Playwright says so: its line.
      if (message.text() === 'Service Worker registration blocked by Playwright') return;
      if (message.type() === 'warning' || message.type() === 'error') noise.push(`${message.type()}: ${message.text()}`);
    });
    // No internet here anyway; refusing the price service makes the test independent of the machine.
    await page.route(/api\.coingecko\.com/, (route) => route.abort('internetdisconnected'));
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);

    // A BTC lot without a wallet: the wallet status says so, and PLACE BID stays open for a card bid.
    assert.match((await byTestId(page, 'wallet-status').textContent()) ?? '', new RegExp(messages.bids.walletRequired.replace('.', '\\.')));
    assert.equal(await byTestId(page, 'place-bid').isDisabled(), false);

    await byTestId(page, 'lot-calculator').click();
    const modal = byTestId(page, 'calculator');
    await byTestId(page, 'calc-bid').waitFor();
    assert.equal(await byTestId(page, 'calc-bid').inputValue(), '21000');
    assert.equal(await byTestId(page, 'calc-btc-price').inputValue(), String(CALCULATOR_DEFAULTS.btcPriceUsd));
    assert.equal(await byTestId(page, 'calc-network-fee').inputValue(), String(CALCULATOR_DEFAULTS.networkFeeBtc));
    assert.equal(await byTestId(page, 'calc-platform-fee').inputValue(), String(CALCULATOR_DEFAULTS.platformFeePercent));
    // 21,000 over 20,000 is a 5% premium.
    assert.equal(await byTestId(page, 'calc-win-percent').textContent(), '40%');

    await byTestId(page, 'calc-add-5000').click();
    assert.equal(await byTestId(page, 'calc-bid').inputValue(), '26000');
    const cost = costOf({ bidSats: 26_000, btcPriceUsd: 65_000, networkFeeBtc: 0.0001, platformFeePercent: 2.5 });
    const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    assert.equal(await byTestId(page, 'calc-total-usd').textContent(), usd(cost.totalUsd));
    assert.equal(await byTestId(page, 'calc-bid-usd').textContent(), usd(cost.bidUsd));
    assert.equal(await byTestId(page, 'calc-win-percent').textContent(), '80%');
    await byTestId(page, 'calc-add-50000').click();
    assert.equal(await byTestId(page, 'calc-win-percent').textContent(), '95%');
    assert.equal(await byTestId(page, 'calc-btc-price-hint').textContent(), 'Default price');
    await keepScreenshot(modal, 'bidding-calculator');

    // No error shown, and at most the one warning the price service leaves.
    assert.equal(await page.locator('[data-testid=toast][data-tone=error]').count(), 0);
    assert.ok(noise.filter((line) => line.startsWith('error')).length === 0, noise.join('\n'));
    assert.ok(noise.filter((line) => line.startsWith('warning')).length <= 1, noise.join('\n'));
    assert.ok(priceRequestsFailed <= 1, `${priceRequestsFailed} failed price requests`);
  });
});
