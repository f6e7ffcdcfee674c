/**
 * The documents of ETH lots sold on chain: an auction on the auction house is settled by the contract (`end`, or
 * the winner's `claimNft` after a failed transfer), not by a close of Gavel's, so no close issues its invoice and
 * statement. The worker's sweep issues them from the indexed settlement, with the figures the contract moved:
 * - won by a bidder's own wallet: the buyer is the user who linked it (none: the invoice has no buyer), and the lot
 *   is recorded paid, since the contract collected the bid and its premium at the settlement;
 * - won by the relayer (a card bid placed for a Gavel user): the buyer is that bid's bidder, and whether the lot is
 *   paid is the relayer's to record (its card charged, or owed from the cart: relayer/unpaid-wins.ts).
 * The statement is paid out at the settlement either way: the contract paid the seller then.
 *
 * Exactly once: each lot's documents are issued in one transaction that first locks the lot, and only for a lot
 * that has never had documents (a relayed win voided for non-payment keeps its void ones, and a second-chance sale
 * issues its own), so a second sweep, or two at once, issue nothing more. A cursor in Redis (the last block read)
 * keeps each pass short; a pass re-reads the last REORG_WINDOW blocks, so a settlement a reorg moved below the
 * cursor is still seen. A lost cursor only costs a pass over every settlement.
 */
import type { Services } from '../services.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { REORG_WINDOW } from '../chain/follower.ts';
import { IndexerUnavailable } from '../chain/ponder.ts';
import { salesSettledAfterBlock, type SettlementRow } from '../chain/reads.ts';
import { anyCase } from '../wallet/linked.ts';
import { issueDocumentsOnce } from '../house/documents.ts';

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
  const lots = sales.length
    ? await db.prisma.lot.findMany({
        where: {
          chainAuctionId: { in: sales.map((sale) => sale.auction_id) },
          auctionContractAddress: anyCase(house),
          auctionType: 'onchain',
          paymentMethod: 'ETH',
          invoices: { none: {} },
        },
        select: { id: true, chainAuctionId: true },
      })
    : [];
  const saleOf = new Map(sales.map((sale) => [sale.auction_id, sale]));
  let issued = 0;
  let failure: { block: number; error: unknown } | null = null;
  for (const lot of lots) {
    const sale = saleOf.get(lot.chainAuctionId!.toFixed(0))!;
    try {
      const outcome = await db.prisma.$transaction((tx) => issueSettledSale(tx, lot.id, sale, relayer.address, now));
      if (outcome === 'issued') issued += 1;
      // The relayer has not recorded its bid's win yet: the next pass reads this settlement again.
      if (outcome === 'wait' && (!failure || Number(sale.block_number) < failure.block)) failure = { block: Number(sale.block_number), error: null };
    } catch (error) {
      // The others are issued all the same; the cursor stops short of this one, so the next pass tries it again.
      if (!failure || Number(sale.block_number) < failure.block) failure = { block: Number(sale.block_number), error };
    }
  }
  const read = sales.reduce((max, sale) => Math.max(max, Number(sale.block_number)), cursor);
  const head = failure ? Math.min(read, failure.block - 1) : read;
  if (head > cursor) await redis.set(cursorKey, String(head));
  if (failure?.error) throw failure.error;
  return issued;
}

/**
 * The documents of one lot sold on chain, in the caller's transaction, and a wallet's win recorded paid by the chain.
 * 'wait': a win of the relayer's whose bid the relayer has not marked won yet.
 */
async function issueSettledSale(tx: Prisma.TransactionClient, lotId: string, sale: SettlementRow, relayerAddress: string | null, now: Date): Promise<'issued' | 'done' | 'wait'> {
  const settledAt = new Date(Number(sale.timestamp) * 1000);
  // Locks the lot, so a concurrent sweep waits here and then finds the documents issued.
  await tx.$queryRaw`SELECT 1 FROM "Lot" WHERE id = ${lotId} FOR NO KEY UPDATE`;
  if ((await tx.invoice.count({ where: { lotId } })) > 0) return 'done';
  const buyerId = sale.winner === relayerAddress ? await relayedWinner(tx, lotId) : await walletOwner(tx, sale.winner);
  if (buyerId === undefined) return 'wait';
  if (sale.winner !== relayerAddress) await tx.$executeRaw`UPDATE "Lot" SET paid = true, "paidAt" = coalesce("paidAt", ${settledAt}), "updatedAt" = now() WHERE id = ${lotId}`;
  const issued = await issueDocumentsOnce(tx, lotId, now, async () => ({
    buyerId,
    hammer: BigInt(sale.amount),
    premium: BigInt(sale.premium),
    fees: 0n,
    // The contract's fee is the seller's commission on an ETH lot: it kept it from the amount for the treasury
    // and paid the seller the rest at the settlement, so the statement is paid out then.
    commission: BigInt(sale.fee),
    paidOutAt: settledAt,
  }));
  return issued ? 'issued' : 'done';
}

/** The user who linked the winning wallet (null: nobody). */
async function walletOwner(tx: Prisma.TransactionClient, address: string): Promise<string | null> {
  const wallet = await tx.wallet.findFirst({ where: { type: 'evm', address: anyCase(address) }, select: { userId: true } });
  return wallet?.userId ?? null;
}

/** The bidder of the relayer's winning bid on this lot, once the relayer has marked it won (undefined until then). */
async function relayedWinner(tx: Prisma.TransactionClient, lotId: string): Promise<string | undefined> {
  const won = await tx.relayedBid.findFirst({ where: { lotId, status: { in: ['won', 'custody', 'delivered'] } }, orderBy: { amount: 'desc' }, select: { userId: true } });
  return won?.userId;
}
