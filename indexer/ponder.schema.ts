/**
 * What the indexer keeps: the current state of every auction and NFT, and the events that led there.
 * Addresses are lower-case hex; amounts are wei; times are unix seconds (the contract's own clock).
 * Event rows use Ponder's `event.id` as their key: unique per log and sortable in chain order.
 */
import { index, onchainTable, primaryKey } from 'ponder';

/** One GavelAuctionHouse auction as it stands after the latest indexed block. */
export const auction = onchainTable(
  'auction',
  (t) => ({
    id: t.bigint().primaryKey(),
    seller: t.hex().notNull(),
    nft: t.hex().notNull(),
    nftId: t.bigint().notNull(),
    reservePrice: t.bigint().notNull(),
    durationSeconds: t.bigint().notNull(),
    timeBufferSeconds: t.bigint().notNull(),
    /** The buyer's premium every bid carries on top of its amount, in basis points (fixed at creation). */
    premiumBps: t.integer().notNull(),
    /** created -> started -> settled, or created/started (no bids) -> cancelled. An auction whose NFT could not be
     *  delivered to its winner stays started after `end` until the winner's claim (sold) or its expiry settles it. */
    status: t.text().$type<'created' | 'started' | 'settled' | 'cancelled'>().notNull(),
    /** Null until `start`; the end moves with every extension. */
    startTime: t.bigint(),
    endTime: t.bigint(),
    highestBid: t.bigint().notNull(),
    highestBidder: t.hex(),
    /** `bid.id` of the leading bid. */
    highestBidId: t.text(),
    bidCount: t.integer().notNull(),
    extensionCount: t.integer().notNull(),
    /** Set at settlement: null when nothing sold (no bids, or the winner's NFT claim expired). */
    winner: t.hex(),
    /** The house could not move the NFT at some point (a paused or fussy collection). */
    nftTransferFailed: t.boolean().notNull(),
    /** Who may pull the NFT from the house with `claimNft` now: the winner, or the seller once nothing sold;
     *  null when the NFT is not waiting for a claim. */
    nftClaimant: t.hex(),
    createdTxHash: t.hex().notNull(),
    createdAt: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (t) => ({ sellerIdx: index().on(t.seller), nftIdx: index().on(t.nft, t.nftId) }),
);

/** Every accepted bid. `previousBidder` is who it outbid; `outbidBy` is the bid that later beat it. */
export const bid = onchainTable(
  'bid',
  (t) => ({
    id: t.text().primaryKey(),
    auctionId: t.bigint().notNull(),
    bidder: t.hex().notNull(),
    amount: t.bigint().notNull(),
    /** This bid pushed the end out (an extension row accompanies it). */
    extended: t.boolean().notNull(),
    /** The auction's end after this bid. */
    endTime: t.bigint().notNull(),
    previousBidId: t.text(),
    previousBidder: t.hex(),
    previousAmount: t.bigint(),
    outbidBy: t.text(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (t) => ({ auctionIdx: index().on(t.auctionId), bidderIdx: index().on(t.bidder), blockIdx: index().on(t.blockNumber) }),
);

export const extension = onchainTable(
  'extension',
  (t) => ({
    id: t.text().primaryKey(),
    auctionId: t.bigint().notNull(),
    endTime: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (t) => ({ auctionIdx: index().on(t.auctionId) }),
);

export const settlement = onchainTable('settlement', (t) => ({
  auctionId: t.bigint().primaryKey(),
  winner: t.hex(),
  amount: t.bigint().notNull(),
  /** The seller's cost, kept from `amount`. */
  fee: t.bigint().notNull(),
  /** The buyer's premium, paid on top of `amount`; fee and premium went to the treasury. */
  premium: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
  txHash: t.hex().notNull(),
}));

export const cancellation = onchainTable('cancellation', (t) => ({
  auctionId: t.bigint().primaryKey(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
  txHash: t.hex().notNull(),
}));

/** A credit to `pendingReturns`: an outbid bid, or a payout that could not be pushed. */
export const refundCredit = onchainTable(
  'refund_credit',
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    auctionId: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (t) => ({ accountIdx: index().on(t.account) }),
);

export const withdrawal = onchainTable(
  'withdrawal',
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    to: t.hex().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (t) => ({ accountIdx: index().on(t.account), txIdx: index().on(t.txHash) }),
);

/**
 * An account's `pendingReturns`. `withdraw` always takes everything, so a credit is withdrawn exactly when a
 * withdrawal follows it: compare `refund_credit.id` (or `bid.outbidBy`) with `lastWithdrawalId`.
 */
export const pendingReturn = onchainTable('pending_return', (t) => ({
  account: t.hex().primaryKey(),
  pending: t.bigint().notNull(),
  credited: t.bigint().notNull(),
  withdrawn: t.bigint().notNull(),
  lastWithdrawalId: t.text(),
}));

/** A GavelNFT token: its owner, its single-token approval, and how it was minted. */
export const token = onchainTable(
  'token',
  (t) => ({
    contract: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    /** ERC-721 `getApproved`; cleared by every transfer. */
    approved: t.hex(),
    approvedTxHash: t.hex(),
    metadataUrl: t.text(),
    mintedTo: t.hex().notNull(),
    /** Who sent the mint transaction (the relayer for card mints). */
    minter: t.hex().notNull(),
    byCard: t.boolean(),
    mintTxHash: t.hex().notNull(),
    mintedAt: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (t) => ({ pk: primaryKey({ columns: [t.contract, t.tokenId] }), ownerIdx: index().on(t.owner) }),
);

/** ERC-721 `setApprovalForAll`: an operator (such as the auction house) may move all of an owner's tokens. */
export const operatorApproval = onchainTable(
  'operator_approval',
  (t) => ({
    contract: t.hex().notNull(),
    owner: t.hex().notNull(),
    operator: t.hex().notNull(),
    approved: t.boolean().notNull(),
    txHash: t.hex().notNull(),
  }),
  (t) => ({ pk: primaryKey({ columns: [t.contract, t.owner, t.operator] }) }),
);
