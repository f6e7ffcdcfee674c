/**
 * The read-only lot page against the real api's demo catalogue: reached from a card, the ended view ("No bids
 * placed", "Upon Request"), the off-chain note, the outbid notices' /auctions/:id address, and "Auction not found".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { lotListSchema, messages, type Lot } from '@gavel/domain';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { waitForToast } from '../support/account-browser.ts';
import { openSignedIn } from '../support/account-browser.ts';
import { newPage, keepScreenshot, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';

const suite = browserSuite(
  () => startApiForTest({ seed: 'demo' }),
  (api) => api.url,
);

/** Lots straight from the api (as a signed-out visitor, or as `token`'s user), to pick the lot a test is about. */
async function apiLots(query: string, token?: string): Promise<Lot[]> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const response = await fetch(`${suite.stack.url}/auctions?${query}`, { headers, signal: AbortSignal.timeout(5_000) });
  return lotListSchema.parse(await response.json()).data;
}

async function open(route: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(suite.browser, viewport);
  await page.goto(suite.dapp.url + route);
  return page;
}

const cards = (page: Page) => page.locator('[data-testid=lot-card]');

describe('lot page', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('opens from a card with the lot, its status and its countdown', async () => {
    const page = await open('/auctions?status=live');
    await cards(page).first().waitFor();
    const title = await cards(page).first().locator('[data-testid=lot-title]').textContent();
    await cards(page).first().locator('[data-testid=lot-cta]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/details/') && url.searchParams.has('auction'));
    await page.locator('[data-testid=lot-detail]').waitFor();
    assert.equal(await page.locator('h1[data-testid=lot-title]').textContent(), title);
    assert.match(await page.locator('[data-testid=lot-countdown]').innerText(), /^Ends in/);
    assert.match(await page.locator('[data-testid=lot-starting-bid]').innerText(), /sats|ETH|\$/);
  });

  it('shows an ended lot without bids as "No bids placed" to a signed-in user, with Upon Request when it has no estimate', async () => {
    const token = await signIn(suite.stack.url, (await createUser(suite.stack.db, 'ready')).email);
    const ended = await apiLots('status=ended&limit=100', token);
    const lot = ended.find((l) => l.currentBid === null && l.estimateLow === null && l.estimateHigh === null) ?? ended.find((l) => l.currentBid === null);
    assert.ok(lot, 'the demo has an ended lot without bids');
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, token, `/details/${lot.lotId}?auction=${lot.auctionEventId}`);
    await page.locator('[data-testid=lot-results]').waitFor();
    await page.locator('[data-testid=lot-sold-price]').filter({ hasText: messages.browse.noBids }).waitFor();
    if (lot.estimateLow === null && lot.estimateHigh === null) {
      assert.equal(await page.locator('[data-testid=lot-estimate]').textContent(), messages.browse.upcomingEstimate);
    }
    assert.equal(await page.locator('[data-testid=lot-login-results]').count(), 0);
    await keepScreenshot(page, 'lot-ended', { fullPage: true });
  });

  it("keeps a sold lot's price and winner from signed-out visitors, on its page and its card: Log in to view results", async () => {
    const token = await signIn(suite.stack.url, (await createUser(suite.stack.db, 'ready')).email);
    const sold = (await apiLots('status=ended&limit=100', token)).find((l) => l.soldPrice !== null && l.winner?.name);
    assert.ok(sold?.soldPrice && sold.winner?.name, 'the demo has a sold lot');
    const detail = `/details/${sold.lotId}?auction=${sold.auctionEventId}`;

    const page = await open(detail);
    await page.locator('[data-testid=lot-login-results]').filter({ hasText: messages.browse.logInForResults }).waitFor();
    assert.equal(await page.locator('[data-testid=lot-sold-price]').count(), 0);
    assert.equal(await page.locator('[data-testid=bid-history]').count(), 0);
    assert.ok(!(await page.locator('body').innerText()).includes(sold.winner.name));
    await page.goto(`${suite.dapp.url}/auctions?status=ended&search=${encodeURIComponent(sold.title)}`);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: sold.title, exact: true }) });
    await card.locator('[data-testid=lot-results-hidden]').filter({ hasText: messages.browse.logInForResults }).waitFor();
    assert.equal(await card.locator('[data-testid=lot-current-bid]').count(), 0);

    const member = (await newPage(suite.browser)).page;
    await openSignedIn(member, suite.dapp.url, token, detail);
    await member.locator('[data-testid=lot-sold-price]').waitFor();
    assert.notEqual(await member.locator('[data-testid=lot-sold-price]').textContent(), messages.browse.noBids);
    assert.equal(await member.locator('[data-testid=lot-outcome]').textContent(), 'Sold');
    assert.equal(await member.locator('[data-testid=lot-login-results]').count(), 0);
    await member.goto(`${suite.dapp.url}/auctions?status=ended&search=${encodeURIComponent(sold.title)}`);
    const memberCard = cards(member).filter({ has: member.getByRole('heading', { name: sold.title, exact: true }) });
    await memberCard.locator('[data-testid=lot-current-bid]').waitFor();
    assert.equal(await memberCard.locator('[data-testid=lot-results-hidden]').count(), 0);
  });

  it('says plainly how an ended lot came out to a signed-in viewer: Not sold: reserve not met, with its highest bid', async () => {
    const token = await signIn(suite.stack.url, (await createUser(suite.stack.db, 'ready')).email);
    const belowReserve = (await apiLots('status=ended&limit=100', token)).find((l) => l.currentBid !== null && l.hasReserve && !l.reserveMet && !l.winner);
    assert.ok(belowReserve, 'the demo has a lot that ended below its reserve');
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, token, `/details/${belowReserve.lotId}?auction=${belowReserve.auctionEventId}`);
    await page.locator('[data-testid=lot-outcome]').filter({ hasText: 'Not sold: reserve not met' }).waitFor();
    assert.match(await page.locator('[data-testid=lot-results]').innerText(), /Highest bid/i);
    await page.goto(`${suite.dapp.url}/auctions?status=ended&search=${encodeURIComponent(belowReserve.title)}`);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: belowReserve.title, exact: true }) });
    await card.locator('[data-testid=lot-outcome]').filter({ hasText: 'Not sold: reserve not met' }).waitFor();
  });

  it('notes how off-chain lots are settled', async () => {
    const lot = (await apiLots('paymentMethod=Manual&limit=1'))[0];
    assert.ok(lot && lot.auctionType === 'offchain');
    const page = await open(`/details/${lot.lotId}?auction=${lot.auctionEventId}`);
    await page.locator('[data-testid=lot-offchain-note]').waitFor();
  });

  it('answers at /auctions/:id too, the address outbid notices link to', async () => {
    const [lot] = await apiLots('status=live&limit=1');
    assert.ok(lot);
    const page = await open(`/auctions/${lot._id}`);
    await page.locator('[data-testid=lot-detail]').waitFor();
    assert.equal(await page.locator('h1[data-testid=lot-title]').textContent(), lot.title);
  });

  it('says Auction not found for an unknown lot', async () => {
    const page = await open('/details/00000000-0000-0000-0000-000000000000?auction=x');
    await page.locator('[data-testid=lot-not-found]').waitFor();
    assert.equal(await page.locator('[data-testid=lot-not-found-title]').textContent(), messages.browse.auctionNotFound);
  });

  it('lets a bidder withdraw their outbid bid from the bid history, and never the leading one', async () => {
    const lot = await createLot(suite.stack.db, { startingBid: 1000n });
    const [mine, rival] = await Promise.all([createUser(suite.stack.db, 'ready'), createUser(suite.stack.db, 'ready')]);
    const [myToken, rivalToken] = await Promise.all([signIn(suite.stack.url, mine.email), signIn(suite.stack.url, rival.email)]);
    const bid = (token: string, amount: string) =>
      fetch(`${suite.stack.url}/auctions/${lot.id}/bids`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount }) });
    assert.equal((await bid(myToken, '10.00')).status, 201);
    assert.equal((await bid(rivalToken, '11.00')).status, 201);

    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, myToken, `/auctions/${lot.id}`);
    const rows = page.locator('[data-testid=bid-row]');
    await rows.nth(1).waitFor();
    // Only the viewer's own outbid bid offers Withdraw; the leading bid (the rival's) does not.
    assert.equal(await page.locator('[data-testid=bid-row-withdraw]').count(), 1);
    assert.equal(await rows.nth(0).locator('[data-testid=bid-row-withdraw]').count(), 0);
    await rows.nth(1).locator('[data-testid=bid-row-withdraw]').click();
    await waitForToast(page, messages.bids.withdrawn);
    await page.locator('[data-testid=bid-row]').nth(1).waitFor({ state: 'detached' });
    const stored = await suite.stack.db.prisma.bid.findFirstOrThrow({ where: { lotId: lot.id, userId: mine.id } });
    assert.equal(stored.status, 'withdrawn');
    await keepScreenshot(page, 'lot-bid-withdrawn', { fullPage: true });
  });
});
