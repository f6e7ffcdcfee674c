/**
 * Inscriptions: the create form's checks and the /inscriptions/* replies. The
 * spec names the routes and the messages ('Invalid File', 'File Too Large', 'Failed to create inscription');
 * the file types, the size limit and the statuses are decided here (see the constants' comments).
 */
import { z } from 'zod';
import { adminMessages } from '../messages.ts';

/**
 * Largest file: the reveal transaction must stay under Bitcoin Core's standard weight (400,000 WU); the file
 * sits in witness data (1 WU a byte), so 390,000 bytes leaves room for the envelope and the rest.
 */
export const INSCRIPTION_MAX_BYTES = 390_000;
/** What ord's explorer renders; anything else is refused as 'Invalid File'. */
export const INSCRIPTION_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/avif',
  'text/plain',
  'text/html',
  'application/json',
  'application/pdf',
  'audio/mpeg',
  'video/mp4',
] as const;
/** The sats the inscribed output carries: the spec's inscription-bearing output size. */
export const INSCRIPTION_POSTAGE_SATS = 546;
export const INSCRIPTION_FEE_RATE_MAX = 1000;

/**
 * pending_payment: waiting for the commit address to receive the amount; revealed: the reveal is broadcast
 * (the inscription id is known); confirmed: the reveal is mined; failed: the reveal was refused; expired: no
 * payment arrived before the request's deadline (one arriving a while later is still inscribed, and the
 * request moves on to revealed). Rows read from a wallet by sync-wallet-inscriptions are confirmed.
 */
export const INSCRIPTION_STATUSES = ['pending_payment', 'revealed', 'confirmed', 'failed', 'expired'] as const;
export type InscriptionStatus = (typeof INSCRIPTION_STATUSES)[number];

export const inscriptionMessages = {
  invalidFile: adminMessages.invalidFile,
  fileTooLarge: adminMessages.fileTooLarge,
  fileRequired: 'Please choose a file to inscribe',
  feeRateInvalid: `Fee rate must be a whole number of sats/vB from 1 to ${INSCRIPTION_FEE_RATE_MAX}`,
  createFailed: 'Failed to create inscription',
  paymentInstructionsFailed: 'Failed to get payment instructions',
  notFound: 'Inscription not found',
  walletNotLinked: 'This wallet is not linked to your account',
  ipfsUrlInvalid: 'Please enter an IPFS address (ipfs://CID or a CID)',
  tooManyOpen: (cap: number) => `You have ${cap} inscriptions waiting for payment, the most one account may have at once: pay one, or wait until one expires, before creating another`,
} as const;

/** The create form's file check; the base content type decides ("text/plain;charset=utf-8" is text/plain). */
export function inscriptionFileError(file: { type: string; size: number }): { field: 'type' | 'size'; message: string } | null {
  const base = file.type.split(';')[0]!.trim().toLowerCase();
  if (file.size === 0 || !(INSCRIPTION_TYPES as readonly string[]).includes(base)) return { field: 'type', message: inscriptionMessages.invalidFile };
  if (file.size > INSCRIPTION_MAX_BYTES) return { field: 'size', message: inscriptionMessages.fileTooLarge };
  return null;
}

export const inscriptionFeeRateSchema = z.coerce
  .number({ message: inscriptionMessages.feeRateInvalid })
  .int({ message: inscriptionMessages.feeRateInvalid })
  .min(1, { message: inscriptionMessages.feeRateInvalid })
  .max(INSCRIPTION_FEE_RATE_MAX, { message: inscriptionMessages.feeRateInvalid });

/** Where to pay and how much: `amount` sats sent to `address` in one output pay for everything. */
export const paymentInstructionsSchema = z.object({
  address: z.string(),
  /** Sats, exact: postage plus the reveal's fee. The paying transaction is the commit; its fee is the payer wallet's. */
  amount: z.number().int(),
  postage: z.number().int(),
  revealFee: z.number().int(),
  /** The commit's own fee at the same rate for a typical one-input payment, which the paying wallet adds. */
  commitFeeEstimate: z.number().int(),
  feeRate: z.number().int(),
  /** The deadline: unpaid by then, the request expires and the address should no longer be paid. */
  expiresAt: z.string().nullable(),
});

export const inscriptionSchema = z.object({
  _id: z.string(),
  inscriptionId: z.string().nullable(),
  walletAddress: z.string(),
  status: z.string(),
  contentType: z.string().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  ipfsUrl: z.string().nullable(),
  gatewayUrl: z.string().nullable(),
  commitTxid: z.string().nullable(),
  revealTxid: z.string().nullable(),
  paymentInstructions: paymentInstructionsSchema.nullable(),
  createdAt: z.string(),
});
export type InscriptionView = z.infer<typeof inscriptionSchema>;

export const inscriptionReplySchema = z.object({ message: z.string().optional(), data: inscriptionSchema });
export const inscriptionListReplySchema = z.object({ data: z.array(inscriptionSchema) });
export const inscriptionStatusReplySchema = z.object({
  data: z.object({
    _id: z.string(),
    status: z.string(),
    inscriptionId: z.string().nullable(),
    commitTxid: z.string().nullable(),
    revealTxid: z.string().nullable(),
    confirmations: z.number().int().nullable(),
  }),
});
export const paymentInstructionsReplySchema = z.object({ data: paymentInstructionsSchema.extend({ _id: z.string(), status: z.string() }) });
export const paymentStatusReplySchema = z.object({
  data: z.object({
    _id: z.string(),
    status: z.string(),
    paid: z.boolean(),
    /** Sats seen at the commit address (mempool included). */
    received: z.number().int(),
    required: z.number().int(),
    commitTxid: z.string().nullable(),
    confirmations: z.number().int().nullable(),
  }),
});
export const inscriptionDetailsReplySchema = z.object({
  data: inscriptionSchema.extend({
    /** What ord says now: the holder and where it sits, and the content URL; null before the reveal or when ord does not know it. */
    ord: z.object({ address: z.string().nullable(), satpoint: z.string(), contentType: z.string().nullable(), contentUrl: z.string(), number: z.number().int() }).nullable(),
  }),
});

export const validateOwnershipBodySchema = z.object({
  inscriptionId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription id'),
  walletAddress: z.string().trim().min(1),
});
export const validateOwnershipReplySchema = z.object({ data: z.object({ isOwner: z.boolean(), inscriptionId: z.string(), walletAddress: z.string(), currentAddress: z.string().nullable() }) });
export const ipfsToGatewayBodySchema = z.object({ ipfsUrl: z.string().trim().min(1, inscriptionMessages.ipfsUrlInvalid) });
export const ipfsToGatewayReplySchema = z.object({ data: z.object({ ipfsUrl: z.string(), gatewayUrl: z.string() }) });
export const syncWalletBodySchema = z.object({ walletAddress: z.string().trim().min(1).optional() });
export const syncWalletReplySchema = z.object({ message: z.string(), data: z.object({ wallets: z.array(z.string()), found: z.number().int(), added: z.number().int() }) });
