/**
 * Gavel on a 375 px phone against the real api's demo catalogue: no page scrolls sideways, and the mobile menu
 * gets the visitor around. Screenshots land in SCREENSHOT_DIR for a human look.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lotListSchema, type Lot } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { newPage, screenshotPath } from '../support/browser.ts';

const PHONE = { width: 375, height: 812 };
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'demo' }),
  (api) => api.url,
);

/** Lots straight from the api, to pick the lot a test is about. */
async function apiLots(query: string): Promise<Lot[]> {
  const response = await fetch(`${suite.stack.url}/auctions?${query}`, { signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).data;
}

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
    const { page } = await newPage(suite.browser, PHONE);
    for (const [name, route] of routes) {
      await page.goto(suite.dapp.url + route);
      await page.locator('[data-testid=footer]').waitFor();
      await page.waitForLoadState('networkidle');
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      await page.screenshot({ path: screenshotPath(`phone-${name}`), fullPage: true });
      assert.ok(width <= 375, `${route} is ${width}px wide on a 375px screen`);
    }
    // The mobile menu and the open search box must fit too.
    await page.goto(`${suite.dapp.url}/auctions`);
    await page.click('[data-testid=mobile-menu-button]');
    await page.locator('[data-testid=mobile-menu]').waitFor();
    await page.click('[data-testid=search-toggle]');
    await page.fill('[data-testid=search-input]', 'a long search term that should not push the page wider');
    assert.ok(((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 375);
    await page.screenshot({ path: screenshotPath('phone-menu-search') });
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
