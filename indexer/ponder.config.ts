/**
 * Indexes GavelAuctionHouse and GavelNFT on one chain.
 *
 *   RPC_URL       JSON-RPC endpoint (default http://127.0.0.1:8545, local anvil)
 *   CHAIN_ID      default 31337; contract addresses and start block come from @gavel/contracts' deployments
 *   GAVEL_NFT_ADDRESS, GAVEL_AUCTION_HOUSE_ADDRESS, GAVEL_START_BLOCK   override the deployment record
 *   DATABASE_URL  PostgreSQL (run with `--schema chain`); unset: embedded PGlite in PONDER_PGLITE_DIR
 */
import { createConfig } from 'ponder';
import { gavelAuctionHouseAbi, gavelNftAbi, getDeployment } from '../contracts/generated/index.ts';

const chainId = Number(process.env.CHAIN_ID ?? 31337);
const rpcUrl = process.env.RPC_URL ?? 'http://127.0.0.1:8545';
const deployment = getDeployment(chainId);
const nftAddress = (process.env.GAVEL_NFT_ADDRESS ?? deployment?.nft) as `0x${string}` | undefined;
const houseAddress = (process.env.GAVEL_AUCTION_HOUSE_ADDRESS ?? deployment?.auctionHouse) as `0x${string}` | undefined;
if (!nftAddress || !houseAddress) throw new Error(`Gavel is not deployed on chain ${chainId}: set GAVEL_NFT_ADDRESS and GAVEL_AUCTION_HOUSE_ADDRESS`);
const startBlock = Number(process.env.GAVEL_START_BLOCK ?? deployment?.startBlock ?? 0);

// A local node mines on demand: poll it every 100 ms (Ponder's floor) and skip the RPC cache, which would
// outlive the throwaway chain it came from.
const local = /^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(rpcUrl);

export default createConfig({
  database: process.env.DATABASE_URL ? { kind: 'postgres', connectionString: process.env.DATABASE_URL } : { kind: 'pglite', directory: process.env.PONDER_PGLITE_DIR ?? '.ponder/pglite' },
  chains: {
    gavel: { id: chainId, rpc: rpcUrl, ...(local ? { pollingInterval: 100, disableCache: true } : {}) },
  },
  contracts: {
    GavelAuctionHouse: { chain: 'gavel', abi: gavelAuctionHouseAbi, address: houseAddress, startBlock },
    GavelNFT: { chain: 'gavel', abi: gavelNftAbi, address: nftAddress, startBlock },
  },
});
