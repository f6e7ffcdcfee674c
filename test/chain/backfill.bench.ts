/**
 * Backfill rate: Ponder indexing a chain that already holds at least 20,000 bids (each outbid bid also emits a
 * RefundCredited, so about twice as many events). The set-up and the bids are signed locally and sent in JSON-RPC
 * batches with automine off, 400 bids to a block (Ponder's RPC client starts at 20 requests/s, so blocks, not
 * events, bound a sparse backfill); then 40 empty blocks put them all beyond Ponder's 30-block finality, so they are
 * backfilled rather than followed live. Rate = indexed events / (backfill completed - backfill started), from
 * Ponder's own log. Target: 5,000 events/s.
 *
 *   bash scripts/with-node22.sh node --import tsx test/chain/backfill.bench.ts      BIDS=20000, INDEXER_DB=pglite|postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeFunctionData, parseEther, parseEventLogs, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { ANVIL_PRIVATE_KEYS, startAnvil } from '../../scripts/chain/anvil.ts';
import { deployGavel, gavelClients } from '../../scripts/chain/deploy.ts';
import { startIndexer, type PonderLogEntry } from '../../scripts/chain/indexer.ts';
import { createTestDatabase } from '../support/database.ts';
import { freePort } from '../support/processes.ts';

const BIDS = Number(process.env.BIDS ?? 20_000);
const AUCTIONS = 40;
const PER_AUCTION_PER_BLOCK = 10; // 400 bids of ~40-60k gas fit a 30M-gas block
const BIDDERS = ANVIL_PRIVATE_KEYS.slice(2).map((key) => privateKeyToAccount(key)); // 8 bidders
const database = process.env.INDEXER_DB === 'postgres' ? 'postgres' : 'pglite';

const anvil = await startAnvil({ port: await freePort() });
const pgliteDir = await mkdtemp(path.join(tmpdir(), 'gavel-ponder-backfill-'));
const pgDatabase = database === 'postgres' ? await createTestDatabase('backfill') : null;
try {
  const deployment = await deployGavel({ rpcUrl: anvil.rpcUrl, writeRecord: false });
  const { publicClient } = await gavelClients(anvil.rpcUrl);
  const rpc = async (calls: Array<{ method: string; params: unknown[] }>) => {
    const res = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
    });
    const out = (await res.json()) as Array<{ error?: { message: string } }>;
    const failed = out.find((r) => r.error);
    if (failed) throw new Error(failed.error!.message);
  };

  const started = performance.now();
  const gasPrice = (await publicClient.getGasPrice()) * 2n;
  const nonces = new Map<string, number>();
  // Gas limits sized so that a block takes all 400 bids (30M gas): anvil fits transactions by their limit.
  const signed = async (account: (typeof BIDDERS)[number], to: Address, data: Hex, value = 0n, gas = 300_000n) => {
    const nonce = nonces.get(account.address) ?? (await publicClient.getTransactionCount({ address: account.address }));
    nonces.set(account.address, nonce + 1);
    return account.signTransaction({ to, data, value, nonce, gas, gasPrice, chainId: 31337 });
  };
  /** Sends signed transactions in JSON-RPC batches of 100, then mines them into one block. */
  const block = async (raw: Hex[]) => {
    for (let i = 0; i < raw.length; i += 100) await rpc(raw.slice(i, i + 100).map((tx) => ({ method: 'eth_sendRawTransaction', params: [tx] })));
    await rpc([{ method: 'evm_mine', params: [] }]);
  };
  await rpc([{ method: 'evm_setAutomine', params: [false] }]);

  // Two blocks of set-up: the mints, then the seller's approval, creates and starts (one sender, nonce order).
  const [minter, seller] = [privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]), privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])];
  const reserve = parseEther('0.001');
  const step = parseEther('0.0001');
  const auctionIds = Array.from({ length: AUCTIONS }, (_, i) => BigInt(i + 1)); // ids and token ids start at 1
  const mints: Hex[] = [];
  for (const _ of auctionIds) mints.push(await signed(minter, deployment.nft, encodeFunctionData({ abi: gavelNftAbi, functionName: 'cardMint', args: [seller.address, 'ipfs://bench'] })));
  await block(mints);
  const setup = [await signed(seller, deployment.nft, encodeFunctionData({ abi: gavelNftAbi, functionName: 'setApprovalForAll', args: [deployment.auctionHouse, true] }))];
  for (const id of auctionIds)
    setup.push(await signed(seller, deployment.auctionHouse, encodeFunctionData({ abi: gavelAuctionHouseAbi, functionName: 'create', args: [deployment.nft, id, reserve, 60n * 24n * 30n, 0n] })));
  for (const id of auctionIds) setup.push(await signed(seller, deployment.auctionHouse, encodeFunctionData({ abi: gavelAuctionHouseAbi, functionName: 'start', args: [id] })));
  await block(setup);

  const bidsPerAuction = new Array<number>(AUCTIONS).fill(0);
  let sent = 0;
  for (let n = 0; sent < BIDS; n++) {
    const raw: Hex[] = [];
    // In each block an auction's bids all come from one bidder, so nonce order keeps its amounts rising.
    for (let a = 0; a < AUCTIONS && sent < BIDS; a++) {
      const bidder = BIDDERS[(a + n) % BIDDERS.length]!;
      for (let k = 0; k < PER_AUCTION_PER_BLOCK && sent < BIDS; k++, sent++) {
        const amount = reserve + step * BigInt(bidsPerAuction[a]!++);
        raw.push(await signed(bidder, deployment.auctionHouse, encodeFunctionData({ abi: gavelAuctionHouseAbi, functionName: 'bid', args: [auctionIds[a]!, amount] }), amount, 70_000n));
      }
    }
    await block(raw);
  }
  await rpc([
    { method: 'anvil_mine', params: ['0x28'] },
    { method: 'evm_setAutomine', params: [true] },
  ]);
  // Counted in slices of 5 blocks: the whole range in one eth_getLogs is over viem's 10 MB reply limit.
  const head = await publicClient.getBlockNumber();
  let events = 0;
  let bids = 0;
  for (let from = 0n; from <= head; from += 5n) {
    const logs = await publicClient.getLogs({ address: [deployment.auctionHouse, deployment.nft], fromBlock: from, toBlock: from + 4n });
    events += logs.length;
    bids += parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionBid', logs }).length;
  }
  if (bids !== BIDS) throw new Error(`expected ${BIDS} bids on chain, found ${bids} (some reverted)`);
  console.log(`chain ready: ${bids} bids, ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  let backfillStart = 0;
  let backfillEnd = 0;
  // Ponder indexes one block range at a time while it fetches the next: the sum of "Indexed block range"
  // durations is the time spent running our handlers and writing their rows, without the RPC fetching.
  let indexedEvents = 0;
  let indexingMs = 0;
  const onLog = (entry: PonderLogEntry) => {
    if (entry.msg === 'Started backfill indexing') backfillStart = entry.time ?? Date.now();
    if (entry.msg === 'Completed backfill indexing across all chains') backfillEnd = entry.time ?? Date.now();
    if (entry.msg === 'Indexed block range') {
      indexedEvents += Number(entry.event_count ?? 0);
      indexingMs += Number(entry.duration ?? 0);
    }
  };
  const indexer = await startIndexer({
    rpcUrl: anvil.rpcUrl,
    port: await freePort(),
    nftAddress: deployment.nft,
    auctionHouseAddress: deployment.auctionHouse,
    startBlock: deployment.startBlock,
    ...(pgDatabase ? { databaseUrl: pgDatabase.url } : { pgliteDir }),
    timeoutMs: 600_000,
    logLevel: (process.env.INDEXER_LOG as 'info' | undefined) ?? 'warn',
    onLog,
  });
  try {
    while (!backfillEnd) await new Promise((r) => setTimeout(r, 100));
    const seconds = (backfillEnd - backfillStart) / 1000;
    console.log(`\nBackfill (indexer on ${database}): ${events} events (${bids} bids) in ${seconds.toFixed(2)} s`);
    console.log(`  ${Math.round(events / seconds)} events/s, ${Math.round(bids / seconds)} bids/s (target 5,000 events/s: ${events / seconds >= 5000 ? 'met' : 'NOT met'})`);
    if (indexingMs > 0)
      console.log(
        `  indexing alone (handlers and writes, without fetching): ${indexedEvents} events in ${(indexingMs / 1000).toFixed(2)} s, ${Math.round(indexedEvents / (indexingMs / 1000))} events/s`,
      );
  } finally {
    await indexer.stop();
  }
} finally {
  await anvil.stop();
  await pgDatabase?.drop();
  await rm(pgliteDir, { recursive: true, force: true });
}
