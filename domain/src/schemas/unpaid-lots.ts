/**
 * Purchases nobody paid. A win or a purchase that no captured card pays has a payment deadline; past it, the
 * purchase is voided: the buyer gets the unpaid mark, and the lot goes back to the admin as unpaid, who either
 * offers it to the runner-up at their last bid (a second-chance offer, accepted by card) or relists it.
 */
import { z } from 'zod';
import { adminMessages } from '../messages.ts';

export const unpaidMessages = {
  settlementUnpaid: 'Unpaid: the buyer did not pay by the deadline. Offer the lot to the runner-up or relist it.',
  notUnpaid: 'This lot is not unpaid: only a purchase voided for non-payment can be offered again or relisted.',
  notSettleable: 'This purchase was voided for non-payment: offer the lot to the runner-up or relist it.',
  usdOnly: 'A second-chance offer is paid by card, so only USD lots can be offered: relist this lot instead.',
  awardedToOffer: 'The lot went to {email}, whose signed offer of {amount} still stands.',
  offerOpen: 'A second-chance offer for this lot is still open until {expiresAt}.',
  offerInFlight: 'A second-chance offer for this lot is being accepted right now.',
  noRunnerUp: 'No other bidder is left to offer this lot to: relist it instead.',
  overCardLimit: 'The runner-up’s bid is more than a card can pay: relist this lot instead.',
  offered: 'Second-chance offer sent to {email} at {amount}.',
  relisted: 'Lot relisted: it is back on sale.',
  relistOnChain:
    'An on-chain lot cannot be relisted here: its sale is an auction on the auction house and the platform’s relayer holds its NFT. Offer it to the runner-up, or have the relayer’s operator start a new auction for the NFT and link it to a new lot.',
  offerNotFound: 'Offer not found.',
  offerExpired: 'This offer has expired.',
  offerTaken: 'This offer was already accepted.',
  offerWithdrawn: 'This offer was withdrawn: the lot is back on sale.',
  offerBusy: 'This offer is being accepted already.',
  accepted: 'The lot is yours, and paid. Thank you!',
  /** The unpaid mark on the buyer's profile. */
  unpaidMark: 'Unpaid purchases: {count}. A purchase not paid by its deadline is cancelled and counted here.',
} as const;

/** expired: open, but past expiresAt. */
export const SECOND_CHANCE_STATES = ['open', 'accepting', 'accepted', 'expired', 'withdrawn'] as const;
export type SecondChanceState = (typeof SECOND_CHANCE_STATES)[number];

/** GET /second-chance-offers: an offer as the runner-up sees it (amounts in US dollars). */
export const secondChanceOfferSchema = z.object({
  _id: z.string(),
  lotId: z.string(),
  amount: z.string(),
  unit: z.literal('USD'),
  expiresAt: z.string(),
  status: z.enum(SECOND_CHANCE_STATES),
  lot: z.object({ _id: z.string(), title: z.string(), imageUrl: z.string().nullable(), auctionEventId: z.string() }),
});
export type SecondChanceOffer = z.infer<typeof secondChanceOfferSchema>;
export const secondChanceListSchema = z.object({ data: z.array(secondChanceOfferSchema) });

/** POST /second-chance-offers/:id/accept: the lot is the caller's and paid by the PaymentIntent. */
export const secondChanceAcceptReplySchema = z.object({
  message: z.string(),
  data: z.object({ offerId: z.string(), lotId: z.string(), amount: z.string(), paymentIntentId: z.string() }),
});
export type SecondChanceAcceptReply = z.infer<typeof secondChanceAcceptReplySchema>;

/** A second-chance offer as the admin sees it: whom it went to. */
export const adminSecondChanceOfferSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  amount: z.string(),
  expiresAt: z.string(),
  status: z.enum(SECOND_CHANCE_STATES),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSecondChanceOffer = z.infer<typeof adminSecondChanceOfferSchema>;
export const secondChanceOfferReplySchema = z.object({ message: z.string(), data: adminSecondChanceOfferSchema });

const person = { userId: z.string(), email: z.string().nullable(), name: z.string().nullable() };

/** GET /admin/auctions/:id of an unpaid lot: who did not pay, who would get the offer, the offers made. */
export const unpaidLotSchema = z.object({
  unpaidAt: z.string(),
  buyer: z.object({ ...person, unpaidCount: z.number().int() }).nullable(),
  /** The next-highest bidder not yet offered the lot, at their last bid; null when nobody is left (or not a USD lot). */
  runnerUp: z.object({ ...person, amount: z.string() }).nullable(),
  offers: z.array(adminSecondChanceOfferSchema),
});
export type UnpaidLot = z.infer<typeof unpaidLotSchema>;

/** POST /admin/auctions/:id/relist: the new sale's times (ISO 8601), checked by the lot form's rules. */
export const relistBodySchema = z.object({
  startTime: z.string({ error: adminMessages.startTimeRequired }).trim().max(100),
  endTime: z.string({ error: adminMessages.endTimeRequired }).trim().max(100),
});
export type RelistBody = z.infer<typeof relistBodySchema>;
