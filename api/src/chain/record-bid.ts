/**
 * The Ethereum bid mutation (POST /auctions/:id/eth-bids): a bid already on chain is recorded for the
 * signed-in user. Nothing the client says is taken for the bid itself: the receipt of the transaction, read
 * from the RPC node, must hold an AuctionBid event of Gavel's auction house for the lot's on-chain auction,
 * and the event's bidder must be a wallet linked to the user. The row (ChainBid) is unique per event, so a
 * repeated report returns the same record. The lot's price and bid list keep coming from the indexer; the
 * reply says whether it has seen the bid yet.
 */
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { ethBidMessages, formatAmount, walletProofMessages, type ChainBidRecord } from '@gavel/domain';
import { parseEventLogs, type Hash } from 'viem';
import type { ChainBid } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';

type ChainBidDeps = { db: Database; chain: ChainService };
import { notFound, refusedAt } from '../refused.ts';
import { isLinkedTo } from '../wallet/linked.ts';
import { IndexerUnavailable } from './ponder.ts';
import { bidOfLogIndexed } from './reads.ts';

export interface ChainBidClaim {
  lotId: string;
  blockchainAuctionId: string;
  walletAddress: string;
  txHash: string;
}

export async function recordEthBid(services: ChainBidDeps, userId: string, claim: ChainBidClaim): Promise<ChainBidRecord> {
  const { db, chain } = services;
  const lot = await db.prisma.lot.findFirst({ where: { id: claim.lotId, published: true }, select: { id: true, chainAuctionId: true, auctionContractAddress: true } });
  if (!lot) throw notFound();
  const auctionId = lot.chainAuctionId?.toFixed(0) ?? null;
  if (!chain.isChainLot({ auctionId, auctionContractAddress: lot.auctionContractAddress })) throw refusedAt('conflict', ethBidMessages.notChainLot, 'not_chain_lot');
  if (claim.blockchainAuctionId !== auctionId) throw refusedAt('invalid', ethBidMessages.auctionMismatch, 'auction_mismatch', 'blockchainAuctionId');
  if (!(await isLinkedTo(db, userId, claim.walletAddress))) throw refusedAt('forbidden', walletProofMessages.notLinked, 'wallet_not_linked', 'walletAddress');

  const hash = claim.txHash.toLowerCase();
  const receipt = await chain.rpc.client.getTransactionReceipt({ hash: hash as Hash }).catch(() => null);
  if (!receipt) throw refusedAt('conflict', ethBidMessages.notMined, 'bid_not_mined', 'txHash');
  if (receipt.status !== 'success') throw refusedAt('invalid', ethBidMessages.reverted, 'bid_reverted', 'txHash');
  const bids = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionBid', logs: receipt.logs }).filter(
    (log) => log.address.toLowerCase() === chain.auctionHouse && log.args.auctionId.toString() === auctionId,
  );
  const event = bids[0];
  if (!event) throw refusedAt('invalid', ethBidMessages.noBid, 'no_bid', 'txHash');
  const bidder = event.args.bidder.toLowerCase();
  if (bidder !== claim.walletAddress.toLowerCase()) throw refusedAt('forbidden', ethBidMessages.bidderMismatch, 'bidder_mismatch', 'walletAddress');
  const amount = formatAmount(event.args.amount, 'ETH');

  const key = { txHash_logIndex: { txHash: hash, logIndex: event.logIndex } };
  const row =
    (await db.prisma.chainBid.findUnique({ where: key })) ??
    (await db.prisma.chainBid
      .create({
        data: {
          txHash: hash,
          logIndex: event.logIndex,
          lotId: lot.id,
          userId,
          auctionId: auctionId!,
          bidder,
          walletAddress: bidder,
          amount: event.args.amount.toString(),
          blockNumber: Number(receipt.blockNumber),
        },
      })
      // Two reports of one bid racing: the loser reads the winner's row.
      .catch(() => db.prisma.chainBid.findUniqueOrThrow({ where: key })));
  if (row.userId !== userId) throw refusedAt('conflict', ethBidMessages.recordedByOther, 'bid_recorded_by_other', 'txHash');
  return presentChainBid(row, amount, await isIndexed(services, hash, event.logIndex));
}

/** Whether the indexer has the bid of this event; false while it lags or is down (the record stands anyway). */
async function isIndexed({ chain }: ChainBidDeps, hash: string, logIndex: number): Promise<boolean> {
  try {
    return await bidOfLogIndexed(chain.ponder, hash, logIndex);
  } catch (error) {
    if (error instanceof IndexerUnavailable) return false;
    throw error;
  }
}

export function presentChainBid(row: ChainBid, amount: string, indexed: boolean): ChainBidRecord {
  return {
    id: row.id,
    lotId: row.lotId,
    blockchainAuctionId: row.auctionId.toFixed(0),
    txHash: row.txHash,
    bidder: row.bidder,
    walletAddress: row.walletAddress,
    amount,
    blockNumber: row.blockNumber,
    indexed,
    createdAt: row.createdAt.toISOString(),
  };
}
