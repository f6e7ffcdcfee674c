/**
 * Gavel on a phone against the real api's demo catalogue: no page scrolls sideways, the mobile menu gets the visitor
 * around, and at 320, 390 and 768 px no control's words are cut or wrapped onto a second line. Screenshots land in
 * SCREENSHOT_DIR for a human look, when asked for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { lotListSchema, type Lot } from '@gavel/domain';
import { openSignedIn } from '../support/account-browser.ts';
import { startApiForTest } from '../support/stack.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { createLot } from '../support/lots.ts';
import { readyBidder } from '../support/users.ts';

const PHONE = { width: 375, height: 812 };
/** The narrowest phone in use, a common one, and a tablet held upright. */
const WIDTHS = [320, 390, 768];

const suite = browserSuite(
  () => startApiForTest({ seed: 'demo' }),
  (api) => api.url,
);

/** Lots straight from the api, to pick the lot a test is about. */
async function apiLots(query: string): Promise<Lot[]> {
  const response = await fetch(`${suite.stack.url}/auctions?${query}`, { signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).data;
}

describe('on a 375 px phone', { timeout: SUITE_TIMEOUT_MS }, () => {
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
    const { page } = await newPage(suite.browser, PHONE);
    for (const [name, route] of routes) {
      await page.goto(suite.dapp.url + route);
      await page.locator('[data-testid=footer]').waitFor();
      await page.waitForLoadState('networkidle');
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      await keepScreenshot(page, `phone-${name}`, { fullPage: true });
      assert.ok(width <= 375, `${route} is ${width}px wide on a 375px screen`);
    }
    // The mobile menu and the open search box must fit too.
    await page.goto(`${suite.dapp.url}/auctions`);
    await page.click('[data-testid=mobile-menu-button]');
    await page.locator('[data-testid=mobile-menu]').waitFor();
    await page.click('[data-testid=search-toggle]');
    await page.fill('[data-testid=search-input]', 'a long search term that should not push the page wider');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 375);
    await keepScreenshot(page, 'phone-menu-search');
  });

  it('gets around with the mobile menu', async () => {
    const { page } = await newPage(suite.browser, PHONE);
    await page.goto(suite.dapp.url);
    assert.equal(await page.locator('[data-testid=nav-auctions]').isVisible(), false, 'the desktop links are folded away');
    await page.click('[data-testid=mobile-menu-button]');
    await page.locator('[data-testid=mobile-menu]').getByText('Auctions').click();
    await page.waitForURL((url) => url.pathname === '/auctions');
    await page.locator('[data-testid=lot-card]').first().waitFor();
    assert.equal(await page.locator('[data-testid=mobile-menu]').count(), 0, 'the menu closes after a pick');
  });
});

/**
 * What a reader would see as broken on the page's visible controls (buttons, button-styled links, inputs): words
 * cut off (the content wider than the control), a label wrapped onto a second line, a placeholder longer than its
 * box. Each line of the answer names the control and what is wrong. A string, not a function: tsx would wrap the
 * helpers inside a function in a `__name` shim the page does not have.
 */
const BROKEN_CONTROLS = `(() => {
  const problems = [];
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const name = (el) => el.tagName.toLowerCase() + '[' + (el.getAttribute('data-testid') || el.className) + '] "' + (el.textContent || '').trim().slice(0, 40) + '"';
  // The lines a control's words take: text boxes that share no height are on different lines.
  const lineCount = (el) => {
    const boxes = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) boxes.push(box);
    }
    boxes.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 2) {
        lines++;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return lines;
  };
  for (const el of document.querySelectorAll('button, a.btn, [role=button]')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    if (el.scrollWidth > el.clientWidth + 1) problems.push(name(el) + ' is cut: ' + el.scrollWidth + 'px of words in ' + el.clientWidth + 'px');
    const lines = lineCount(el);
    if (lines > 1) problems.push(name(el) + ' wraps onto ' + lines + ' lines');
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll('input[placeholder]')) {
    if (!shown(input) || input.value) continue;
    const style = getComputedStyle(input, '::placeholder');
    canvas.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
    const box = getComputedStyle(input);
    const inner = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    const needed = canvas.measureText(input.placeholder).width;
    if (needed > inner) problems.push('input[' + input.dataset.testid + '] cuts its placeholder "' + input.placeholder + '": ' + Math.ceil(needed) + 'px in ' + Math.floor(inner) + 'px');
  }
  return problems;
})()`;

const brokenControls = (page: Page) => page.evaluate(BROKEN_CONTROLS) as Promise<string[]>;

describe('at 320, 390 and 768 px', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('no control on the lot page, /auctions, home or the cart is cut or wrapped, and the lot page shows its artwork whole', async () => {
    const [lot] = await apiLots('status=live&limit=1');
    assert.ok(lot);
    // A bidder with two won lots, so the cart has rows (with the lot's picture) to lay out: one it can pay here by
    // card (with a checkbox to pick it) and one paid from a wallet (none).
    const bidder = await readyBidder(suite.stack);
    for (const paymentMethod of ['Manual', 'BTC'] as const) {
      const won = await createLot(suite.stack.db, { status: 'ended', endsInMs: -60_000, paymentMethod });
      await suite.stack.db.prisma.lot.update({
        where: { id: won.id },
        data: { winnerId: bidder.user.id, currentBid: '1500', soldPrice: '1500', closedAt: new Date(), imageUrls: lot.imageUrls },
      });
    }
    const routes: Array<[string, string]> = [
      ['lot', `/details/${lot.lotId}?auction=${lot.auctionEventId}`],
      ['auctions', '/auctions'],
      ['home', '/'],
    ];
    for (const width of WIDTHS) {
      const viewport = { width, height: 844 };
      const { page } = await newPage(suite.browser, viewport);
      for (const [name, route] of routes) {
        await page.goto(suite.dapp.url + route);
        await page.locator('[data-testid=footer]').waitFor();
        await page.waitForLoadState('networkidle');
        if (name === 'lot') {
          await page.locator('[data-testid=lot-title]').waitFor();
          const watch = page.getByRole('button', { name: `Watch ${lot.title}` });
          assert.equal((await watch.innerText()).trim(), 'Watch', 'the watch button shows the short word; its name names the lot');
          const fit = await page
            .locator('[data-testid=lot-image]')
            .first()
            .evaluate((img) => getComputedStyle(img).objectFit);
          assert.equal(fit, 'contain', 'the artwork is shown whole, not cropped to fill its box');
        }
        await keepScreenshot(page, `phone-${name}-${width}`, { fullPage: true });
        const pageWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        assert.ok(pageWidth <= width, `${route} is ${pageWidth}px wide on a ${width}px screen`);
        assert.deepEqual(await brokenControls(page), [], `${route} at ${width}px`);
      }
      // The cart and the account menu, signed in.
      const signedIn = await newPage(suite.browser, viewport);
      await openSignedIn(signedIn.page, suite.dapp.url, bidder.token, '/cart');
      const row = signedIn.page.locator('[data-testid=cart-item]');
      await row.first().waitFor();
      await signedIn.page.waitForLoadState('networkidle');
      await keepScreenshot(signedIn.page, `phone-cart-${width}`, { fullPage: true });
      assert.deepEqual(await brokenControls(signedIn.page), [], `/cart at ${width}px`);
      // Each thumbnail starts the row, or follows its checkbox by the row's gap: no empty strip beside it.
      const strips = await row.evaluateAll((items) =>
        items.map((item) => {
          const style = getComputedStyle(item);
          const checkbox = item.querySelector('.cart-item__check');
          const check = checkbox?.getBoundingClientRect();
          const start = check
            ? check.right + Number.parseFloat(getComputedStyle(checkbox!).marginRight) + Number.parseFloat(style.columnGap)
            : item.getBoundingClientRect().left + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.borderLeftWidth);
          return Math.round(item.querySelector('.cart-item__image')!.getBoundingClientRect().left - start);
        }),
      );
      assert.deepEqual(strips, [0, 0], `the space before each cart row's thumbnail at ${width}px`);
      if (width < 768) {
        await signedIn.page.click('[data-testid=mobile-menu-button]');
        const logout = signedIn.page.locator('[data-testid=mobile-logout]');
        await logout.waitFor();
        // The gold fill is the house's call to act (PLACE BID, Sign In); leaving is not one.
        const [logoutFill, gold] = await logout.evaluate((el) => {
          const probe = document.createElement('span');
          probe.style.background = 'var(--color-accent)';
          el.parentElement!.append(probe);
          const colours = [getComputedStyle(el).backgroundColor, getComputedStyle(probe).backgroundColor];
          probe.remove();
          return colours;
        });
        assert.notEqual(logoutFill, gold, 'Logout is not filled gold like a primary action');
        assert.deepEqual(await brokenControls(signedIn.page), [], `the open menu at ${width}px`);
      }
    }
  });
});
