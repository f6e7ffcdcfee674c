/**
 * The admin's chain actions in a real browser on anvil: on an ETH lot's admin screen, from a connected test
 * EVM wallet (test/support/evm-test-wallet.ts), mint its NFT with publicMint (recorded through POST /nfts),
 * approve it for the auction house (only the owner may: "Connected wallet is not the owner of this token."),
 * then create and start the on-chain auction with the duration in minutes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parseEventLogs, type Hex } from 'viem';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { startChainStack } from '../support/chain.ts';
import { waitForToast } from '../support/account-browser.ts';
import { newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { injectEvmWallet } from '../support/evm-test-wallet.ts';
import { createLot } from '../support/lots.ts';
import { createUser, signIn } from '../support/users.ts';

const suite = browserSuite(
  () => startChainStack('postgres'),
  (stack) => stack.api.url,
);
const byTestId = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);
const ADMIN_WALLET = 4;

/** An admin on the admin lot screen of a fresh ETH lot, with anvil account `account` as the connected wallet. */
async function adminOnEthLot(account = ADMIN_WALLET) {
  const db = suite.stack.api.db;
  const lot = await createLot(db, { paymentMethod: 'ETH', onchain: true, startingBid: 10n ** 16n, reservePrice: 10n ** 16n });
  const admin = await createUser(db, 'admin');
  const token = await signIn(suite.stack.api.url, admin.email);
  const { page } = await newPage(suite.browser);
  const { address } = await injectEvmWallet(page, { rpcUrl: suite.stack.rpcUrl, privateKey: ANVIL_PRIVATE_KEYS[account] as Hex });
  await page.addInitScript(`localStorage.setItem('admin_token', ${JSON.stringify(token)})`);
  const lotPath = `/s/admin/auctions/${lot.auctionEventId}/lots/${lot.id}`;
  await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent(lotPath)}&tab=evm`);
  await byTestId(page, 'wallet-option-trust').click();
  await page.waitForURL((url) => url.pathname === lotPath);
  await byTestId(page, 'onchain-lot-panel').waitFor();
  return { page, lot, address };
}

async function chainLogs() {
  return suite.stack.publicClient.getLogs({ address: [suite.stack.nft, suite.stack.house], fromBlock: 0n });
}
const mintedTokens = async () => parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: await chainLogs() });
const startedAuctions = async () => parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionStarted', logs: await chainLogs() });

describe('admin chain actions', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('mints the lot NFT, approves it for the auction house, and creates and starts the auction on chain', async () => {
    const { page, address, lot } = await adminOnEthLot();

    await byTestId(page, 'onchain-mint').click();
    await byTestId(page, 'mint-name').fill('Gavel test piece');
    await byTestId(page, 'mint-metadata').fill('ipfs://bafkreigaveltestpiece');
    await byTestId(page, 'mint-submit').click();
    await waitForToast(page, walletMessages.minted, 30_000);
    const minted = (await mintedTokens()).at(-1)!;
    const tokenId = minted.args.tokenId;
    assert.equal(await suite.stack.publicClient.readContract({ address: suite.stack.nft, abi: gavelNftAbi, functionName: 'ownerOf', args: [tokenId] }), address);
    const record = await suite.stack.api.db.prisma.nft.findFirst({ where: { tokenId: tokenId.toString() } });
    assert.equal(record?.name, 'Gavel test piece');

    await byTestId(page, 'onchain-approve').click();
    await byTestId(page, 'approve-submit').click();
    await waitForToast(page, walletMessages.approved, 30_000);
    assert.equal(await suite.stack.publicClient.readContract({ address: suite.stack.nft, abi: gavelNftAbi, functionName: 'getApproved', args: [tokenId] }), suite.stack.house);
    // The record follows the chain (through the indexer) in the api's replies.
    await eventually(
      async () => {
        const reply = await fetch(`${suite.stack.api.url}/nfts/token/${suite.stack.nft}/${tokenId}`).then((r) => r.json() as Promise<{ data: { status: string } }>);
        assert.equal(reply.data.status, 'approved');
      },
      { until: anyAnswer },
    );

    await byTestId(page, 'onchain-start').click();
    assert.equal(await byTestId(page, 'chain-token-id').inputValue(), tokenId.toString());
    await byTestId(page, 'chain-duration').fill('30');
    await byTestId(page, 'chain-start-submit').click();
    const started = await eventually(
      async () => {
        const events = await startedAuctions();
        assert.ok(events.length > 0, 'no auction started yet');
        return events.at(-1)!;
      },
      { until: anyAnswer, timeoutMs: 30_000 },
    );
    const auction = (await suite.stack.publicClient.readContract({ address: suite.stack.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [started.args.auctionId] })) as {
      nftId: bigint;
      seller: string;
      endTime: bigint;
      startTime: bigint;
    };
    assert.equal(auction.nftId, tokenId);
    assert.equal(auction.seller, address);
    assert.equal(auction.endTime - auction.startTime, 30n * 60n, 'the duration went to the contract in minutes');

    // The api linked the lot to the auction (checked on chain), and the lot is live from the chain's state.
    await waitForToast(page, 'Lot linked to its on-chain auction', 30_000);
    const row = await suite.stack.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    assert.equal(row.chainAuctionId?.toString(), started.args.auctionId.toString());
    assert.equal(row.status, 'live');
  });

  it('refuses to approve a token the connected wallet does not own, before anything is signed', async () => {
    const other = suite.stack.signers[1]!;
    const hash = await other.writeContract({ address: suite.stack.nft, abi: gavelNftAbi, functionName: 'publicMint', args: ['ipfs://someone-else'], value: 10n ** 15n });
    const receipt = await suite.stack.publicClient.waitForTransactionReceipt({ hash });
    const tokenId = parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: receipt.logs })[0]!.args.tokenId;
    const lot = await createLot(suite.stack.api.db, { paymentMethod: 'ETH', onchain: true, startingBid: 10n ** 16n });
    await suite.stack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { tokenId: tokenId.toString(), contractAddress: suite.stack.nft } });

    const { page } = await adminOnEthLotFor(lot, ADMIN_WALLET + 1); // a wallet links to one account only
    await byTestId(page, 'onchain-approve').click();
    await byTestId(page, 'approve-submit').click();
    assert.equal(await byTestId(page, 'approve-error').textContent(), walletMessages.notOwner);
    assert.equal(
      await suite.stack.publicClient.readContract({ address: suite.stack.nft, abi: gavelNftAbi, functionName: 'getApproved', args: [tokenId] }),
      '0x0000000000000000000000000000000000000000',
    );
  });
});

/** As adminOnEthLot, on an existing lot. */
async function adminOnEthLotFor(lot: { id: string; auctionEventId: string }, account: number) {
  const admin = await createUser(suite.stack.api.db, 'admin');
  const token = await signIn(suite.stack.api.url, admin.email);
  const { page } = await newPage(suite.browser);
  await injectEvmWallet(page, { rpcUrl: suite.stack.rpcUrl, privateKey: ANVIL_PRIVATE_KEYS[account] as Hex });
  await page.addInitScript(`localStorage.setItem('admin_token', ${JSON.stringify(token)})`);
  const lotPath = `/s/admin/auctions/${lot.auctionEventId}/lots/${lot.id}`;
  await page.goto(`${suite.dapp.url}/connect-wallet?returnUrl=${encodeURIComponent(lotPath)}&tab=evm`);
  await byTestId(page, 'wallet-option-trust').click();
  await page.waitForURL((url) => url.pathname === lotPath);
  await byTestId(page, 'onchain-lot-panel').waitFor();
  return { page };
}
