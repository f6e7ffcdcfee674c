/**
 * Wallets in a real browser against anvil, the api and the Ponder indexer: a test EVM wallet (an injected
 * EIP-1193 provider signing with anvil keys, test/support/evm-test-wallet.ts) connected through the connect-wallet
 * modal's EVM tab; the header's 6+4 address, the dropdown's copy and disconnect, the wallet followed across tabs; an ETH
 * lot bid on chain from the lot page, outbid by another account, settled, and the refund withdrawn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { formatEther, parseEther, type Hex } from 'viem';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, linkLot, startChainStack } from '../support/chain.ts';
import { openSignedIn, TOKEN_KEY, waitForToast } from '../support/account-browser.ts';
import { injectBitcoinWallet } from '../support/bitcoin-test-wallets.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { injectEvmWallet } from '../support/evm-test-wallet.ts';
import { createUser, signIn } from '../support/users.ts';
import { startRecordedStripe, userWithCard } from '../support/card-payments.ts';
import { privateKeyToAccount } from 'viem/accounts';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { createLot } from '../support/lots.ts';

/** anvil, api (with the relayer, anvil account 9), Ponder, and the Stripe stand-in for card bids on on-chain lots. */
async function startStack() {
  const stripe = await startRecordedStripe();
  try {
    const chain = await startChainStack('postgres', { ...stripe.env(), RELAYER_SWEEP_MS: '100' });
    return {
      ...chain,
      stripe,
      stop: async () => {
        await chain.stop();
        await stripe.stop();
      },
    };
  } catch (error) {
    await stripe.stop();
    throw error;
  }
}
const suite = browserSuite(startStack, (stack) => stack.api.url);
const RELAYER = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9] as Hex).address;
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const RESERVE = parseEther('0.01');

/** A page whose `window.ethereum` is anvil account `account`. */
async function walletPage(account: number, context?: BrowserContext) {
  const opened = context ? { context, page: await context.newPage() } : await newPage(suite.browser);
  const { address } = await injectEvmWallet(opened.page, { rpcUrl: suite.stack.rpcUrl, privateKey: ANVIL_PRIVATE_KEYS[account] as Hex });
  return { ...opened, address };
}

/** The connect-wallet modal's EVM tab, Trust Wallet; back on `returnUrl` once connected. */
async function connectTrust(page: Page, returnUrl: string) {
  await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent(returnUrl)}&tab=evm`);
  await byTestId(page, 'wallet-option-trust').click();
  await page.waitForURL((url) => url.pathname === returnUrl.split('?')[0]);
}

describe('EVM wallets', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('lists both tabs of the connect-wallet modal, connects Trust Wallet, and shows it in the header of every tab until disconnected', async () => {
    const { context, page, address } = await walletPage(2);
    await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent('/auctions')}`);
    const modal = byTestId(page, 'connect-wallet-modal');
    await byTestId(page, 'wallet-option-leather').waitFor();
    assert.deepEqual(await modal.locator('.connect-wallet__option').allInnerTexts(), ['Leather\nPopular', 'Xverse Wallet']);
    // No Bitcoin wallet in this browser: download arrows, and the spec's message when picked anyway.
    await byTestId(page, 'wallet-download-leather').waitFor();
    assert.equal(await byTestId(page, 'wallet-download-leather').getAttribute('target'), '_blank');
    await byTestId(page, 'wallet-option-leather').click();
    assert.equal(await byTestId(page, 'wallet-error').textContent(), walletMessages.leatherMissing);

    await byTestId(page, 'wallet-tab-evm').click();
    assert.deepEqual(await modal.locator('.connect-wallet__option').allInnerTexts(), ['Trust Wallet\nPopular', 'MetaMask\nRecent', 'Rainbow', 'Base Account', 'WalletConnect']);
    // Trust Wallet is "installed" (the test provider), MetaMask and Rainbow extensions are not.
    await byTestId(page, 'wallet-download-metaMask').waitFor();
    assert.equal(await byTestId(page, 'wallet-download-trust').count(), 0);

    await byTestId(page, 'wallet-option-trust').click();
    await page.waitForURL(/\/auctions$/);
    const header = byTestId(page, 'header-wallet');
    assert.equal(await header.textContent(), `${address.slice(0, 6)}…${address.slice(-4)}`);

    // A second tab of the same browser shows it too, and follows the disconnect made in the first.
    const other = await context.newPage();
    await other.goto(`${suite.dapp.url}/auctions`);
    await byTestId(other, 'header-wallet').waitFor();

    await header.click();
    assert.equal(await byTestId(page, 'wallet-type-badge').textContent(), 'EVM');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.dapp.url });
    await byTestId(page, 'wallet-copy').click();
    await page.locator('[data-testid=wallet-copy]', { hasText: 'Copied!' }).waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), address);
    await eventually(async () => assert.equal(await byTestId(page, 'wallet-copy').textContent(), 'Copy Address'), { until: anyAnswer, timeoutMs: 5_000 });

    await byTestId(page, 'wallet-disconnect').click();
    await header.waitFor({ state: 'detached' });
    await byTestId(other, 'header-wallet').waitFor({ state: 'detached' });
  });

  // Before the test that moves the chain's clock forward: a later auction would start in the browser's future.
  it('takes a card bid on an on-chain lot from a bidder without an Ethereum wallet: payment, confirmation, placed on chain by the relayer', async () => {
    const chain = suite.stack;
    const act = chainActions(chain);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const carol = await userWithCard(chain.api.db, chain.stripe);
    const token = await signIn(chain.api.url, carol.email);
    const { page } = await newPage(suite.browser);
    await openSignedIn(page, suite.dapp.url, token, `/auctions/${lot.id}`);

    await byTestId(page, 'bid-input').fill(formatEther(RESERVE));
    await byTestId(page, 'place-bid').click();
    await byTestId(page, 'onchain-card-authorize').click();
    // Back to Payment forgets the authorisation: confirming needs it again.
    await byTestId(page, 'onchain-card-back').click();
    await byTestId(page, 'onchain-card-bid-payment').waitFor();
    assert.equal(await byTestId(page, 'onchain-card-confirm').count(), 0);
    await byTestId(page, 'onchain-card-authorize').click();
    // The hold shown before confirming: 0.01 ETH at the price stand-in's $2,000, plus the default 10 % margin.
    await byTestId(page, 'onchain-card-hold').filter({ hasText: '$22.00' }).waitFor();
    await byTestId(page, 'onchain-card-confirm').click();
    await byTestId(page, 'onchain-card-bid-placed').waitFor({ timeout: 30_000 });

    await eventually(
      async () => {
        const auction = (await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] })) as {
          highestBidder: string;
          highestBid: bigint;
        };
        assert.equal(auction.highestBidder, RELAYER);
        assert.equal(auction.highestBid, RESERVE);
      },
      { until: anyAnswer, timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it("refuses the seller's own wallet before anything is signed: the simulation's reason in the spec's words", async () => {
    const chain = suite.stack;
    const act = chainActions(chain);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const user = await createUser(chain.api.db, 'ready');
    const { page } = await walletPage(1); // account 1 sells every test auction
    // Connected while signed out (not linked), signed in afterwards: the bid proves the wallet first.
    await connectTrust(page, `/auctions/${lot.id}`);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, await signIn(chain.api.url, user.email)]);
    await page.reload();
    const nonce = await chain.publicClient.getTransactionCount({ address: act.address(1) });
    await byTestId(page, 'bid-input').fill(formatEther(RESERVE));
    await byTestId(page, 'place-bid').click();
    await waitForToast(page, 'Transaction would fail: SellerCannotBid', 30_000);
    assert.equal(await chain.publicClient.getTransactionCount({ address: act.address(1) }), nonce, 'nothing was sent');
    assert.equal(await chain.api.db.prisma.wallet.count({ where: { userId: user.id, address: { equals: act.address(1), mode: 'insensitive' } } }), 1);
  });

  it('bids on chain from the lot page, is outbid by another account, and withdraws the refund after the end', async () => {
    const chain = suite.stack;
    const act = chainActions(chain);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 5n });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const user = await createUser(chain.api.db, 'ready');
    const token = await signIn(chain.api.url, user.email);

    // Signed in, connecting proves the wallet: the api's SIWE challenge, signed by the wallet, links it.
    const { page, address } = await walletPage(2);
    await openSignedIn(page, suite.dapp.url, token, '/auctions');
    await connectTrust(page, `/auctions/${lot.id}`);
    const linked = await chain.api.db.prisma.wallet.findMany({ where: { userId: user.id } });
    assert.deepEqual(
      linked.map((w) => [w.address.toLowerCase(), w.type]),
      [[address.toLowerCase(), 'evm']],
    );
    // The lot view shows the wallet as first 10 + last 10.
    assert.match((await byTestId(page, 'wallet-status').textContent()) ?? '', new RegExp(`${address.slice(0, 10)}…${address.slice(-10)}`));

    await byTestId(page, 'bid-input').fill(formatEther(RESERVE));
    await byTestId(page, 'place-bid').click();
    await waitForToast(page, walletMessages.onChainBidPlaced, 30_000);
    const onChain = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] });
    assert.equal((onChain as { highestBidder: string }).highestBidder, address);
    await eventually(
      async () => {
        await page.reload();
        assert.equal(await byTestId(page, 'lot-current-bid').textContent(), '0.01 ETH');
      },
      { until: anyAnswer, timeoutMs: 20_000, intervalMs: 500 },
    );

    // Account 3 outbids on chain: the bidder is told on the open lot page, by its inline banner (the api follows the chain).
    await act.bid(3, auctionId, RESERVE * 2n);
    await byTestId(page, 'outbid-banner').waitFor({ timeout: 20_000 });
    // The auction runs out and is settled.
    await act.increaseTime(6 * 60);
    await act.end(auctionId);

    await eventually(
      async () => {
        await page.reload();
        assert.equal(await byTestId(page, 'withdraw').textContent(), 'WITHDRAW');
      },
      { until: anyAnswer, timeoutMs: 20_000, intervalMs: 500 },
    );
    assert.match((await byTestId(page, 'onchain-outbid').textContent()) ?? '', /outbid/);
    const before = await chain.publicClient.getBalance({ address });
    await byTestId(page, 'withdraw').click();
    await waitForToast(page, walletMessages.withdrawalDone, 30_000);
    const after = await chain.publicClient.getBalance({ address });
    assert.ok(after > before, 'the refund came back to the wallet');
    await byTestId(page, 'withdraw').waitFor({ state: 'detached' });

    // The winner is recognised by the connected wallet matching the lot's winner address.
    const winner = await createUser(chain.api.db, 'ready');
    const winnerPage = await walletPage(3);
    await openSignedIn(winnerPage.page, suite.dapp.url, await signIn(chain.api.url, winner.email), '/auctions');
    await connectTrust(winnerPage.page, `/auctions/${lot.id}`);
    await byTestId(winnerPage.page, 'onchain-won').waitFor();
    assert.equal(await byTestId(winnerPage.page, 'withdraw').count(), 0);
  });

  for (const kind of ['xverse', 'leather'] as const) {
    it(`links ${kind === 'xverse' ? 'Xverse' : 'Leather'} by a BIP-322 signature of the api's challenge`, async () => {
      const user = await createUser(suite.stack.api.db, 'ready');
      const token = await signIn(suite.stack.api.url, user.email);
      const { page } = await newPage(suite.browser);
      const wallet = await injectBitcoinWallet(page, kind);
      await openSignedIn(page, suite.dapp.url, token, `/connect-wallet?returnUrl=${encodeURIComponent('/auctions')}`);
      await byTestId(page, `wallet-option-${kind}`).click();
      await page.waitForURL(/\/auctions$/);
      assert.equal(await byTestId(page, 'header-wallet').textContent(), `${wallet.payment.slice(0, 6)}…${wallet.payment.slice(-4)}`);
      await byTestId(page, 'header-wallet').click();
      assert.equal(await byTestId(page, 'wallet-type-badge').textContent(), kind === 'xverse' ? 'Xverse' : 'Leather');
      // The ordinals (taproot) address signed the same challenge and is linked beside it, as the ordinals one.
      const type = kind === 'xverse' ? 'xverse' : 'hiro';
      const linked = await suite.stack.api.db.prisma.wallet.findMany({ where: { userId: user.id } });
      assert.deepEqual(
        linked.map((w) => [w.address, w.type, w.purpose]).sort(),
        [
          [wallet.payment, type, 'payment'],
          [wallet.ordinals, type, 'ordinals'],
        ].sort(),
      );

      // Disconnecting unlinks both on the api too.
      await byTestId(page, 'wallet-disconnect').click();
      await byTestId(page, 'header-wallet').waitFor({ state: 'detached' });
      assert.equal(await suite.stack.api.db.prisma.wallet.count({ where: { userId: user.id } }), 0);
    });
  }

  it('says "Connection cancelled by user" when the wallet is turned down, and keeps no wallet', async () => {
    const { page } = await newPage(suite.browser);
    await injectBitcoinWallet(page, 'leather', 'testnet4', { refuse: true });
    await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent('/auctions')}`);
    await byTestId(page, 'wallet-option-leather').click();
    await page.locator('[data-testid=wallet-error]', { hasText: walletMessages.cancelled }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('gavel.wallet')), null);
  });

  it('mints by card from the mint dialog: the api charges the saved card and its relayer mints to the linked wallet', async () => {
    const chain = suite.stack;
    // cardMint is the minter's: hand the role to the relayer (the last test of the file; account 0 mints above).
    await chain.publicClient.waitForTransactionReceipt({ hash: await chain.signers[0]!.writeContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'setMinter', args: [RELAYER] }) });
    const lot = await createLot(chain.api.db, { paymentMethod: 'ETH', onchain: true, startingBid: RESERVE });
    const admin = await userWithCard(chain.api.db, chain.stripe, '4242424242424242', 'admin');
    const token = await signIn(chain.api.url, admin.email);
    const { page, address } = await walletPage(6);
    await page.addInitScript(`localStorage.setItem('admin_token', ${JSON.stringify(token)})`);
    const lotPath = `/s/admin/auctions/${lot.auctionEventId}/lots/${lot.id}`;
    await connectTrust(page, lotPath); // links the wallet to the admin's account (the only session)

    await byTestId(page, 'onchain-mint').click();
    await byTestId(page, 'mint-name').fill('Paid by card');
    await byTestId(page, 'mint-metadata').fill('ipfs://bafkreipaidbycard');
    await byTestId(page, 'mint-by-card').click();
    await waitForToast(page, walletMessages.minted, 60_000);
    const record = await chain.api.db.prisma.nft.findFirstOrThrow({ where: { name: 'Paid by card' } });
    assert.equal(await chain.publicClient.readContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'ownerOf', args: [BigInt(record.tokenId.toString())] }), address);
  });
});
