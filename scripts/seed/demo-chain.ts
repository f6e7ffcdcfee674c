/**
 * The local chain for `npm start`: anvil with the contracts deployed and one live on-chain auction for each
 * live ETH lot of the demo, linked to that lot (chain auction id, NFT contract and token, times, prices).
 */
import type { Services } from '../../api/src/services.ts';
import { announceLotsChanged } from '../../api/src/lots/browse-cache.ts';
import { startAnvil } from '../chain/anvil.ts';
import { seedDemoChain } from '../chain/demo.ts';

export async function startDemoChain(services: Services, port = Number(process.env.ANVIL_PORT ?? 8545)) {
  const anvil = await startAnvil({ port });
  try {
    const { prisma } = services.db;
    const lots = await prisma.lot.findMany({
      where: { paymentMethod: 'ETH', auctionType: 'onchain', status: 'live', endTime: { gt: new Date() } },
      orderBy: { lotNumber: 'asc' },
    });
    const chain = await seedDemoChain({ rpcUrl: anvil.rpcUrl, count: lots.length });
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
    await announceLotsChanged(services.redis, services.config.redisPrefix);
    return { rpcUrl: anvil.rpcUrl, auctions: Math.min(lots.length, chain.auctions.length), stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
