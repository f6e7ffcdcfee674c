/**
 * The /auctions grid in a real browser against the real api on the demo catalogue (48 lots): loading skeletons,
 * populated cards, plain-text descriptions, search from the header, paging, the status and payment filters, the
 * ticking countdown and the hover details; the default order, the sort control, search by description and
 * inscription id, and the auction event page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { lotListSchema, messages, type Lot } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'demo' }),
  (api) => api.url,
);

/** Lots straight from the api, to compare the grid with. */
async function apiLots(query: string): Promise<Lot[]> {
  const response = await fetch(`${suite.stack.url}/auctions?${query}`, { signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).data;
}

async function apiPagination(query: string) {
  const response = await fetch(`${suite.stack.url}/auctions?${query}`, { signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).pagination;
}

async function open(route: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(suite.browser, viewport);
  await page.goto(suite.dapp.url + route);
  return page;
}

const cards = (page: Page) => page.locator('[data-testid=lot-card]');
const cardIds = (page: Page) => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-lot-id')));

async function waitForCards(page: Page, count?: number): Promise<void> {
  await cards(page).first().waitFor();
  if (count !== undefined) await eventually(async () => assert.equal(await cards(page).count(), count), { until: anyAnswer });
}

describe('browse grid', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('shows 6 skeleton cards while the lots load', async () => {
    const { page } = await newPage(suite.browser);
    // Hold the list reply back until the loading state has been looked at.
    let release = () => {};
    const looked = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/auctions',
      async (route) => {
        await looked;
        await route.continue();
      },
    );
    await page.goto(`${suite.dapp.url}/auctions`);
    await page.locator('[data-testid=lot-card-skeleton]').first().waitFor();
    assert.equal(await page.locator('[data-testid=lot-card-skeleton]').count(), 6);
    await keepScreenshot(page, 'grid-loading');
    release();
    await waitForCards(page, 20);
    assert.equal(await page.locator('[data-testid=lot-card-skeleton]').count(), 0);
  });

  it('shows a page of 20 cards with titles, type, plain descriptions and prices with their unit', async () => {
    const expected = await apiLots('limit=20&offset=0');
    const page = await open('/auctions');
    await waitForCards(page, 20);
    const titles = await page.locator('[data-testid=lot-card] [data-testid=lot-title]').allTextContents();
    assert.deepEqual(
      titles,
      expected.map((lot) => lot.title),
    );
    for (const price of await page.locator('[data-testid=lot-starting-bid]').allTextContents()) {
      assert.match(price, /^(\$[\d,]+\.\d\d|[\d,]+ sats|[\d.]+ ETH)$/, `price with unit: ${price}`);
    }
    for (const text of await page.locator('[data-testid=lot-card] [data-testid=lot-description]').allTextContents()) {
      assert.doesNotMatch(text, /<\/?[a-z]/i);
    }
    assert.equal(await page.locator('[data-testid=lot-type]').count(), 20);
    assert.equal(await page.locator('[data-testid=lot-countdown]').count(), 20);
    await keepScreenshot(page, 'grid-desktop', { fullPage: true });
  });

  it('strips the HTML from a description', async () => {
    const lot = (await apiLots('limit=100')).find((l) => /<[a-z][^>]*>/i.test(l.description));
    assert.ok(lot, 'the demo has a lot with HTML in its description');
    const page = await open(`/auctions?search=${encodeURIComponent(lot.title)}`);
    await waitForCards(page);
    const shown = await cards(page).filter({ hasText: lot.title }).first().locator('[data-testid=lot-description]').textContent();
    assert.doesNotMatch(shown ?? '', /[<>]/);
    // Same words as the source once the tags are gone (spacing aside).
    const words = (text: string) =>
      text
        .replace(/<[^>]*>/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, '');
    assert.equal(words(shown ?? ''), words(lot.description));
  });

  it('filters the grid from the header search and keeps the term in the URL', async () => {
    const term = 'ordinal waves';
    const expected = (await apiLots(`search=${encodeURIComponent(term)}`)).map((lot) => lot.title).sort();
    assert.ok(expected.length > 0 && expected.length < 20, 'the term matches a few demo lots');
    const page = await open('/auctions');
    await waitForCards(page, 20);
    await page.click('[data-testid=search-toggle]');
    await page.locator('[data-testid=search-input]').pressSequentially(term, { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('search') === term);
    await eventually(
      async () => {
        const titles = await page.locator('[data-testid=lot-card] [data-testid=lot-title]').allTextContents();
        assert.deepEqual(titles.sort(), expected);
      },
      { until: anyAnswer },
    );
    assert.ok(expected.every((title) => title.toLowerCase().includes(term)));
    await page.reload();
    await waitForCards(page, expected.length);
    assert.equal(await page.locator('[data-testid=search-input]').inputValue(), term);
    await page.click('[data-testid=search-chip]');
    await waitForCards(page, 20);
  });

  it('pages through the lots, 20 at a time', async () => {
    const { total, totalPages } = await apiPagination('limit=20');
    assert.ok(total > 20, 'the demo has more than one page of lots');
    const page = await open('/auctions');
    await waitForCards(page, 20);
    const first = await cardIds(page);
    await page.click('[data-testid=pager-next]');
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await eventually(async () => assert.notEqual((await cardIds(page))[0], first[0]), { until: anyAnswer });
    await waitForCards(page, Math.min(20, total - 20));
    const second = await cardIds(page);
    assert.equal(second.filter((id) => first.includes(id)).length, 0, 'page 2 shows other lots');
    assert.equal(await page.locator('[data-testid=pager-page]').textContent(), `Page 2 of ${totalPages}`);
    assert.equal(await page.locator('[data-testid=pager-summary]').textContent(), `Showing 21–${Math.min(40, total)} of ${total} lots`);
    assert.equal(await page.locator('[data-testid=pager-next]').isDisabled(), totalPages === 2);
    await page.click('[data-testid=pager-prev]');
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await eventually(async () => assert.deepEqual(await cardIds(page), first), { until: anyAnswer });
  });

  it('ticks a live card countdown', async () => {
    const page = await open('/auctions?status=live');
    await waitForCards(page);
    const value = page.locator('[data-testid=lot-card]').first().locator('[data-testid=lot-countdown-value]');
    assert.match(await page.locator('[data-testid=lot-card]').first().locator('[data-testid=lot-countdown]').innerText(), /^Ends in/);
    // It moves, and keeps moving (once a second: use-lot-clock.test.tsx).
    let shown = await value.textContent();
    for (const tick of [1, 2]) {
      const before = shown;
      shown = await eventually(
        async () => {
          const now = await value.textContent();
          assert.notEqual(now, before, `tick ${tick}: countdown still at ${before}`);
          return now;
        },
        { until: anyAnswer },
      );
    }
  });

  it('filters by status: ended lots offer View Results linking to their detail page', async () => {
    const page = await open('/auctions');
    await waitForCards(page);
    await page.click('[data-testid=status-filter-ended]');
    await page.waitForURL((url) => url.searchParams.get('status') === 'ended');
    await eventually(
      async () => {
        const statuses = await page.locator('[data-testid=lot-card] [data-testid=lot-status]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')));
        assert.ok(statuses.length > 0 && statuses.every((s) => s === 'ended' || s === 'timeEnded'), statuses.join());
      },
      { until: anyAnswer },
    );
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
    await eventually(
      async () => {
        const methods = await page.locator('[data-testid=lot-card] [data-testid=lot-type]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-payment-method')));
        assert.ok(methods.length > 0 && methods.every((m) => m === 'ETH'), methods.join());
      },
      { until: anyAnswer },
    );
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
    await eventually(async () => assert.equal(await tooltip.isVisible(), true), { until: anyAnswer });
    const text = await tooltip.innerText();
    assert.ok(text.includes(lot.auction.title), text);
    assert.match(text, /Payment/);
    assert.match(text, /Estimate/);
    assert.match(text, /Ends/);
    await keepScreenshot(page, 'grid-hover');
  });
});

describe('finding lots', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('opens on the live lot ending soonest', async () => {
    const [soonest] = await apiLots('status=live&sort=endTime&order=asc&limit=1');
    assert.ok(soonest);
    const page = await open('/auctions');
    await waitForCards(page, 20);
    assert.equal((await cardIds(page))[0], soonest.lotId);
    assert.match((await cards(page).first().locator('[data-testid=lot-status]').getAttribute('data-status')) ?? '', /^(live|timeStarted)$/);
    assert.equal(await page.locator('[data-testid=sort-control]').inputValue(), 'ending-soon');
  });

  it('shows the live lots ending soonest under Live now on home, and opens an event page from an event card', async () => {
    const expected = (await apiLots('status=live&sort=endTime&order=asc&limit=4')).map((lot) => lot.lotId);
    const page = await open('/');
    const live = page.locator('[data-testid=home-live] [data-testid=lot-card]');
    await live.first().waitFor();
    await eventually(async () => assert.deepEqual(await live.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-lot-id'))), expected), { until: anyAnswer });
    const eventCard = page.locator('[data-testid=event-card]').first();
    const title = await eventCard.locator('.event-card__title').textContent();
    await eventCard.click();
    await page.waitForURL((url) => url.pathname.startsWith('/auction-events/'));
    await eventually(async () => assert.equal(await page.locator('[data-testid=event-title]').textContent(), title), { until: anyAnswer });
  });

  it('reorders the grid from the sort control and keeps the order in the URL', async () => {
    const page = await open('/auctions');
    await waitForCards(page, 20);
    for (const [choice, query] of [
      ['price-desc', 'sort=price&order=desc'],
      ['bids', 'sort=bids&order=desc'],
      ['newest', 'sort=createdAt&order=desc'],
    ] as const) {
      const expected = (await apiLots(`${query}&limit=20`)).map((lot) => lot.lotId);
      await page.selectOption('[data-testid=sort-control]', choice);
      await page.waitForURL((url) => url.searchParams.get('sort') === choice);
      await eventually(async () => assert.deepEqual(await cardIds(page), expected), { until: anyAnswer });
    }
    await page.reload();
    await waitForCards(page, 20);
    assert.equal(await page.locator('[data-testid=sort-control]').inputValue(), 'newest');
    await page.selectOption('[data-testid=sort-control]', 'ending-soon');
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    const expected = (await apiLots('limit=20')).map((lot) => lot.lotId);
    await eventually(async () => assert.deepEqual(await cardIds(page), expected), { until: anyAnswer });
  });

  it('finds a lot by a word of its description and by its inscription id', async () => {
    const all = await apiLots('limit=100');
    const described = all.flatMap((lot) => {
      const word = lot.description
        .replace(/<[^>]*>/g, ' ')
        .split(/[^A-Za-z]+/)
        .find((w) => w.length >= 7 && !lot.title.toLowerCase().includes(w.toLowerCase()));
      return word ? [{ lot, word }] : [];
    })[0];
    assert.ok(described, 'a demo lot has a description word that is not in its title');
    const inscribed = all.find((lot) => lot.inscriptionId);
    assert.ok(inscribed?.inscriptionId, 'a demo lot carries an inscription');

    for (const [term, lot] of [
      [described.word, described.lot],
      [inscribed.inscriptionId, inscribed],
    ] as const) {
      const expected = (await apiLots(`search=${encodeURIComponent(term)}&limit=100`)).map((l) => l.lotId);
      assert.ok(expected.includes(lot.lotId) && expected.length <= 20);
      const page = await open(`/auctions?search=${encodeURIComponent(term)}`);
      await waitForCards(page, expected.length);
      assert.deepEqual(await cardIds(page), expected);
    }
  });

  it('opens an auction event page from a lot card, with its dates, state and only its lots', async () => {
    const page = await open('/auctions');
    await waitForCards(page, 20);
    const first = cards(page).first();
    const eventTitle = await first.locator('[data-testid=lot-event]').textContent();
    const lotId = await first.getAttribute('data-lot-id');
    const lot = (await apiLots('limit=100')).find((l) => l.lotId === lotId);
    assert.ok(lot && eventTitle === lot.auction.title);
    // Hold the event back long enough to see its page load.
    let release = () => {};
    const looked = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/api/auction-events/slug/'),
      async (route) => {
        await looked;
        await route.continue();
      },
    );
    await first.locator('[data-testid=lot-event]').click();
    await page.waitForURL((url) => url.pathname === `/auction-events/${lot.auction.slug}`);
    await page.locator('[data-testid=event-loading]').waitFor();
    release();
    await page.locator('[data-testid=event-page]').waitFor();
    assert.equal(await page.locator('[data-testid=event-title]').textContent(), lot.auction.title);
    assert.match(await page.locator('[data-testid=event-status]').innerText(), /^(Live|Upcoming|Ended)$/i);
    // Both dates carry the viewer's zone, and the UTC time on hover.
    assert.match(await page.locator('[data-testid=event-dates]').innerText(), /\d{4}, \d\d:\d\d [A-Z]{2,5}\S* – .*\d{4}, \d\d:\d\d [A-Z]{2,5}/);
    assert.match((await page.locator('[data-testid=event-dates] time').first().getAttribute('title')) ?? '', /UTC$/);
    const expected = (await apiLots(`auctionEventId=${lot.auctionEventId}&limit=20`)).map((l) => l.lotId);
    assert.ok(expected.length > 0);
    await waitForCards(page, expected.length);
    assert.deepEqual(await cardIds(page), expected);
    await keepScreenshot(page, 'event-page');

    const missing = await open('/auction-events/no-such-sale');
    await missing.locator('[data-testid=event-not-found]').waitFor();
  });
});
