/** A refused bid, said once: the lot row's phase and minimum, and the spec's answer for each reason. */
import { bidRefusal, fill, formatAmount, messages, minimumIncrement, minimumNextBid, phaseOf, shownStatus, type BidRefusal, type LotPhase, type Unit, unitFor } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';

const bidMessages = messages.bids;

/** Where a lot stands for a new bid: its phase, the minimum next bid and the increment, its end and price. */
export interface BidState {
  phase: LotPhase;
  minimum: bigint;
  increment: bigint;
  endTime: Date;
  currentBid: bigint | null;
}

/** The lot row's own state: the phase by the lot clock, the minimum by the spec's increments. */
export function lotBidState(lot: Pick<Lot, 'status' | 'startTime' | 'endTime' | 'paymentMethod' | 'auctionType' | 'startingBid' | 'currentBid'>): BidState {
  const currentBid = lot.currentBid === null ? null : BigInt(lot.currentBid.toFixed(0));
  const minimum = minimumNextBid({ ...lot, startingBid: BigInt(lot.startingBid.toFixed(0)), currentBid });
  return { phase: phaseOf(shownStatus(lot)), minimum, increment: minimumIncrement(lot), endTime: lot.endTime, currentBid };
}

/** The spec's answer to a refused bid. */
export function refusalError(refused: BidRefusal, unit: Unit): Refused {
  if (refused.reason === 'cancelled') return new Refused('conflict', bidMessages.cancelled, 'lot_cancelled');
  if (refused.reason === 'ended') return new Refused('conflict', bidMessages.ended, 'lot_ended');
  if (refused.reason === 'notStarted') return new Refused('conflict', bidMessages.notStarted, 'lot_not_started');
  const minimum = formatAmount(refused.minimum, unit);
  const message = fill(bidMessages.tooLow, { minimum, unit });
  return new Refused('invalid', message, 'bid_too_low', { amount: message }, { minimumBid: minimum });
}

/**
 * Why a write refused a bid admission took, read again after the fact: the lot moved on (closed, or another bid
 * raised the minimum) meanwhile. With the lot still open, asking the rule about no amount at all names either the
 * lot's phase or the minimum now.
 */
export function writeRefusal(lot: Lot): Refused {
  return refusalError(bidRefusal(lotBidState(lot), -1n)!, unitFor(lot.paymentMethod));
}

/** A refused maximum (invalid), naming the `maximum` field. */
export function maximumError(message: string): Refused {
  return new Refused('invalid', message, 'validation_failed', { maximum: message });
}

/** A maximum below `minimum` (the amount it came with, or the price its leader already shows). */
export function maximumTooLowError(minimum: bigint, unit: Unit): Refused {
  return maximumError(fill(bidMessages.maximumTooLow, { minimum: formatAmount(minimum, unit), unit }));
}
