/** Bodies and replies of the /psbt/* routes; bodies the spec leaves out are Gavel's. */
import { z } from 'zod';
import { offerWalletFields } from './bid.ts';

const psbtHex = z.string().trim().min(1).max(200_000);

export const psbtHexBodySchema = z.object({ psbtHex });

export const winnerInputIndicesBodySchema = z.object({ psbtHex, winnerAddress: z.string().trim().min(1).max(120) });
export const winnerInputIndicesReplySchema = z.object({ winnerInputIndices: z.array(z.number().int()) });

/** The seller's co-signed PSBT for an ended BTC lot, from the connected wallet that must be the lot's seller address. */
export const sellerSignBodySchema = z.object({ auctionId: z.string().trim().min(1), walletAddress: z.string().trim().min(1).max(120), signedPsbtHex: psbtHex });

export const psbtSummarySchema = z.object({
  txid: z.string(),
  inputs: z.array(z.object({ txid: z.string(), vout: z.number().int(), value: z.string().nullable(), address: z.string().nullable(), signed: z.boolean() })),
  outputs: z.array(z.object({ address: z.string().nullable(), value: z.string() })),
  fee: z.string().nullable(),
});

/** The winner's claim: a fresh offer from the winner's current UTXOs (create-winner-psbt-template / create-winner-psbt). */
export const winnerTemplateBodySchema = z.object({ auctionId: z.string().trim().min(1), walletAddress: z.string().trim().min(1).max(120), ...offerWalletFields });
const templateId = z.string().trim().min(1);
/** add-winner-inputs: the claim template's inputs picked again from this (linked) payment address's UTXOs. */
export const winnerInputsBodySchema = winnerTemplateBodySchema.pick({ auctionId: true, walletAddress: true, paymentPublicKey: true }).extend({ templateId });
/** add-outputs: where the claim template sends the inscription (output 0). */
export const winnerOutputsBodySchema = z.object({ auctionId: z.string().trim().min(1), templateId, ordinalsAddress: z.string().trim().min(1).max(120) });
export const winnerTemplateReplySchema = z.object({ message: z.string(), data: z.object({ templateId: z.string(), psbtHex: z.string() }) });
/** validate-for-winner: the template the winner's wallet signed. */
export const winnerClaimBodySchema = z.object({ auctionId: z.string().trim().min(1), templateId: z.string().trim().min(1), signedPsbtHex: psbtHex });

/** POST /psbt/finalize: every input finalized and the network transaction extracted (not broadcast). */
export const finalizedPsbtReplySchema = z.object({ txHex: z.string(), txid: z.string(), vsize: z.number().int(), fee: z.string() });

/** `settled_by_hand`: marked paid or transferred without a swap, so the winning offer is no longer handed out. */
export const SETTLEMENT_STAGES = ['no_winner', 'awaiting_seller', 'broadcast', 'confirmed', 'settled_by_hand'] as const;

export const psbtStateSchema = z.object({
  lotId: z.string(),
  stage: z.enum(SETTLEMENT_STAGES),
  winningBidId: z.string().nullable(),
  /** The winner's signed offer: what the seller's wallet co-signs (input 1, SIGHASH_ALL). */
  psbtHex: z.string().nullable(),
  /** Inputs the seller signs. */
  sellerInputIndices: z.array(z.number().int()),
  txid: z.string().nullable(),
  confirmations: z.number().int().nullable(),
});
export type PsbtState = z.infer<typeof psbtStateSchema>;

/** GET /psbt/transaction/:id: the lot's recorded swap (txid and network hex null before the seller co-signs). */
export const psbtTransactionSchema = psbtStateSchema.pick({ lotId: true, stage: true, txid: true, confirmations: true }).extend({ txHex: z.string().nullable() });

export const sellerSignReplySchema = z.object({ message: z.string(), data: psbtStateSchema });
export const winnerClaimReplySchema = sellerSignReplySchema;

/** POST /wallet/sign-psbt: which inputs of a PSBT a linked Bitcoin wallet signs, and with which sighash. */
export const walletSignPsbtBodySchema = z.object({
  psbtHex,
  /** The wallet's payment address; its ordinals address too when the PSBT spends its inscription. */
  walletAddress: z.string().trim().min(1).max(120),
  ordinalsAddress: z.string().trim().min(1).max(120).optional(),
});
export const walletSignPsbtReplySchema = z.object({
  data: z.object({
    /** The transaction the signatures commit to (segwit: unchanged by signing). */
    txid: z.string(),
    signInputs: z.array(z.object({ index: z.number().int(), address: z.string(), sighash: z.number().int() })),
  }),
});
