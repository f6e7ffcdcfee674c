/** A refused bid, said once: the lot row's phase and minimum, and the spec's answer for each reason. */
import { fill, formatAmount, messages, minimumIncrement, minimumNextBid, phaseOf, shownStatus, type BidRefusal, type LotPhase, type Unit } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import { HttpError } from '../http/errors.ts';

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
export function refusalError(refused: BidRefusal, unit: Unit): HttpError {
  if (refused.reason === 'cancelled') return new HttpError(409, bidMessages.cancelled, 'lot_cancelled');
  if (refused.reason === 'ended') return new HttpError(409, bidMessages.ended, 'lot_ended');
  if (refused.reason === 'notStarted') return new HttpError(409, bidMessages.notStarted, 'lot_not_started');
  const minimum = formatAmount(refused.minimum, unit);
  const message = fill(bidMessages.tooLow, { minimum, unit });
  return new HttpError(400, message, 'bid_too_low', { amount: message }, { minimumBid: minimum });
}
