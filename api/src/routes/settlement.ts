/**
 * Settlement of ended lots (admin-side section 2 seller/admin panel, section 4 ended auction flow):
 * verify payment (seller or admin), mark paid (admin; the spec gives that power to admins only), record the
 * transfer (seller or admin) -> "Auction Complete". Each step is one conditional update, so a double click
 * or two people at once cannot record a step twice or skip one.
 */
import {
  adminLotReplySchema,
  fill,
  markPaidBodySchema,
  requiresPaymentHash,
  settlementMessages as s,
  transferBodySchema,
  verifyPaymentBodySchema,
} from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { isSellerOf, loadLot, presentAdminLot } from '../admin/lot-view.ts';
import { lotsChanged } from '../admin/lot-writes.ts';
import type { LotRow } from '../lots/present.ts';

const TAG = 'Settlement';
const signedIn = {} as const;

export function settlementRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

  /** The lot, if the caller may settle it and it is at a step where settling makes sense. */
  const settleable = async (user: UserRow, id: string, who: 'seller' | 'admin'): Promise<LotRow> => {
    const lot = await loadLot(prisma, id);
    const allowed = user.role === 'admin' || (who === 'seller' && (await isSellerOf(prisma, user, lot)));
    if (!allowed) throw new HttpError(403, s.notSeller, 'not_seller');
    if (lot.status !== 'ended') throw new HttpError(409, s.notEnded, 'lot_not_ended');
    if (!lot.winnerId && !lot.winnerWalletAddress) throw new HttpError(409, s.noWinner, 'no_winner');
    return lot;
  };
  const reply = async (message: string, id: string) => {
    await lotsChanged(services, id);
    return { message, data: presentAdminLot(await loadLot(prisma, id)) };
  };

  routes.add({
    method: 'post',
    path: '/auctions/:id/verify-payment',
    tag: TAG,
    summary: "The seller (or an admin) confirms the winner's payment arrived",
    description: 'Seller: the lot’s creator, or a user whose linked wallet is the lot’s seller address. Idempotent: verifying a paid lot changes nothing.',
    access: signedIn,
    body: verifyPaymentBodySchema,
    reply: adminLotReplySchema,
    errors: { 403: s.notSeller, 404: 'Auction not found. It may have been deleted.', 409: `${s.noWinner} / ${s.notEnded}` },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'seller');
      await prisma.lot.updateMany({ where: { id: lot.id, paid: false }, data: { paid: true, paidAt: new Date(), ...(body.txHash ? { txHash: body.txHash } : {}) } });
      return reply(s.paymentVerified, lot.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/mark-paid',
    tag: TAG,
    summary: 'An admin marks the winner’s payment as received',
    description:
      'The spec calls the hash optional and its panel also asks for one; resolved: optional for off-chain lots (card or manual payment), ' +
      'required for on-chain lots ("Please enter transaction hash"). auctionType, when sent, must be the lot’s own. Idempotent on a paid lot.',
    access: { roles: ['admin'] as const },
    body: markPaidBodySchema,
    reply: adminLotReplySchema,
    errors: { 404: 'Auction not found. It may have been deleted.', 409: `${s.noWinner} / ${s.notEnded}` },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'admin');
      if (body.auctionType && body.auctionType !== lot.auctionType) {
        const message = fill(s.auctionTypeMismatch, { auctionType: lot.auctionType });
        throw new HttpError(400, message, 'validation_failed', { auctionType: message });
      }
      if (!body.txHash && requiresPaymentHash(lot)) throw new HttpError(400, s.txHashRequired, 'validation_failed', { txHash: s.txHashRequired });
      await prisma.lot.updateMany({ where: { id: lot.id, paid: false }, data: { paid: true, paidAt: new Date(), ...(body.txHash ? { txHash: body.txHash } : {}) } });
      return reply(s.markedPaid, lot.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/transfer',
    tag: TAG,
    summary: 'The seller (or an admin) records the transfer to the winner: "Auction Complete"',
    description: 'Needs the payment verified first. transferTransactionHash is required and trimmed. finalPsbtHex (on-chain) comes with the PSBT issue.',
    access: signedIn,
    body: transferBodySchema,
    reply: adminLotReplySchema,
    errors: { 403: s.notSeller, 404: 'Auction not found. It may have been deleted.', 409: `${s.noWinner} / ${s.notEnded} / ${s.notPaidYet} / ${s.alreadyTransferred}` },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'seller');
      if (!body.transferTransactionHash) {
        const message = body.finalPsbtHex ? s.psbtLater : s.transferHashRequired;
        throw new HttpError(400, message, 'validation_failed', { transferTransactionHash: message });
      }
      const { count } = await prisma.lot.updateMany({
        where: { id: lot.id, paid: true, transferred: false },
        data: { transferred: true, transferredAt: new Date(), transferTransactionHash: body.transferTransactionHash },
      });
      if (count === 0) {
        const now = await loadLot(prisma, lot.id);
        throw new HttpError(409, now.transferred ? s.alreadyTransferred : s.notPaidYet, now.transferred ? 'already_transferred' : 'not_paid');
      }
      return reply(s.transferred, lot.id);
    },
  });
}
