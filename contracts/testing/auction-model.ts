// A plain TypeScript model of GavelAuctionHouse's rules. The property tests run random command sequences
// against both and require the same outcome (success, or the same custom error) and the same state, down to
// where every auctioned NFT is.
import type { Address } from 'viem';

/** A collection the model knows how to move tokens of: `fussy` ones are a FreezableNFT (see src/test). */
export interface ModelCollection {
  address: Address;
  fussy: boolean;
}

export interface ModelAuction {
  id: bigint;
  seller: Address;
  collection: ModelCollection;
  nftId: bigint;
  reservePrice: bigint;
  durationSeconds: bigint;
  timeBufferSeconds: bigint;
  /** The buyer's premium every bid carries: the house's rate when the auction was created. */
  premiumBps: bigint;
  started: boolean;
  startTime: bigint;
  endTime: bigint;
  highestBid: bigint;
  highestBidder: Address | null;
  ended: boolean;
  cancelled: boolean;
  /** Its money is settled (paid out, or refunded when nothing sold): the contract emitted AuctionSettled. */
  settled: boolean;
  /** Who may pull the NFT with `claimNft`, when the house could not push it. */
  claim: 'winner' | 'seller' | null;
  /** Where the NFT is: the house while the auction runs or a claim waits, else whoever received it. */
  nftOwner: Address;
}

/** What a call paid out of a completed sale: the proceeds to `seller`, the fee and the premium to the treasury. */
export interface Payout {
  seller: Address;
  amount: bigint;
  fee: bigint;
  premium: bigint;
}

/** The buyer's premium on `amount`, rounded half up to the wei (the house's one rounding rule). */
export function premiumOf(amount: bigint, premiumBps: bigint): bigint {
  return (amount * premiumBps + 5_000n) / 10_000n;
}

export type Outcome<T = void> = { error: string } | { ok: true; apply: () => T };

export class AuctionModel {
  readonly auctions = new Map<bigint, ModelAuction>();
  readonly pending = new Map<Address, bigint>();
  nextId = 1n;
  /** Whether the fussy collections are frozen (every transfer reverts with `Frozen`). */
  frozen = false;
  /** The house's premium, which auctions created from now on carry. */
  premiumBps = 0n;

  constructor(
    readonly owner: Address,
    readonly house: Address,
    readonly feeBps: bigint,
    readonly minIncrement: bigint,
    readonly claimPeriod: bigint,
    /** Contracts without `onERC721Received`: a fussy collection refuses to send them tokens. */
    readonly nftRefusers: ReadonlySet<Address>,
  ) {}

  owed(account: Address): bigint {
    return this.pending.get(account) ?? 0n;
  }

  /** ETH the contract must hold: every credit plus every bid still in play (live, or waiting for a claim). */
  expectedBalance(): bigint {
    let total = 0n;
    for (const amount of this.pending.values()) total += amount;
    for (const a of this.auctions.values()) if (!a.settled && !a.cancelled) total += this.paid(a);
    return total;
  }

  /** What the leading bidder sent: the highest bid and its premium. */
  paid(a: ModelAuction): bigint {
    return a.highestBid + premiumOf(a.highestBid, a.premiumBps);
  }

  /** The value a bid of `amount` must carry on auction `id` (`bidValue`). */
  bidValue(id: bigint, amount: bigint): bigint {
    return amount + premiumOf(amount, this.auctions.get(id)?.premiumBps ?? 0n);
  }

  /** Who may claim the auction's NFT, as `nftClaimant` reads it. */
  claimant(a: ModelAuction): Address | null {
    if (a.claim === 'winner') return a.highestBidder;
    return a.claim === 'seller' ? a.seller : null;
  }

  /** Why a transfer of a `collection` token by the house to `to` reverts, or null when it goes through. */
  private transferError(collection: ModelCollection, to: Address): string | null {
    if (!collection.fussy) return null;
    if (this.frozen) return 'Frozen';
    return this.nftRefusers.has(to) ? 'ERC721InvalidReceiver' : null;
  }

  /** A push that must not revert (`end`, `expireNftClaim`): on failure the NFT waits for `claim`. */
  private push(a: ModelAuction, to: Address, claim: 'winner' | 'seller'): boolean {
    if (this.transferError(a.collection, to)) {
      a.claim = claim;
      return false;
    }
    a.nftOwner = to;
    return true;
  }

  private paySale(a: ModelAuction): Payout {
    a.settled = true;
    const fee = (a.highestBid * this.feeBps) / 10_000n;
    return { seller: a.seller, amount: a.highestBid, fee, premium: premiumOf(a.highestBid, a.premiumBps) };
  }

  private live(id: bigint): ModelAuction | undefined {
    const a = this.auctions.get(id);
    return a && !a.cancelled ? a : undefined;
  }

  create(seller: Address, collection: ModelCollection, nftId: bigint, reservePrice: bigint, minutes: bigint, timeBufferSeconds: bigint): Outcome<bigint> {
    const error = this.transferError(collection, this.house);
    if (error) return { error };
    return {
      ok: true,
      apply: () => {
        const id = this.nextId++;
        this.auctions.set(id, {
          id,
          seller,
          collection,
          nftId,
          reservePrice,
          durationSeconds: minutes * 60n,
          timeBufferSeconds,
          premiumBps: this.premiumBps,
          started: false,
          startTime: 0n,
          endTime: 0n,
          highestBid: 0n,
          highestBidder: null,
          ended: false,
          cancelled: false,
          settled: false,
          claim: null,
          nftOwner: this.house,
        });
        return id;
      },
    };
  }

  start(id: bigint, caller: Address, now: bigint): Outcome {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    if (caller !== a.seller && caller !== this.owner) return { error: 'NotSellerOrOwner' };
    if (a.started) return { error: 'AuctionAlreadyStarted' };
    return {
      ok: true,
      apply: () => {
        a.started = true;
        a.startTime = now;
        a.endTime = now + a.durationSeconds;
      },
    };
  }

  bid(id: bigint, bidder: Address, amount: bigint, value: bigint, now: bigint): Outcome {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    if (value !== this.bidValue(id, amount)) return { error: 'BidValueMismatch' };
    if (!a.started) return { error: 'AuctionNotStarted' };
    if (now >= a.endTime) return { error: 'AuctionExpired' };
    if (bidder === a.seller) return { error: 'SellerCannotBid' };
    if (a.highestBidder === null) {
      if (amount < a.reservePrice) return { error: 'BidBelowReserve' };
      if (amount === 0n) return { error: 'BidBelowMinimum' };
    } else if (amount < a.highestBid + this.minIncrement) {
      return { error: 'BidBelowMinimum' };
    }
    return {
      ok: true,
      apply: () => {
        if (a.highestBidder !== null) this.credit(a.highestBidder, this.paid(a));
        a.highestBid = amount;
        a.highestBidder = bidder;
        if (a.endTime - now < a.timeBufferSeconds) a.endTime = now + a.timeBufferSeconds;
      },
    };
  }

  /** On success: what `end` paid out (nothing when nothing sold or the NFT waits for the winner's claim). */
  end(id: bigint, now: bigint): Outcome<Payout | null> {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    if (!a.started) return { error: 'AuctionNotStarted' };
    if (a.ended) return { error: 'AuctionAlreadySettled' };
    if (now < a.endTime) return { error: 'AuctionNotOver' };
    return {
      ok: true,
      apply: () => {
        a.ended = true;
        if (a.highestBidder === null) {
          a.settled = true;
          this.push(a, a.seller, 'seller');
          return null;
        }
        return this.push(a, a.highestBidder, 'winner') ? this.paySale(a) : null;
      },
    };
  }

  /** On success: what the claim paid out (the sale, when the winner claims). */
  claimNft(id: bigint, caller: Address, to: Address): Outcome<Payout | null> {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    const claimant = this.claimant(a);
    if (claimant === null) return { error: 'NoNftClaim' };
    if (caller !== claimant) return { error: 'NotNftClaimant' };
    const error = this.transferError(a.collection, to);
    if (error) return { error };
    return {
      ok: true,
      apply: () => {
        const byWinner = a.claim === 'winner';
        a.claim = null;
        a.nftOwner = to;
        return byWinner ? this.paySale(a) : null;
      },
    };
  }

  expireNftClaim(id: bigint, now: bigint): Outcome {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    if (a.claim !== 'winner') return { error: 'NoNftClaim' };
    if (now < a.endTime + this.claimPeriod) return { error: 'NftClaimNotExpired' };
    return {
      ok: true,
      apply: () => {
        a.claim = null;
        this.credit(a.highestBidder!, this.paid(a));
        a.settled = true;
        this.push(a, a.seller, 'seller');
      },
    };
  }

  cancel(id: bigint, caller: Address): Outcome {
    const a = this.live(id);
    if (!a) return { error: 'AuctionNotFound' };
    if (caller !== a.seller && caller !== this.owner) return { error: 'NotSellerOrOwner' };
    if (a.ended) return { error: 'AuctionAlreadySettled' };
    if (a.highestBidder !== null) return { error: 'AuctionHasBids' };
    const error = this.transferError(a.collection, a.seller);
    if (error) return { error };
    return {
      ok: true,
      apply: () => {
        a.cancelled = true;
        a.nftOwner = a.seller;
      },
    };
  }

  setPremium(caller: Address, premiumBps: bigint, max: bigint): Outcome {
    if (caller !== this.owner) return { error: 'OwnableUnauthorizedAccount' };
    if (premiumBps > max) return { error: 'PremiumTooHigh' };
    return {
      ok: true,
      apply: () => {
        this.premiumBps = premiumBps;
      },
    };
  }

  withdraw(account: Address): Outcome<bigint> {
    const owed = this.owed(account);
    if (owed === 0n) return { error: 'NothingToWithdraw' };
    return {
      ok: true,
      apply: () => {
        this.pending.delete(account);
        return owed;
      },
    };
  }

  private credit(account: Address, amount: bigint): void {
    this.pending.set(account, this.owed(account) + amount);
  }
}
