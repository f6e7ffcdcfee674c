/**
 * Linking a lot to the on-chain auction its seller's wallet created (the spec: "starting an ETH auction sets the
 * lot live"). Nothing is taken on trust but the auction id: the auction is read from the chain, must escrow the
 * lot's NFT (or, for a lot without one recorded yet, gives it), and must have been created by a wallet linked to
 * the caller. Times and status come from the chain; the lot clock and browse then follow them.
 */
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { chainAuctionLinkMessages, type chainAuctionLinkReplySchema } from '@gavel/domain';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import type { Address } from 'viem';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { requireLinkedWallet } from '../wallet/linked.ts';

/**
 * Links the lot (the caller's own, or any for an admin) to the auction, and answers the lot as the chain now sets
 * it. `lotsChanged` drops every cached browse page (given by the caller: the lot lists are cached outside the chain's part).
 */
export async function linkLotToChainAuction(
  { db, chain }: { db: Database; chain: ChainService },
  lotsChanged: () => Promise<void>,
  user: Pick<UserRow, 'id' | 'role'>,
  lotId: string | undefined,
  auctionId: string,
): Promise<z.output<typeof chainAuctionLinkReplySchema>['data']> {
  const lot = await db.prisma.lot.findUnique({ where: { id: lotId } });
  if (!lot) throw notFound();
  if (user.role !== 'admin' && lot.creatorId !== user.id) throw new Refused('forbidden', chainAuctionLinkMessages.notYourLot, 'not_your_lot');
  if (walletKindFor(lot) !== 'evm') throw new Refused('conflict', chainAuctionLinkMessages.notEvmLot, 'not_evm_lot');
  if (!chain.auctionHouse) throw new Refused('unavailable', chainAuctionLinkMessages.notFound, 'auction_house_not_deployed');
  const current = lot.chainAuctionId?.toFixed(0) ?? null;
  if (current !== null && current !== auctionId) throw new Refused('conflict', chainAuctionLinkMessages.alreadyLinked, 'already_linked', { auctionId: chainAuctionLinkMessages.alreadyLinked });
  const other = await db.prisma.lot.findFirst({ where: { chainAuctionId: auctionId, auctionContractAddress: chain.auctionHouse, id: { not: lot.id } }, select: { id: true } });
  if (other) throw new Refused('conflict', chainAuctionLinkMessages.auctionTaken, 'auction_taken', { auctionId: chainAuctionLinkMessages.auctionTaken });

  // An id never created (or cancelled, which deletes it) reads as an empty auction with no seller.
  const auction = await chain.rpc.client.readContract({ address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [BigInt(auctionId)] }).catch(() => null);
  if (!auction || /^0x0{40}$/i.test(auction.seller)) throw new Refused('not_found', chainAuctionLinkMessages.notFound, 'auction_not_found', { auctionId: chainAuctionLinkMessages.notFound });
  const nft = auction.nft.toLowerCase();
  const tokenId = auction.nftId.toString();
  if (lot.contractAddress && lot.tokenId !== null && (lot.contractAddress.toLowerCase() !== nft || lot.tokenId.toFixed(0) !== tokenId)) {
    throw new Refused('conflict', chainAuctionLinkMessages.otherNft, 'other_nft', { auctionId: chainAuctionLinkMessages.otherNft });
  }
  await requireLinkedWallet(db, user.id, auction.seller, 'auctionId').catch(() => {
    throw new Refused('forbidden', chainAuctionLinkMessages.notYourAuction, 'not_your_auction', { auctionId: chainAuctionLinkMessages.notYourAuction });
  });

  const block = await chain.rpc.client.getBlock({ blockTag: 'latest' });
  const started = auction.started;
  const status = auction.ended || (started && block.timestamp >= auction.endTime) ? 'ended' : started ? 'live' : 'upcoming';
  const updated = await db.prisma.lot.update({
    where: { id: lot.id },
    data: {
      chainAuctionId: auctionId,
      auctionContractAddress: chain.auctionHouse,
      contractAddress: nft,
      tokenId,
      sellerWalletAddress: auction.seller.toLowerCase(),
      chainPremiumBps: Number(auction.premiumBps),
      auctionType: 'onchain',
      // Before start the chain has no times yet: the lot keeps its own until the auction starts.
      ...(started ? { startTime: new Date(Number(auction.startTime) * 1000), endTime: new Date(Number(auction.endTime) * 1000) } : {}),
      status,
    },
  });
  await lotsChanged();
  return {
    id: updated.id,
    auctionId: auctionId,
    status: updated.status,
    startTime: updated.startTime.toISOString(),
    endTime: updated.endTime.toISOString(),
    contractAddress: nft,
    tokenId,
    sellerWalletAddress: auction.seller.toLowerCase(),
  };
}
