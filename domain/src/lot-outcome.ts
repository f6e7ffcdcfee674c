/**
 * How an ended lot came out, said plainly on its page and its card: Sold, Not sold: reserve not met, No bids
 * placed (or Not sold, for bids with no winner, such as a purchase voided for non-payment). Only for viewers who may see
 * results: the api withholds them from signed-out visitors (resultsHidden), who read "Log in to view results".
 */
import { messages } from './messages.ts';
import type { Lot } from './schemas/lot.ts';

export type LotOutcome = 'sold' | 'reserve_not_met' | 'no_bids' | 'not_sold';

export const LOT_OUTCOME_TEXT: Record<LotOutcome, string> = {
  sold: 'Sold',
  reserve_not_met: 'Not sold: reserve not met',
  // The spec's wording for the ended view.
  no_bids: messages.browse.noBids,
  not_sold: 'Not sold',
};

export function lotOutcome(lot: Pick<Lot, 'soldPrice' | 'winner' | 'currentBid' | 'hasReserve' | 'reserveMet'>): LotOutcome {
  if (lot.soldPrice !== null || lot.winner !== null) return 'sold';
  if (lot.currentBid === null) return 'no_bids';
  if (lot.hasReserve && !lot.reserveMet) return 'reserve_not_met';
  return 'not_sold';
}

/** The price an ended lot shows beside its outcome: what it sold for, or the highest bid it did not sell at. */
export function outcomePrice(lot: Pick<Lot, 'soldPrice' | 'winner' | 'currentBid' | 'hasReserve' | 'reserveMet'>): { label: 'Sold for' | 'Highest bid'; amount: string } | null {
  const outcome = lotOutcome(lot);
  if (outcome === 'sold') {
    const amount = lot.soldPrice ?? lot.currentBid;
    return amount === null ? null : { label: 'Sold for', amount };
  }
  return lot.currentBid === null ? null : { label: 'Highest bid', amount: lot.currentBid };
}
