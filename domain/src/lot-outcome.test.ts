import { describe, expect, it } from 'vitest';
import { lotOutcome, LOT_OUTCOME_TEXT, outcomePrice } from './lot-outcome.ts';

const ended = (over: Partial<Parameters<typeof lotOutcome>[0]> = {}) => ({ soldPrice: null, winner: null, currentBid: null, hasReserve: false, reserveMet: false, ...over });
const winner = { id: 'u1', name: 'A***a', walletAddress: null } as never;

describe('an ended lot’s outcome, said plainly', () => {
  it('sold, with what it sold for', () => {
    const lot = ended({ soldPrice: '535.00', winner, currentBid: '535.00' });
    expect(LOT_OUTCOME_TEXT[lotOutcome(lot)]).toBe('Sold');
    expect(outcomePrice(lot)).toEqual({ label: 'Sold for', amount: '535.00' });
  });

  it('not sold below the reserve, with the highest bid', () => {
    const lot = ended({ currentBid: '120.00', hasReserve: true, reserveMet: false });
    expect(LOT_OUTCOME_TEXT[lotOutcome(lot)]).toBe('Not sold: reserve not met');
    expect(outcomePrice(lot)).toEqual({ label: 'Highest bid', amount: '120.00' });
  });

  it('no bids, and no price', () => {
    expect(LOT_OUTCOME_TEXT[lotOutcome(ended())]).toBe('No bids placed');
    expect(outcomePrice(ended())).toBeNull();
  });

  it('bids but no winner otherwise (a voided purchase): not sold', () => {
    expect(lotOutcome(ended({ currentBid: '80.00' }))).toBe('not_sold');
  });
});
