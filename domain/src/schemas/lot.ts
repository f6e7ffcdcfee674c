import { z } from 'zod';
import { rateTableWireSchema } from './house-rates.ts';
import { taxTableWireSchema } from './house-tax.ts';
import { PAYMENT_METHODS } from '../money.ts';
import { LOT_STATUSES } from '../lot-clock.ts';
import { MAX_PAGE_SIZE, decimalText, isoDate, paginationSchema, queryInt, searchText } from './common.ts';
import { settlementSchema } from './settlement.ts';

export const AUCTION_TYPES = ['onchain', 'offchain'] as const;
export const CHAIN_TYPES = ['ONCHAIN', 'OFFCHAIN'] as const;
/** Without a sort, lots come live (ending soonest), then upcoming (starting soonest), then ended (latest first). */
export const LOT_SORTS = ['endTime', 'startTime', 'createdAt', 'price', 'title', 'bids'] as const;
export type LotSort = (typeof LOT_SORTS)[number];

/** Status filters accept the spec's mixed case (LIVE, timeStarted, ...). */
const statusFilter = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase())
  .pipe(
    z.enum(['upcoming', 'live', 'ended', 'cancelled', 'timestarted', 'timeended', 'active'], {
      error: `must be one of ${LOT_STATUSES.join(', ')}`,
    }),
  );

const order = z
  .string()
  .trim()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: 'must be asc or desc' }));

const pageParams = {
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  offset: queryInt(0, 10_000_000).optional(),
  page: queryInt(1, 1_000_000).optional(),
  pageSize: queryInt(1, MAX_PAGE_SIZE).optional(),
};

/** `pagination.next` of the page before, to read the next page from its place (browsing lists only). */
const after = z.string().trim().max(1000).optional();

/** GET /auctions */
export const auctionListQuerySchema = z.object({
  ...pageParams,
  search: searchText.optional(),
  status: statusFilter.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
  minPrice: decimalText.optional(),
  maxPrice: decimalText.optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  auctionEventId: z.string().trim().min(1).max(64).optional(),
  sort: z.enum(LOT_SORTS, { error: `must be one of ${LOT_SORTS.join(', ')}` }).optional(),
  order: order.optional(),
  after,
});
export type AuctionListQuery = z.infer<typeof auctionListQuerySchema>;

/** GET /lots (the v2 names for the same browse) */
export const lotListQuerySchema = z.object({
  ...pageParams,
  auctionId: z.string().trim().min(1).max(64).optional(),
  status: statusFilter.optional(),
  chainType: z.enum(CHAIN_TYPES, { error: `must be one of ${CHAIN_TYPES.join(', ')}` }).optional(),
  search: searchText.optional(),
  sortBy: z.enum(LOT_SORTS, { error: `must be one of ${LOT_SORTS.join(', ')}` }).optional(),
  sortOrder: order.optional(),
  after,
});
export type LotListQuery = z.infer<typeof lotListQuerySchema>;

export const winnerSchema = z.object({
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  walletAddress: z.string().nullable(),
});

export const lotEventSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

/**
 * A lot as the api sends it. Amounts are decimal strings in `unit`. The reserve price itself stays secret:
 * only whether it is set and met is shown.
 */
export const lotSchema = z.object({
  _id: z.string(),
  lotId: z.string(),
  lotNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(LOT_STATUSES),
  auctionType: z.enum(AUCTION_TYPES),
  chainType: z.enum(CHAIN_TYPES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  unit: z.enum(['sats', 'ETH', 'USD']),
  startingBid: z.string(),
  currentBid: z.string().nullable(),
  bidCount: z.number().int(),
  hasReserve: z.boolean(),
  reserveMet: z.boolean(),
  buyNowEnabled: z.boolean(),
  /**
   * BTC lots: Bitcoin bids come only from bidders' vaults and bind ("Binding Bitcoin bids"), by the lot's choice or
   * its event's; false: today's offers from the wallet's coins, not binding. `vaultBidsRequiredOwn` is the lot's own.
   */
  vaultBidsRequired: z.boolean().optional(),
  vaultBidsRequiredOwn: z.boolean().optional(),
  /** The buyer's premium the winner pays on top of the hammer, in tiers (house-rates.ts); absent when the lot's event charges none. */
  buyerPremium: rateTableWireSchema.optional(),
  /** A USD lot's buyer's tax per buyer's country (house-tax.ts), when its event levies one: the all-in figures add the bidder's. */
  buyerTax: taxTableWireSchema.optional(),
  buyNowPrice: z.string().nullable(),
  estimateLow: z.string().nullable(),
  estimateHigh: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  closedAt: z.string().nullable(),
  auctionEventId: z.string(),
  auction: lotEventSummarySchema,
  imageUrls: z.array(z.string()),
  inscriptionId: z.string().nullable(),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable(),
  auctionContractAddress: z.string().nullable(),
  auctionId: z.string().nullable(),
  walletAddress: z.string().nullable(),
  creator: z.string().nullable(),
  txHash: z.string().nullable(),
  transferTransactionHash: z.string().nullable(),
  paid: z.boolean(),
  transferred: z.boolean(),
  winner: winnerSchema.nullable(),
  soldPrice: z.string().nullable(),
  /**
   * An ended lot's results go to signed-in viewers only ("Log in to view results"). True when they are withheld
   * from this reply: currentBid, soldPrice, winner, settlement and the hashes that would name the winner are null.
   */
  resultsHidden: z.boolean(),
  createdAt: z.string(),
  /** After the close: payment and transfer status, "Auction Complete", or the no-winner text (settlementOf). */
  settlement: settlementSchema.optional(),
});
export type Lot = z.infer<typeof lotSchema>;

export const lotListSchema = z.object({ data: z.array(lotSchema), pagination: paginationSchema });
export type LotList = z.infer<typeof lotListSchema>;

export const lotReplySchema = z.object({ data: lotSchema });
