import { describe, expect, it } from 'vitest';
import { cardHoldCents, cardMinimumRefusal } from './card-hold.ts';

const BTC_AT_100K = 10_000_000;

describe('the hold of a card bid', () => {
  it('is the bid itself on a USD lot, and the sats’ USD value, rounded up to a cent, on a BTC lot', () => {
    expect(cardHoldCents(1250n, 'USD', BTC_AT_100K)).toBe(1250n);
    expect(cardHoldCents(20_000n, 'sats', BTC_AT_100K)).toBe(2000n);
    expect(cardHoldCents(20_001n, 'sats', BTC_AT_100K)).toBe(2001n);
  });

  it('must reach the spec’s minimum card payment: 50 sats, and $0.50 in any unit', () => {
    expect(cardMinimumRefusal(49n, 'USD', BTC_AT_100K)).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(cardMinimumRefusal(50n, 'USD', BTC_AT_100K)).toBeNull();
    expect(cardMinimumRefusal(49n, 'sats', BTC_AT_100K)).toBe('Minimum payment amount is 50 sats ($0.50 USD) for card payments.');
    expect(cardMinimumRefusal(490n, 'sats', BTC_AT_100K)).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect(cardMinimumRefusal(500n, 'sats', BTC_AT_100K)).toBeNull();
  });
});
