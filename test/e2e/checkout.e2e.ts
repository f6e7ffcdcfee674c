/**
 * Buy Now, the cart and final checkout in a real browser against the real api and the Stripe stand-in: the
 * terms rule for ADD TO CART and BUY NOW, Buy Now paid with card 4242, lots added to the cart and a won lot,
 * final checkout of the real total (service fee $0), a declined card, and the Payment Initialization Failed
 * panel whose Try Again reloads.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { cardFormMessages, checkoutMessages, messages, paymentMessages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn, waitForToast } from '../support/account-browser.ts';
import { eventually, newPage, screenshotPath } from '../support/browser.ts';
import { createLot } from '../support/lots.ts';
import { bidderWithCard } from './bidding-support.e2e.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(() => startAccountStack(), (stack) => stack.api.url);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const EXPIRY = `04/${String(new Date().getUTCFullYear() + 3).slice(2)}`;

/** A live USD lot offering Buy Now at `cents`. */
async function buyNowLot(cents: bigint) {
  const lot = await createLot(suite.stack.api.db, { startingBid: 1000n });
  await suite.stack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { buyNowEnabled: true, buyNowPrice: cents.toString() } });
  return lot;
}

async function apiCall(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(suite.stack.api.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The spec's alternative card form (pay now): number, expiry, CVV, cardholder, e-mail. */
async function fillPaymentCard(page: Page, number: string) {
  await page.fill('[data-testid=pay-card-number]', number);
  await page.fill('[data-testid=pay-card-expiry]', EXPIRY);
  await page.fill('[data-testid=pay-card-cvv]', '123');
  await page.fill('[data-testid=pay-card-name]', 'Ada Bidder');
  await page.fill('[data-testid=pay-card-email]', 'ada@test.gavel');
}

describe('Buy Now', { timeout: 60_000 }, () => {
  it('waits for the terms box, accepts the terms on the way, and buys the lot with card 4242', async () => {
    const lot = await buyNowLot(5000n);
    const buyer = await bidderWithCard(suite.stack, { state: 'withPaymentMethod' });
    const { page } = await newPage(suite.browser, { width: 390, height: 844 });
    await openSignedIn(page, suite.dapp.url, buyer.token, `/auctions/${lot.id}`);

    // Disabled until the terms are accepted or their box is ticked.
    await byTestId(page, 'buy-now').waitFor();
    assert.equal(await byTestId(page, 'buy-now').isDisabled(), true);
    assert.equal(await byTestId(page, 'add-to-cart').isDisabled(), true);
    assert.equal(await byTestId(page, 'buy-now-reason').textContent(), messages.terms.checkboxRequired);
    await page.check('[data-testid=lot-terms-checkbox]');
    assert.equal(await byTestId(page, 'buy-now').isEnabled(), true);
    assert.equal(await byTestId(page, 'add-to-cart').isEnabled(), true);

    // Ticked but nobody chosen: the panel's own message, and no modal.
    await byTestId(page, 'buy-now').click();
    assert.equal(await byTestId(page, 'lot-terms-bidding-error').textContent(), messages.terms.biddingForRequired);
    assert.equal(await byTestId(page, 'buy-now-pay').count(), 0);
    await page.check('[data-testid=lot-terms-myself]');
    await byTestId(page, 'buy-now').click();
    await waitForToast(page, messages.terms.accepted);
    await byTestId(page, 'buy-now-pay').waitFor();
    assert.equal(await byTestId(page, 'buy-now-total').textContent(), '$50.00');
    assert.match(await byTestId(page, 'pay-saved-card').textContent() ?? '', /^Pay \$50\.00 with Visa •••• 4242$/);

    // A new card instead of the saved one: the form's rules first, then 4242.
    await page.getByRole('button', { name: 'Use another card' }).click();
    await byTestId(page, 'pay-submit').click();
    assert.equal(await byTestId(page, 'pay-card-number-error').textContent(), cardFormMessages.cardNumber);
    assert.equal(await byTestId(page, 'pay-card-name-error').textContent(), cardFormMessages.cardholderName);
    await fillPaymentCard(page, '4242 4242 4242 4242');
    await byTestId(page, 'buy-now-modal').screenshot({ path: screenshotPath('checkout-buy-now-card') });
    await byTestId(page, 'pay-submit').click();
    await waitForToast(page, checkoutMessages.purchased);
    await byTestId(page, 'buy-now-done').waitFor();
    await byTestId(page, 'buy-now-modal').screenshot({ path: screenshotPath('checkout-buy-now-done') });

    const sold = await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    assert.equal(sold.status, 'ended');
    assert.equal(sold.winnerId, buyer.user.id);
    await eventually(async () => assert.equal((await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).paid, true));

    // Behind the modal the lot has ended, and it says the buyer won it.
    await byTestId(page, 'buy-now-view-cart').click();
    await page.waitForURL(`${suite.dapp.url}/cart`);
    const item = byTestId(page, 'cart-item');
    await item.waitFor();
    assert.match(await item.getAttribute('data-state') ?? '', /^(paid|processing)$/);
    assert.match(await item.textContent() ?? '', /Bought with Buy Now/);
    await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
    await byTestId(page, 'lot-result-won').waitFor();
    assert.equal(await byTestId(page, 'lot-sold-price').textContent(), '$50.00');
  });
});

describe('cart and final checkout', { timeout: 90_000 }, () => {
  it('holds won and bought lots, and pays the selected ones in one payment of their real total', async () => {
    const buyer = await bidderWithCard(suite.stack);
    const first = await buyNowLot(3000n);
    const second = await buyNowLot(4550n);
    // A lot won at auction: a card bid, then the worker closes the lot and captures the hold.
    const auctioned = await createLot(suite.stack.api.db, { startingBid: 1200n, endsInMs: 4_000, extensionMinutes: 0 });
    const bid = await apiCall(buyer.token, 'POST', `/auctions/${auctioned.id}/bids`, { amount: '12.00', walletAddress: 'card_payment' });
    assert.equal(bid.status, 201, JSON.stringify(bid.body));

    // ADD TO CART through the lot page; the second lot the same way through the api.
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, buyer.token, `/auctions/${first.id}`);
    await byTestId(page, 'add-to-cart').click();
    await byTestId(page, 'add-to-cart-confirm').click();
    await byTestId(page, 'add-to-cart-done').waitFor();
    await waitForToast(page, checkoutMessages.purchased);
    const added = await apiCall(buyer.token, 'POST', `/auctions/${second.id}/buy-now`, { paymentMethod: 'Manual' });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    await eventually(async () => assert.equal((await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: auctioned.id } })).status, 'ended'), { timeout: 15_000 });

    await page.goto(`${suite.dapp.url}/cart`);
    await byTestId(page, 'cart-page').waitFor();
    assert.equal(await byTestId(page, 'cart-item').count(), 3);
    const won = byTestId(page, 'cart-item').filter({ hasText: auctioned.title });
    assert.match(await won.textContent() ?? '', /Won at auction/);
    assert.equal(await won.locator('[data-testid=cart-item-select]').count(), 0, 'a won card bid is paid by its hold');
    assert.equal(await byTestId(page, 'cart-total').textContent(), '$75.50');
    assert.equal(await byTestId(page, 'cart-fee').textContent(), '$0.00');
    await page.screenshot({ path: screenshotPath('checkout-cart'), fullPage: true });

    // The payment cannot start: the spec's panel, whose Try Again reloads the page.
    await page.route('**/api/cart/checkout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"internal"}' }));
    await byTestId(page, 'cart-checkout').click();
    await byTestId(page, 'payment-init-failed').waitFor();
    assert.equal(await byTestId(page, 'payment-init-failed-message').textContent(), paymentMessages.initFailed);
    assert.match(await byTestId(page, 'payment-init-failed').textContent() ?? '', new RegExp(paymentMessages.initFailedTitle));
    await page.unroute('**/api/cart/checkout');
    await Promise.all([page.waitForEvent('load'), byTestId(page, 'payment-init-retry').click()]);

    await byTestId(page, 'cart-checkout').click();
    await byTestId(page, 'final-checkout').waitFor();
    assert.equal(await byTestId(page, 'final-checkout-total').textContent(), '$75.50');
    assert.equal(await byTestId(page, 'final-checkout-fee').textContent(), '$0.00');
    await page.getByRole('button', { name: 'Use another card' }).click();

    // A declined card says so and can be replaced.
    await fillPaymentCard(page, '4000 0000 0000 0002');
    await byTestId(page, 'pay-submit').click();
    await byTestId(page, 'final-checkout-declined').waitFor();
    assert.equal(await byTestId(page, 'final-checkout-declined').textContent(), 'Your card was declined.');
    await page.fill('[data-testid=pay-card-number]', '4242 4242 4242 4242');
    await page.screenshot({ path: screenshotPath('checkout-final'), fullPage: true });
    await byTestId(page, 'pay-submit').click();
    await waitForToast(page, checkoutMessages.paid);

    // The webhook marks both lots paid; the cart follows.
    await eventually(async () => {
      const lots = await suite.stack.api.db.prisma.lot.findMany({ where: { id: { in: [first.id, second.id] } } });
      assert.deepEqual(lots.map((l) => l.paid), [true, true]);
    });
    await eventually(async () => assert.equal(await page.locator('[data-testid=cart-item][data-state=paid]').count(), 3), { timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('checkout-cart-paid'), fullPage: true });
  });
});
