/**
 * The shapes a bid takes on its way through the bid intake (intake.ts): the lot as read for it, the rail that
 * pays for it, the admitted bid, and what writing it did. Shapes only (and the lot's select), so every rail's
 * module can name them without importing the intake's code.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Unit } from '@gavel/domain';
import type { BidState } from './refusal.ts';

export const lotForBidSelect = {
  id: true,
  title: true,
  paymentMethod: true,
  auctionType: true,
  status: true,
  startTime: true,
  endTime: true,
  startingBid: true,
  currentBid: true,
  leaderMaximum: true,
  creatorId: true,
  auctionEventId: true,
  inscriptionId: true,
  sellerWalletAddress: true,
  chainAuctionId: true,
  chainPremiumBps: true,
  auctionContractAddress: true,
  vaultBidsRequired: true,
  auctionEvent: { select: { whitelistOnly: true, vaultBidsRequired: true, buyerPremium: true, buyerTax: true } },
} satisfies Prisma.LotSelect;

/** The lot as the bid intake reads it, with where it stands for the proxy rule (read in the same statement). */
export type LotForBid = Prisma.LotGetPayload<{ select: typeof lotForBidSelect }> & { standing: ProxyStanding };

/** Where the lot stands, as the proxy rule sees it: its own columns and its leading bid (a ladder's signed steps with it), amounts as text. */
export interface ProxyStanding {
  open: boolean;
  startingBid: string;
  currentBid: string | null;
  leaderMaximum: string | null;
  runnerUpMaximum: string | null;
  leadingId: string | null;
  leadingUserId: string | null;
  leadingAmount: string | null;
  /** A ladder's signed steps, ascending; null for any other bid. */
  steps: string[] | null;
}

/**
 * How a bid is paid, which decides what stands behind it:
 * - wallet: a linked crypto wallet, or no wallet on a USD lot (pay-later, settled by hand);
 * - card: a hold on the saved card (USD and BTC lots);
 * - relayed-card: a card hold, the bid placed on the auction house by the relayer (on-chain auctions);
 * - btc-offer / btc-finalize: a Bitcoin offer PSBT built for the wallet to sign, then placed once signed.
 */
export type BidRail = 'wallet' | 'card' | 'relayed-card' | 'btc-offer' | 'btc-finalize';

export interface AdmittedBid {
  lot: LotForBid;
  rail: BidRail;
  unit: Unit;
  amount: bigint;
  /** A maximum bid's maximum, at least the amount (USD lots, BTC lots by card or ladder); null for a plain bid. */
  maximum: bigint | null;
  /** A Bitcoin wallet's maximum, being placed: its ladder's signed steps, ascending, the top one the maximum. */
  steps?: bigint[];
  /** Where the lot stood when the bid was admitted (for an auction on the contract, the contract's view). */
  state: BidState;
  /** The lot's minimum increment: what the next bid must add over this one once it is written. */
  increment: bigint;
}

export interface PlacedBid {
  bidId: string;
  lot: { id: string; title: string; paymentMethod: 'BTC' | 'ETH' | 'Manual'; auctionEventId: string };
  /** The bid's own amount as written (a maximum bid that leads: the visible price it leads at). */
  amount: bigint;
  walletAddress: string | null;
  /** active: it leads; outbid: accepted and at once outbid by an earlier, higher or equal maximum. */
  status: 'active' | 'outbid';
  /** The bidder's maximum (theirs to see, and no one else's). */
  maximum: bigint | null;
  /** The lot's visible price after the bid. */
  price: bigint;
  endTime: Date;
  /** The end the bid was admitted against: the end before an extension (unless another bid moved it meanwhile). */
  previousEndTime: Date;
  auctionExtended: boolean;
  extensionMinutes: number;
  bidCount: number;
  /**
   * The leader changed only their own maximum: the price, the bid count and the end stand, and the bid it replaced
   * is out of the public history, so nobody else is told anything happened (no lot event).
   */
  maximumChangeOnly: boolean;
  /** Whom this bid outbid, when it belonged to someone else (the bidder themselves, when outbid at once by a maximum); `maximum`: theirs, now exceeded. */
  outbid: { bidId: string; userId: string; amount: bigint; maximum?: bigint } | null;
  /** The bid whose card hold is no longer needed: the one highest before this one, whoever's, or this one, outbid at once. */
  replacedBidId: string | null;
  /** Whether the replaced bid holds a card, when the write knew (false: no release to queue). */
  replacedBidHeld?: boolean;
  minimumNext: bigint;
}

export type Transaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export interface CommitOptions {
  bidId?: string;
  walletAddress: string | null;
  /**
   * A pay-later bid's commitment (its amount, or its maximum in full) and the field that committed the bidder:
   * checked against the bidding limit by the write itself, in the same statement (pay-later.ts).
   */
  payLater?: { cents: bigint; field: 'amount' | 'maximum' };
  /** Runs first in the bid's transaction (a Bitcoin offer claimed, so two finalizes cannot both place it). */
  before?: (tx: Transaction) => Promise<void>;
  /** Runs after the bid row exists, in the same transaction (the hold's PaymentIntent, the signed offer). */
  with?: (tx: Transaction, bidId: string) => Promise<void>;
}
