import { gavelAuctionHouseAbi } from '@gavel/contracts';
import type { Address, PublicClient } from 'viem';
import type { BidState } from './refusal.ts';

/** What a bid's read of the chain needs of the chain service: the auction house, and the node to ask. */
export interface ChainNode {
  auctionHouse: string | null;
  rpc: { client: PublicClient };
}

/**
 * An auction on the contract as a new bid sees it, read now from the node (the indexer may lag a freshly
 * started auction): cancelled (a zero seller), not started, over, or live with the contract's minimum.
 */
export async function readChainBidState(services: { chain: ChainNode }, auctionId: string): Promise<BidState> {
  const { chain } = services;
  const house = { address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi } as const;
  const id = BigInt(auctionId);
  const [auction, block, increment, minimum] = await Promise.all([
    chain.rpc.client.readContract({ ...house, functionName: 'getAuction', args: [id] }).catch(() => null),
    chain.rpc.client.getBlock({ blockTag: 'latest' }),
    chain.rpc.client.readContract({ ...house, functionName: 'minBidIncrement' }),
    chain.rpc.client.readContract({ ...house, functionName: 'minNextBid', args: [id] }).catch(() => 0n),
  ]);
  const endTime = new Date(Number(auction?.endTime ?? 0n) * 1000);
  const currentBid = auction && auction.highestBid > 0n ? auction.highestBid : null;
  const base = { minimum, increment: BigInt(increment), endTime, currentBid };
  if (!auction || /^0x0{40}$/i.test(auction.seller)) return { ...base, phase: 'cancelled' };
  if (!auction.started) return { ...base, phase: 'upcoming' };
  if (auction.ended || block.timestamp >= auction.endTime) return { ...base, phase: 'ended' };
  return { ...base, phase: 'live' };
}
