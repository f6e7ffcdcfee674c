/**
 * On-chain bids in the api's bid shape. Status and withdrawal status come from the chain: a bid is active
 * until another beats it; an outbid bid's refund is 'available' in the contract until the bidder's next
 * withdrawal ('withdrawn'), or 'withdrawing' while a reported withdrawal (POST /evm-withdrawals) is pending.
 */
import { formatAmount, paginationOf, type Bid, type Pagination } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { Prisma as P } from '../generated/prisma/client.ts';
import { bidsOfAuction, type BidRow } from './reads.ts';
import { displayName, ownersOf } from './wallets.ts';
import { type ChainService, unavailable } from './index.ts';
import { fullNameOf, maskName } from '../auth/user-name.ts';

/**
 * GET /auctions/:id/bids for a lot that is an auction on Gavel's auction house: its bids from the chain,
 * highest first. Null for any other lot (its bids are in the database).
 */
export async function chainBidsOfLot(
  { chain, db }: { chain: ChainService; db: Database },
  lot: { id: string; title: string; chainAuctionId: P.Decimal | null; auctionContractAddress: string | null },
  viewerId: string | null,
  limit: number,
  offset: number,
): Promise<{ data: Bid[]; pagination: Pagination } | null> {
  const auctionId = lot.chainAuctionId?.toFixed(0) ?? null;
  if (!chain.isChainLot({ auctionId, auctionContractAddress: lot.auctionContractAddress })) return null;
  const [{ rows, total }, { rows: auctions }] = await Promise.all([bidsOfAuction(chain.ponder, auctionId!, limit, offset).catch(unavailable), chain.auctionStates([auctionId!])]);
  const highest = auctions.get(auctionId!);
  const current = highest?.highest_bidder ? formatAmount(BigInt(highest.highest_bid), 'ETH') : null;
  const data = await presentChainBids(db, rows, () => ({ id: lot.id, title: lot.title, currentBid: current }), viewerId);
  return { data, pagination: paginationOf(total, limit, offset) };
}

export interface BidLot {
  id: string;
  title: string;
  /** The chain's current highest bid, ETH; null without bids. */
  currentBid: string | null;
}

export async function presentChainBids(db: Database, rows: BidRow[], lotOf: (auctionId: string) => BidLot | undefined, viewerId: string | null): Promise<Bid[]> {
  const bidders = new Set(rows.map((row) => row.bidder));
  const [owners, withdrawing, cardBids] = await Promise.all([
    ownersOf(db, bidders),
    pendingWithdrawals(db, bidders),
    relayedBidsByTx(
      { db },
      rows.map((row) => row.tx_hash),
    ),
  ]);
  return rows.flatMap((row) => {
    const lot = lotOf(row.auction_id);
    if (!lot) return [];
    const card = cardBids.get(row.tx_hash.toLowerCase());
    if (card) return [presentCardBid(row, lot, card, viewerId)];
    const owner = owners.get(row.bidder);
    return [
      {
        _id: row.id,
        id: row.id,
        auctionId: lot.id,
        amount: formatAmount(BigInt(row.amount), 'ETH'),
        unit: 'ETH' as const,
        walletAddress: row.bidder,
        status: row.outbid_by ? ('outbid' as const) : ('active' as const),
        withdrawalStatus: withdrawalStatus(row, withdrawing.has(row.bidder)),
        createdAt: new Date(Number(row.timestamp) * 1000).toISOString(),
        bidder: { displayName: owner ? maskName(displayName(owner)) : shortAddress(row.bidder), isYou: viewerId !== null && owner?.userId === viewerId },
        auction: { _id: lot.id, title: lot.title, currentBid: lot.currentBid, paymentMethod: 'ETH' as const },
      },
    ];
  });
}

/** A card bid the relayer placed: the card bidder's, `card_payment`; its refund is the relayer's to take back. */
function presentCardBid(row: BidRow, lot: BidLot, card: { userId: string; name: string | null; refunded: boolean }, viewerId: string | null): Bid {
  return {
    _id: row.id,
    id: row.id,
    auctionId: lot.id,
    amount: formatAmount(BigInt(row.amount), 'ETH'),
    unit: 'ETH',
    walletAddress: 'card_payment',
    status: row.outbid_by ? 'outbid' : 'active',
    withdrawalStatus: row.outbid_by ? (card.refunded ? 'withdrawn' : 'withdrawing') : null,
    createdAt: new Date(Number(row.timestamp) * 1000).toISOString(),
    bidder: { displayName: maskName(card.name), isYou: viewerId !== null && card.userId === viewerId },
    auction: { _id: lot.id, title: lot.title, currentBid: lot.currentBid, paymentMethod: 'ETH' },
  };
}

export function withdrawalStatus(row: Pick<BidRow, 'outbid_by' | 'last_withdrawal_id'>, withdrawing: boolean): string | null {
  if (!row.outbid_by) return null;
  // Event ids sort in chain order, and a withdrawal always empties the account: a later one took this refund.
  if (row.last_withdrawal_id && row.last_withdrawal_id > row.outbid_by) return 'withdrawn';
  return withdrawing ? 'withdrawing' : 'available';
}

/** Addresses with a withdrawal reported and not yet seen on chain. */
async function pendingWithdrawals(db: Database, addresses: Set<string>): Promise<Set<string>> {
  if (addresses.size === 0) return new Set();
  const rows = await db.prisma.evmWithdrawal.findMany({
    where: { status: 'pending', walletAddress: { in: [...addresses] } },
    select: { walletAddress: true },
  });
  return new Set(rows.map((r) => r.walletAddress));
}

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/**
 * Card bids among on-chain bids: the chain shows the relayer as their bidder; these are the users behind the
 * relayer's transactions (by hash, lower case), and whether the relayer has taken back the refund yet.
 */
export async function relayedBidsByTx(services: { db: Database }, hashes: Iterable<string>): Promise<Map<string, { userId: string; name: string | null; refunded: boolean }>> {
  const wanted = [...new Set([...hashes].map((h) => h.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await services.db.prisma.relayedBid.findMany({ where: { txHash: { in: wanted } }, select: { txHash: true, userId: true, status: true } });
  if (rows.length === 0) return new Map();
  const users = await services.db.prisma.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, name: true, firstName: true, lastName: true } });
  const nameOf = new Map(users.map((u) => [u.id, fullNameOf(u)]));
  return new Map(rows.map((r) => [r.txHash!.toLowerCase(), { userId: r.userId, name: nameOf.get(r.userId) ?? null, refunded: r.status === 'refunded' }]));
}
