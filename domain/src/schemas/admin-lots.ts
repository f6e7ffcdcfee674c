/**
 * Admin lot and auction-event management: write bodies, admin list queries and
 * the admin's view of a lot (which, unlike the public one, shows the reserve price, drafts and settlement).
 * The form rules themselves are in lot-edit-rules.ts; these schemas only shape the input, so the rules'
 * spec texts are what a caller sees.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../money.ts';
import { adminMessages, closeInTurnMessages } from '../messages.ts';
import { MAX_PAGE_SIZE, paginationSchema, queryInt, searchText } from './common.ts';
import { AUCTION_TYPES, lotSchema } from './lot.ts';
import { auctionEventSchema } from './auction-event.ts';
import { BID_STATUSES } from './bid.ts';
import { settlementSchema } from './settlement.ts';
import { unpaidLotSchema } from './unpaid-lots.ts';
import { rateScheduleWireSchema } from './house-rates.ts';
import { taxTableWireSchema } from './house-tax.ts';

/** The spec's page size of the admin auctions list: limit 20, offset 0. */
export const ADMIN_LOTS_LIMIT = 20;

const amountInput = z.union([z.string().trim().max(100), z.number()]).nullable();
const timeInput = z.union([z.string().trim().max(100), z.null()]);
const booleanText = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** PUT /lots/:id, PUT /auctions/:id: every field optional; what is absent keeps its stored value. */
export const lotUpdateBodySchema = z.object({
  title: z.string().max(200, { error: 'Title must be at most 200 characters' }).optional(),
  description: z.string().max(20_000, { error: 'Description must be at most 20000 characters' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: adminMessages.paymentMethodRequired }).optional(),
  startingBid: amountInput.optional(),
  reservePrice: amountInput.optional(),
  buyNowEnabled: z.boolean({ error: 'buyNowEnabled must be true or false' }).optional(),
  buyNowPrice: amountInput.optional(),
  estimateLow: amountInput.optional(),
  estimateHigh: amountInput.optional(),
  /** ISO 8601. */
  startTime: timeInput.optional(),
  endTime: timeInput.optional(),
  imageUrls: z.array(z.string().trim().min(1).max(2000)).max(20, { error: 'At most 20 images' }).optional(),
  extensionMinutes: z.number().int().min(0).max(60, { error: 'Extension must be 0 to 60 minutes' }).optional(),
  /** BTC lots: Bitcoin bids only from bidders' vaults, binding (binding-bids.ts). Off by default. */
  vaultBidsRequired: z.boolean({ error: 'vaultBidsRequired must be true or false' }).optional(),
  inscriptionId: z.string().trim().max(200).nullable().optional(),
  contractAddress: z.string().trim().max(100).nullable().optional(),
  tokenId: z
    .string()
    .trim()
    .regex(/^\d{1,78}$/, { error: 'tokenId must be a whole number' })
    .nullable()
    .optional(),
  /** The seller's wallet (the spec's `walletAddress` on a lot). */
  walletAddress: z.string().trim().max(120).nullable().optional(),
});
export type LotUpdateBody = z.infer<typeof lotUpdateBodySchema>;

/** POST /auctions, POST /auctions/create (auctionEventId in the body), POST /auctions-v2/:auctionId/lots (in the path). */
export const lotCreateBodySchema = lotUpdateBodySchema.extend({
  auctionEventId: z.string({ error: adminMessages.eventRequired }).trim().min(1, { error: adminMessages.eventRequired }).max(64).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: adminMessages.paymentMethodRequired }),
  auctionType: z.enum(AUCTION_TYPES, { error: 'auctionType must be onchain or offchain' }).optional(),
  /** Create as published (visible at once) instead of a draft to publish later. */
  published: z.boolean().optional(),
});
export type LotCreateBody = z.infer<typeof lotCreateBodySchema>;

/** GET /admin/auctions and GET /auctions?… as an admin: drafts included. */
export const adminLotListQuerySchema = z.object({
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  offset: queryInt(0, 10_000_000).optional(),
  page: queryInt(1, 1_000_000).optional(),
  search: searchText.optional(),
  status: z.enum(['upcoming', 'live', 'ended', 'cancelled'], { error: 'must be one of upcoming, live, ended, cancelled' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
  auctionEventId: z.string().trim().min(1).max(64).optional(),
  published: booleanText.optional(),
});
export type AdminLotListQuery = z.infer<typeof adminLotListQuerySchema>;

/**
 * A card payment for the lot whose intent said it took another amount or currency than was owed (a forged
 * webhook, a partial capture in the Stripe Dashboard): it paid nothing, and the admin settles it. Amounts in
 * the currency's smallest unit (cents for usd), as Stripe counts them; null when unknown.
 */
export const paymentMismatchSchema = z.object({
  paymentIntentId: z.string(),
  purpose: z.string(),
  owed: z.object({ amount: z.string().nullable(), currency: z.string() }),
  received: z.object({ amount: z.string().nullable(), currency: z.string().nullable() }),
  /** webhook: a signed event's claim; stripe: Stripe's own answer to the api. */
  source: z.enum(['webhook', 'stripe']),
  createdAt: z.string(),
});
export type PaymentMismatch = z.infer<typeof paymentMismatchSchema>;

/** The admin's (and the lot's seller's) view of a lot. */
export const adminLotSchema = lotSchema.extend({
  published: z.boolean(),
  reservePrice: z.string().nullable(),
  extensionMinutes: z.number().int(),
  settlement: settlementSchema,
  /** GET /admin/auctions/:id only: the lot's card payments that took another amount than owed, newest first. */
  paymentMismatches: z.array(paymentMismatchSchema).optional(),
  /** GET /admin/auctions/:id only: a lot voided for non-payment, with the runner-up and the second-chance offers made. */
  unpaid: unpaidLotSchema.nullable().optional(),
});
export type AdminLot = z.infer<typeof adminLotSchema>;
export const adminLotReplySchema = z.object({ message: z.string().optional(), data: adminLotSchema });
export const adminLotListSchema = z.object({ data: z.array(adminLotSchema), pagination: paginationSchema });

/** GET /auctions/:id/bids/admin, GET /admin/auctions/:id/bids: every bid, bidders named. */
export const adminBidListQuerySchema = z.object({ limit: queryInt(1, MAX_PAGE_SIZE).optional(), offset: queryInt(0, 1_000_000).optional() });
export const adminBidSchema = z.object({
  _id: z.string(),
  id: z.string(),
  auctionId: z.string(),
  amount: z.string(),
  unit: z.enum(['sats', 'ETH', 'USD']),
  walletAddress: z.string().nullable(),
  status: z.enum(BID_STATUSES),
  withdrawalStatus: z.string().nullable(),
  holdStatus: z.string().nullable(),
  /** A maximum bid's maximum (admins see it; bidders only their own). */
  maximum: z.string().optional(),
  createdAt: z.string(),
  isWinning: z.boolean(),
  bidder: z.object({ userId: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
});
export type AdminBid = z.infer<typeof adminBidSchema>;
export const adminBidListSchema = z.object({ data: z.array(adminBidSchema), pagination: paginationSchema });

/** POST /auction-events; PUT /auction-events/:id takes the same fields, all optional. */
export const auctionEventBodySchema = z.object({
  title: z.string({ error: adminMessages.titleRequired }).trim().min(1, { error: adminMessages.titleRequired }).max(200),
  description: z.string().max(20_000).optional(),
  /** Derived from the title when absent. */
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: adminMessages.slugFormat })
    .max(120)
    .optional(),
  startTime: z.string({ error: adminMessages.startTimeRequired }).trim().min(1, { error: adminMessages.startTimeRequired }),
  endTime: z.string({ error: adminMessages.endTimeRequired }).trim().min(1, { error: adminMessages.endTimeRequired }),
  coverImageUrl: z.string().trim().max(2000).nullable().optional(),
  /** Only whitelisted wallets and e-mails may bid on this event's lots. */
  whitelistOnly: z.boolean().optional(),
  /** Every BTC lot of this event takes Bitcoin bids only from bidders' vaults (binding-bids.ts). Off by default. */
  vaultBidsRequired: z.boolean().optional(),
  /** Lots that close in turn (close-in-turn.ts): both set, or both null to let each lot keep its own end. */
  firstCloseAt: z.string().trim().nullable().optional(),
  closeIntervalSeconds: z.number({ error: closeInTurnMessages.intervalRange }).int({ error: closeInTurnMessages.intervalRange }).nullable().optional(),
  /** The buyer's premium and seller's commission (house-rates.ts); absent on create: the house's defaults. */
  buyerPremium: rateScheduleWireSchema.optional(),
  sellerCommission: rateScheduleWireSchema.optional(),
  /** The buyer's tax per buyer's country (house-tax.ts); absent on create: the house's default. */
  buyerTax: taxTableWireSchema.optional(),
});
export const auctionEventUpdateBodySchema = auctionEventBodySchema.partial();
export type AuctionEventBody = z.infer<typeof auctionEventBodySchema>;

/** GET /auction-events as an admin: drafts too (status=draft lists only them). */
export const adminAuctionEventSchema = auctionEventSchema.extend({
  whitelistOnly: z.boolean(),
  vaultBidsRequired: z.boolean().optional(),
  allLotCount: z.number().int(),
  buyerPremium: rateScheduleWireSchema.optional(),
  sellerCommission: rateScheduleWireSchema.optional(),
  buyerTax: taxTableWireSchema.optional(),
});
export type AdminAuctionEvent = z.infer<typeof adminAuctionEventSchema>;
export const adminAuctionEventReplySchema = z.object({ message: z.string().optional(), data: adminAuctionEventSchema });
export const adminAuctionEventListSchema = z.object({ data: z.array(adminAuctionEventSchema), pagination: paginationSchema });

export const deletedReplySchema = z.object({ message: z.string(), data: z.object({ _id: z.string() }) });
