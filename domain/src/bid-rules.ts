import type { LotPhase } from './lot-clock.ts';
import { decimalsOf, formatAmount, parseAmount, unitFor, type PaymentMethod, type Unit } from './money.ts';

/** What a card bid sends as `walletAddress` on POST /auctions/:id/bids (the spec's marker for card bids). */
export const CARD_PAYMENT_MARKER = 'card_payment';

/**
 * The spec's minimum next bid table, in smallest units:
 * on-chain or BTC +100 sats, ETH +0.0001, off-chain and Manual (USD) +1.
 */
export function minimumIncrement(lot: { paymentMethod: PaymentMethod; auctionType: 'onchain' | 'offchain' }): bigint {
  if (lot.paymentMethod === 'ETH') return parseAmount('0.0001', 'ETH');
  if (lot.paymentMethod === 'BTC' || lot.auctionType === 'onchain') return 100n;
  return parseAmount('1', 'USD');
}

/** With no bid the minimum is the starting bid; otherwise the current bid plus the increment. */
export function minimumNextBid(lot: { paymentMethod: PaymentMethod; auctionType: 'onchain' | 'offchain'; startingBid: bigint; currentBid: bigint | null }): bigint {
  return nextMinimum(lot.startingBid, lot.currentBid, minimumIncrement(lot));
}

/** The minimum next bid from its parts, for a caller that already holds the lot's increment (the proxy rule). */
export function nextMinimum(startingBid: bigint, currentBid: bigint | null, increment: bigint): bigint {
  return currentBid === null ? startingBid : currentBid + increment;
}

/** Why a bid cannot be placed now, or null when it can: the lot must be live and the amount reach the minimum. */
export type BidRefusal = { reason: 'cancelled' } | { reason: 'ended' } | { reason: 'notStarted' } | { reason: 'tooLow'; minimum: bigint };

/**
 * The one rule every bid meets before it is written, whatever pays for it: checked by the api's bid intake and
 * again after a refused write (to say why), from the lot's phase on the lot clock and its minimum next bid.
 */
export function bidRefusal(state: { phase: LotPhase; minimum: bigint }, amount: bigint): BidRefusal | null {
  if (state.phase === 'cancelled') return { reason: 'cancelled' };
  if (state.phase === 'ended') return { reason: 'ended' };
  if (state.phase === 'upcoming') return { reason: 'notStarted' };
  if (amount < state.minimum) return { reason: 'tooLow', minimum: state.minimum };
  return null;
}

/** The bid input's step: sats step 1, ETH 0.0001, USD 0.01. */
export function bidInputStep(paymentMethod: PaymentMethod): string {
  const unit: Unit = unitFor(paymentMethod);
  if (unit === 'sats') return '1';
  if (unit === 'ETH') return '0.0001';
  return (1 / 10 ** decimalsOf(unit)).toFixed(decimalsOf(unit));
}

/** "Minimum: 15100 sats" — the bid input's placeholder. */
export function minimumPlaceholder(minimum: bigint, paymentMethod: PaymentMethod): string {
  const unit = unitFor(paymentMethod);
  return `Minimum: ${formatAmount(minimum, unit)} ${unit}`;
}
