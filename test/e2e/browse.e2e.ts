/**
 * The /auctions grid in a real browser against the real api on the demo catalogue (48 lots): loading skeletons,
 * populated cards, plain-text descriptions, search from the header, paging, the status and payment filters, the
 * ticking countdown and the hover details.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { lotListSchema, messages, type Lot } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { ensureDappBuilt, eventually, launchChromium, newPage, screenshotPath, startDappPreview, type DappServer } from '../support/browser.ts';

let api: TestStack;
let dapp: DappServer;
let browser: Browser;

before(async () => {
  await ensureDappBuilt();
  api = await startApiForTest({ seed: 'demo' });
  dapp = await startDappPreview(api.url);
  browser = await launchChromium();
});

afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

after(async () => {
  await browser?.close();
  await dapp?.stop();
  await api?.stop();
});

/** Lots straight from the api, to compare the grid with. */
async function apiLots(query: string): Promise<Lot[]> {
  const response = await fetch(`${api.url}/auctions?${query}`, { signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).data;
}

async function open(route: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await page.goto(dapp.url + route);
  return page;
}

const cards = (page: Page) => page.locator('[data-testid=lot-card]');
const cardIds = (page: Page) => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-lot-id')));

async function waitForCards(page: Page, count?: number): Promise<void> {
  await cards(page).first().waitFor();
  if (count !== undefined) await eventually(async () => assert.equal(await cards(page).count(), count));
}

describe('browse grid', { timeout: 60_000 }, () => {
  it('shows 6 skeleton cards while the lots load', async () => {
    const { page } = await newPage(browser);
    // Hold the list reply back so the loading state stays on screen long enough to look at.
    await page.route((url) => url.pathname === '/api/auctions', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`${dapp.url}/auctions`);
    await page.locator('[data-testid=lot-card-skeleton]').first().waitFor();
    assert.equal(await page.locator('[data-testid=lot-card-skeleton]').count(), 6);
    await page.screenshot({ path: screenshotPath('grid-loading') });
    await waitForCards(page, 20);
    assert.equal(await page.locator('[data-testid=lot-card-skeleton]').count(), 0);
  });

  it('shows a page of 20 cards with titles, type, plain descriptions and prices with their unit', async () => {
    const expected = await apiLots('limit=20&offset=0');
    const page = await open('/auctions');
    await waitForCards(page, 20);
    const titles = await page.locator('[data-testid=lot-card] [data-testid=lot-title]').allTextContents();
    assert.deepEqual(titles, expected.map((lot) => lot.title));
    for (const price of await page.locator('[data-testid=lot-starting-bid]').allTextContents()) {
      assert.match(price, /^(\$[\d,]+\.\d\d|[\d,]+ sats|[\d.]+ ETH)$/, `price with unit: ${price}`);
    }
    for (const text of await page.locator('[data-testid=lot-card] [data-testid=lot-description]').allTextContents()) {
      assert.doesNotMatch(text, /<\/?[a-z]/i);
    }
    assert.equal(await page.locator('[data-testid=lot-type]').count(), 20);
    assert.equal(await page.locator('[data-testid=lot-countdown]').count(), 20);
    await page.screenshot({ path: screenshotPath('grid-desktop'), fullPage: true });
  });

  it('strips the HTML from a description', async () => {
    const [lot] = await apiLots('search=Rare%20Sat%20Block');
    assert.ok(lot && /<strong>/.test(lot.description), 'the demo lot has HTML in its description');
    const page = await open('/auctions?search=Rare%20Sat%20Block');
    await waitForCards(page, 1);
    assert.equal(
      await page.locator('[data-testid=lot-card] [data-testid=lot-description]').textContent(),
      'An uncommon sat mined in block 9, inscribed with a 16x16 glyph.',
    );
  });

  it('filters the grid from the header search and keeps the term in the URL', async () => {
    const page = await open('/auctions');
    await waitForCards(page, 20);
    await page.click('[data-testid=search-toggle]');
    await page.locator('[data-testid=search-input]').pressSequentially('ordinal waves', { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('search') === 'ordinal waves');
    await eventually(async () => {
      const titles = await page.locator('[data-testid=lot-card] [data-testid=lot-title]').allTextContents();
      assert.deepEqual(titles.sort(), ['Ordinal Waves I', 'Ordinal Waves II']);
    });
    await page.reload();
    await waitForCards(page, 2);
    assert.equal(await page.locator('[data-testid=search-input]').inputValue(), 'ordinal waves');
    await page.click('[data-testid=search-chip]');
    await waitForCards(page, 20);
  });

  it('pages through the lots, 20 at a time', async () => {
    const page = await open('/auctions');
    await waitForCards(page, 20);
    const first = await cardIds(page);
    await page.click('[data-testid=pager-next]');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await eventually(async () => assert.notEqual((await cardIds(page))[0], first[0]));
    await waitForCards(page, 20);
    const second = await cardIds(page);
    assert.equal(second.filter((id) => first.includes(id)).length, 0, 'page 2 shows other lots');
    assert.equal(await page.locator('[data-testid=pager-page]').textContent(), 'Page 2 of 3');
    await page.click('[data-testid=pager-next]');
    await eventually(async () => assert.equal(await page.locator('[data-testid=pager-summary]').textContent(), 'Showing 41–48 of 48 lots'));
    await waitForCards(page, 8);
    assert.equal(await page.locator('[data-testid=pager-next]').isDisabled(), true);
  });

  it('ticks a live card countdown every second', async () => {
    const page = await open('/auctions?status=live');
    await waitForCards(page);
    const value = page.locator('[data-testid=lot-card]').first().locator('[data-testid=lot-countdown-value]');
    assert.match(await page.locator('[data-testid=lot-card]').first().locator('[data-testid=lot-countdown]').innerText(), /^Ends in/);
    const before = await value.textContent();
    await page.waitForTimeout(2_100);
    const later = await value.textContent();
    assert.notEqual(later, before, `countdown moved from ${before}`);
  });

  it('filters by status: ended lots offer View Results linking to their detail page', async () => {
    const page = await open('/auctions');
    await waitForCards(page);
    await page.click('[data-testid=status-filter-ended]');
    await page.waitForURL((url) => url.searchParams.get('status') === 'ended');
    await eventually(async () => {
      const statuses = await page.locator('[data-testid=lot-card] [data-testid=lot-status]').evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-status')),
      );
      assert.ok(statuses.length > 0 && statuses.every((s) => s === 'ended' || s === 'timeEnded'), statuses.join());
    });
    const ctas = await page.locator('[data-testid=lot-cta]').allTextContents();
    assert.ok(ctas.every((text) => text === messages.browse.viewResults));
    const [lot] = await apiLots('status=ended&limit=1');
    assert.ok(lot);
    assert.equal(await page.locator('[data-testid=lot-cta]').first().getAttribute('href'), `/details/${lot.lotId}?auction=${lot.auctionEventId}`);
  });

  it('filters by payment method', async () => {
    const page = await open('/auctions');
    await waitForCards(page);
    await page.selectOption('[data-testid=payment-filter]', 'ETH');
    await page.waitForURL((url) => url.searchParams.get('paymentMethod') === 'ETH');
    await eventually(async () => {
      const methods = await page.locator('[data-testid=lot-card] [data-testid=lot-type]').evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-payment-method')),
      );
      assert.ok(methods.length > 0 && methods.every((m) => m === 'ETH'), methods.join());
    });
    for (const price of await page.locator('[data-testid=lot-starting-bid]').allTextContents()) assert.match(price, / ETH$/);
  });

  it('shows lot details on hover', async () => {
    const [lot] = await apiLots('limit=1');
    assert.ok(lot);
    const page = await open('/auctions');
    await waitForCards(page);
    const tooltip = cards(page).first().locator('[data-testid=lot-tooltip]');
    assert.equal(await tooltip.isVisible(), false);
    await cards(page).first().hover();
    await eventually(async () => assert.equal(await tooltip.isVisible(), true));
    const text = await tooltip.innerText();
    assert.ok(text.includes(lot.auction.title), text);
    assert.match(text, /Payment/);
    assert.match(text, /Estimate/);
    assert.match(text, /Ends/);
    await page.screenshot({ path: screenshotPath('grid-hover') });
  });
});
