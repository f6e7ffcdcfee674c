/**
 * What the seller of an ended lot (or an admin) needs beyond the lot itself to settle it: who recorded the payment and
 * the transfer, and for a USD lot once paid, where to send the item (the winner's name and profile address). The
 * seller reaches the winner through Gavel: the message is mailed by Gavel, so the winner's e-mail stays private.
 */
import { messageWinnerBodySchema, settlementMessages, settlementRecordReplySchema, shipsToWinner, type SettlementRecord } from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { loadLot } from '../admin/lot-view.ts';
import { isSellerOf } from '../wallet/linked.ts';
import { sellerMessageMail } from '../mail/templates.ts';
import type { LotRow } from '../lots/present.ts';
import { z } from 'zod';

const TAG = 'Settlement';
const signedIn = {} as const;
const NOT_FOUND = 'Auction not found. It may have been deleted.';

type Person = { id: string; name: string | null; firstName: string | null; lastName: string | null; role: string };
const nameOf = (u: Pick<Person, 'name' | 'firstName' | 'lastName'>) => u.name ?? ([u.firstName, u.lastName].filter(Boolean).join(' ') || null);

/** The recorder as the panel names them: an admin acting on someone else's lot is named as an admin, anyone else as the seller. */
function recordedBy(u: Person | null, lot: { creatorId: string | null }): SettlementRecord['paidBy'] {
  if (!u) return null;
  const role = u.role === 'admin' && u.id !== lot.creatorId ? 'admin' : 'seller';
  return { name: nameOf(u) ?? (role === 'admin' ? 'a Gavel admin' : 'the seller'), role };
}

export function settlementRecordRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

  /** The ended lot, if the caller is its seller or an admin. */
  const ownLot = async (user: UserRow, id: string): Promise<LotRow> => {
    const lot = await loadLot(prisma, id);
    if (user.role !== 'admin' && !(await isSellerOf(prisma, user, lot))) throw new HttpError(403, settlementMessages.notSeller, 'not_seller');
    return lot;
  };

  routes.add({
    method: 'get',
    path: '/auctions/:id/settlement',
    tag: TAG,
    summary: 'Who recorded the payment and the transfer, and where to send the item (the seller or an admin)',
    description:
      'paidBy / transferredBy: who recorded the step by hand (null when a card or the chain did). shipTo: for a USD lot once paid, the winner’s name and ' +
      'the address on their profile; null otherwise. The winner’s e-mail is never given: canMessageWinner says whether POST /auctions/:id/message-winner can reach them.',
    access: signedIn,
    reply: settlementRecordReplySchema,
    errors: { 403: settlementMessages.notSeller, 404: NOT_FOUND },
    handler: async ({ params, user }) => {
      const lot = await ownLot(user, params.id!);
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
      return { data };
    },
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/message-winner',
    rateLimit: 'support',
    tag: TAG,
    summary: 'The seller (or an admin) writes to the winner: Gavel mails the message, the winner’s e-mail stays private',
    description: 'Plain text, 1 to 2000 characters. The mail names the seller and gives the seller’s e-mail for the answer.',
    access: signedIn,
    body: messageWinnerBodySchema,
    reply: z.object({ message: z.string() }),
    errors: { 403: settlementMessages.notSeller, 404: NOT_FOUND, 409: `${settlementMessages.notEnded} / ${settlementMessages.winnerNotReachable}` },
    handler: async ({ params, body, user }) => {
      const lot = await ownLot(user, params.id!);
      if (lot.status !== 'ended') throw new HttpError(409, settlementMessages.notEnded, 'lot_not_ended');
      const winner = lot.winnerId && !lot.unpaidAt ? await prisma.user.findUnique({ where: { id: lot.winnerId }, select: { email: true } }) : null;
      if (!winner) throw new HttpError(409, settlementMessages.winnerNotReachable, 'winner_not_reachable');
      const seller = { name: nameOf(user) ?? 'The seller', email: user.email };
      await services.mailer.send(sellerMessageMail(winner.email, lot.title, seller, body.message, lot.id, lot.auctionEventId));
      return { message: settlementMessages.messageSent };
    },
  });
}
