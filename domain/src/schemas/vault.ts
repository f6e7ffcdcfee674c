/**
 * The bidder's vault calls (bitcoin-vault.ts has the rules): open my vault with the key of my linked ordinals
 * account, read it and its balance, and withdraw or refresh free coins with one wallet signature that Gavel
 * checks and co-signs.
 */
import { z } from 'zod';

const xOnlyKey = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, { error: 'ordinalsPublicKey must be the 32-byte x-only key of your ordinals address (64 hex characters)' }));

/** POST /wallet/vault: the x-only internal key behind the linked ordinals address (wallets report it as its public key). */
export const vaultOpenBodySchema = z.object({ ordinalsPublicKey: xOnlyKey });

export const vaultSchema = z.object({
  address: z.string(),
  descriptor: z.string(),
  bidderKey: z.string(),
  gavelKey: z.string(),
  keyVersion: z.number().int(),
  /** N: blocks after an output confirms before the bidder alone may spend it. */
  csvBlocks: z.number().int(),
  /** The ordinals address whose key is B. */
  ordinalsAddress: z.string(),
  /** Confirmations an output needs to count. */
  confirmations: z.number().int(),
  /** This vault belongs to an older Gavel key: refresh into the current one. */
  current: z.boolean(),
});
export type VaultView = z.infer<typeof vaultSchema>;
export const vaultReplySchema = z.object({ data: vaultSchema });

export const vaultOutputSchema = z.object({
  txid: z.string(),
  vout: z.number().int(),
  value: z.number().int(),
  blockHeight: z.number().int().nullable(),
  confirmations: z.number().int(),
  exitHeight: z.number().int().nullable(),
  exitAt: z.string().nullable(),
  state: z.enum(['unconfirmed', 'confirming', 'free', 'committed', 'expiring', 'exitable']),
});

export const vaultBalanceSchema = z.object({
  address: z.string(),
  confirmed: z.number().int(),
  committed: z.number().int(),
  free: z.number().int(),
  pending: z.number().int(),
  exitAt: z.string().nullable(),
  tipHeight: z.number().int(),
  outputs: z.array(vaultOutputSchema),
});
export type VaultBalanceView = z.infer<typeof vaultBalanceSchema>;
export const vaultBalanceReplySchema = z.object({ data: vaultBalanceSchema });

/** POST /wallet/vault/withdrawals: `withdraw` pays `toAddress` (one of your linked addresses), `refresh` your current vault. */
export const vaultWithdrawalBodySchema = z.object({
  kind: z.enum(['withdraw', 'refresh']).default('withdraw'),
  toAddress: z.string().trim().optional(),
  /** sat/vB; default: Esplora's half-hour estimate. */
  feeRate: z.number().positive().max(1000).optional(),
});

/** POST /wallet/vault/withdrawals/:id/sign: the PSBT with the bidder's script-path signatures. */
export const vaultWithdrawalSignBodySchema = z.object({ signedPsbtHex: z.string().trim().min(1, { error: 'signedPsbtHex is required' }) });

export const vaultWithdrawalSchema = z.object({
  id: z.string(),
  kind: z.enum(['withdraw', 'refresh']),
  status: z.enum(['awaiting_signature', 'signed', 'broadcast', 'failed', 'expired']),
  toAddress: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  vsize: z.number().int(),
  /** The PSBT to sign: every input spends the vault by its cooperative leaf; sign each with your ordinals key. */
  psbtHex: z.string(),
  psbtBase64: z.string(),
  inputsToSign: z.array(z.number().int()),
  txid: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  broadcastAt: z.string().nullable(),
});
export type VaultWithdrawalView = z.infer<typeof vaultWithdrawalSchema>;
export const vaultWithdrawalReplySchema = z.object({ message: z.string().optional(), data: vaultWithdrawalSchema });
