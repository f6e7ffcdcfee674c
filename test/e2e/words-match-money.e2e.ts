/**
 * Words match money: an ADD TO CART purchase, at 1440 and 390 px, from the lot page before the click (it says
 * buying ends the auction) to the cart (its summary agrees with the held item), Pay now (asked first, naming the
 * amount and the card, then a receipt) and the lot page after (held, then paid, never "thank you" before). The
 * bidder it displaced finds the lot on My bids as cancelled by the Buy Now, with View lot and nothing to bid.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { messages } from '@gavel/domain';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { createLot } from '../support/lots.ts';
import { createUser, signIn } from '../support/users.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { bidderWithCard } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);

const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const text = async (page: Page, id: string) => ((await byTestId(page, id).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function bid(token: string, lotId: string, amount: string) {
  const response = await fetch(`${suite.stack.api.url}/auctions/${lotId}/bids`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
    signal: AbortSignal.timeout(10_000),
  });
  assert.equal(response.status, 201, await response.text());
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  describe(`ADD TO CART says what the money does (${viewport.name})`, { timeout: SUITE_TIMEOUT_MS }, () => {
    it('lot page, cart summary, Pay now with its receipt, and the displaced bidder’s My bids agree with the money', async () => {
      const created = await createLot(suite.stack.api.db, { startingBid: 1000n });
      const lot = await suite.stack.api.db.prisma.lot.update({ where: { id: created.id }, data: { buyNowEnabled: true, buyNowPrice: '30000' } });
      const displaced = await createUser(suite.stack.api.db, 'ready');
      await bid(await signIn(suite.stack.api.url, displaced.email), lot.id, '10.00');
      const buyer = await bidderWithCard(suite.stack);
      const { page } = await newPage(suite.browser, { width: viewport.width, height: viewport.height });

      // Before the click: both buttons say, and are described by, the ending of the auction.
      await openSignedIn(page, suite.dapp.url, buyer.token, `/auctions/${lot.id}`);
      await byTestId(page, 'buy-now-ends').waitFor();
      assert.match(await text(page, 'buy-now-ends'), /Buy Now and Add to cart both buy this lot at once and end the auction, cancelling every other bid/);
      assert.equal(await byTestId(page, 'add-to-cart').getAttribute('aria-describedby'), 'buy-now-ends');
      assert.equal(await byTestId(page, 'buy-now').getAttribute('aria-describedby'), 'buy-now-ends');

      await byTestId(page, 'add-to-cart').click();
      await byTestId(page, 'add-to-cart-confirm').click();
      await byTestId(page, 'add-to-cart-done').waitFor();

      // The lot page after: held, with the time it is charged (in a named zone), and no thanks for a payment.
      await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
      await byTestId(page, 'lot-result-won').waitFor();
      const held = await text(page, 'lot-result-won');
      assert.match(
        held,
        /You bought this lot with Buy Now\. Your card is held for \$300\.00, not charged yet: it is charged automatically by .+ [A-Z]{2,5}[+-]?\d*, or at once with Pay now in your cart\./,
      );
      assert.doesNotMatch(held, /Thank you/);
      // The history keeps the displaced bid, as cancelled.
      await byTestId(page, 'bid-row-cancelled').waitFor();
      assert.equal(await text(page, 'bid-row-cancelled'), messages.bids.cancelledByBuyNow);
      assert.equal(await byTestId(page, 'bid-history-empty').count(), 0);

      // The cart: the item and the summary agree (held, not owed), and nothing says there is nothing.
      await page.goto(`${suite.dapp.url}/cart`);
      await byTestId(page, 'cart-held').waitFor();
      assert.equal(await text(page, 'cart-item-state'), 'Card held');
      assert.match(await text(page, 'cart-held'), /Held on your card\$300\.00not charged yet · charged by .+/);
      assert.equal(await text(page, 'cart-total'), '$0.00');
      assert.match(await text(page, 'cart-note'), /Nothing more to pay at checkout: a held lot is charged with its Pay now/);
      assert.equal(await byTestId(page, 'checkout-steps').getAttribute('data-step'), 'cart');

      // Pay now asks first, naming the amount and the card; nothing is charged before the answer.
      await byTestId(page, 'cart-item-pay-held').click();
      await byTestId(page, 'pay-held-question').waitFor();
      assert.match(await text(page, 'pay-held-question'), /^Charge \$300\.00 to Visa •••• 4242 now for /);
      assert.equal(await byTestId(page, 'checkout-steps').getAttribute('data-step'), 'final-checkout');
      assert.equal((await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).paid, false);
      await byTestId(page, 'pay-held-confirm-button').click();

      // The receipt: amount, card, time with its zone, reference; the steps are all done.
      await byTestId(page, 'pay-held-receipt').waitFor();
      assert.equal(await text(page, 'receipt-amount'), '$300.00');
      assert.equal(await text(page, 'receipt-card'), 'Visa •••• 4242');
      assert.match(await text(page, 'receipt-time'), /\d{4}, \d{2}:\d{2} [A-Z]{2,5}/);
      const paid = await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
      assert.equal(paid.paid, true);
      assert.equal(await text(page, 'receipt-reference'), paid.txHash);
      assert.equal(await byTestId(page, 'checkout-steps').getAttribute('data-step'), 'complete');

      // The lot page now says paid.
      await page.goto(`${suite.dapp.url}/auctions/${lot.id}`);
      await page.locator('[data-testid=lot-result-won]', { hasText: 'Paid $300.00' }).waitFor();
      assert.match(await text(page, 'lot-result-won'), /Paid \$300\.00 on .+\. Thank you for your payment\./);

      // The displaced bidder: the lot stays on My bids, cancelled by the Buy Now, to view and not to bid on.
      const other = await newPage(suite.browser, { width: viewport.width, height: viewport.height });
      await openSignedIn(other.page, suite.dapp.url, await signIn(suite.stack.api.url, displaced.email), '/my-bids');
      const row = other.page.locator(`[data-testid=my-bid][data-lot-id="${lot.id}"]`);
      await row.waitFor();
      assert.equal(((await row.locator('[data-testid=my-bid-state]').textContent()) ?? '').trim(), 'Cancelled: bought with Buy Now');
      assert.match((await row.locator('[data-testid=my-bid-cancelled]').textContent()) ?? '', /Another buyer bought this lot with Buy Now, so your bid was cancelled and nothing is owed\./);
      assert.equal(((await row.locator('[data-testid=my-bid-view]').textContent()) ?? '').trim(), 'View lot');
      assert.equal(await row.getByText('Bid again').count(), 0);
      assert.equal(await row.locator('[data-testid=my-bid-withdraw]').count(), 0);
    });
  });
}
