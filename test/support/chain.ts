/**
 * The whole on-chain path for integration tests: anvil on a free port with Gavel deployed, the api (with its
 * worker, so the chain follower runs) and the Ponder indexer on PGlite or on PostgreSQL (schema "chain" in the
 * api's own test database, as in production). Helpers drive the contracts from anvil's accounts.
 *
 * Accounts (anvil's default mnemonic): 0 deploys and mints, 1 sells, 2-7 bid.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEventLogs, type Address, type Hex, type PublicClient, type WalletClient, type Transport, type Chain, type Account } from 'viem';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { ANVIL_PRIVATE_KEYS, startAnvil, type AnvilHandle } from '../../scripts/chain/anvil.ts';
import { deployGavel, gavelClients } from '../../scripts/chain/deploy.ts';
import { startIndexer, type IndexerHandle } from '../../scripts/chain/indexer.ts';
import { startApiForTest, type TestStack } from './stack.ts';
import { createLot } from './lots.ts';
import { freePort } from './processes.ts';

/**
 * 'postgres' is production's, and Ponder starts on it in about half the time and CPU (7 s against 14 s here):
 * 'pglite', `npm start`'s default, only where PGlite itself is under test (chain-pglite.test.ts).
 */
export type IndexerDatabase = 'pglite' | 'postgres';
type Signer = WalletClient<Transport, Chain, Account>;

export interface ChainStack {
  api: TestStack;
  rpcUrl: string;
  indexerUrl: string;
  nft: Address;
  house: Address;
  publicClient: PublicClient;
  /** signers[i] is anvil account i. */
  signers: Signer[];
  startIndexer(): Promise<void>;
  stopIndexer(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `env`: more api environment (e.g. the Stripe stand-in's, for card bids through the relayer). `apiRpc`: the node's
 * address as the api and its relayer reach it (a fault proxy in front of anvil), given anvil's; the indexer and the
 * test's own signers always reach anvil directly.
 */
export async function startChainStack(database: IndexerDatabase, env: Record<string, string> = {}, { apiRpc }: { apiRpc?: (anvilPort: number) => Promise<string> } = {}): Promise<ChainStack> {
  const [anvilPort, indexerPort] = [await freePort(), await freePort()];
  const anvil: AnvilHandle = await startAnvil({ port: anvilPort });
  const pgliteDir = await mkdtemp(path.join(tmpdir(), 'gavel-ponder-'));
  let api: TestStack | undefined;
  let indexer: IndexerHandle | null = null;
  try {
    // writeRecord: false leaves contracts/deployments alone; a fresh anvil gives the recorded addresses anyway.
    const deployment = await deployGavel({ rpcUrl: anvil.rpcUrl, writeRecord: false });
    const indexerUrl = `http://127.0.0.1:${indexerPort}`;
    api = await startApiForTest({
      seed: 'none',
      worker: true,
      env: {
        PONDER_URL: indexerUrl,
        RPC_URL: apiRpc ? await apiRpc(anvilPort) : anvil.rpcUrl,
        CHAIN_ID: '31337',
        GAVEL_AUCTION_HOUSE_ADDRESS: deployment.auctionHouse,
        GAVEL_NFT_ADDRESS: deployment.nft,
        CHAIN_FOLLOW_MS: '100',
        RATE_SIGNIN_PER_IP: '10000',
        RATE_SIGNIN_PER_ACCOUNT: '10000',
        ...env,
      },
    });
    const testApi = api;
    const options = {
      rpcUrl: anvil.rpcUrl,
      port: indexerPort,
      nftAddress: deployment.nft,
      auctionHouseAddress: deployment.auctionHouse,
      startBlock: deployment.startBlock,
      ...(database === 'postgres' ? { databaseUrl: api.databaseUrl } : { pgliteDir }),
    };
    indexer = await startIndexer(options);
    const clients = await Promise.all(ANVIL_PRIVATE_KEYS.map((key) => gavelClients(anvil.rpcUrl, key)));
    return {
      api: testApi,
      rpcUrl: anvil.rpcUrl,
      indexerUrl,
      nft: deployment.nft,
      house: deployment.auctionHouse,
      publicClient: clients[0]!.publicClient,
      signers: clients.map((c) => c.walletClient),
      async startIndexer() {
        indexer ??= await startIndexer(options);
      },
      async stopIndexer() {
        await indexer?.stop();
        indexer = null;
      },
      async stop() {
        await indexer?.stop();
        await testApi.stop();
        await anvil.stop();
        await rm(pgliteDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await indexer?.stop();
    await api?.stop();
    await anvil.stop();
    await rm(pgliteDir, { recursive: true, force: true });
    throw error;
  }
}

/** What contract calls need: the addresses and anvil's signers. */
export type ChainContracts = Pick<ChainStack, 'nft' | 'house' | 'publicClient' | 'signers'>;

/** Contract calls from anvil accounts, each waiting for its receipt. */
export function chainActions(chain: ChainContracts) {
  const nft = { address: chain.nft, abi: gavelNftAbi } as const;
  const house = { address: chain.house, abi: gavelAuctionHouseAbi } as const;
  const { publicClient } = chain;
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  const rpc = (method: string, params: unknown[] = []) => publicClient.request({ method: method as never, params: params as never });

  /** Mints a token to `to` (by card, from account 0); returns its id. */
  const mint = async (to: Address, url = 'ipfs://gavel-test'): Promise<bigint> => {
    const receipt = await mined(await chain.signers[0]!.writeContract({ ...nft, functionName: 'cardMint', args: [to, url] }));
    return parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: receipt.logs })[0]!.args.tokenId;
  };
  const approve = async (owner: number, tokenId: bigint): Promise<Hex> => {
    const hash = await chain.signers[owner]!.writeContract({ ...nft, functionName: 'approve', args: [chain.house, tokenId] });
    await mined(hash);
    return hash;
  };

  return {
    mined,
    rpc,
    mint,
    approve,
    address: (account: number) => chain.signers[account]!.account.address,

    /** Mints to the seller (account 1), escrows it in a new auction and starts it; returns the auction id. */
    async startAuction(o: { reserveWei: bigint; minutes?: bigint; bufferSeconds?: bigint; start?: boolean }) {
      const seller = chain.signers[1]!;
      const tokenId = await mint(seller.account.address);
      await approve(1, tokenId);
      const receipt = await mined(await seller.writeContract({ ...house, functionName: 'create', args: [chain.nft, tokenId, o.reserveWei, o.minutes ?? 60n, o.bufferSeconds ?? 0n] }));
      const auctionId = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionCreated', logs: receipt.logs })[0]!.args.auctionId;
      if (o.start ?? true) await mined(await seller.writeContract({ ...house, functionName: 'start', args: [auctionId] }));
      return { auctionId, tokenId };
    },

    /** A bid from `account`, sending the auction's buyer's premium with it; resolves with the receipt (block, time mined). */
    async bid(account: number, auctionId: bigint, amount: bigint) {
      const value = await chain.publicClient.readContract({ ...house, functionName: 'bidValue', args: [auctionId, amount] });
      return mined(await chain.signers[account]!.writeContract({ ...house, functionName: 'bid', args: [auctionId, amount], value }));
    },

    /** Sets the house's buyer's premium for auctions created from now on (account 0 owns the contract). */
    async setPremium(bps: number) {
      return mined(await chain.signers[0]!.writeContract({ ...house, functionName: 'setPremiumBps', args: [bps] }));
    },

    async withdraw(account: number): Promise<Hex> {
      const hash = await chain.signers[account]!.writeContract({ ...house, functionName: 'withdraw' });
      await mined(hash);
      return hash;
    },

    async end(auctionId: bigint) {
      return mined(await chain.signers[0]!.writeContract({ ...house, functionName: 'end', args: [auctionId] }));
    },

    async cancel(auctionId: bigint) {
      return mined(await chain.signers[1]!.writeContract({ ...house, functionName: 'cancel', args: [auctionId] }));
    },

    /** Moves the chain's clock forward and mines a block at the new time. */
    async increaseTime(seconds: number) {
      await rpc('evm_increaseTime', [seconds]);
      await rpc('evm_mine');
    },
  };
}

/** An ETH lot in the api's database pointing at an auction on the auction house, as the seed links them. */
export async function linkLot(chain: ChainStack, auctionId: bigint, tokenId: bigint, reserveWei: bigint) {
  const lot = await createLot(chain.api.db, { paymentMethod: 'ETH', onchain: true, startingBid: reserveWei, reservePrice: reserveWei });
  const { premiumBps } = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] });
  return chain.api.db.prisma.lot.update({
    where: { id: lot.id },
    data: { chainAuctionId: auctionId.toString(), contractAddress: chain.nft, tokenId: tokenId.toString(), auctionContractAddress: chain.house, chainPremiumBps: Number(premiumBps) },
  });
}

/** Links an EVM wallet to a user, as the wallet-proof flow will (checksummed, as wallets report it). */
export async function linkWallet(chain: ChainStack, userId: string, address: Address) {
  await chain.api.db.prisma.wallet.create({ data: { userId, address, type: 'evm', walletName: 'MetaMask' } });
}
