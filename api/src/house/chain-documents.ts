/**
 * The documents of ETH lots sold on chain: an auction on the auction house won by a bidder's own wallet is settled
 * by the contract (`end`, or the winner's `claimNft` after a failed transfer), and Gavel records no winner for it, so
 * no close issues its invoice and statement. The worker's sweep issues them from the indexed settlement: the buyer
 * is the user who linked the winning wallet (none: the invoice has no buyer), the figures are those the contract
 * moved, and the lot is recorded paid, since the contract collected the bid and its premium at the settlement.
 *
 * Exactly once: each lot's documents are issued in one transaction that first locks the lot, under the guard every
 * issue shares (documents.ts: no invoice that is not void), so a second sweep, or two at once, issue nothing more.
 * A cursor in Redis (the last block read) keeps each pass short; a pass re-reads the last REORG_WINDOW blocks, so a
 * settlement a reorg moved below the cursor is still seen. A lost cursor only costs a pass over every settlement.
 * A win by the relayer is a card bid's: Gavel records that win, and its documents, on the relayer's own path.
 */
import type { Services } from '../services.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { REORG_WINDOW } from '../chain/follower.ts';
import { IndexerUnavailable } from '../chain/ponder.ts';
import { salesSettledAfterBlock, type SettlementRow } from '../chain/reads.ts';
import { anyCase } from '../wallet/linked.ts';
import { issueDocumentsOnce } from './documents.ts';

/** The sweep runs once every this many turns of the chain follower: documents a second after the sale are soon enough. */
export const CHAIN_DOCUMENTS_EVERY = 4;
const BATCH = 500;

type SweepServices = Pick<Services, 'chain' | 'db' | 'redis' | 'config' | 'relayer'>;

/** One pass: issues the documents of the lots sold on chain since the cursor that have none. Returns how many lots got them. */
export async function issueChainSaleDocuments(services: SweepServices, now = new Date()): Promise<number> {
  const { chain, db, redis, config, relayer } = services;
  const house = chain.auctionHouse;
  if (!house) return 0;
  const cursorKey = `${config.redisPrefix}:chain:settlement-cursor`;
  const cursor = Number((await redis.get(cursorKey)) ?? 0);
  let sales: SettlementRow[];
  try {
    sales = await salesSettledAfterBlock(chain.ponder, Math.max(0, cursor - REORG_WINDOW), BATCH);
  } catch (error) {
    // The indexer being down is logged once by its reader; the next pass reads on from the same cursor.
    if (error instanceof IndexerUnavailable) return 0;
    throw error;
  }
  const own = sales.filter((sale) => sale.winner !== relayer.address);
  const lots = own.length
    ? await db.prisma.lot.findMany({
        where: {
          chainAuctionId: { in: own.map((sale) => sale.auction_id) },
          auctionContractAddress: anyCase(house),
          auctionType: 'onchain',
          paymentMethod: 'ETH',
          winnerId: null,
          invoices: { none: { voidedAt: null } },
        },
        select: { id: true, chainAuctionId: true },
      })
    : [];
  const saleOf = new Map(own.map((sale) => [sale.auction_id, sale]));
  let issued = 0;
  let failure: { block: number; error: unknown } | null = null;
  for (const lot of lots) {
    const sale = saleOf.get(lot.chainAuctionId!.toFixed(0))!;
    try {
      if (await db.prisma.$transaction((tx) => issueSettledSale(tx, lot.id, sale, now))) issued += 1;
    } catch (error) {
      // The others are issued all the same; the cursor stops short of this one, so the next pass tries it again.
      if (!failure || Number(sale.block_number) < failure.block) failure = { block: Number(sale.block_number), error };
    }
  }
  const read = sales.reduce((max, sale) => Math.max(max, Number(sale.block_number)), cursor);
  const head = failure ? Math.min(read, failure.block - 1) : read;
  if (head > cursor) await redis.set(cursorKey, String(head));
  if (failure) throw failure.error;
  return issued;
}

/** The documents of one lot sold on chain, and the lot recorded paid by the chain, in the caller's transaction. */
async function issueSettledSale(tx: Prisma.TransactionClient, lotId: string, sale: SettlementRow, now: Date): Promise<boolean> {
  const settledAt = new Date(Number(sale.timestamp) * 1000);
  // Locks the lot, so a concurrent sweep waits here and then finds the documents issued. A win Gavel recorded
  // meanwhile (a relayed card bid) is left to the path that recorded it.
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    UPDATE "Lot" SET paid = true, "paidAt" = coalesce("paidAt", ${settledAt}), "updatedAt" = now()
     WHERE id = ${lotId} AND "winnerId" IS NULL
    RETURNING id`;
  if (locked.length === 0) return false;
  const buyer = await tx.wallet.findFirst({ where: { type: 'evm', address: anyCase(sale.winner) }, select: { userId: true } });
  return issueDocumentsOnce(tx, lotId, now, async () => ({
    buyerId: buyer?.userId ?? null,
    hammer: BigInt(sale.amount),
    premium: BigInt(sale.premium),
    fees: 0n,
    // The contract's fee is the seller's commission on an ETH lot: it kept it from the amount for the treasury
    // and paid the seller the rest at the settlement, so the statement is paid out then.
    commission: BigInt(sale.fee),
    paidOutAt: settledAt,
  }));
}
