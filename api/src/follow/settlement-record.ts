/**
 * What the seller of an ended lot (or an admin) needs beyond the lot itself to settle it: who recorded the payment
 * and the transfer, and for a USD lot once paid, where to send the item (the winner's name and profile address).
 * The seller reaches the winner through Gavel: the message is mailed by Gavel, so the winner's e-mail stays private.
 */
import { settlementMessages, shipsToWinner, type SettlementRecord } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isSellerOf } from '../wallet/linked.ts';
import { sellerMessageMail } from '../mail/templates.ts';
import type { LotRow } from '../lots/present.ts';
import { loadLot } from '../admin/lot-view.ts';

type Person = { id: string; name: string | null; firstName: string | null; lastName: string | null; role: string };
const nameOf = (u: Pick<Person, 'name' | 'firstName' | 'lastName'>) => u.name ?? ([u.firstName, u.lastName].filter(Boolean).join(' ') || null);

/** The recorder as the panel names them: an admin acting on someone else's lot is named as an admin, anyone else as the seller. */
function recordedBy(u: Person | null, lot: { creatorId: string | null }): SettlementRecord['paidBy'] {
  if (!u) return null;
  const role = u.role === 'admin' && u.id !== lot.creatorId ? 'admin' : 'seller';
  return { name: nameOf(u) ?? (role === 'admin' ? 'a Gavel admin' : 'the seller'), role };
}

/** The ended lot, if the caller is its seller or an admin (forbidden otherwise, not found for none). */
async function ownLot(prisma: PrismaClient, user: UserRow, id: string): Promise<LotRow> {
  const lot = await loadLot(prisma, id);
  if (user.role !== 'admin' && !(await isSellerOf(prisma, user, lot))) throw new Refused('forbidden', settlementMessages.notSeller, 'not_seller');
  return lot;
}

/** Who recorded the payment and the transfer, where to send the item, and whether the winner can be written to. */
export async function settlementRecord(prisma: PrismaClient, user: UserRow, lotId: string): Promise<SettlementRecord> {
  const lot = await ownLot(prisma, user, lotId);
  const person = { id: true, name: true, firstName: true, lastName: true, role: true } as const;
  const row = await prisma.lot.findUniqueOrThrow({
    where: { id: lot.id },
    select: {
      paidBy: { select: person },
      transferredBy: { select: person },
      winner: { select: { ...person, address: true, city: true, state: true, postCode: true, country: true } },
    },
  });
  const w = row.winner;
  const shipTo =
    w && lot.paid && !lot.unpaidAt && shipsToWinner(lot) ? { name: nameOf(w) ?? 'The winner', address: w.address, city: w.city, state: w.state, postCode: w.postCode, country: w.country } : null;
  const data: SettlementRecord = {
    paidBy: recordedBy(row.paidBy, lot),
    transferredBy: recordedBy(row.transferredBy, lot),
    shipTo,
    canMessageWinner: lot.status === 'ended' && w !== null && !lot.unpaidAt,
  };
  return data;
}

/** Mails the seller's message to the winner of an ended lot, naming the seller and giving the seller's e-mail for the answer. */
export async function messageWinner(prisma: PrismaClient, mailer: Pick<Mailer, 'send'>, user: UserRow, lotId: string, message: string): Promise<void> {
  const lot = await ownLot(prisma, user, lotId);
  if (lot.status !== 'ended') throw new Refused('conflict', settlementMessages.notEnded, 'lot_not_ended');
  const winner = lot.winnerId && !lot.unpaidAt ? await prisma.user.findUnique({ where: { id: lot.winnerId }, select: { email: true } }) : null;
  if (!winner) throw new Refused('conflict', settlementMessages.winnerNotReachable, 'winner_not_reachable');
  const seller = { name: nameOf(user) ?? 'The seller', email: user.email };
  await mailer.send(sellerMessageMail(winner.email, lot.title, seller, message, lot.id, lot.auctionEventId));
}
