/**
 * For the bidding and checkout browser tests: bidders whose card is saved and verified through the Stripe
 * stand-in, and a bid placed through the checkout's steps.
 */
import type { Page } from 'playwright-core';
import type { AccountStack } from './account-stack.ts';
import { keepScreenshot } from './browser.ts';
import { anyAnswer, eventually } from './eventually.ts';
import { createUser, signIn, type UserState } from './users.ts';
import { callAsBrowser, testCard } from './card-payments.ts';

async function api<T>(stack: AccountStack, token: string, method: string, path: string): Promise<T> {
  const response = await fetch(stack.api.url + path, { method, headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A ready bidder (profile, identity, terms) signed in through the api; with `card`, a 4242 card saved the way
 * the browser saves it (SetupIntent confirmed at the stand-in with the publishable key) and verified by the
 * api's $1 hold, so card bids can place their holds on it.
 */
export async function bidderWithCard(stack: AccountStack, { card = true, state = 'ready' }: { card?: boolean; state?: UserState } = {}) {
  const user = await createUser(stack.api.db, state);
  const token = await signIn(stack.api.url, user.email);
  if (card) {
    const setup = await api<{ clientSecret: string; setupIntentId: string; publishableKey: string; stripeApiUrl: string }>(stack, token, 'POST', '/payment/setup-intent');
    const stripe = (path: string, params: Record<string, string>) => callAsBrowser(setup.stripeApiUrl, setup.publishableKey, path, params);
    const pm = await stripe('/v1/payment_methods', testCard('4242424242424242'));
    await stripe(`/v1/setup_intents/${setup.setupIntentId}/confirm`, { payment_method: pm.body.id, client_secret: setup.clientSecret });
    await eventually(
      async () => {
        const method = await api<{ status: string }>(stack, token, 'GET', '/payment/method');
        if (method.status !== 'verified') throw new Error(`card ${method.status}`);
      },
      { until: anyAnswer, timeoutMs: 10_000, intervalMs: 100 },
    );
  }
  return { user, token };
}

/**
 * Types `amount` and walks the bid modal: the first bid of a session chooses Stripe (the saved card), checks
 * it and confirms; later ones open straight at CONFIRM YOUR BID. Leaves the modal on its success panel.
 */
export async function placeBidInBrowser(page: Page, amount: string, { screenshots }: { screenshots?: string } = {}): Promise<void> {
  await page.fill('[data-testid=bid-input]', amount);
  await page.click('[data-testid=place-bid]');
  const choice = page.locator('[data-testid=checkout-step-checkout]');
  const confirm = page.locator('[data-testid=checkout-step-congratulations]');
  await choice.or(confirm).first().waitFor();
  if (await choice.isVisible()) {
    if (screenshots) await keepScreenshot(page.locator('[data-testid=bid-checkout]'), `${screenshots}-1-choice`);
    await page.check('[data-testid=pay-choice-stripe]');
    await page.click('[data-testid=checkout-continue]');
    await page.locator('[data-testid=checkout-saved-card]').waitFor();
    if (screenshots) await keepScreenshot(page.locator('[data-testid=bid-checkout]'), `${screenshots}-2-details`);
    await page.click('[data-testid=checkout-continue]');
    await confirm.waitFor();
  }
  if (screenshots) await keepScreenshot(page.locator('[data-testid=bid-checkout]'), `${screenshots}-3-confirm`);
  await page.click('[data-testid=checkout-confirm]');
  await page.locator('[data-testid=checkout-placed]').waitFor();
  if (screenshots) await keepScreenshot(page.locator('[data-testid=bid-checkout]'), `${screenshots}-4-placed`);
}
