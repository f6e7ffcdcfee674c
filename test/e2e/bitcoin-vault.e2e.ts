/**
 * A bidder's vault in a real browser against the Bitcoin stand-in, with the fake Xverse: open the vault from My
 * wallet, fund it with the wallet's sendTransfer (one prompt), see the balance once a block confirms it (with the
 * date it holds until, its time zone named), and withdraw it with one script-path signature that Gavel's worker
 * co-signs and broadcasts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openSignedIn } from '../support/account-browser.ts';
import { injectBitcoinWallet } from '../support/bitcoin-test-wallets.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startBitcoinStack({ RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' }),
  (stack) => stack.api.url,
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

describe('the Bitcoin vault on My wallet', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('opens, is funded from the wallet, shows the confirmed balance and its exit date, and withdraws', async () => {
    const { api, btc, dev } = suite.stack;
    const user = await createUser(api.db, 'ready');
    const { page } = await newPage(suite.browser);
    const wallet = await injectBitcoinWallet(page, 'xverse', 'regtest', { esploraUrl: btc.esploraUrl });
    await dev.faucet(wallet.payment, 200_000);
    await openSignedIn(page, suite.dapp.url, await signIn(api.url, user.email), `/connect-wallet?returnUrl=${encodeURIComponent('/profile')}`);
    await byTestId(page, 'wallet-option-xverse').click();
    await page.waitForURL((url) => url.pathname === '/profile');

    // The vault section shows once the linked wallets (with the ordinals address) are listed.
    await byTestId(page, 'vault-section')
      .waitFor({ timeout: 10_000 })
      .catch(() => page.reload());
    await byTestId(page, 'vault-open').click();
    const address = (await byTestId(page, 'vault-address').textContent())!;
    assert.match(address, /^bcrt1p/);
    assert.match((await byTestId(page, 'vault-descriptor').textContent())!, /^tr\(50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0,\{and_v\(v:pk\(/);

    await byTestId(page, 'vault-fund-amount').fill('50000');
    await byTestId(page, 'vault-fund').click();
    await byTestId(page, 'vault-note').filter({ hasText: 'it counts once confirmed' }).waitFor();
    await page.reload();
    await byTestId(page, 'vault-balance-pending').filter({ hasText: '50,000 sats' }).waitFor();
    assert.equal(await byTestId(page, 'vault-balance-free').textContent(), '0 sats');

    await dev.mine(1);
    await page.reload();
    await byTestId(page, 'vault-balance-free').filter({ hasText: '50,000 sats' }).waitFor();
    assert.equal(await byTestId(page, 'vault-balance-confirmed').textContent(), '50,000 sats');
    assert.equal(await byTestId(page, 'vault-balance-committed').textContent(), '0 sats');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    assert.ok((await byTestId(page, 'vault-exit-date').textContent())!.includes(`(${zone})`));

    await byTestId(page, 'vault-withdraw').click();
    await byTestId(page, 'vault-note').filter({ hasText: 'Withdrawn' }).waitFor({ timeout: 30_000 });
    const withdrawal = await api.db.prisma.vaultWithdrawal.findFirstOrThrow({ where: { userId: user.id } });
    assert.equal(withdrawal.status, 'broadcast');
    assert.equal(withdrawal.toAddress, wallet.ordinals);
    const tx = (await (await fetch(`${btc.esploraUrl}/tx/${withdrawal.txid}`)).json()) as { vin: Array<{ witness: string[] }> };
    assert.equal(tx.vin[0]!.witness.length, 4);
  });
});
