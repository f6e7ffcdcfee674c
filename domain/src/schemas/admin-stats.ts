/** GET /admin/platform-stats, /admin/auction-stats, /admin/kyc-stats: the dashboard's figures. */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../money.ts';
import { KYC_STATUSES } from './auth.ts';

const counts = <T extends readonly [string, ...string[]]>(keys: T) => z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as { [K in T[number]]: z.ZodNumber });

/** Gross sales of one currency: the sold price of every won lot, in the display unit, and how much is paid. */
export const grossSalesSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS),
  unit: z.enum(['sats', 'ETH', 'USD']),
  lotsSold: z.number().int(),
  gross: z.string(),
  paid: z.string(),
});

export const platformStatsSchema = z.object({
  data: z.object({
    users: z.object({ total: z.number().int(), admins: z.number().int(), newToday: z.number().int(), byKycStatus: counts(KYC_STATUSES) }),
    auctionEvents: z.object({ total: z.number().int(), published: z.number().int() }),
    lots: z.object({ total: z.number().int(), published: z.number().int(), byStatus: counts(['upcoming', 'live', 'ended', 'cancelled'] as const), byPaymentMethod: counts(PAYMENT_METHODS) }),
    bids: z.object({ total: z.number().int(), today: z.number().int() }),
    sales: z.array(grossSalesSchema),
  }),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>['data'];

/**
 * A relayed ETH win its card did not pay while the relayer holds the NFT: the contract already paid the seller, so
 * the platform is out of `usd` (what the winner owes; null until decided) since `since`. awaiting_payment: the winner
 * may still pay from the cart by `payBy`; unpaid: voided at its deadline, the admin's to offer to the runner-up.
 */
export const relayerExposureSchema = z.object({
  lotId: z.string(),
  auctionEventId: z.string(),
  title: z.string(),
  winnerEmail: z.string().nullable(),
  /** ETH, the winning bid the relayer paid on chain. */
  amount: z.string(),
  usd: z.string().nullable(),
  since: z.string(),
  state: z.enum(['awaiting_payment', 'unpaid']),
  payBy: z.string().nullable(),
});
export type RelayerExposure = z.infer<typeof relayerExposureSchema>;

/**
 * A dependency that stopped answering (database, redis, stripe...), as one process (an api instance, the worker)
 * saw it: since when, until when (null: still down), for how long (ms, so far while still down), and the first
 * failure in words.
 */
export const degradationSchema = z.object({
  dependency: z.string(),
  /** The process that saw it: "api host:pid" or "worker host:pid". */
  process: z.string(),
  reason: z.string(),
  since: z.string(),
  until: z.string().nullable(),
  durationMs: z.number().int(),
});
export type Degradation = z.infer<typeof degradationSchema>;

export const auctionStatsSchema = z.object({
  data: z.object({
    /** Lot statuses follow the lot clock (an upcoming lot past its start counts as live). */
    byStatus: counts(['upcoming', 'live', 'ended', 'cancelled'] as const),
    byPaymentMethod: counts(PAYMENT_METHODS),
    bidsToday: z.number().int(),
    endingWithin24h: z.number().int(),
    settlement: counts(['no_winner', 'awaiting_payment', 'awaiting_transfer', 'complete'] as const),
    sales: z.array(grossSalesSchema),
    /** The relayer's unpaid wins, the longest standing first. */
    relayerExposure: z.array(relayerExposureSchema),
    /** What was degraded and for how long, in every process: open outages first, then the latest ended ones. */
    degradations: z.array(degradationSchema),
  }),
});
export type AuctionStats = z.infer<typeof auctionStatsSchema>['data'];

export const kycStatsSchema = z.object({
  data: z.object({
    byStatus: counts(KYC_STATUSES),
    paymentMethodVerified: z.number().int(),
    withPaymentMethod: z.number().int(),
    pendingReviews: z.number().int(),
  }),
});
export type KycStats = z.infer<typeof kycStatsSchema>['data'];
