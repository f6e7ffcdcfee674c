/**
 * Settlement of ended lots (the spec's seller and admin panel and its ended auction flow):
 * verify payment (seller or admin), mark paid (admin; the spec gives that power to admins only), record the
 * transfer (seller or admin) -> "Auction Complete". Each step is one conditional update, so a double click
 * or two people at once cannot record a step twice or skip one. A BTC lot whose swap is recorded settles on
 * chain (bidding/btc-swap.ts): the manual steps are refused then, so the winner never pays twice.
 */
import {
  adminLotReplySchema,
  fill,
  markPaidBodySchema,
  psbtMessages,
  requiresPaymentHash,
  settlementMessages,
  transferBodySchema,
  transferReferenceRefusal,
  unpaidMessages,
  verifyPaymentBodySchema,
} from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { loadLot, presentAdminLot } from '../admin/lot-view.ts';
import { isSellerOf } from '../wallet/linked.ts';
import { sellerSign } from '../bidding/btc-settlement.ts';
import { lotsChanged } from '../admin/lot-writes.ts';
import type { LotRow } from '../lots/present.ts';

const TAG = 'Settlement';
const signedIn = {} as const;

export function settlementRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;
  const { imageGateway } = services.config.storage;

  /** The lot, if the caller may settle it and it is at a step where settling makes sense. */
  const settleable = async (user: UserRow, id: string, who: 'seller' | 'admin'): Promise<LotRow> => {
    const lot = await loadLot(prisma, id);
    const allowed = who === 'admin' ? user.role === 'admin' : await isSellerOf(prisma, user, lot);
    if (!allowed) throw new HttpError(403, settlementMessages.notSeller, 'not_seller');
    if (lot.status !== 'ended') throw new HttpError(409, settlementMessages.notEnded, 'lot_not_ended');
    if (!lot.winnerId && !lot.winnerWalletAddress) throw new HttpError(409, settlementMessages.noWinner, 'no_winner');
    // A purchase voided for non-payment is settled by a second-chance offer or a relist, never by hand.
    if (lot.unpaidAt) throw new HttpError(409, unpaidMessages.notSettleable, 'lot_unpaid');
    refuseOnChain(lot);
    return lot;
  };
  /** 409 while the lot's swap is recorded: it is the payment and the transfer. */
  const refuseOnChain = (lot: { swapTxid: string | null }) => {
    if (lot.swapTxid) throw new HttpError(409, fill(settlementMessages.swapRecorded, { txid: lot.swapTxid }), 'swap_recorded');
  };
  /**
   * Marks the lot paid unless a swap was recorded meanwhile; a paid lot stays as it is. Clearing the buyer's debt
   * cannot be undone, so who did it is recorded with when.
   */
  const markPaid = async (id: string, txHash: string | undefined, by: UserRow) => {
    const { count } = await prisma.lot.updateMany({
      where: { id, paid: false, swapTxid: null, unpaidAt: null },
      data: { paid: true, paidAt: new Date(), paidById: by.id, ...(txHash ? { txHash } : {}) },
    });
    if (count === 0) refuseOnChain(await loadLot(prisma, id));
  };
  const reply = async (message: string, id: string) => {
    await lotsChanged(services, id);
    return { message, data: presentAdminLot(imageGateway, await loadLot(prisma, id)) };
  };

  routes.add({
    method: 'post',
    path: '/auctions/:id/verify-payment',
    tag: TAG,
    summary: "The seller (or an admin) confirms the winner's payment arrived",
    description:
      'Seller: the lot’s creator, or a user whose linked wallet is the lot’s seller address. txHash: the payment’s reference, kept with who verified it and when ' +
      '(GET /auctions/:id/settlement). Idempotent: verifying a paid lot changes nothing.',
    access: signedIn,
    body: verifyPaymentBodySchema,
    reply: adminLotReplySchema,
    errors: {
      403: settlementMessages.notSeller,
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'seller');
      await markPaid(lot.id, body.txHash, user);
      return reply(settlementMessages.paymentVerified, lot.id);
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
    errors: {
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'admin');
      if (body.auctionType && body.auctionType !== lot.auctionType) {
        const message = fill(settlementMessages.auctionTypeMismatch, { auctionType: lot.auctionType });
        throw new HttpError(400, message, 'validation_failed', { auctionType: message });
      }
      if (!body.txHash && requiresPaymentHash(lot)) throw new HttpError(400, settlementMessages.txHashRequired, 'validation_failed', { txHash: settlementMessages.txHashRequired });
      await markPaid(lot.id, body.txHash, user);
      return reply(settlementMessages.markedPaid, lot.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/transfer',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'The seller (or an admin) records the transfer to the winner: "Auction Complete"',
    description:
      'Needs the payment verified first. transferTransactionHash is required and trimmed: the transfer’s transaction hash (letters and digits) for BTC and ETH lots, ' +
      'the shipping or transfer reference as plain text (up to 200 characters) for USD lots. ' +
      'finalPsbtHex instead (BTC lots): the winning offer PSBT with the seller inscription input signed, as for POST /psbt/seller-sign; ' +
      'the swap is checked against the winning offer, recorded and broadcast, and the lot becomes paid and transferred with its txid once it confirms.',
    access: signedIn,
    body: transferBodySchema,
    reply: adminLotReplySchema,
    errors: {
      403: settlementMessages.notSeller,
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.notPaidYet} / ${settlementMessages.alreadyTransferred} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => {
      const lot = await settleable(user, params.id!, 'seller');
      if (!body.transferTransactionHash && body.finalPsbtHex && lot.paymentMethod === 'BTC') {
        await sellerSign(services, user, { auctionId: lot.id, walletAddress: lot.sellerWalletAddress ?? '', signedPsbtHex: body.finalPsbtHex });
        return reply(psbtMessages.broadcast, lot.id);
      }
      const refused = transferReferenceRefusal(lot, body.transferTransactionHash);
      if (refused) throw new HttpError(400, refused, 'validation_failed', { transferTransactionHash: refused });
      const { count } = await prisma.lot.updateMany({
        where: { id: lot.id, paid: true, transferred: false, swapTxid: null },
        data: { transferred: true, transferredAt: new Date(), transferredById: user.id, transferTransactionHash: body.transferTransactionHash },
      });
      if (count === 0) {
        const now = await loadLot(prisma, lot.id);
        refuseOnChain(now);
        throw new HttpError(409, now.transferred ? settlementMessages.alreadyTransferred : settlementMessages.notPaidYet, now.transferred ? 'already_transferred' : 'not_paid');
      }
      return reply(settlementMessages.transferred, lot.id);
    },
  });
}
