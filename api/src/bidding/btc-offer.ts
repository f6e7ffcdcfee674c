/**
 * What every signed offer on a BTC lot shares, whichever way it is built (from the wallet's coins, from a vault,
 * as a ladder, as Buy Now, as a settlement's swap): how long the wallet has to sign it, how the Bitcoin
 * services' refusals and outages become api errors, and how it looks to its bidder before it is placed.
 */
import { CircuitOpenError } from '../health/breaker.ts';
import { formatAmount, type Bid } from '@gavel/domain';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { EsploraError, OrdError } from '../bitcoin/index.ts';
import { OfferError } from '../bitcoin/offer/index.ts';
import { fullNameOf, maskName } from '../auth/user-name.ts';

/** How long a wallet has to sign the offer before it must be placed again. */
export const OFFER_TTL_MS = 10 * 60_000;
/** Turns the offer module's refusals and Esplora/ord outages into api errors. */
export async function offerCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OfferError) throw new Refused('invalid', error.message, error.code, error.field ? { [error.field]: error.message } : undefined);
    if (error instanceof EsploraError || error instanceof OrdError || error instanceof CircuitOpenError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError'))) {
      throw new Refused('unavailable', 'The Bitcoin network service is unavailable. Please try again.', 'bitcoin_unavailable');
    }
    throw error;
  }
}

export interface OfferReply {
  bid: Bid;
  psbtHex: string;
  endTime: Date;
  minimumNextBid: string;
  /** Spends vault outputs (the lot requires vault bids): the inputs the wallet signs by the cooperative leaf. */
  vaultInputs?: number[];
}

/** An offer as its bidder sees it before it is placed (status pending). */
export function presentOffer(
  id: string,
  lot: { id: string; title: string; currentBid: { toFixed(n: number): string } | null },
  amount: bigint,
  walletAddress: string,
  user: UserRow,
  status: Bid['status'],
): Bid {
  return {
    _id: id,
    id,
    auctionId: lot.id,
    amount: formatAmount(amount, 'sats'),
    unit: 'sats',
    walletAddress,
    status,
    withdrawalStatus: null,
    createdAt: new Date().toISOString(),
    bidder: { displayName: maskName(fullNameOf(user)), isYou: true },
    auction: { _id: lot.id, title: lot.title, currentBid: lot.currentBid === null ? null : formatAmount(BigInt(lot.currentBid.toFixed(0)), 'sats'), paymentMethod: 'BTC' },
  };
}
