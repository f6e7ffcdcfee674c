/**
 * Sale documents: a buyer's invoice for every won lot and a seller's statement for every sale, numbered without
 * gaps per year ("INV-2026-000001", "ST-2026-000001"). Amounts are decimal strings in the lot's display unit.
 */
import { z } from 'zod';

const unitSchema = z.enum(['sats', 'ETH', 'USD']);

export const saleDocumentMessages = {
  invoiceNotFound: 'Invoice not found',
  statementNotFound: 'Statement not found',
  paidOut: 'The payout was marked as made',
  alreadyPaidOut: 'This statement was already marked as paid out',
  statementVoided: 'This sale was voided: its seller is paid nothing on this statement',
  invoiceTitle: 'Invoice {number}',
  platformFee: 'Platform fee (paid in the swap)',
  statementTitle: 'Seller’s statement {number}',
  voided: 'Void: this sale was voided on {date} (not paid in time). Nothing is owed on it.',
} as const;

/** The document number: its prefix, the year and the year's sequence, zero-padded. */
export function documentNumber(prefix: 'INV' | 'ST', year: number, seq: number): string {
  return `${prefix}-${year}-${String(seq).padStart(6, '0')}`;
}

export const invoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  lotId: z.string(),
  lotTitle: z.string(),
  buyerName: z.string().nullable(),
  unit: unitSchema,
  hammer: z.string(),
  /** The buyer's premium on the hammer (house-rates.ts). */
  premium: z.string(),
  /** The buyer's tax (house-tax.ts), and its line's words: the rate and its base, or why there is none. */
  tax: z.string(),
  taxLine: z.string(),
  /** The buyer's fees beside these: a Bitcoin swap's platform fee, paid to the house in the swap. */
  fees: z.string(),
  /** hammer + premium + tax + fees. */
  total: z.string(),
  paid: z.boolean(),
  issuedAt: z.string(),
  /** Set when the sale was voided (not paid in time): the invoice owes nothing, and the lot's next buyer has their own. */
  voidedAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const statementSchema = z.object({
  _id: z.string(),
  number: z.string(),
  lotId: z.string(),
  lotTitle: z.string(),
  unit: unitSchema,
  hammer: z.string(),
  /** The seller's commission kept from the hammer (house-rates.ts). */
  commission: z.string(),
  fees: z.string(),
  /** hammer - commission - fees: what the seller is paid. */
  net: z.string(),
  /** Whether the buyer has paid the lot. */
  buyerPaid: z.boolean(),
  paidOutAt: z.string().nullable(),
  issuedAt: z.string(),
  voidedAt: z.string().nullable(),
});
export type SellerStatement = z.infer<typeof statementSchema>;

export const invoiceReplySchema = z.object({ data: invoiceSchema });
export const invoiceListReplySchema = z.object({ data: z.array(invoiceSchema) });
export const statementReplySchema = z.object({ message: z.string().optional(), data: statementSchema });
export const statementListReplySchema = z.object({ data: z.array(statementSchema) });
