/**
 * Following what a user cares about without searching: the watchlist (lots they put a heart on), their bids
 * across every rail with where each stands, the lots they won with payment and transfer, and the lots they
 * sell with each one's settlement. Every list is the signed-in user's own.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, paginationSchema, queryInt } from './common.ts';
import { chainLotSchema } from './chain.ts';
import { bitcoinSwapSchema } from './settlement.ts';
import { MY_BID_STATES } from '../my-bids.ts';

/** The lists' paging: limit (default 20, at most 100) and offset. */
export const followListQuerySchema = z.object({ limit: queryInt(1, MAX_PAGE_SIZE).optional(), offset: queryInt(0, 1_000_000).optional() });

/** PUT and DELETE /watchlist/:lotId: where the lot stands for this user now. */
export const watchReplySchema = z.object({ data: z.object({ lotId: z.string(), watched: z.boolean() }) });
export type WatchReply = z.infer<typeof watchReplySchema>;

/** GET /watchlist/ids: every lot the user watches, for the hearts on cards and lot pages. */
export const watchedIdsReplySchema = z.object({ data: z.array(z.string()) });

/** How a bid was paid: by card (held), paid later (a USD lot), from a Bitcoin wallet, on chain from an EVM wallet, or by card on chain (the relayer). */
export const BID_RAILS = ['card', 'pay_later', 'btc_wallet', 'eth_wallet', 'relayed_card'] as const;
export type BidRail = (typeof BID_RAILS)[number];

/** One lot the user bid on: their best bid on it and where that bid stands. */
export const myBidSchema = z.object({
  state: z.enum(MY_BID_STATES),
  bid: z.object({
    /** The stored bid (DELETE /auctions/bids/:bidId); null for a bid on the auction house, refunded by POST /evm-withdrawals. */
    id: z.string().nullable(),
    amount: z.string(),
    unit: z.enum(['sats', 'ETH', 'USD']),
    rail: z.enum(BID_RAILS),
    /** The user's own maximum on it, while it bids for them (or was exceeded): theirs alone. */
    maximum: z.string().optional(),
    createdAt: z.string(),
  }),
  /** The bid is outbid on a lot still open, and so may be taken back with DELETE /auctions/bids/:bidId. */
  canWithdraw: z.boolean(),
  lot: chainLotSchema,
});
export type MyBid = z.infer<typeof myBidSchema>;
/** GET /me/bids: the lists' paging, and `state` to list only the bids that stand so. */
export const myBidsQuerySchema = followListQuerySchema.extend({ state: z.enum(MY_BID_STATES).optional() });
/** How many of the user's lots stand in each state, whatever `state` and the page. */
export const myBidCountsSchema = z.object(Object.fromEntries(MY_BID_STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<(typeof MY_BID_STATES)[number], z.ZodNumber>);
export type MyBidCounts = z.infer<typeof myBidCountsSchema>;
export const myBidListSchema = z.object({ data: z.array(myBidSchema), pagination: paginationSchema, counts: myBidCountsSchema });
export type MyBidList = z.infer<typeof myBidListSchema>;

/**
 * A lot the user won (or bought now): its settlement says paid and transferred; `paymentDueAt` when an unpaid
 * purchase is voided; `payableInCart`: the cart takes its payment by card now (the cart's own rule).
 */
export const wonLotSchema = z.object({ lot: chainLotSchema, paymentDueAt: z.string().nullable(), payableInCart: z.boolean(), bitcoinSwap: bitcoinSwapSchema.nullable() });
export type WonLot = z.infer<typeof wonLotSchema>;
export const wonLotListSchema = z.object({ data: z.array(wonLotSchema), pagination: paginationSchema });
export type WonLotList = z.infer<typeof wonLotListSchema>;
