/**
 * A binding Bitcoin bid in a real browser against the Bitcoin stand-in, the api and its worker: a lot that
 * requires vault bids says so, a bidder with the fake Xverse opens and funds their vault, bids from it with one
 * script-path signature (the ordinals key on the cooperative leaf), the lot ends, the seller co-signs their
 * inscription input in the browser, Gavel's worker co-signs the vault input with G and sends the swap, and one
 * block makes it "Auction Complete" with the inscription at the winner's ordinals address.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { displayAmount, messages, psbtMessages } from '@gavel/domain';
import { closeLot } from '../../api/src/closing/close-lot.ts';
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

/** A bidder with `kind` connected on My wallet, their vault opened there and funded with `sats` (confirmed by a block). */
async function fundedVaultBidder(kind: 'xverse' | 'leather', sats: number) {
  const { api, btc, dev } = suite.stack;
  const { page } = await newPage(suite.browser);
  const wallet = await injectBitcoinWallet(page, kind, 'regtest', { esploraUrl: btc.esploraUrl });
  await connect(page, kind, await createUser(api.db, 'ready'), '/profile');
  await byTestId(page, 'vault-open').click();
  const vaultAddress = (await byTestId(page, 'vault-address').textContent())!;
  await dev.faucet(vaultAddress, sats);
  await dev.mine(1);
  return { page, wallet, vaultAddress };
}

/** PLACE BID from the vault: the checkout's Bitcoin choice, one signature, the bid placed. */
async function bidFromVault(page: Page, sats: number) {
  await byTestId(page, 'bid-input').fill(String(sats));
  await byTestId(page, 'place-bid').click();
  await byTestId(page, 'pay-choice-bitcoin').check();
  await byTestId(page, 'checkout-continue').click();
  await byTestId(page, 'checkout-bitcoin-bid').click();
  await waitForToast(page, messages.bids.placed, 30_000);
  await byTestId(page, 'checkout-done').click();
}

describe('binding Bitcoin bids', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('a bid from the vault, signed once, wins and settles with the seller’s and Gavel’s co-signatures', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;

    // The bidder opens their vault on My wallet and funds it (here by the faucet, confirmed by a block).
    const { page } = await newPage(suite.browser);
    const wallet = await injectBitcoinWallet(page, 'xverse', 'regtest', { esploraUrl: btc.esploraUrl });
    const bidder = await createUser(api.db, 'ready');
    await connect(page, 'xverse', bidder, '/profile');
    await byTestId(page, 'vault-section')
      .waitFor({ timeout: 10_000 })
      .catch(() => page.reload());
    await byTestId(page, 'vault-open').click();
    const vaultAddress = (await byTestId(page, 'vault-address').textContent())!;
    await dev.faucet(vaultAddress, 60_000);
    await dev.mine(1);

    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'leather', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the binding inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals, vaultBidsRequired: true } });

    await page.goto(`${suite.dapp.url}${lotPath}`);
    await byTestId(page, 'lot-binding-bids').filter({ hasText: 'Binding Bitcoin bids' }).waitFor();
    await byTestId(page, 'bid-input').fill('10000');
    await byTestId(page, 'place-bid').click();
    await byTestId(page, 'pay-choice-bitcoin').check();
    await byTestId(page, 'checkout-continue').click();
    await byTestId(page, 'checkout-bitcoin-bid').click();
    await waitForToast(page, messages.bids.placed, 30_000);
    const placed = await api.db.prisma.bid.findFirstOrThrow({ where: { lotId: lot.id } });
    assert.equal(placed.amount.toFixed(0), '10000');
    assert.equal((await api.db.prisma.vaultCommitment.findMany({ where: { bidId: placed.id } })).length, 1);
    await byTestId(page, 'checkout-done').click();
    assert.equal(await byTestId(page, 'lot-current-bid').textContent(), displayAmount(10_000n, 'sats'));

    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(api.db.prisma, lot.id)).closed, true);

    await connect(sellerPage, 'leather', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    const txid = (await byTestId(sellerPage, 'btc-settlement-txid').textContent())!;
    assert.match(txid, /^[0-9a-f]{64}$/);
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, wallet.ordinals);
  });

  it('Leather and Xverse bidders: fund, bid, be outbid (the vault stays whole), bid again, win and settle; the outbid bidder withdraws at once', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;
    const a = await fundedVaultBidder('leather', 60_000);
    const b = await fundedVaultBidder('xverse', 40_000);
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'xverse', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the inscription two vaults bid on');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals, vaultBidsRequired: true } });

    for (const bidder of [a, b]) await bidder.page.goto(`${suite.dapp.url}${lotPath}`);
    await bidFromVault(a.page, 10_000);
    await bidFromVault(b.page, 10_100);
    await byTestId(a.page, 'outbid-banner').waitFor({ timeout: 20_000 });
    await bidFromVault(a.page, 10_200);
    await byTestId(b.page, 'outbid-banner').waitFor({ timeout: 20_000 });
    const bids = await api.db.prisma.bid.findMany({ where: { lotId: lot.id }, orderBy: { amount: 'asc' }, select: { amount: true, status: true } });
    assert.deepEqual(
      bids.map((x) => [x.amount.toFixed(0), x.status]),
      [
        ['10000', 'outbid'],
        ['10100', 'outbid'],
        ['10200', 'active'],
      ],
    );

    // Outbid cost B nothing: their whole vault is free again, and one prompt takes it out while the sale goes on.
    await b.page.goto(`${suite.dapp.url}/profile`);
    await byTestId(b.page, 'vault-balance-free').filter({ hasText: '40,000 sats' }).waitFor({ timeout: 20_000 });
    assert.equal(await byTestId(b.page, 'vault-balance-committed').textContent(), '0 sats');
    await byTestId(b.page, 'vault-withdraw').click();
    await byTestId(b.page, 'vault-note')
      .filter({ hasText: /^Withdrawn: [\d,]+ sats sent/ })
      .waitFor({ timeout: 40_000 });
    const withdrawal = await api.db.prisma.vaultWithdrawal.findFirstOrThrow({ where: { status: 'broadcast' } });
    const sent = (await (await fetch(`${btc.esploraUrl}/tx/${withdrawal.txid}`)).json()) as { vout: Array<{ scriptpubkey_address: string; value: number }> };
    assert.equal(sent.vout[0]?.scriptpubkey_address, b.wallet.ordinals);

    // A's vault backs the winning bid: committed, not free, until the swap.
    await a.page.goto(`${suite.dapp.url}/profile`);
    await byTestId(a.page, 'vault-balance-committed')
      .filter({ hasText: /^[1-9][\d,]* sats$/ })
      .waitFor({ timeout: 20_000 });

    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(api.db.prisma, lot.id)).closed, true);
    await connect(sellerPage, 'xverse', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, a.wallet.ordinals);
  });
});
