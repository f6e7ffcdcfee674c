/**
 * Chain truth in lot replies. For a lot that is an auction on Gavel's auction house, the indexed auction
 * decides the price, bid count, times, status (timeStarted/timeEnded), winner and whether the latest bid
 * extended it; the lot record keeps everything descriptive. One indexer query serves a whole page.
 */
import { fill, formatAmount, messages, type ChainLot, type Lot, type LotChain } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';
import type { AuctionRow } from './reads.ts';
import { displayName, ownersOf, type WalletOwner } from './wallets.ts';

const iso = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();
const eth = (wei: string) => formatAmount(BigInt(wei), 'ETH');

export async function withChain(chain: ChainService, db: Database, lots: Lot[], now: Date = new Date()): Promise<ChainLot[]> {
  const ids = lots.flatMap((lot) => (chain.isChainLot(lot) ? [lot.auctionId] : []));
  const { rows, stale } = await chain.auctionStates(ids);
  const winners = [...rows.values()].flatMap((row) => winnerOf(row, now) ?? []);
  const owners = await ownersOf(db, winners);
  return lots.map((lot) => {
    if (!chain.isChainLot(lot)) return { ...lot, auctionExtended: false, extensionMessage: null, chain: null };
    return overlay(lot, lot.auctionContractAddress, rows.get(lot.auctionId) ?? null, stale, owners, now);
  });
}

/** The settled winner, or the leader of an auction whose time is up but that nobody has settled yet. */
export function winnerOf(row: AuctionRow, now: Date): string | null {
  if (row.status === 'settled') return row.winner;
  if (row.status === 'started' && row.end_time !== null && Number(row.end_time) * 1000 <= now.getTime()) return row.highest_bidder;
  return null;
}

function statusOf(row: AuctionRow, lot: Lot, now: Date): ChainLot['status'] {
  if (row.status === 'cancelled' || lot.status === 'cancelled') return 'cancelled';
  if (row.status === 'settled') return 'timeEnded';
  if (row.status === 'created' || row.end_time === null) return 'upcoming';
  return Number(row.end_time) * 1000 <= now.getTime() ? 'timeEnded' : 'timeStarted';
}

function overlay(lot: Lot, contract: string, row: AuctionRow | null, stale: boolean, owners: Map<string, WalletOwner>, now: Date): ChainLot {
  const chain = chainBlock(lot.auctionId!, contract, row, stale);
  if (!row) return { ...lot, auctionExtended: false, extensionMessage: null, chain };

  const endTime = row.end_time ? iso(row.end_time) : lot.endTime;
  const extended = row.last_bid_extended === true;
  const winnerAddress = winnerOf(row, now);
  const owner = winnerAddress ? owners.get(winnerAddress) : undefined;
  const hasBid = row.highest_bidder !== null;
  return {
    ...lot,
    status: statusOf(row, lot, now),
    currentBid: hasBid ? eth(row.highest_bid) : null,
    bidCount: row.bid_count,
    hasReserve: BigInt(row.reserve_price) > 0n,
    reserveMet: hasBid || BigInt(row.reserve_price) === 0n,
    startTime: row.start_time ? iso(row.start_time) : lot.startTime,
    endTime,
    winner: winnerAddress ? { name: displayName(owner), firstName: owner?.firstName ?? null, lastName: owner?.lastName ?? null, walletAddress: winnerAddress } : null,
    soldPrice: row.status === 'settled' && row.winner ? eth(row.highest_bid) : null,
    auctionExtended: extended,
    extensionMessage: extended ? fill(messages.bids.extended, { minutes: minutes(Number(row.time_buffer_seconds)), endTime }) : null,
    chain,
  };
}

function chainBlock(auctionId: string, contract: string, row: AuctionRow | null, stale: boolean): LotChain {
  return {
    auctionId,
    contractAddress: contract.toLowerCase(),
    stale,
    indexed: row !== null,
    updatedBlock: row ? Number(row.updated_block) : null,
    seller: row?.seller ?? null,
    nft: row?.nft ?? null,
    nftId: row?.nft_id ?? null,
    reservePrice: row ? eth(row.reserve_price) : null,
    highestBid: row ? eth(row.highest_bid) : null,
    highestBidder: row?.highest_bidder ?? null,
    bidCount: row?.bid_count ?? null,
    startTime: row?.start_time ? iso(row.start_time) : null,
    endTime: row?.end_time ? iso(row.end_time) : null,
    timeBufferSeconds: row ? Number(row.time_buffer_seconds) : null,
    started: row ? row.status !== 'created' : null,
    ended: row ? row.status === 'settled' : null,
    cancelled: row ? row.status === 'cancelled' : null,
    winner: row?.winner ?? null,
  };
}

/** 300 s -> "5", 90 s -> "1.5": the extension message speaks in minutes. */
function minutes(seconds: number): string {
  return seconds % 60 === 0 ? String(seconds / 60) : (seconds / 60).toFixed(1);
}
