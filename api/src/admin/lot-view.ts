/**
 * The admin's view of a lot (and the lot seller's, on the settlement routes): the public lot plus what only
 * they may see (draft flag, reserve price) and the settlement state. Who counts as the seller is here too.
 */
import { formatAmount, messages, settlementOf, unitFor, type AdminLot } from '@gavel/domain';
import { actsAsSeller } from '@gavel/domain/wallet-rules';
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { HttpError } from '../http/errors.ts';
import type { UserRow } from '../auth/session.ts';
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

/** Any lot, drafts included; a missing one is the spec's admin 404. */
export async function loadLot(prisma: PrismaClient | P.TransactionClient, id: string): Promise<LotRow> {
  const row = await prisma.lot.findUnique({ where: { id }, include: lotInclude });
  if (!row) throw new HttpError(404, messages.browse.auctionNotFoundAdmin, 'not_found');
  return row;
}

/** The seller rule of domain (actsAsSeller) with the user's linked wallets: one rule for settlement and every /psbt/* seller route. */
export async function isSellerOf(prisma: PrismaClient, user: UserRow, lot: { creatorId: string | null; sellerWalletAddress: string | null }): Promise<boolean> {
  const linked = lot.sellerWalletAddress ? await prisma.wallet.findMany({ where: { userId: user.id, isConnected: true }, select: { address: true } }) : [];
  return actsAsSeller(
    user,
    linked.map((w) => w.address),
    lot,
  );
}
