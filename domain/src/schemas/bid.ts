import { z } from 'zod';
import { messages } from '../messages.ts';
import { paginationSchema, queryInt } from './common.ts';
import { BIDS_LIST_LIMIT } from '../page-sizes.ts';
import { MAX_LADDER_STEPS } from '../offer-ladder.ts';

/**
 * What a Bitcoin offer needs from the wallet paying it, beside the payment address (a bid's, a Buy Now's, a winner's
 * claim): where the inscription goes (default the payment address) and the payment key, which wallets need in the
 * PSBT to sign a taproot input.
 */
export const offerWalletFields = {
  ordinalsAddress: z.string().trim().max(120).optional(),
  paymentPublicKey: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}([0-9a-fA-F]{2})?$/)
    .optional(),
};

/** POST /auctions/:id/bids — the amount is in the lot's display unit ("15100" sats, "0.0152" ETH, "26.00" USD). */
export const placeBidBodySchema = z.object({
  amount: z.union([z.string().trim(), z.number()], { error: messages.bids.amountRequired }).refine((v) => String(v).length > 0, { error: messages.bids.amountRequired }),
  walletAddress: z.string().trim().max(120).optional(),
  /**
   * A maximum bid (USD lots; BTC lots by card, or from a Bitcoin wallet as a ladder of signed offers; ETH lots by card, each
   * step placed on chain by the relayer): how far Gavel bids for
   * the bidder, in the lot's unit, at least the amount. The leader sends it alone (with any amount) to raise or lower their
   * maximum, never below the price shown.
   */
  maximum: z.union([z.string().trim().min(1).max(40), z.number()]).optional(),
  /** BTC lots (Gavel's addition): where the inscription goes and the payment key. */
  ...offerWalletFields,
});
export type PlaceBidBody = z.infer<typeof placeBidBodySchema>;

/** A signed offer PSBT of a few inputs is ~2 kB: past 100 kB of hex one is refused unread, in these words. */
export const MAX_PSBT_HEX_LENGTH = 200_000;
export const PSBT_TOO_LARGE = `PSBT is too large (over ${MAX_PSBT_HEX_LENGTH / 2} bytes)`;

const offerId = z.string().trim().min(1).max(64);
const signedPsbtHex = z.string().trim().min(1).max(MAX_PSBT_HEX_LENGTH, { error: PSBT_TOO_LARGE });

/**
 * What finalizing carries: the PSBT the wallet signed, or for a Bitcoin wallet's maximum every step of its ladder
 * signed at once (each step's offer id from the bid reply's `ladder`), never both.
 */
const finalizeFields = {
  signedPsbtHex: signedPsbtHex.optional(),
  signedSteps: z
    .array(z.object({ bidId: offerId, signedPsbtHex }))
    .min(1)
    .max(MAX_LADDER_STEPS)
    .optional(),
};
const signedOnce = (body: { signedPsbtHex?: string; signedSteps?: unknown[] }) => (body.signedPsbtHex === undefined) !== (body.signedSteps === undefined);
const signedOnceError = { error: 'Send signedPsbtHex, or signedSteps for a maximum bid', path: ['signedPsbtHex'] };

/** POST /auctions/:id/finalize: the bid (offer) id from the bid reply and the PSBT the wallet signed (or the ladder's steps). */
export const finalizeBidBodySchema = z.object({ bidId: offerId, ...finalizeFields }).refine(signedOnce, signedOnceError);
/** POST /auctions-v2/lots/:lotId/bids/:bidId/finalize */
export const finalizeLotBidBodySchema = z.object(finalizeFields).refine(signedOnce, signedOnceError);

export const bidListQuerySchema = z.object({ limit: queryInt(1, BIDS_LIST_LIMIT).optional(), offset: queryInt(0, 1_000_000).optional() });

export const removeBidBodySchema = z.object({ reason: z.string().trim().max(500).optional() });

/**
 * A stored bid's status. `replaced`: the bidder's own bid, superseded by their changed maximum while the price stood;
 * it is no bid anyone else may see (never in a lot's history or its bid count), so only its bidder's own list and
 * the admin's list carry it.
 */
export const BID_STATUSES = ['active', 'outbid', 'withdrawn', 'cancelled', 'removed', 'replaced'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const bidSchema = z.object({
  _id: z.string(),
  id: z.string(),
  auctionId: z.string(),
  amount: z.string(),
  unit: z.enum(['sats', 'ETH', 'USD']),
  walletAddress: z.string().nullable(),
  /** `pending`: only in the reply to a Bitcoin bid, whose offer PSBT waits for the wallet's signature (then finalize). */
  status: z.enum([...BID_STATUSES, 'pending']),
  withdrawalStatus: z.string().nullable(),
  createdAt: z.string(),
  /** Other bidders are shown masked ("B***r"); `isYou` marks the caller's own bids. */
  bidder: z.object({ displayName: z.string(), isYou: z.boolean() }),
  /** A maximum bid's maximum: only on the caller's own bids (and in the admin's list), never on anyone else's. */
  maximum: z.string().optional(),
  auction: z.object({ _id: z.string(), title: z.string(), currentBid: z.string().nullable(), paymentMethod: z.enum(['BTC', 'ETH', 'Manual']) }),
});
export type Bid = z.infer<typeof bidSchema>;

export const bidListSchema = z.object({ data: z.array(bidSchema), pagination: paginationSchema });

export const placeBidReplySchema = z.object({
  message: z.string(),
  data: z.object({
    bid: bidSchema,
    psbtHex: z.string().nullable(),
    /**
     * A Bitcoin wallet's maximum (only in the reply to its own bidder): one offer per step up to the maximum, all on the
     * same coins, for the wallet to sign at once; `psbtHex` is null then and `bid._id` names the ladder to finalize.
     */
    ladder: z.array(z.object({ bidId: z.string(), amount: z.string(), psbtHex: z.string() })).optional(),
    /**
     * A Bitcoin offer: true when it spends vault outputs (the lot requires vault bids; it settles if it wins), false
     * for an offer over the wallet's own coins, which the bidder can still void by spending them (`bindingNote` says so).
     */
    binding: z.boolean().optional(),
    bindingNote: z.string().optional(),
    /** A vault offer: the inputs to sign (each by the cooperative leaf with the ordinals key), in one prompt. */
    inputsToSign: z.array(z.number().int()).optional(),
  }),
  /** The bid moved the lot's end: a bid in the final `extensionMinutes` ends the auction that long after it. */
  auctionExtended: z.boolean(),
  /** The sentence the spec names, with the end as an ISO time; clients that show dates write their own from the fields. */
  extensionMessage: z.string().nullable(),
  /** Set only when `auctionExtended`: the lot's extension, in minutes. */
  extensionMinutes: z.number().int().positive().optional(),
  /** The lot's end, moved or not. */
  endTime: z.string(),
  minimumNextBid: z.string(),
});
export type PlaceBidReply = z.infer<typeof placeBidReplySchema>;

/** What an outbid bidder is told (the spec's outbid notification). */
export const outbidNotificationSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  auctionTitle: z.string(),
  auctionId: z.string(),
  auctionEventId: z.string(),
  userBidAmount: z.string(),
  currentBidAmount: z.string(),
  currencyUnit: z.enum(['sats', 'ETH', 'USD']),
  /** The outbid bidder's own maximum, now exceeded (only on their own stream): the only moment a maximum is outbid. */
  maximum: z.string().optional(),
});
export type OutbidNotification = z.infer<typeof outbidNotificationSchema>;

/** A change to a watched lot: a new price and end, or its close. */
export const lotUpdateSchema = z.object({
  lotId: z.string(),
  currentBid: z.string().nullable(),
  bidCount: z.number().int(),
  endTime: z.string(),
  status: z.string(),
});
export type LotUpdate = z.infer<typeof lotUpdateSchema>;
