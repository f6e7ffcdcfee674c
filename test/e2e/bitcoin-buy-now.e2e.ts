/**
 * BUY NOW on a BTC lot in a real browser against the local Bitcoin (the stand-in): the buyer's Xverse wallet signs
 * an offer at the Buy Now price; turned down, nothing is bought and the modal says why; signed, the lot ends with
 * that offer winning. The buyer's cart then says the seller's signature is due and by when; the seller co-signs in
 * the browser, the swap is sent, and once a block confirms it the cart counts the confirmation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { psbtMessages } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { connectBitcoinWallet, waitForToast } from '../support/account-browser.ts';
import { injectBitcoinWallet } from '../support/bitcoin-test-wallets.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { createLot } from '../support/lots.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startBitcoinStack({ BITCOIN_FOLLOW_MS: '200', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' }),
  (stack) => stack.api.url,
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

async function connect(page: Page, kind: 'xverse' | 'leather', user: { email: string }, returnPath: string) {
  await connectBitcoinWallet(page, suite.dapp.url, await signIn(suite.stack.api.url, user.email), kind, returnPath);
}

describe('Buy Now on a Bitcoin lot', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('the Xverse wallet signs an offer at the Buy Now price: the lot ends, and the cart follows the swap from the seller’s deadline to its confirmation', async () => {
    const { api, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'leather', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the buy now inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals, buyNowEnabled: true, buyNowPrice: '50000' } });

    const buyer = await createUser(api.db, 'ready');
    const { page } = await newPage(suite.browser);
    const wallet = await injectBitcoinWallet(page, 'xverse', 'regtest');
    await connect(page, 'xverse', buyer, lotPath);
    await dev.faucet(wallet.payment, 600);
    await dev.faucet(wallet.payment, 200_000);
    await page.reload();

    // A Bitcoin lot is bought with the wallet, never added to the cart on credit.
    assert.equal(await byTestId(page, 'add-to-cart').count(), 0);
    await byTestId(page, 'buy-now').click();

    // Turned down in the wallet: nothing is bought, the modal says why and offers to try again.
    wallet.refuseSigning(true);
    await byTestId(page, 'buy-now-sign').click();
    await byTestId(page, 'buy-now-failed').waitFor({ timeout: 30_000 });
    assert.match((await byTestId(page, 'buy-now-failed').textContent()) ?? '', new RegExp(`Not bought: (${walletMessages.xversePaymentRejected}|${walletMessages.psbtCancelled})`));
    assert.equal((await api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).status, 'live');

    wallet.refuseSigning(false);
    await byTestId(page, 'buy-now-sign').click();
    await byTestId(page, 'buy-now-done').waitFor({ timeout: 30_000 });
    // Nothing is paid yet, and the page does not say it is.
    assert.doesNotMatch((await byTestId(page, 'buy-now-done').textContent()) ?? '', /Thank you for your payment/);
    const ended = await api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    assert.equal(ended.status, 'ended');
    assert.equal(ended.winnerId, buyer.id);
    assert.equal(ended.winnerWalletAddress, wallet.payment);
    assert.ok(ended.winningBidId);

    await byTestId(page, 'buy-now-view-cart').click();
    await page.waitForURL((url) => url.pathname === '/cart');
    const swapNote = byTestId(page, 'cart-item-swap');
    await swapNote.waitFor({ timeout: 20_000 });
    assert.match((await swapNote.textContent()) ?? '', /^Waiting for the seller's signature, due \d{1,2} \w{3} \d{4}, \d\d:\d\d \S+$/);

    // The seller co-signs the winning offer from the lot page: the swap is sent.
    await connect(sellerPage, 'leather', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    await page.reload();
    await page.locator('[data-testid=cart-item-swap]', { hasText: 'Sent, 0 of 1 confirmations' }).waitFor({ timeout: 20_000 });

    // One block confirms it; the worker's follower marks the lot paid and the cart counts the confirmation.
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    await page.reload();
    await page.locator('[data-testid=cart-item-swap]', { hasText: 'Sent, 1 of 1 confirmations' }).waitFor({ timeout: 20_000 });
    const inscription = (await (await fetch(`${suite.stack.btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, wallet.ordinals);
  });
});
