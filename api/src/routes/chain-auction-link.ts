/**
 * POST /lots/:id/chain-auction (the spec: "starting an ETH auction sets the lot live"): after the admin's
 * (or the lot's seller's) wallet created and started an auction on the auction house, the lot is linked to it.
 * Nothing of the body is taken on trust but the auction id: the auction is read from the chain, must escrow
 * the lot's NFT (or, for a lot without one recorded yet, gives it), and must have been created by a wallet
 * linked to the caller. Times and status come from the chain; the lot clock and browse then follow them.
 */
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { chainAuctionLinkBodySchema, chainAuctionLinkMessages, chainAuctionLinkReplySchema } from '@gavel/domain';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import type { Address } from 'viem';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requireLinkedWallet } from '../wallet/linked.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';

export function chainAuctionLinkRoutes(routes: RouteTable, services: Services): void {
  const { db, chain, redis, config } = services;
  routes.add({
    method: 'post',
    path: '/lots/:id/chain-auction',
    rateLimit: 'lookups',
    tag: 'Admin',
    summary: 'Link a lot to the on-chain auction the caller’s wallet created (read and checked on chain)',
    access: { roles: ['admin', 'seller'] as const },
    body: chainAuctionLinkBodySchema,
    reply: chainAuctionLinkReplySchema,
    errors: {
      403: `${chainAuctionLinkMessages.notYourLot} / ${chainAuctionLinkMessages.notYourAuction}`,
      404: chainAuctionLinkMessages.notFound,
      409: `${chainAuctionLinkMessages.notEvmLot} / ${chainAuctionLinkMessages.otherNft} / ${chainAuctionLinkMessages.alreadyLinked} / ${chainAuctionLinkMessages.auctionTaken}`,
    },
    handler: async ({ params, body, user }) => {
      const lot = await db.prisma.lot.findUnique({ where: { id: params.id } });
      if (!lot) throw notFound();
      if (user.role !== 'admin' && lot.creatorId !== user.id) throw new HttpError(403, chainAuctionLinkMessages.notYourLot, 'not_your_lot');
      if (walletKindFor(lot) !== 'evm') throw new HttpError(409, chainAuctionLinkMessages.notEvmLot, 'not_evm_lot');
      if (!chain.auctionHouse) throw new HttpError(503, chainAuctionLinkMessages.notFound, 'auction_house_not_deployed');
      const current = lot.chainAuctionId?.toFixed(0) ?? null;
      if (current !== null && current !== body.auctionId) throw new HttpError(409, chainAuctionLinkMessages.alreadyLinked, 'already_linked', { auctionId: chainAuctionLinkMessages.alreadyLinked });
      const other = await db.prisma.lot.findFirst({ where: { chainAuctionId: body.auctionId, auctionContractAddress: chain.auctionHouse, id: { not: lot.id } }, select: { id: true } });
      if (other) throw new HttpError(409, chainAuctionLinkMessages.auctionTaken, 'auction_taken', { auctionId: chainAuctionLinkMessages.auctionTaken });

      // An id never created (or cancelled, which deletes it) reads as an empty auction with no seller.
      const auction = await chain.rpc.client
        .readContract({ address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [BigInt(body.auctionId)] })
        .catch(() => null);
      if (!auction || /^0x0{40}$/i.test(auction.seller)) throw new HttpError(404, chainAuctionLinkMessages.notFound, 'auction_not_found', { auctionId: chainAuctionLinkMessages.notFound });
      const nft = auction.nft.toLowerCase();
      const tokenId = auction.nftId.toString();
      if (lot.contractAddress && lot.tokenId !== null && (lot.contractAddress.toLowerCase() !== nft || lot.tokenId.toFixed(0) !== tokenId)) {
        throw new HttpError(409, chainAuctionLinkMessages.otherNft, 'other_nft', { auctionId: chainAuctionLinkMessages.otherNft });
      }
      await requireLinkedWallet(db, user.id, auction.seller, 'auctionId').catch(() => {
        throw new HttpError(403, chainAuctionLinkMessages.notYourAuction, 'not_your_auction', { auctionId: chainAuctionLinkMessages.notYourAuction });
      });

      const block = await chain.rpc.client.getBlock({ blockTag: 'latest' });
      const started = auction.started;
      const status = auction.ended || (started && block.timestamp >= auction.endTime) ? 'ended' : started ? 'live' : 'upcoming';
      const updated = await db.prisma.lot.update({
        where: { id: lot.id },
        data: {
          chainAuctionId: body.auctionId,
          auctionContractAddress: chain.auctionHouse,
          contractAddress: nft,
          tokenId,
          sellerWalletAddress: auction.seller.toLowerCase(),
          auctionType: 'onchain',
          // Before start the chain has no times yet: the lot keeps its own until the auction starts.
          ...(started ? { startTime: new Date(Number(auction.startTime) * 1000), endTime: new Date(Number(auction.endTime) * 1000) } : {}),
          status,
        },
      });
      await announceLotsChanged(redis, config.redisPrefix);
      return {
        message: chainAuctionLinkMessages.linked,
        data: {
          id: updated.id,
          auctionId: body.auctionId,
          status: updated.status,
          startTime: updated.startTime.toISOString(),
          endTime: updated.endTime.toISOString(),
          contractAddress: nft,
          tokenId,
          sellerWalletAddress: auction.seller.toLowerCase(),
        },
      };
    },
  });
}
