import { describe, expect, it } from 'vitest';
import { cardChargeCents, cardHoldCents, cardAmountRefusal, coinHoldCents, WEI_PER_ETH } from './card-hold.ts';

/** $100,000 a BTC, no margin: 1,000 sats hold $1.00. */
const BTC_AT_100K = { usdCents: 10_000_000, marginPercent: 0 };

describe('the hold of a card bid', () => {
  it('is the bid itself on a USD lot, and the sats’ USD value, rounded up to a cent, on a BTC lot', () => {
    expect(cardHoldCents(1250n, 'USD', BTC_AT_100K)).toBe(1250n);
    expect(cardHoldCents(20_000n, 'sats', BTC_AT_100K)).toBe(2000n);
    expect(cardHoldCents(20_001n, 'sats', BTC_AT_100K)).toBe(2001n);
    expect(cardHoldCents(1250n, 'USD', null)).toBe(1250n);
  });

  it('holds the margin above the coin’s value, rounded up to the cent once', () => {
    const tenPercent = { ...BTC_AT_100K, marginPercent: 10 };
    // 20,001 sats at $100,000 are $20.001; with 10 % $22.0011, held as $22.01.
    expect(cardHoldCents(20_001n, 'sats', tenPercent)).toBe(2201n);
    expect(cardHoldCents(20_000n, 'sats', tenPercent)).toBe(2200n);
    // 0.01 ETH at $2,000 is $20; with 2.5 % $20.50. A USD bid holds itself whatever the margin.
    expect(coinHoldCents(WEI_PER_ETH / 100n, WEI_PER_ETH, { usdCents: 200_000, marginPercent: 2.5 })).toBe(2050n);
    expect(coinHoldCents(1n, WEI_PER_ETH, { usdCents: 200_000, marginPercent: 10 })).toBe(1n);
  });

  it('must reach the spec’s minimum card payment: 50 sats, and $0.50 in any unit', () => {
    expect(cardAmountRefusal(49n, 'USD', BTC_AT_100K)).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(cardAmountRefusal(50n, 'USD', BTC_AT_100K)).toBeNull();
    expect(cardAmountRefusal(49n, 'sats', BTC_AT_100K)).toBe('Minimum payment amount is 50 sats ($0.50 USD) for card payments.');
    expect(cardAmountRefusal(490n, 'sats', BTC_AT_100K)).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(cardAmountRefusal(500n, 'sats', BTC_AT_100K)).toBeNull();
  });

  it('refuses what one card charge cannot carry ($999,999.99), in either unit', () => {
    expect(cardAmountRefusal(99_999_999n, 'USD', BTC_AT_100K)).toBeNull();
    expect(cardAmountRefusal(100_000_000n, 'USD', BTC_AT_100K)).toMatch(/^A card payment can be at most \$999,999\.99/);
    // 10 BTC at $100,000 is $1,000,000.
    expect(cardAmountRefusal(1_000_000_000n, 'sats', BTC_AT_100K)).toMatch(/^A card payment can be at most/);
  });
});

describe('what a won card bid is charged', () => {
  it('a USD bid its amount; a bid in a coin its value at the close, with no margin, never more than the hold', () => {
    expect(cardChargeCents(2500n, null, null, 2500n)).toBe(2500n);
    // 20,000 sats held at $100,000 + 10% = 2200 cents; the price is $100,000 at the close: $20.00 is charged.
    expect(cardChargeCents(20_000n, 100_000_000n, 10_000_000, 2200n)).toBe(2000n);
    // The price rose past the margin: the hold is all there is.
    expect(cardChargeCents(20_000n, 100_000_000n, 12_000_000, 2200n)).toBe(2200n);
    expect(() => cardChargeCents(20_000n, 100_000_000n, null, 2200n)).toThrow();
  });
});
