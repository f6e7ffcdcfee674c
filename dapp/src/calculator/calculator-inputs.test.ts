import { describe, expect, it } from 'vitest';
import { CALCULATOR_DEFAULTS } from '@gavel/domain';
import { currentBidSats, hasCostCalculator, initialInputs, numberOr } from './calculator-inputs.ts';

describe('calculator inputs', () => {
  it('starts at the current bid + 1000 sats, or the starting bid, with the default price and fees', () => {
    expect(initialInputs({ unit: 'sats', currentBid: '20000', startingBid: '15000' }, 65_000)).toEqual({
      bidSats: '21000',
      btcPriceUsd: '65000',
      networkFeeBtc: String(CALCULATOR_DEFAULTS.networkFeeBtc),
      platformFeePercent: String(CALCULATOR_DEFAULTS.platformFeePercent),
    });
    expect(initialInputs({ unit: 'sats', currentBid: null, startingBid: '15000' }, 65_000).bidSats).toBe('15000');
  });

  it('is offered only on lots bid in sats', () => {
    expect(hasCostCalculator({ unit: 'sats' })).toBe(true);
    expect(hasCostCalculator({ unit: 'USD' })).toBe(false);
    expect(hasCostCalculator({ unit: 'ETH' })).toBe(false);
  });

  it('reads the current bid in sats for BTC lots only, and half-typed numbers as the fallback', () => {
    expect(currentBidSats({ unit: 'sats', currentBid: '20000' })).toBe(20_000);
    expect(currentBidSats({ unit: 'USD', currentBid: '20.00' })).toBeNull();
    expect(numberOr('', 7)).toBe(7);
    expect(numberOr('-1', 7)).toBe(7);
    expect(numberOr('0.5', 7)).toBe(0.5);
  });
});
