/**
 * The buyer's tax in a real browser: on a USD lot whose event levies 20% VAT on the premium for the bidder's country,
 * the bid form's all-in figure adds it as the bidder types; a lot won in that sale lists the tax on its own line in
 * the cart, and its invoice names the rate, its base and the country.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { keepScreenshot, newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { bidderWithCard } from '../support/card-bidders.ts';

const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

/** A USD lot in a sale with a 25% premium and 20% VAT on it for buyers in the UK (the test users' country). */
async function taxedLot() {
  const { prisma } = suite.stack.api.db;
  const event = await prisma.auctionEvent.create({
    data: {
      slug: `taxed-${randomBytes(4).toString('hex')}`,
      title: 'Taxed sale',
      published: true,
      status: 'live',
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 86_400_000),
      buyerPremium: { USD: [{ upTo: null, percent: '25' }] },
      buyerTax: [{ country: 'UK', percent: '20', base: 'premium' }],
    },
  });
  return prisma.lot.create({
    data: {
      auctionEventId: event.id,
      title: `Taxed lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: 'Manual',
      auctionType: 'offchain',
      startingBid: '1000',
      currentPrice: '1000',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 3_600_000),
      status: 'live',
      published: true,
    },
  });
}

describe('the buyer’s tax in the browser', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('the bid form’s all-in adds the bidder’s tax; the cart and the invoice show it on its own line', async () => {
    const lot = await taxedLot();
    const bidder = await bidderWithCard(suite.stack, { card: false });
    const { page } = await newPage(suite.browser, { width: 1280, height: 900 });
    await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions/${lot.id}`);
    await byTestId(page, 'bid-input').fill('200');
    await page.waitForFunction(() => document.querySelector('[data-testid=bid-all-in]')?.textContent?.includes('tax'));
    assert.equal(await byTestId(page, 'bid-all-in').textContent(), '$200.00 bid, $260.00 with the 25% buyer’s premium and your 20% tax');

    const { prisma } = suite.stack.api.db;
    await prisma.bid.create({ data: { lotId: lot.id, userId: bidder.user.id, amount: '20000' } });
    await prisma.lot.update({ where: { id: lot.id }, data: { currentBid: '20000', currentPrice: '20000', endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(prisma, lot.id)).closed, true);

    await openSignedIn(page, suite.dapp.url, bidder.token, '/cart');
    await byTestId(page, 'cart-item-tax').waitFor();
    assert.equal(await byTestId(page, 'cart-item-premium').textContent(), 'Buyer’s premium: $50.00');
    assert.equal(await byTestId(page, 'cart-item-tax').textContent(), 'Tax: $10.00');
    assert.equal(await byTestId(page, 'cart-item-all-in').textContent(), 'In all: $260.00');

    await byTestId(page, 'cart-item-invoice').click();
    await byTestId(page, 'invoice-total').waitFor();
    assert.equal(await byTestId(page, 'invoice-tax').textContent(), '$10.00');
    assert.equal(await page.locator('dt', { hasText: 'Tax 20% of the buyer’s premium (UK)' }).count(), 1);
    assert.equal(await byTestId(page, 'invoice-total').textContent(), '$260.00');
    await keepScreenshot(page, 'buyer-tax-invoice');
  });
});
