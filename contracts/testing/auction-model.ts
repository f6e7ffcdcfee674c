// A plain TypeScript model of GavelAuctionHouse's rules. The property tests run random command sequences
// against both and require the same outcome (success, or the same custom error) and the same state.
import type { Address } from "viem";

export interface ModelAuction {
  id: bigint;
  seller: Address;
  reservePrice: bigint;
  durationSeconds: bigint;
  timeBufferSeconds: bigint;
  started: boolean;
  startTime: bigint;
  endTime: bigint;
  highestBid: bigint;
  highestBidder: Address | null;
  ended: boolean;
  cancelled: boolean;
}

/** What a successful `end` should have paid. */
export interface Settlement {
  seller: Address;
  winner: Address | null;
  amount: bigint;
  fee: bigint;
}

export type Outcome<T = void> = { error: string } | { ok: true; apply: () => T };

export class AuctionModel {
  readonly auctions = new Map<bigint, ModelAuction>();
  readonly pending = new Map<Address, bigint>();
  nextId = 1n;

  constructor(
    readonly owner: Address,
    readonly feeBps: bigint,
    readonly minIncrement: bigint,
  ) {}

  owed(account: Address): bigint {
    return this.pending.get(account) ?? 0n;
  }

  /** ETH the contract must hold: every credit plus every bid still in play. */
  expectedBalance(): bigint {
    let total = 0n;
    for (const amount of this.pending.values()) total += amount;
    for (const a of this.auctions.values()) if (!a.ended && !a.cancelled) total += a.highestBid;
    return total;
  }

  private live(id: bigint): ModelAuction | undefined {
    const a = this.auctions.get(id);
    return a && !a.cancelled ? a : undefined;
  }

  create(seller: Address, reservePrice: bigint, minutes: bigint, timeBufferSeconds: bigint): Outcome<bigint> {
    return {
      ok: true,
      apply: () => {
        const id = this.nextId++;
        this.auctions.set(id, {
          id,
          seller,
          reservePrice,
          durationSeconds: minutes * 60n,
          timeBufferSeconds,
          started: false,
          startTime: 0n,
          endTime: 0n,
          highestBid: 0n,
          highestBidder: null,
          ended: false,
          cancelled: false,
        });
        return id;
      },
    };
  }

  start(id: bigint, caller: Address, now: bigint): Outcome {
    const a = this.live(id);
    if (!a) return { error: "AuctionNotFound" };
    if (caller !== a.seller && caller !== this.owner) return { error: "NotSellerOrOwner" };
    if (a.started) return { error: "AuctionAlreadyStarted" };
    return {
      ok: true,
      apply: () => {
        a.started = true;
        a.startTime = now;
        a.endTime = now + a.durationSeconds;
      },
    };
  }

  bid(id: bigint, bidder: Address, amount: bigint, now: bigint): Outcome {
    const a = this.live(id);
    if (!a) return { error: "AuctionNotFound" };
    if (!a.started) return { error: "AuctionNotStarted" };
    if (now >= a.endTime) return { error: "AuctionExpired" };
    if (bidder === a.seller) return { error: "SellerCannotBid" };
    if (a.highestBidder === null) {
      if (amount < a.reservePrice) return { error: "BidBelowReserve" };
      if (amount === 0n) return { error: "BidBelowMinimum" };
    } else if (amount < a.highestBid + this.minIncrement) {
      return { error: "BidBelowMinimum" };
    }
    return {
      ok: true,
      apply: () => {
        if (a.highestBidder !== null) this.credit(a.highestBidder, a.highestBid);
        a.highestBid = amount;
        a.highestBidder = bidder;
        if (a.endTime - now < a.timeBufferSeconds) a.endTime = now + a.timeBufferSeconds;
      },
    };
  }

  end(id: bigint, now: bigint): Outcome<Settlement> {
    const a = this.live(id);
    if (!a) return { error: "AuctionNotFound" };
    if (!a.started) return { error: "AuctionNotStarted" };
    if (a.ended) return { error: "AuctionAlreadySettled" };
    if (now < a.endTime) return { error: "AuctionNotOver" };
    return {
      ok: true,
      apply: () => {
        a.ended = true;
        const fee = a.highestBidder ? (a.highestBid * this.feeBps) / 10_000n : 0n;
        return { seller: a.seller, winner: a.highestBidder, amount: a.highestBidder ? a.highestBid : 0n, fee };
      },
    };
  }

  cancel(id: bigint, caller: Address): Outcome {
    const a = this.live(id);
    if (!a) return { error: "AuctionNotFound" };
    if (caller !== a.seller && caller !== this.owner) return { error: "NotSellerOrOwner" };
    if (a.ended) return { error: "AuctionAlreadySettled" };
    if (a.highestBidder !== null) return { error: "AuctionHasBids" };
    return { ok: true, apply: () => void (a.cancelled = true) };
  }

  withdraw(account: Address): Outcome<bigint> {
    const owed = this.owed(account);
    if (owed === 0n) return { error: "NothingToWithdraw" };
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
