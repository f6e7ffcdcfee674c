/** Browser-side helpers for the account screens' e2e tests. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser.ts';

/** Where the dapp keeps the session token (dapp/src/state/session-token.ts). */
export const TOKEN_KEY = 'gavel.session.token';

/** Starts the dapp signed in with `token`, as if the user had signed in earlier, then opens `route`. */
export async function openSignedIn(page: Page, dappUrl: string, token: string, route: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // Only on the first load: a test that checks sign-out must not be signed in again by a reload.
      if (!sessionStorage.getItem('e2e.seeded')) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem('e2e.seeded', '1');
      }
    },
    [TOKEN_KEY, token],
  );
  await page.goto(dappUrl + route);
}

/** A paste of `text` into the element, the way a clipboard paste reaches the page (React sees onPaste). */
export async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).focus();
  await page.locator(selector).evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The one toast's title once it says `expected` (a later toast replaces an earlier one). */
export async function waitForToast(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await page.locator('[data-testid=toast-title]', { hasText: expected }).waitFor({ timeout });
}

/** A tiny valid PNG (1x1), as an identity document image. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A fresh page for the account tests, with the live-events stream (GET /events, the outbid notices' SSE)
 * refused. The account screens do not use it, and the api's SSE route currently leaks its 15 s heartbeat
 * interval when a stream closes while the route is still checking the token (the 401 tests do exactly that):
 * the leaked timer keeps the test process alive after every test has passed.
 */
export async function newAccountPage(browser: Browser, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport);
  await opened.context.route(/\/api\/events(\?|$)/, (route) => route.abort());
  return opened;
}

/**
 * Signs `token`'s user in on `page` and links the page's test Bitcoin wallet (injectBitcoinWallet) through the
 * connect-wallet page, which proves it (BIP-322) and returns to `returnPath`.
 */
export async function connectBitcoinWallet(page: Page, dappUrl: string, token: string, kind: 'xverse' | 'leather', returnPath: string): Promise<void> {
  await openSignedIn(page, dappUrl, token, `/connect-wallet?returnUrl=${encodeURIComponent(returnPath)}`);
  await page.locator(`[data-testid=wallet-option-${kind}]`).click();
  await page.waitForURL((url) => url.pathname === returnPath);
}
