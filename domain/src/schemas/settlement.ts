/**
 * Settlement of an ended lot (the spec's seller and admin panel, and its ended auction flow). The state is derived
 * from the lot's own facts by one rule the api and the dapp share: no winner -> nothing to do; a winner ->
 * payment pending until paid -> transfer pending until transferred -> "Auction Complete"; a purchase not paid by
 * its deadline is voided: unpaid, until the admin offers it to the runner-up or relists it.
 */
import { z } from 'zod';
import { settlementMessages } from '../messages.ts';
import { unpaidMessages } from './unpaid-lots.ts';

export const SETTLEMENT_STATES = ['open', 'no_winner', 'awaiting_payment', 'unpaid', 'awaiting_transfer', 'complete'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** Each settlement state in a word or two, as the seller's and the winner's lists show it. */
export const SETTLEMENT_STATE_TEXT: Record<SettlementState, string> = {
  open: 'Open',
  no_winner: 'Not sold',
  awaiting_payment: 'Awaiting payment',
  unpaid: 'Unpaid: voided',
  awaiting_transfer: 'Paid, awaiting transfer',
  complete: 'Transferred',
};

export const settlementSchema = z.object({
  state: z.enum(SETTLEMENT_STATES),
  paymentStatus: z.enum(['not_applicable', 'pending', 'paid']),
  transferStatus: z.enum(['not_applicable', 'pending', 'transferred']),
  /** "Auction Complete" once transferred, the no-winner text when the lot closed without a winner, else null. */
  message: z.string().nullable(),
  paidAt: z.string().nullable(),
  transferredAt: z.string().nullable(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export function settlementOf(lot: {
  status: string;
  closedAt?: string | Date | null;
  hasWinner: boolean;
  paid: boolean;
  transferred: boolean;
  paidAt?: string | Date | null;
  transferredAt?: string | Date | null;
  /** Set: the purchase was voided for non-payment. */
  unpaidAt?: string | Date | null;
}): Settlement {
  const iso = (d: string | Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  const base = { paidAt: iso(lot.paidAt), transferredAt: iso(lot.transferredAt) };
  const closed = lot.status === 'ended' || !!lot.closedAt;
  if (!closed || lot.status === 'cancelled') return { state: 'open', paymentStatus: 'not_applicable', transferStatus: 'not_applicable', message: null, ...base };
  if (!lot.hasWinner) return { state: 'no_winner', paymentStatus: 'not_applicable', transferStatus: 'not_applicable', message: settlementMessages.noWinner, ...base };
  if (lot.transferred) return { state: 'complete', paymentStatus: 'paid', transferStatus: 'transferred', message: settlementMessages.complete, ...base };
  if (lot.unpaidAt && !lot.paid) return { state: 'unpaid', paymentStatus: 'not_applicable', transferStatus: 'not_applicable', message: unpaidMessages.settlementUnpaid, ...base };
  if (lot.paid) return { state: 'awaiting_transfer', paymentStatus: 'paid', transferStatus: 'pending', message: null, ...base };
  return { state: 'awaiting_payment', paymentStatus: 'pending', transferStatus: 'pending', message: null, ...base };
}

/**
 * A BTC lot won by a signed offer, between the hammer and the swap's confirmation: awaiting the seller's
 * co-signature (by `sellerSignBy`), sent (the swap broadcast, `confirmations` of `confirmationsNeeded`), or
 * confirmed. The winner's coins are committed meanwhile, so both lists say what happens next and by when.
 */
export const bitcoinSwapSchema = z.object({
  stage: z.enum(['awaiting_seller', 'sent', 'confirmed']),
  sellerSignBy: z.string().nullable(),
  txid: z.string().nullable(),
  confirmations: z.number().int().nonnegative(),
  confirmationsNeeded: z.number().int().positive(),
});
export type BitcoinSwap = z.infer<typeof bitcoinSwapSchema>;

/** The swap counts as paid at its first confirmation (the settlement follower's rule). */
export const SWAP_CONFIRMATIONS_NEEDED = 1;

/** Where a won lot's swap stands, from the lot's own facts; null for a lot no signed offer pays. */
export function bitcoinSwapOf(lot: {
  paymentMethod: string;
  sellerSignDueAt?: string | Date | null;
  swapTxid?: string | null;
  transferred: boolean;
  unpaidAt?: string | Date | null;
}): BitcoinSwap | null {
  if (lot.paymentMethod !== 'BTC' || lot.unpaidAt || (!lot.sellerSignDueAt && !lot.swapTxid)) return null;
  const sellerSignBy = lot.sellerSignDueAt ? new Date(lot.sellerSignDueAt).toISOString() : null;
  const needed = SWAP_CONFIRMATIONS_NEEDED;
  if (!lot.swapTxid) return { stage: 'awaiting_seller', sellerSignBy, txid: null, confirmations: 0, confirmationsNeeded: needed };
  return { stage: lot.transferred ? 'confirmed' : 'sent', sellerSignBy, txid: lot.swapTxid, confirmations: lot.transferred ? needed : 0, confirmationsNeeded: needed };
}

/** Hashes of any chain (hex Bitcoin txids, 0x EVM hashes) or a bank/manual reference: letters and digits. */
const hashText = z
  .string()
  .trim()
  .max(130)
  .regex(/^(0x)?[0-9A-Za-z]*$/, { error: settlementMessages.hashFormat });

/**
 * POST /auctions/:id/mark-paid (admin). The spec calls the hash optional and its panel also asks for one:
 * resolved as optional for off-chain lots (a card or manual payment has no chain transaction) and required
 * for on-chain lots ('Please enter transaction hash'), see requiresPaymentHash.
 */
export const markPaidBodySchema = z.object({
  txHash: hashText.optional(),
  auctionType: z.enum(['onchain', 'offchain'], { error: 'auctionType must be offchain or onchain' }).optional(),
});
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

export function requiresPaymentHash(lot: { auctionType: 'onchain' | 'offchain' }): boolean {
  return lot.auctionType === 'onchain';
}

/** POST /auctions/:id/verify-payment (seller or admin): no body is needed; a payment hash may be noted. */
export const verifyPaymentBodySchema = z.object({ txHash: hashText.optional() });

/**
 * POST /auctions/:id/transfer (seller or admin): the transfer hash, or on a BTC lot finalPsbtHex, the winning offer
 * with the seller's input signed, settled like POST /psbt/seller-sign (checked like any PSBT the api reads).
 */
export const transferBodySchema = z.object({
  /** Checked against the lot by transferReferenceRefusal: a hash for crypto lots, free text for USD lots. */
  transferTransactionHash: z.string({ error: settlementMessages.transferHashRequired }).trim().max(1000).optional(),
  finalPsbtHex: z.string().max(200_000).optional(),
});
export type TransferBody = z.infer<typeof transferBodySchema>;

/**
 * What records a lot's transfer to its winner: for a lot paid in crypto, the transfer's transaction hash; for a
 * USD lot (a physical item or a manual handover), the shipping or transfer reference as the seller has it
 * ("UPS 1Z999AA10123456784"), plain text. The message refusing `reference`, or null.
 */
export function transferReferenceRefusal(lot: { paymentMethod: 'BTC' | 'ETH' | 'Manual' }, reference: string | undefined): string | null {
  const value = (reference ?? '').trim();
  if (lot.paymentMethod === 'Manual') {
    if (!value) return settlementMessages.transferReferenceRequired;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a reference is one line of plain text
    return value.length <= 200 && !/[\u0000-\u001F\u007F]/.test(value) ? null : settlementMessages.transferReferenceFormat;
  }
  if (!value) return settlementMessages.transferHashRequired;
  return value.length <= 130 && /^(0x)?[0-9A-Za-z]+$/.test(value) ? null : settlementMessages.hashFormat;
}

/** Who recorded a settlement step by hand, and as what; null when a card or the chain recorded it. */
const recordedBySchema = z.object({ name: z.string(), role: z.enum(['seller', 'admin']) }).nullable();

/** Where a USD lot's item is sent: the winner's name and the address on their Gavel profile. */
export const shippingAddressSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postCode: z.string().nullable(),
  country: z.string().nullable(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * GET /auctions/:id/settlement, for the lot's seller or an admin: who recorded the payment and the transfer, and,
 * for a USD lot once it is paid, where to send the item. The winner's e-mail is never in it: the seller writes to
 * the winner through Gavel (POST /auctions/:id/message-winner).
 */
export const settlementRecordSchema = z.object({
  paidBy: recordedBySchema,
  transferredBy: recordedBySchema,
  shipTo: shippingAddressSchema.nullable(),
  canMessageWinner: z.boolean(),
});
export type SettlementRecord = z.infer<typeof settlementRecordSchema>;
export const settlementRecordReplySchema = z.object({ data: settlementRecordSchema });

/** POST /auctions/:id/message-winner: a plain-text message mailed to the winner by Gavel. */
export const messageWinnerBodySchema = z.object({
  message: z.string({ error: settlementMessages.messageRequired }).trim().min(1, { error: settlementMessages.messageRequired }).max(2000, { error: settlementMessages.messageTooLong }),
});
export type MessageWinnerBody = z.infer<typeof messageWinnerBodySchema>;

/** A USD lot is a physical item or a manual handover: the seller ships it, so needs the winner's address. */
export function shipsToWinner(lot: { paymentMethod: 'BTC' | 'ETH' | 'Manual' }): boolean {
  return lot.paymentMethod === 'Manual';
}

/**
 * The payment's reference in plain words: a card payment is named as one with its Stripe reference, an on-chain
 * payment by its transaction hash, anything else as the reference recorded with it. Null without one.
 */
export function paymentReferenceText(lot: { auctionType: 'onchain' | 'offchain'; txHash: string | null }): string | null {
  if (!lot.txHash) return null;
  if (/^(pi|ch|py)_/.test(lot.txHash)) return `Card payment (reference ${lot.txHash})`;
  return lot.auctionType === 'onchain' ? `Transaction hash ${lot.txHash}` : `Payment reference ${lot.txHash}`;
}

/** What the transfer's reference is called: a parcel's tracking number for USD lots, a transaction hash on chain. */
export function transferReferenceLabel(lot: { paymentMethod: 'BTC' | 'ETH' | 'Manual' }): string {
  return shipsToWinner(lot) ? 'Tracking number' : 'Transfer transaction hash';
}
