/**
 * The house's rates in a real browser: on a lot whose event charges a 25% buyer's premium, the bid form says the
 * all-in figure as the bidder types; a lot won in that sale shows its premium and total in the cart, links its
 * invoice, and the invoice's PDF opens (its size and the time to render and open it are printed).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { startAccountStack } from '../support/account-stack.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { bidderWithCard } from '../support/card-bidders.ts';

// The invoice's PDF opens in a tab: the full browser views it, where the headless shell would download it.
const suite = browserSuite(
  () => startAccountStack(),
  (stack) => stack.api.url,
  { full: true },
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

async function premiumLot(endsInMs: number) {
  const { prisma } = suite.stack.api.db;
  const event = await prisma.auctionEvent.create({
    data: {
      slug: `premium-${randomBytes(4).toString('hex')}`,
      title: 'Premium sale',
      published: true,
      status: 'live',
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 86_400_000),
      buyerPremium: { USD: [{ upTo: null, percent: '25' }] },
    },
  });
  return prisma.lot.create({
    data: {
      auctionEventId: event.id,
      title: `Premium lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: 'Manual',
      auctionType: 'offchain',
      startingBid: '1000',
      currentPrice: '1000',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + endsInMs),
      status: 'live',
      published: true,
    },
  });
}

describe('the buyer’s premium in the browser', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('the bid form says the all-in figure as the bidder types', async () => {
    const lot = await premiumLot(3_600_000);
    const bidder = await bidderWithCard(suite.stack);
    const { page } = await newPage(suite.browser, { width: 1280, height: 900 });
    await openSignedIn(page, suite.dapp.url, bidder.token, `/auctions/${lot.id}`);
    await byTestId(page, 'bid-input').waitFor();
    assert.equal(await byTestId(page, 'lot-premium').textContent(), '25% of the hammer price');
    // The minimum first ($10.00), then what is typed.
    assert.equal(await byTestId(page, 'bid-all-in').textContent(), '$10.00 bid, $12.50 with the 25% buyer’s premium');
    await byTestId(page, 'bid-input').fill('1000');
    assert.equal(await byTestId(page, 'bid-all-in').textContent(), '$1,000.00 bid, $1,250.00 with the 25% buyer’s premium');
  });

  it('the cart lists the premium and the total, and the invoice’s PDF opens', async () => {
    const lot = await premiumLot(3_600_000);
    const bidder = await bidderWithCard(suite.stack, { card: false });
    const { prisma } = suite.stack.api.db;
    await prisma.bid.create({ data: { lotId: lot.id, userId: bidder.user.id, amount: '20000' } });
    await prisma.lot.update({ where: { id: lot.id }, data: { currentBid: '20000', currentPrice: '20000', endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(prisma, lot.id)).closed, true);

    const { page } = await newPage(suite.browser, { width: 1280, height: 900 });
    await openSignedIn(page, suite.dapp.url, bidder.token, '/cart');
    await byTestId(page, 'cart-item-premium').waitFor();
    assert.equal(await byTestId(page, 'cart-item-amount').textContent(), '$200.00');
    assert.equal(await byTestId(page, 'cart-item-premium').textContent(), 'Buyer’s premium: $50.00');
    assert.equal(await byTestId(page, 'cart-item-all-in').textContent(), 'In all: $250.00');

    await byTestId(page, 'cart-item-invoice').click();
    await byTestId(page, 'invoice-total').waitFor();
    assert.equal(await byTestId(page, 'invoice-premium').textContent(), '$50.00');
    assert.equal(await byTestId(page, 'invoice-total').textContent(), '$250.00');
    const started = performance.now();
    // The page fetches the PDF and hands it to the new tab as a blob. Production's policy lets no script read a blob
    // back, and the reply's body is gone once the page has made it a blob, so its bytes are fetched again here.
    const fetched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/pdf'));
    const [tab] = await Promise.all([page.context().waitForEvent('page'), byTestId(page, 'open-pdf').click()]);
    await tab.waitForURL(/^blob:/, { timeout: 15_000 });
    const opened = performance.now() - started;
    const reply = await fetched;
    assert.equal(reply.status(), 200);
    assert.equal(reply.headers()['content-type'], 'application/pdf');
    const pdf = Buffer.from(await (await fetch(reply.url(), { headers: { authorization: `Bearer ${bidder.token}` } })).arrayBuffer());
    assert.equal(pdf.subarray(0, 8).toString('latin1'), '%PDF-1.4');
    console.log(`invoice PDF opened in the browser: ${pdf.length} bytes, ${opened.toFixed(0)} ms from the click`);
  });
});
