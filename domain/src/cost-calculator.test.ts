import { describe, expect, it } from 'vitest';
import { CALCULATOR_DEFAULTS, costOf, defaultCalculatorBid, winProbability } from './cost-calculator.ts';

describe('cost calculator', () => {
  it('starts from the current bid + 1000 sats, or the starting bid', () => {
    expect(defaultCalculatorBid(15_000, 10_000)).toBe(16_000);
    expect(defaultCalculatorBid(null, 10_000)).toBe(10_000);
  });

  it('gives the spec win probabilities by premium over the current bid', () => {
    expect(winProbability(15_000, 10_000)).toBe(95);
    expect(winProbability(12_500, 10_000)).toBe(80);
    expect(winProbability(11_000, 10_000)).toBe(60);
    expect(winProbability(10_500, 10_000)).toBe(40);
    expect(winProbability(10_100, 10_000)).toBe(20);
  });

  it('adds the network and platform fees at the defaults', () => {
    const cost = costOf({ bidSats: 1_000_000, ...CALCULATOR_DEFAULTS });
    expect(cost.bidUsd).toBe(650);
    expect(cost.networkFeeUsd).toBe(6.5);
    expect(cost.platformFeeUsd).toBe(16.25);
    expect(cost.totalUsd).toBe(672.75);
  });
});
