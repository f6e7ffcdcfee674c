/**
 * Settlement of an ended lot by hand: verify the payment (its seller or an admin), mark it paid (an admin), record
 * the transfer (its seller or an admin) -> "Auction Complete". Each step is one conditional update, so a double
 * click or two people at once cannot record a step twice or skip one. A BTC lot whose swap is recorded settles on
 * chain (bitcoin-settlement/swap.ts): the manual steps are refused then, so the winner never pays twice.
 */
import { fill, psbtMessages, requiresPaymentHash, settlementMessages, transferReferenceRefusal, unpaidMessages, type MarkPaidBody, type TransferBody } from '@gavel/domain';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { loadLot } from '../admin/lot-view.ts';
import { lotsChanged, type LotChanges } from '../admin/lot-writes.ts';
import { isSellerOf } from '../wallet/linked.ts';
import { sellerSign, type SettlementDeps } from '../bitcoin-settlement/settle.ts';
import type { LotRow } from '../lots/present.ts';

/** A step drops the lot's cached views; a BTC lot's transfer by its co-signed offer is settled as a swap. */
type SettleDeps = LotChanges & SettlementDeps;

/** The step taken, and the lot as it now is. */
export interface Settled {
  message: string;
  lot: LotRow;
}

/** The lot, if the caller may settle it and it is at a step where settling makes sense. */
async function settleable(services: SettleDeps, user: UserRow, id: string, who: 'seller' | 'admin'): Promise<LotRow> {
  const { prisma } = services.db;
  const lot = await loadLot(prisma, id);
  const allowed = who === 'admin' ? user.role === 'admin' : await isSellerOf(prisma, user, lot);
  if (!allowed) throw new Refused('forbidden', settlementMessages.notSeller, 'not_seller');
  if (lot.status !== 'ended') throw new Refused('conflict', settlementMessages.notEnded, 'lot_not_ended');
  if (!lot.winnerId && !lot.winnerWalletAddress) throw new Refused('conflict', settlementMessages.noWinner, 'no_winner');
  // A purchase voided for non-payment is settled by a second-chance offer or a relist, never by hand.
  if (lot.unpaidAt) throw new Refused('conflict', unpaidMessages.notSettleable, 'lot_unpaid');
  refuseOnChain(lot);
  return lot;
}

/** A conflict while the lot's swap is recorded: it is the payment and the transfer. */
function refuseOnChain(lot: { swapTxid: string | null }): void {
  if (lot.swapTxid) throw new Refused('conflict', fill(settlementMessages.swapRecorded, { txid: lot.swapTxid }), 'swap_recorded');
}

/**
 * Marks the lot paid unless a swap was recorded meanwhile; a paid lot stays as it is. Clearing the buyer's debt
 * cannot be undone, so who did it is recorded with when.
 */
async function markPaid(services: SettleDeps, id: string, txHash: string | undefined, by: UserRow): Promise<void> {
  const { prisma } = services.db;
  const { count } = await prisma.lot.updateMany({
    where: { id, paid: false, swapTxid: null, unpaidAt: null },
    data: { paid: true, paidAt: new Date(), paidById: by.id, ...(txHash ? { txHash } : {}) },
  });
  if (count === 0) refuseOnChain(await loadLot(prisma, id));
}

async function settled(services: SettleDeps, message: string, id: string): Promise<Settled> {
  await lotsChanged(services, id);
  return { message, lot: await loadLot(services.db.prisma, id) };
}

/** The seller (or an admin) confirms the winner's payment arrived; verifying a paid lot changes nothing. */
export async function verifyPayment(services: SettleDeps, user: UserRow, lotId: string, txHash: string | undefined): Promise<Settled> {
  const lot = await settleable(services, user, lotId, 'seller');
  await markPaid(services, lot.id, txHash, user);
  return settled(services, settlementMessages.paymentVerified, lot.id);
}

/** An admin marks the winner's payment received: with its hash on an on-chain lot; `auctionType`, when given, the lot's own. */
export async function markPaidByAdmin(services: SettleDeps, user: UserRow, lotId: string, body: MarkPaidBody): Promise<Settled> {
  const lot = await settleable(services, user, lotId, 'admin');
  if (body.auctionType && body.auctionType !== lot.auctionType) {
    const message = fill(settlementMessages.auctionTypeMismatch, { auctionType: lot.auctionType });
    throw new Refused('invalid', message, 'validation_failed', { auctionType: message });
  }
  if (!body.txHash && requiresPaymentHash(lot)) throw new Refused('invalid', settlementMessages.txHashRequired, 'validation_failed', { txHash: settlementMessages.txHashRequired });
  await markPaid(services, lot.id, body.txHash, user);
  return settled(services, settlementMessages.markedPaid, lot.id);
}

/**
 * The seller (or an admin) records the transfer to the winner, once the payment is verified; on a BTC lot the
 * winning offer with the seller's input signed instead, settled as the seller's co-signature is.
 */
export async function recordTransfer(services: SettleDeps, user: UserRow, lotId: string, body: TransferBody): Promise<Settled> {
  const lot = await settleable(services, user, lotId, 'seller');
  if (!body.transferTransactionHash && body.finalPsbtHex && lot.paymentMethod === 'BTC') {
    await sellerSign(services, user, { auctionId: lot.id, walletAddress: lot.sellerWalletAddress ?? '', signedPsbtHex: body.finalPsbtHex });
    return settled(services, psbtMessages.broadcast, lot.id);
  }
  const refused = transferReferenceRefusal(lot, body.transferTransactionHash);
  if (refused) throw new Refused('invalid', refused, 'validation_failed', { transferTransactionHash: refused });
  const { prisma } = services.db;
  const { count } = await prisma.lot.updateMany({
    where: { id: lot.id, paid: true, transferred: false, swapTxid: null },
    data: { transferred: true, transferredAt: new Date(), transferredById: user.id, transferTransactionHash: body.transferTransactionHash },
  });
  if (count === 0) {
    const now = await loadLot(prisma, lot.id);
    refuseOnChain(now);
    throw new Refused('conflict', now.transferred ? settlementMessages.alreadyTransferred : settlementMessages.notPaidYet, now.transferred ? 'already_transferred' : 'not_paid');
  }
  return settled(services, settlementMessages.transferred, lot.id);
}
