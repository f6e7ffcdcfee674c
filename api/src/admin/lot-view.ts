/**
 * The admin's view of a lot (and the lot seller's, on the settlement routes): the public lot plus what only
 * they may see (draft flag, reserve price) and the settlement state.
 */
import { formatAmount, messages, settlementOf, unitFor, type AdminLot } from '@gavel/domain';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { notFound } from '../refused.ts';
import { lotInclude, presentLot, type LotRow } from '../lots/present.ts';

export function presentAdminLot(imageGateway: string, row: LotRow, now: Date = new Date()): AdminLot {
  const unit = unitFor(row.paymentMethod);
  return {
    ...presentLot(imageGateway, row, now),
    published: row.published,
    reservePrice: row.reservePrice === null ? null : formatAmount(BigInt(row.reservePrice.toFixed(0)), unit),
    extensionMinutes: row.extensionMinutes,
    settlement: settlementOf({ ...row, hasWinner: !!(row.winnerId || row.winnerWalletAddress) }),
  };
}

/** Any lot, drafts included; a missing one is refused with the spec's admin not-found message. */
export async function loadLot(prisma: PrismaClient | P.TransactionClient, id: string): Promise<LotRow> {
  const row = await prisma.lot.findUnique({ where: { id }, include: lotInclude });
  if (!row) throw notFound(messages.browse.auctionNotFoundAdmin);
  return row;
}
