/**
 * The admin's view of a lot (and the lot seller's, on the settlement routes): the public lot plus what only
 * they may see (draft flag, reserve price) and the settlement state. Who counts as the seller is here too.
 */
import { formatAmount, messages, settlementOf, unitFor, type AdminLot } from '@gavel/domain';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { HttpError } from '../http/errors.ts';
import type { UserRow } from '../auth/session.ts';
import { lotInclude, presentLot, type LotRow } from '../lots/present.ts';

export function presentAdminLot(row: LotRow, now: Date = new Date()): AdminLot {
  const unit = unitFor(row.paymentMethod);
  return {
    ...presentLot(row, now),
    published: row.published,
    reservePrice: row.reservePrice === null ? null : formatAmount(BigInt(row.reservePrice.toFixed(0)), unit),
    extensionMinutes: row.extensionMinutes,
    settlement: settlementOf({ ...row, hasWinner: !!(row.winnerId || row.winnerWalletAddress) }),
  };
}

/** Any lot, drafts included; a missing one is the spec's admin 404. */
export async function loadLot(prisma: PrismaClient | P.TransactionClient, id: string): Promise<LotRow> {
  const row = await prisma.lot.findUnique({ where: { id }, include: lotInclude });
  if (!row) throw new HttpError(404, messages.browse.auctionNotFoundAdmin, 'not_found');
  return row;
}

/**
 * Who may act as the seller of a lot (admin-side sections 1, 5 and 6): the user who created it, an admin, or
 * a user with a linked wallet that is the lot's seller address (compared case-insensitively, as the spec's
 * wallet check does). One rule for the settlement routes and every /psbt/* seller route.
 */
export async function isSellerOf(prisma: PrismaClient, user: UserRow, lot: { creatorId: string | null; sellerWalletAddress: string | null }): Promise<boolean> {
  if (user.role === 'admin' || lot.creatorId === user.id) return true;
  if (!lot.sellerWalletAddress) return false;
  const wallet = await prisma.wallet.findFirst({
    where: { userId: user.id, isConnected: true, address: { equals: lot.sellerWalletAddress, mode: 'insensitive' } },
    select: { id: true },
  });
  return wallet !== null;
}
