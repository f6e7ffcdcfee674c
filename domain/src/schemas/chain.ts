/**
 * On-chain lots (ETH, GavelAuctionHouse): the chain state the api merges into lot replies, on-chain bids, and
 * EVM withdrawals. The chain is the truth for these lots; the lot's own record keeps title, images, event.
 */
import { z } from 'zod';
import { lotSchema } from './lot.ts';
import { paginationSchema } from './common.ts';

/** Messages of the chain routes (the spec's where it has one). */
export const chainMessages = {
  withdrawalConfirmed: 'Withdrawal successful!',
  withdrawalFailed: 'Withdrawal failed',
  withdrawalPending: 'Withdrawal submitted: it will show once the transaction is indexed',
  withdrawalNotYours: 'This withdrawal was recorded by another account',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalNotSender: 'This transaction was sent by another wallet',
  withdrawalUnknownTx: 'This transaction is not on chain yet. Please try again shortly.',
  invalidAddress: 'Invalid wallet address',
  invalidTxHash: 'Invalid transaction hash',
  indexerUnavailable: 'On-chain data is temporarily unavailable. Please try again shortly.',
} as const;

export const evmAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: chainMessages.invalidAddress });
export const txHash = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: chainMessages.invalidTxHash });

/**
 * The on-chain auction behind a lot, in the contract's shape (the spec's on-chain auction entity). Amounts are ETH
 * strings, times ISO. `stale` is true when the indexer did not answer: the fields are then the last values
 * this api instance saw, or null if it saw none. `indexed` is false while the auction is not (yet) indexed.
 */
export const lotChainSchema = z.object({
  auctionId: z.string(),
  contractAddress: z.string(),
  stale: z.boolean(),
  indexed: z.boolean(),
  /** Block of the latest change to this auction. */
  updatedBlock: z.number().int().nullable(),
  seller: z.string().nullable(),
  nft: z.string().nullable(),
  nftId: z.string().nullable(),
  /** Public on chain: the first bid must reach it. */
  reservePrice: z.string().nullable(),
  highestBid: z.string().nullable(),
  highestBidder: z.string().nullable(),
  bidCount: z.number().int().nullable(),
  startTime: z.string().nullable(),
  /** After every extension. */
  endTime: z.string().nullable(),
  timeBufferSeconds: z.number().int().nullable(),
  started: z.boolean().nullable(),
  /** Settled with `end` (the contract's `ended`). */
  ended: z.boolean().nullable(),
  cancelled: z.boolean().nullable(),
  /** The settled winner; null before settlement or when nothing sold. */
  winner: z.string().nullable(),
});
export type LotChain = z.infer<typeof lotChainSchema>;

/**
 * A lot reply. On-chain lots carry `chain`, and their currentBid, bidCount, status (timeStarted/timeEnded),
 * times, winner and reserveMet come from it. auctionExtended/extensionMessage describe the latest bid.
 */
export const chainLotSchema = lotSchema.extend({
  auctionExtended: z.boolean(),
  extensionMessage: z.string().nullable(),
  chain: lotChainSchema.nullable(),
});
export type ChainLot = z.infer<typeof chainLotSchema>;
export const chainLotListSchema = z.object({ data: z.array(chainLotSchema), pagination: paginationSchema });
export const chainLotReplySchema = z.object({ data: chainLotSchema });

/**
 * Withdrawal status of a bid (`Bid.withdrawalStatus`) on an on-chain lot: null while the bid leads;
 * 'available' once outbid (the refund waits in the contract's pendingReturns); 'withdrawing' after
 * POST /evm-withdrawals until the Withdrawn event is indexed; 'withdrawn' after it.
 */
export const CHAIN_WITHDRAWAL_STATUSES = ['available', 'withdrawing', 'withdrawn'] as const;

/** POST /evm-withdrawals. `auctionId` is the lot the withdrawal was started from (optional context). */
export const evmWithdrawalBodySchema = z.object({
  auctionId: z.string().trim().max(64).optional(),
  walletAddress: evmAddress,
  txHash,
});

export const EVM_WITHDRAWAL_STATUSES = ['pending', 'confirmed', 'failed'] as const;

export const evmWithdrawalSchema = z.object({
  id: z.string(),
  auctionId: z.string().nullable(),
  walletAddress: z.string(),
  txHash: z.string(),
  /** pending until the indexed Withdrawn event (confirmed) or a reverted receipt (failed) settles it. */
  status: z.enum(EVM_WITHDRAWAL_STATUSES),
  /** ETH, from the Withdrawn event. */
  amount: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  createdAt: z.string(),
});
export type EvmWithdrawal = z.infer<typeof evmWithdrawalSchema>;
export const evmWithdrawalReplySchema = z.object({ message: z.string(), data: evmWithdrawalSchema });

export const walletAddressParams = z.object({ address: evmAddress });
