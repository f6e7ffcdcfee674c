// Seeds a local anvil with live demo auctions for `npm start`: deploys Gavel (unless it is already at the
// recorded addresses), mints demo NFTs to a demo seller, creates and starts one auction per NFT, and places a
// few bids from other anvil accounts so the dapp has something to show (including a refund to withdraw).
//
// Accounts (anvil's default mnemonic): 0 deploys, owns and mints; 1 is the demo seller; 2-4 bid.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, parseEther, parseEventLogs, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gavelAuctionHouseAbi, gavelNftAbi } from '../../contracts/generated/abis.ts';
import { ANVIL_CHAIN_ID, ANVIL_PRIVATE_KEYS } from './anvil.ts';
import { deployGavel, gavelClients, rpcChainId } from './deploy.ts';
import { readDeploymentRecords, type DeploymentRecord } from './generate-abis.ts';

export interface DemoAuction {
  auctionId: string;
  tokenId: string;
  reservePriceWei: string;
  startTime: Date;
  endTime: Date;
  sellerAddress: string;
  /** "0" when nobody has bid. */
  highestBidWei: string;
  /** null when nobody has bid. */
  highestBidderAddress: string | null;
}

export interface DemoChain {
  chainId: number;
  nftAddress: Address;
  auctionHouseAddress: Address;
  auctions: DemoAuction[];
}

export interface SeedDemoChainOptions {
  rpcUrl: string;
  count: number;
  /** Metadata URL for the i-th demo NFT; defaults to a self-contained data: URL (no server needed). */
  metadataUrl?: (index: number) => string;
}

const RESERVES_ETH = ['0.01', '0.05', '0.1', '0.25', '0.5', '1'];
const DURATIONS_MINUTES = [60, 180, 720, 1440, 2880];
const TIME_BUFFER_SECONDS = 300n;
const PALETTE = ['#c2410c', '#0f766e', '#4338ca', '#be123c', '#a16207', '#15803d'];

export function demoMetadataUrl(index: number): string {
  const n = index + 1;
  const color = PALETTE[index % PALETTE.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"><rect width="300" height="300" fill="${color}"/>` +
    `<text x="150" y="170" font-size="64" text-anchor="middle" fill="#fff" font-family="serif">#${n}</text></svg>`;
  const metadata = {
    name: `Gavel Demo #${n}`,
    description: `Demo lot ${n}, minted on a local chain by Gavel's start script.`,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
  return `data:application/json;base64,${Buffer.from(JSON.stringify(metadata)).toString('base64')}`;
}

/** The recorded deployment if its contracts are really on this chain, otherwise a fresh deployment. */
async function ensureDeployed(rpcUrl: string): Promise<DeploymentRecord> {
  const { publicClient } = await gavelClients(rpcUrl);
  const record = (await readDeploymentRecords()).find((r) => r.chainId === ANVIL_CHAIN_ID);
  if (record) {
    const [nftCode, houseCode] = await Promise.all([publicClient.getCode({ address: record.nft }), publicClient.getCode({ address: record.auctionHouse })]);
    if (nftCode && nftCode !== '0x' && houseCode && houseCode !== '0x') return record;
  }
  return deployGavel({ rpcUrl });
}

/** Deploys if needed, then creates and starts `count` demo auctions and bids on the first two. */
export async function seedDemoChain({ rpcUrl, count, metadataUrl = demoMetadataUrl }: SeedDemoChainOptions): Promise<DemoChain> {
  const chainId = await rpcChainId(rpcUrl);
  if (chainId !== ANVIL_CHAIN_ID) throw new Error(`seedDemoChain uses anvil's accounts; ${rpcUrl} is chain ${chainId}`);
  const deployment = await ensureDeployed(rpcUrl);
  const { publicClient } = await gavelClients(rpcUrl);
  const signer = async (index: number) => (await gavelClients(rpcUrl, ANVIL_PRIVATE_KEYS[index])).walletClient;
  const [minter, seller, ...bidders] = await Promise.all([0, 1, 2, 3, 4].map(signer));
  if (!minter || !seller || bidders.length < 3) throw new Error('unreachable: anvil signers');

  const nft = { address: deployment.nft, abi: gavelNftAbi } as const;
  const house = { address: deployment.auctionHouse, abi: gavelAuctionHouseAbi } as const;
  async function mined(hash: Hex) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`demo transaction ${hash} reverted`);
    return receipt;
  }

  const tokenIds: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const hash = await minter.writeContract({
      ...nft,
      functionName: 'cardMint',
      args: [seller.account.address, metadataUrl(i)],
    });
    const [minted] = parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: (await mined(hash)).logs });
    tokenIds.push(minted!.args.tokenId);
  }
  await mined(await seller.writeContract({ ...nft, functionName: 'setApprovalForAll', args: [house.address, true] }));

  const auctionIds: bigint[] = [];
  for (const [i, tokenId] of tokenIds.entries()) {
    const reserve = parseEther(RESERVES_ETH[i % RESERVES_ETH.length]!);
    const minutes = BigInt(DURATIONS_MINUTES[i % DURATIONS_MINUTES.length]!);
    const hash = await seller.writeContract({
      ...house,
      functionName: 'create',
      args: [nft.address, tokenId, reserve, minutes, TIME_BUFFER_SECONDS],
    });
    const [created] = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionCreated', logs: (await mined(hash)).logs });
    auctionIds.push(created!.args.auctionId);
    await mined(await seller.writeContract({ ...house, functionName: 'start', args: [created!.args.auctionId] }));
  }

  // Auction 1 gets two bids (so bidder 2 has a refund to withdraw), auction 2 gets one.
  const bidPlan: Array<[auctionIndex: number, bidderIndex: number, extraEth: string]> = [
    [0, 0, '0'],
    [0, 1, '0.01'],
    [1, 2, '0'],
  ];
  for (const [auctionIndex, bidderIndex, extraEth] of bidPlan) {
    const auctionId = auctionIds[auctionIndex];
    if (auctionId === undefined) continue;
    const minimum = await publicClient.readContract({ ...house, functionName: 'minNextBid', args: [auctionId] });
    const amount = minimum + parseEther(extraEth);
    // The value carries the auction's buyer's premium on top of the amount, as the contract works it out.
    const value = await publicClient.readContract({ ...house, functionName: 'bidValue', args: [auctionId, amount] });
    await mined(await bidders[bidderIndex]!.writeContract({ ...house, functionName: 'bid', args: [auctionId, amount], value }));
  }
  // The demo's own mints are done: card buyers' mints now go through the api's relayer (anvil account 9 by default).
  await mined(await minter.writeContract({ ...nft, functionName: 'setMinter', args: [DEMO_RELAYER_ADDRESS] }));

  const auctions = await Promise.all(
    auctionIds.map(async (auctionId): Promise<DemoAuction> => {
      const a = await publicClient.readContract({ ...house, functionName: 'getAuction', args: [auctionId] });
      const hasBid = a.highestBidder !== '0x0000000000000000000000000000000000000000';
      return {
        auctionId: auctionId.toString(),
        tokenId: a.nftId.toString(),
        reservePriceWei: a.reservePrice.toString(),
        startTime: new Date(Number(a.startTime) * 1000),
        endTime: new Date(Number(a.endTime) * 1000),
        sellerAddress: getAddress(a.seller),
        highestBidWei: a.highestBid.toString(),
        highestBidderAddress: hasBid ? getAddress(a.highestBidder) : null,
      };
    }),
  );
  return { chainId, nftAddress: deployment.nft, auctionHouseAddress: deployment.auctionHouse, auctions };
}

/** The api's relayer on anvil (RELAYER_PRIVATE_KEY's default, account 9): the NFT's minter once the demo is seeded. */
const DEMO_RELAYER_ADDRESS = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9]).address;

/** The demo seller (anvil account 1): every demo auction's seller. */
export const DEMO_SELLER_ADDRESS = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address;

// CLI: seed an already running anvil.  RPC_URL (default http://127.0.0.1:8545), DEMO_COUNT (default 6).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const demo = await seedDemoChain({
    rpcUrl: process.env.RPC_URL ?? 'http://127.0.0.1:8545',
    count: Number(process.env.DEMO_COUNT ?? 6),
  });
  console.log(JSON.stringify(demo, null, 2));
}
