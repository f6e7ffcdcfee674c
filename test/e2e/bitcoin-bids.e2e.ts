/**
 * A BTC lot in a real browser against the local Bitcoin (the stand-in: a real UTXO set, every signature checked
 * by an independent verifier): two bidders with fake Xverse and Leather providers that sign with test keys bid
 * signed offers from the lot page, one outbids the other, the lot ends, the seller co-signs the winning offer in
 * the browser, the stand-in accepts the swap, the inscription is at the winner's ordinals address, and the page
 * says "Auction Complete" with the swap's hash. The same for a BTC lot marked on-chain (its on-chain side is that
 * swap, not the auction house), whose admin screen shows the inscription and no contract actions. A maximum from
 * the Xverse wallet, signed as a ladder of offers in one request: a lower offer is outbid at once, and the swap pays
 * the seller the step the lot was won at. And a winning offer spent before the seller co-signs: the winner signs a
 * fresh claim in the browser and the seller completes that one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { displayAmount, messages, psbtMessages } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { deliveryAddressOf } from '../../api/src/bitcoin-settlement/inscription-delivery.ts';
import { connectBitcoinWallet, waitForToast } from '../support/account-browser.ts';
import { injectBitcoinWallet } from '../support/bitcoin-test-wallets.ts';
import { spend } from '../support/bitcoin-wallet.ts';
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

/** A page of `user`, signed in, whose fake `kind` wallet is connected (and linked by BIP-322) through the connect-wallet modal. */
async function withWallet(kind: 'xverse' | 'leather', user: { email: string }, returnPath: string) {
  const { page } = await newPage(suite.browser);
  const wallet = await injectBitcoinWallet(page, kind, 'regtest');
  await connect(page, kind, user, returnPath);
  return { page, wallet };
}

async function connect(page: Page, kind: 'xverse' | 'leather', user: { email: string }, returnPath: string) {
  await connectBitcoinWallet(page, suite.dapp.url, await signIn(suite.stack.api.url, user.email), kind, returnPath);
}

/** PLACE BID, then the checkout's Bitcoin choice: the api builds the offer, the wallet signs it, the api places it. */
async function bid(page: Page, sats: number) {
  await byTestId(page, 'bid-input').fill(String(sats));
  await byTestId(page, 'place-bid').click();
  await byTestId(page, 'pay-choice-bitcoin').check();
  await byTestId(page, 'checkout-continue').click();
  await byTestId(page, 'checkout-bitcoin-bid').click();
}

describe('Bitcoin lots', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('two wallets bid signed offers, the seller co-signs, one swap pays the seller and moves the inscription: Auction Complete', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;

    // Bidder A with Xverse, bidder B with Leather: each wallet holds a dummy-sized output and its payment funds.
    const a = await withWallet('xverse', await createUser(api.db, 'ready'), lotPath);
    const b = await withWallet('leather', await createUser(api.db, 'ready'), lotPath);
    for (const bidder of [a, b]) {
      await dev.faucet(bidder.wallet.payment, 600);
      await dev.faucet(bidder.wallet.payment, 200_000);
      // Connecting proved the wallet's ordinals (taproot) address too: where an inscription won by card goes.
      const ordinals = await api.db.prisma.wallet.findUniqueOrThrow({ where: { address: bidder.wallet.ordinals } });
      assert.equal(ordinals.purpose, 'ordinals');
      assert.equal(await deliveryAddressOf(api.db.prisma, ordinals.userId), bidder.wallet.ordinals);
    }
    // The seller's wallet holds the inscription; the seller's page connects it once the lot has ended.
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'leather', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the e2e inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals } });
    for (const bidder of [a, b]) await bidder.page.reload();

    await bid(a.page, 10_000);
    await waitForToast(a.page, messages.bids.placed, 30_000);
    await byTestId(a.page, 'checkout-done').click();
    assert.equal(await byTestId(a.page, 'lot-current-bid').textContent(), displayAmount(10_000n, 'sats'));

    // B turns the signature down first: the offer is not placed, and the page says so.
    b.wallet.refuseSigning(true);
    await bid(b.page, 10_100);
    await waitForToast(b.page, messages.bids.signFailed, 30_000);
    assert.equal(await b.page.locator('[data-testid=toast]', { hasText: walletMessages.psbtCancelled }).count(), 1);
    // The checkout keeps the reason beside the button after the toast has gone.
    assert.equal(await byTestId(b.page, 'checkout-bitcoin-error').textContent(), `${messages.bids.placementFailed}: ${walletMessages.psbtCancelled}`);
    b.wallet.refuseSigning(false);
    await byTestId(b.page, 'checkout-bitcoin-bid').click();
    await waitForToast(b.page, messages.bids.placed, 30_000);
    // A is told at once on the open page (the lot's: by its banner).
    await byTestId(a.page, 'outbid-banner').waitFor({ timeout: 20_000 });

    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(api.db.prisma, lot.id)).closed, true);

    // The seller with another wallet connected: it is not the seller address, so it cannot sign.
    const other = await withWallet('xverse', sellerUser, lotPath);
    await byTestId(other.page, 'btc-settlement-wallet').filter({ hasText: psbtMessages.walletMismatch }).waitFor({ timeout: 20_000 });
    assert.equal(await byTestId(other.page, 'btc-seller-sign').isDisabled(), true);

    await connect(sellerPage, 'leather', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    const txid = (await byTestId(sellerPage, 'btc-settlement-txid').textContent())!;
    assert.match(txid, /^[0-9a-f]{64}$/);

    // The stand-in took the swap (every input's signature verified); one block confirms it.
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    assert.equal(await byTestId(sellerPage, 'settlement-complete').textContent(), 'Auction Complete');
    assert.match((await byTestId(sellerPage, 'transfer-status').textContent()) ?? '', new RegExp(txid));

    const swap = (await (await fetch(`${btc.esploraUrl}/tx/${txid}`)).json()) as { status: { confirmed: boolean }; vout: Array<{ scriptpubkey_address: string; value: number }> };
    assert.equal(swap.status.confirmed, true);
    assert.deepEqual(swap.vout[1], { ...swap.vout[1], scriptpubkey_address: sellerWallet.ordinals, value: 10_100 });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, b.wallet.ordinals);
  });

  it('a BTC lot marked on-chain is bid from Xverse and Leather (never the Ethereum flow); the admin sees its inscription, no contract actions; the seller co-signs the swap', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', onchain: true, startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;
    const a = await withWallet('xverse', await createUser(api.db, 'ready'), lotPath);
    const b = await withWallet('leather', await createUser(api.db, 'ready'), lotPath);
    for (const bidder of [a, b]) {
      await dev.faucet(bidder.wallet.payment, 600);
      await dev.faucet(bidder.wallet.payment, 200_000);
    }
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'leather', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the on-chain lot inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals } });
    for (const bidder of [a, b]) await bidder.page.reload();

    // Each page bids from its own Bitcoin wallet; PLACE BID opens the checkout, never the Ethereum card modal.
    assert.match((await byTestId(a.page, 'wallet-status').textContent()) ?? '', /^Xverse wallet /);
    assert.match((await byTestId(b.page, 'wallet-status').textContent()) ?? '', /^Leather wallet /);
    await bid(a.page, 10_000);
    await waitForToast(a.page, messages.bids.placed, 30_000);
    await byTestId(a.page, 'checkout-done').click();
    await bid(b.page, 10_100);
    await waitForToast(b.page, messages.bids.placed, 30_000);
    for (const bidder of [a, b]) assert.equal(await byTestId(bidder.page, 'onchain-card-bid').count(), 0);
    await byTestId(a.page, 'outbid-banner').waitFor({ timeout: 20_000 });
    const offers = await api.db.prisma.bid.findMany({ where: { lotId: lot.id }, orderBy: { amount: 'asc' } });
    assert.deepEqual(
      offers.map((o) => [o.walletAddress, o.status, Boolean(o.signedPsbtHex)]),
      [
        [a.wallet.payment, 'outbid', true],
        [b.wallet.payment, 'active', true],
      ],
    );

    // The admin lot screen: the inscription and the seller address, and none of the contract's actions.
    const { page: adminPage } = await newPage(suite.browser);
    await adminPage.addInitScript(`localStorage.setItem('admin_token', ${JSON.stringify(await signIn(api.url, (await createUser(api.db, 'admin')).email))})`);
    await adminPage.goto(`${suite.dapp.url}/s/admin/auctions/${lot.auctionEventId}/lots/${lot.id}`);
    assert.equal(await byTestId(adminPage, 'bitcoin-lot-inscription').textContent(), inscriptionId);
    assert.equal(await byTestId(adminPage, 'bitcoin-lot-seller').textContent(), sellerWallet.ordinals);
    assert.equal(await byTestId(adminPage, 'onchain-lot-panel').count(), 0);
    assert.equal(await adminPage.getByText('Mint NFT').count(), 0);

    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(api.db.prisma, lot.id)).closed, true);
    await connect(sellerPage, 'leather', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, b.wallet.ordinals);
  });

  it('a maximum from the Xverse wallet is a ladder of offers signed at once; a lower offer is outbid at once; the swap pays the step won at', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;
    const a = await withWallet('xverse', await createUser(api.db, 'ready'), lotPath);
    const b = await withWallet('leather', await createUser(api.db, 'ready'), lotPath);
    for (const bidder of [a, b]) {
      await dev.faucet(bidder.wallet.payment, 600);
      await dev.faucet(bidder.wallet.payment, 200_000);
    }
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'leather', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the ladder lot inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals } });
    for (const bidder of [a, b]) await bidder.page.reload();

    // A bids 10,000 sats with a maximum of 20,000 from the wallet: the checkout says what the wallet will sign (the
    // steps between are drawn by the api when it builds them, so it tells their number, not where they are).
    await byTestId(a.page, 'bid-input').fill('10000');
    await byTestId(a.page, 'maximum-toggle').check();
    await byTestId(a.page, 'maximum-input').fill('20000');
    await byTestId(a.page, 'place-bid').click();
    await byTestId(a.page, 'pay-choice-bitcoin').check();
    await byTestId(a.page, 'checkout-continue').click();
    assert.match(
      (await byTestId(a.page, 'checkout-bitcoin-ladder').textContent()) ?? '',
      /sign 5 offers: one at your amount \(10,000 sats\), one at your maximum \(20,000 sats\), and 3 at steps in between that Gavel draws at random.*only one can ever be paid/,
    );
    await byTestId(a.page, 'checkout-bitcoin-bid').click();
    await waitForToast(a.page, messages.bids.placed, 30_000);
    assert.match(await byTestId(a.page, 'checkout-placed').innerText(), /up to your maximum of 20,000 sats/);
    await byTestId(a.page, 'checkout-done').click();
    const ladder = (await api.db.prisma.btcOffer.findMany({ where: { lotId: lot.id }, orderBy: { amount: 'asc' } })).map((offer) => Number(offer.amount.toFixed(0)));
    assert.deepEqual([ladder.length, ladder[0], ladder.at(-1)], [5, 10_000, 20_000]);
    // The lowest step at or above 16,100, which B's 16,000 needs A to show.
    const won = ladder.find((step) => step >= 16_100)!;

    // B's offer of 16,000 is placed and outbid at once: A leads at the lowest step that beats it.
    await bid(b.page, 16_000);
    await waitForToast(b.page, messages.bids.outbidByMaximum, 30_000);
    assert.equal(await byTestId(b.page, 'checkout-placed-message').textContent(), messages.bids.outbidLead);
    assert.ok((await byTestId(b.page, 'checkout-placed').innerText()).includes(`the price is now ${displayAmount(BigInt(won), 'sats')}`));
    await byTestId(b.page, 'checkout-done').click();
    await a.page.waitForFunction((expected) => document.querySelector('[data-testid=lot-current-bid]')?.textContent === expected, displayAmount(BigInt(won), 'sats'), { timeout: 20_000 });
    assert.equal(await byTestId(a.page, 'outbid-banner').count(), 0);

    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    assert.equal((await closeLot(api.db.prisma, lot.id)).closed, true);
    await connect(sellerPage, 'leather', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    const txid = (await byTestId(sellerPage, 'btc-settlement-txid').textContent())!;
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });

    // The swap is that step's offer: the seller is paid that, and the inscription is A's.
    const swap = (await (await fetch(`${btc.esploraUrl}/tx/${txid}`)).json()) as { vout: Array<{ scriptpubkey_address: string; value: number }> };
    assert.deepEqual(swap.vout[1], { ...swap.vout[1], scriptpubkey_address: sellerWallet.ordinals, value: won });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, a.wallet.ordinals);
  });

  it('a winning offer spent since the bid is refused at co-sign; the winner signs a fresh claim and the seller completes it', async () => {
    const { api, btc, dev } = suite.stack;
    const sellerUser = await createUser(api.db, 'seller');
    const lot = await createLot(api.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    const lotPath = `/auctions/${lot.id}`;
    const winner = await withWallet('leather', await createUser(api.db, 'ready'), lotPath);
    await dev.faucet(winner.wallet.payment, 600);
    const coins = await dev.faucet(winner.wallet.payment, 200_000);
    // This time the seller signs with Xverse.
    const { page: sellerPage } = await newPage(suite.browser);
    const sellerWallet = await injectBitcoinWallet(sellerPage, 'xverse', 'regtest');
    const { inscriptionId } = await dev.inscribe(sellerWallet.ordinals, 'the claimed inscription');
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: sellerWallet.ordinals } });
    await winner.page.reload();
    await bid(winner.page, 10_000);
    await waitForToast(winner.page, messages.bids.placed, 30_000);
    await api.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    await closeLot(api.db.prisma, lot.id);

    // The winner's wallet spends the coins its offer used, back to itself.
    const spent = spend(winner.wallet.keys.payment, [{ ...coins, value: 200_000 }], [{ address: winner.wallet.payment, value: 190_000 }], 1_000);
    assert.equal((await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spent.toHex() })).status, 200);

    await connect(sellerPage, 'xverse', sellerUser, lotPath);
    await byTestId(sellerPage, 'btc-seller-sign').click();
    await sellerPage.locator('[data-testid=toast-title]', { hasText: 'The winning offer is no longer valid' }).waitFor({ timeout: 30_000 });

    await winner.page.reload();
    await byTestId(winner.page, 'winner-claim-sign').click();
    await waitForToast(winner.page, psbtMessages.claimed, 30_000);

    await byTestId(sellerPage, 'btc-seller-sign').click();
    await waitForToast(sellerPage, psbtMessages.broadcast, 30_000);
    await dev.mine();
    await byTestId(sellerPage, 'settlement-complete').waitFor({ timeout: 30_000 });
    const inscription = (await (await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } })).json()) as { address: string };
    assert.equal(inscription.address, winner.wallet.ordinals);
  });
});
