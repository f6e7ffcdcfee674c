/**
 * The connect-wallet modal's EVM tab where nothing answers, and the linked wallets once they are: in a browser with
 * no Ethereum extension, MetaMask and Trust Wallet say at once that they are not installed, with their install
 * pages, and WalletConnect (whose relay this machine cannot reach) fails inline instead of hanging, the other
 * options usable again. A Bitcoin wallet linked by a signed-in user is listed on the profile (payment and ordinals
 * addresses, each with its balance from the Bitcoin stand-in's Esplora), and the header's dropdown shows the balance.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { openSignedIn } from '../support/account-browser.ts';
import { injectBitcoinWallet } from '../support/bitcoin-test-wallets.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startBitcoinStack(),
  (stack) => stack.api.url,
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function evmTab(page: Page) {
  await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent('/auctions')}&tab=evm`);
  await byTestId(page, 'wallet-option-walletConnect').waitFor();
}

describe('Connecting an EVM wallet that cannot answer', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('MetaMask and Trust Wallet, not installed, say so with their install link, and nothing waits', async () => {
    const { page } = await newPage(suite.browser); // no window.ethereum: no extension at all
    await evmTab(page);
    for (const [id, name] of [
      ['metaMask', 'MetaMask'],
      ['trust', 'Trust Wallet'],
    ] as const) {
      await byTestId(page, `wallet-option-${id}`).click();
      await page.locator('[data-testid=wallet-error]', { hasText: fill(walletMessages.evmMissing, { wallet: name }) }).waitFor();
      assert.equal(await byTestId(page, 'wallet-error').textContent(), `${name} not installed. Please install it first.`);
      const install = byTestId(page, 'wallet-error-install');
      assert.equal(await install.textContent(), `Install ${name}`);
      assert.equal(await install.getAttribute('target'), '_blank');
      assert.match((await install.getAttribute('href'))!, /^https:\/\//);
      assert.equal(await byTestId(page, 'wallet-connecting').count(), 0);
      assert.equal(await byTestId(page, `wallet-download-${id}`).count(), 1);
    }
  });

  it('WalletConnect without its relay fails inline, and the other options are usable again', async () => {
    const { page } = await newPage(suite.browser);
    await evmTab(page);
    await byTestId(page, 'wallet-option-walletConnect').click();
    const error = page.locator('[data-testid=wallet-error]', { hasText: 'Failed to connect WalletConnect' });
    await error.waitFor({ timeout: 30_000 });
    assert.equal(await byTestId(page, 'wallet-connecting').count(), 0);
    assert.equal(await byTestId(page, 'wallet-option-metaMask').isEnabled(), true);
    // Another option answers at once after it.
    await byTestId(page, 'wallet-option-metaMask').click();
    await page.locator('[data-testid=wallet-error]', { hasText: fill(walletMessages.evmMissing, { wallet: 'MetaMask' }) }).waitFor();
  });
});

describe('Linked wallets and their balances', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('the profile lists the linked Xverse addresses with their balances, and the wallet dropdown shows the balance', async () => {
    const { api, dev } = suite.stack;
    const user = await createUser(api.db, 'ready');
    const { page } = await newPage(suite.browser);
    const wallet = await injectBitcoinWallet(page, 'xverse', 'regtest');
    await dev.faucet(wallet.payment, 150_000);
    await dev.faucet(wallet.payment, 25_000);

    await openSignedIn(page, suite.dapp.url, await signIn(api.url, user.email), `/connect-wallet?returnUrl=${encodeURIComponent('/profile')}`);
    await byTestId(page, 'wallet-option-xverse').click();
    await page.waitForURL((url) => url.pathname === '/profile');

    const rows = byTestId(page, 'profile-wallet');
    await page.locator('[data-testid=profile-wallet]').nth(1).waitFor();
    const row = (address: string) => page.locator(`[data-testid=profile-wallet][data-address="${address}"]`);
    for (const [address, purpose, balance] of [
      [wallet.payment, 'Payment', '175,000 sats (0.00175 BTC)'],
      [wallet.ordinals, 'Ordinals', '0 sats (0 BTC)'],
    ] as const) {
      assert.equal(await row(address).locator('[data-testid=profile-wallet-type]').textContent(), 'Xverse');
      assert.equal(await row(address).locator('[data-testid=profile-wallet-address]').textContent(), short(address));
      assert.match((await row(address).locator('[data-testid=profile-wallet-purpose]').textContent())!, new RegExp(`^${purpose}`));
      await row(address).locator('[data-testid=wallet-balance]', { hasText: balance }).waitFor();
    }
    assert.equal(await rows.count(), 2);

    await byTestId(page, 'header-wallet').click();
    await byTestId(page, 'wallet-dropdown').locator('[data-testid=wallet-balance]', { hasText: '175,000 sats (0.00175 BTC)' }).waitFor();
  });
});
