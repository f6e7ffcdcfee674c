// Deploys GavelNFT and GavelAuctionHouse to any JSON-RPC endpoint and records where they landed.
//
// Library:  deployGavel({ rpcUrl, privateKey?, feeBps?, treasury? }) -> DeploymentRecord
// CLI:      bash scripts/with-node22.sh node --import tsx scripts/chain/deploy.ts
//   GAVEL_CHAIN=anvil|sepolia|baseSepolia (default anvil), RPC_URL (default: local anvil, or a public endpoint),
//   DEPLOYER_PRIVATE_KEY (required off anvil), GAVEL_TREASURY, GAVEL_FEE_BPS, GAVEL_PREMIUM_BPS, GAVEL_MINTER (optional).
// It writes contracts/deployments/<chainId>.json and regenerates contracts/generated/deployments.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type WalletClient,
  type Transport,
  type Account,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { baseSepolia, foundry, sepolia } from 'viem/chains';
import { gavelAuctionHouseAbi, gavelNftAbi } from '../../contracts/generated/abis.ts';
import { gavelAuctionHouseBytecode, gavelNftBytecode } from '../../contracts/generated/bytecode.ts';
import { ANVIL_CHAIN_ID, ANVIL_PRIVATE_KEYS } from './anvil.ts';
import { deploymentsDir, writeDeploymentsModule, type DeploymentRecord } from './generate-abis.ts';

export type { DeploymentRecord };

export const DEFAULT_FEE_BPS = 250; // 2.5%, the spec's platform fee
export const DEFAULT_MIN_BID_INCREMENT = parseEther('0.0001'); // the spec's minimum ETH increment
export const DEFAULT_PUBLIC_MINT_PRICE = parseEther('0.001');
/** The spec's receipt wait for chain calls. */
export const RECEIPT_TIMEOUT_MS = 120_000;

const KNOWN_CHAINS: Record<string, { chain: Chain; defaultRpcUrl: string }> = {
  anvil: { chain: foundry, defaultRpcUrl: 'http://127.0.0.1:8545' },
  sepolia: { chain: sepolia, defaultRpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com' },
  baseSepolia: { chain: baseSepolia, defaultRpcUrl: 'https://sepolia.base.org' },
};

export interface DeployGavelOptions {
  rpcUrl: string;
  /** Defaults to anvil's account 0 on chain 31337; required anywhere else. */
  privateKey?: Hex;
  feeBps?: number;
  /** The buyer's premium auctions created from then on carry (the owner changes it later with setPremiumBps). Default 0. */
  premiumBps?: number;
  /** Receives platform fees. Defaults to the deployer. */
  treasury?: Address;
  /** The relayer allowed to `cardMint`. Defaults to the deployer. */
  minter?: Address;
  minBidIncrement?: bigint;
  publicMintPrice?: bigint;
  /** Write contracts/deployments/<chainId>.json and regenerate deployments.ts (default true). */
  writeRecord?: boolean;
}

export async function rpcChainId(rpcUrl: string): Promise<number> {
  return createPublicClient({ transport: http(rpcUrl) }).getChainId();
}

/** viem clients for `rpcUrl` signing with `privateKey`, on whatever chain the endpoint reports. */
export async function gavelClients(rpcUrl: string, privateKey?: Hex) {
  // Local chains mine instantly: poll fast so each receipt wait costs milliseconds, not viem's 4 s default.
  const local = /^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(rpcUrl);
  const pollingInterval = local ? 25 : 2_000;
  const chainId = await rpcChainId(rpcUrl);
  const chain =
    Object.values(KNOWN_CHAINS).find((known) => known.chain.id === chainId)?.chain ??
    defineChain({
      id: chainId,
      name: `chain-${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
  const key = privateKey ?? (chainId === ANVIL_CHAIN_ID ? ANVIL_PRIVATE_KEYS[0] : undefined);
  if (!key) throw new Error(`a private key is required to deploy on chain ${chainId} (set DEPLOYER_PRIVATE_KEY)`);
  const account = privateKeyToAccount(key);
  const publicClient: PublicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval });
  const walletClient: WalletClient<Transport, Chain, Account> = createWalletClient({
    account,
    chain,
    transport: http(rpcUrl),
    pollingInterval,
  });
  return { chainId, chain, account, publicClient, walletClient };
}

async function deployOne({ publicClient, walletClient }: Awaited<ReturnType<typeof gavelClients>>, abi: Abi, bytecode: Hex, args: readonly unknown[]) {
  const hash = await walletClient.deployContract({ abi, bytecode, args });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment ${hash} failed`);
  return { address: getAddress(receipt.contractAddress), blockNumber: Number(receipt.blockNumber) };
}

/** Deploys both contracts; the deployer owns them. */
export async function deployGavel(options: DeployGavelOptions): Promise<DeploymentRecord> {
  const clients = await gavelClients(options.rpcUrl, options.privateKey);
  const deployer = clients.account.address;
  const feeBps = options.feeBps ?? DEFAULT_FEE_BPS;
  const treasury = options.treasury ?? deployer;
  const minter = options.minter ?? deployer;
  const minBidIncrement = options.minBidIncrement ?? DEFAULT_MIN_BID_INCREMENT;
  const publicMintPrice = options.publicMintPrice ?? DEFAULT_PUBLIC_MINT_PRICE;

  const nft = await deployOne(clients, gavelNftAbi, gavelNftBytecode, [deployer, minter, publicMintPrice, true]);
  const house = await deployOne(clients, gavelAuctionHouseAbi, gavelAuctionHouseBytecode, [deployer, treasury, feeBps, minBidIncrement]);
  if (options.premiumBps) {
    const hash = await clients.walletClient.writeContract({ address: house.address, abi: gavelAuctionHouseAbi, functionName: 'setPremiumBps', args: [options.premiumBps] });
    const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    if (receipt.status !== 'success') throw new Error(`setting the buyer's premium (${hash}) failed`);
  }
  const record: DeploymentRecord = {
    chainId: clients.chainId,
    network: networkName(clients.chainId),
    nft: nft.address,
    auctionHouse: house.address,
    startBlock: nft.blockNumber,
    deployer,
    treasury,
    minter,
    feeBps,
    minBidIncrement: minBidIncrement.toString(),
  };
  if (options.writeRecord ?? true) await writeDeploymentRecord(record);
  return record;
}

export async function writeDeploymentRecord(record: DeploymentRecord): Promise<void> {
  await mkdir(deploymentsDir, { recursive: true });
  await writeFile(path.join(deploymentsDir, `${record.chainId}.json`), `${JSON.stringify(record, null, 2)}\n`);
  await writeDeploymentsModule();
}

function networkName(chainId: number): string {
  return Object.entries(KNOWN_CHAINS).find(([, known]) => known.chain.id === chainId)?.[0] ?? `chain-${chainId}`;
}

async function cli(): Promise<void> {
  const chainName = process.env.GAVEL_CHAIN ?? 'anvil';
  const known = KNOWN_CHAINS[chainName];
  if (!known) throw new Error(`GAVEL_CHAIN must be one of ${Object.keys(KNOWN_CHAINS).join(', ')}`);
  const rpcUrl = process.env.RPC_URL ?? known.defaultRpcUrl;
  const chainId = await rpcChainId(rpcUrl);
  if (chainId !== known.chain.id) throw new Error(`${rpcUrl} is chain ${chainId}, not ${chainName} (${known.chain.id})`);
  const record = await deployGavel({
    rpcUrl,
    privateKey: process.env.DEPLOYER_PRIVATE_KEY as Hex | undefined,
    feeBps: process.env.GAVEL_FEE_BPS ? Number(process.env.GAVEL_FEE_BPS) : undefined,
    premiumBps: process.env.GAVEL_PREMIUM_BPS ? Number(process.env.GAVEL_PREMIUM_BPS) : undefined,
    treasury: process.env.GAVEL_TREASURY as Address | undefined,
    minter: process.env.GAVEL_MINTER as Address | undefined,
  });
  console.log(JSON.stringify(record, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await cli();
}
