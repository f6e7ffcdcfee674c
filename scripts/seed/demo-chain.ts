/**
 * The local chain for `npm start`: anvil with the contracts deployed and one live on-chain auction for each
 * live ETH lot of the demo, linked to that lot (chain auction id, NFT contract and token, times, prices). The
 * tokens need no NFT record: the NFT lists record every GavelNFT token the indexer saw minted, named after
 * the lot selling it (api/src/nfts/known-tokens.ts).
 */
import type { Services } from '../../api/src/services.ts';
import { announceLotsChanged } from '../../api/src/lots/browse-cache.ts';
import { startAnvil } from '../chain/anvil.ts';
import { seedDemoChain } from '../chain/demo.ts';

export async function startDemoChain(services: Services, port = Number(process.env.ANVIL_PORT ?? 8545)) {
  const anvil = await startAnvil({ port });
  try {
    const { auctions } = await linkDemoChain(services, anvil.rpcUrl);
    return { rpcUrl: anvil.rpcUrl, auctions, stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** Deploys (if needed) on the chain at `rpcUrl`, starts the demo auctions and links the live ETH lots to them. */
export async function linkDemoChain(services: Services, rpcUrl: string): Promise<{ auctions: number }> {
  const { prisma } = services.db;
  const lots = await prisma.lot.findMany({
    where: { paymentMethod: 'ETH', auctionType: 'onchain', status: 'live', endTime: { gt: new Date() } },
    orderBy: { lotNumber: 'asc' },
  });
  const chain = await seedDemoChain({ rpcUrl, count: lots.length });
  for (const [i, lot] of lots.entries()) {
    const auction = chain.auctions[i];
    if (!auction) break;
    const highest = BigInt(auction.highestBidWei);
    await prisma.lot.update({
      where: { id: lot.id },
      data: {
        chainAuctionId: auction.auctionId,
        contractAddress: chain.nftAddress,
        tokenId: auction.tokenId,
        auctionContractAddress: chain.auctionHouseAddress,
        sellerWalletAddress: auction.sellerAddress,
        startingBid: auction.reservePriceWei,
        reservePrice: auction.reservePriceWei,
        ...(lot.estimateLow ? { estimateLow: (BigInt(auction.reservePriceWei) * 2n).toString(), estimateHigh: (BigInt(auction.reservePriceWei) * 4n).toString() } : {}),
        startTime: auction.startTime,
        endTime: auction.endTime,
        currentBid: highest > 0n ? highest.toString() : null,
        currentPrice: highest > 0n ? highest.toString() : auction.reservePriceWei,
        // Bids on these lots live on the chain from now on; the indexer issue merges them into replies.
        bidCount: highest > 0n ? 1 : 0,
      },
    });
    await prisma.bid.deleteMany({ where: { lotId: lot.id } });
  }
  // anvil is new on every start: records Gavel made by itself of the last run's tokens are gone with them (the
  // NFT lists record the new chain's tokens, named after the lots selling them now).
  await prisma.nft.deleteMany({ where: { contractAddress: chain.nftAddress.toLowerCase(), createdById: null } });
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  return { auctions: Math.min(lots.length, chain.auctions.length) };
}
