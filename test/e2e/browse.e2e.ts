/**
 * The /auctions grid in a real browser against the real api on the demo catalogue (48 lots): loading skeletons,
 * populated cards, search from the header, paging, status filter, the ticking countdown, hover details, the lot
 * page, and a 375 px phone without horizontal overflow.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { lotListSchema, messages, type Lot } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { ensureDappBuilt, eventually, launchChromium, newPage, SCREENSHOT_DIR, startDappPreview, type DappServer } from '../support/browser.ts';

let api: TestStack;
let dapp: DappServer;
let browser: Browser;

before(async () => {
  await ensureDappBuilt();
  api = await startApiForTest({ seed: 'demo' });
  dapp = await startDappPreview(api.url);
  browser = await launchChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
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
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'grid-loading.png') });
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
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'grid-desktop.png'), fullPage: true });
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
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'grid-hover.png') });
  });
});

describe('lot page', { timeout: 60_000 }, () => {
  it('opens from a card with the lot, its status and its countdown', async () => {
    const page = await open('/auctions?status=live');
    await waitForCards(page);
    const title = await cards(page).first().locator('[data-testid=lot-title]').textContent();
    await cards(page).first().locator('[data-testid=lot-cta]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/details/') && url.searchParams.has('auction'));
    await page.locator('[data-testid=lot-detail]').waitFor();
    assert.equal(await page.locator('h1[data-testid=lot-title]').textContent(), title);
    assert.match(await page.locator('[data-testid=lot-countdown]').innerText(), /^Ends in/);
    assert.match(await page.locator('[data-testid=lot-starting-bid]').innerText(), /sats|ETH|\$/);
  });

  it('shows an ended lot without bids as "No bids placed", with Upon Request when it has no estimate', async () => {
    const ended = await apiLots('status=ended&limit=100');
    const lot = ended.find((l) => l.currentBid === null && l.estimateLow === null && l.estimateHigh === null) ?? ended.find((l) => l.currentBid === null);
    assert.ok(lot, 'the demo has an ended lot without bids');
    const page = await open(`/details/${lot.lotId}?auction=${lot.auctionEventId}`);
    await page.locator('[data-testid=lot-results]').waitFor();
    assert.equal(await page.locator('[data-testid=lot-sold-price]').textContent(), messages.browse.noBids);
    if (lot.estimateLow === null && lot.estimateHigh === null) {
      assert.equal(await page.locator('[data-testid=lot-estimate]').textContent(), messages.browse.upcomingEstimate);
    }
    assert.equal(await page.locator('[data-testid=lot-login-results]').textContent(), messages.browse.logInForResults);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lot-ended.png'), fullPage: true });
  });

  it('notes how off-chain lots are settled', async () => {
    const lot = (await apiLots('paymentMethod=Manual&limit=1'))[0];
    assert.ok(lot && lot.auctionType === 'offchain');
    const page = await open(`/details/${lot.lotId}?auction=${lot.auctionEventId}`);
    await page.locator('[data-testid=lot-offchain-note]').waitFor();
  });

  it('says Auction not found for an unknown lot', async () => {
    const page = await open('/details/00000000-0000-0000-0000-000000000000?auction=x');
    await page.locator('[data-testid=lot-not-found]').waitFor();
    assert.equal(await page.locator('[data-testid=lot-not-found-title]').textContent(), messages.browse.auctionNotFound);
  });
});

describe('on a 375 px phone', { timeout: 90_000 }, () => {
  it('nothing overflows horizontally', async () => {
    const [lot] = await apiLots('status=live&limit=1');
    assert.ok(lot);
    const routes: Array<[string, string]> = [
      ['home', '/'],
      ['auctions', '/auctions'],
      ['lot', `/details/${lot.lotId}?auction=${lot.auctionEventId}`],
      ['terms', '/terms-conditions'],
      ['about', '/about'],
      ['sell', '/sell'],
      ['support', '/support'],
      ['signin', '/signin'],
      ['not-found', '/no-such-page'],
    ];
    const { page } = await newPage(browser, { width: 375, height: 812 });
    for (const [name, route] of routes) {
      await page.goto(dapp.url + route);
      await page.locator('[data-testid=footer]').waitFor();
      await page.waitForLoadState('networkidle');
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-${name}.png`), fullPage: true });
      assert.ok(width <= 375, `${route} is ${width}px wide on a 375px screen`);
    }
    // The mobile menu and the open search box must fit too.
    await page.goto(`${dapp.url}/auctions`);
    await page.click('[data-testid=mobile-menu-button]');
    await page.locator('[data-testid=mobile-menu]').waitFor();
    await page.click('[data-testid=search-toggle]');
    await page.fill('[data-testid=search-input]', 'a long search term that should not push the page wider');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 375);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-menu-search.png') });
  });
});
