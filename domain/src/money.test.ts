import { describe, expect, it } from 'vitest';
import { AmountError, displayAmount, formatAmount, parseAmount, unitFor } from './money.ts';

describe('money', () => {
  it('maps payment methods to the spec units', () => {
    expect(unitFor('BTC')).toBe('sats');
    expect(unitFor('ETH')).toBe('ETH');
    expect(unitFor('Manual')).toBe('USD');
  });

  it('parses display amounts into exact smallest units', () => {
    expect(parseAmount('0.0151', 'ETH')).toBe(15_100_000_000_000_000n);
    expect(parseAmount('12.5', 'USD')).toBe(1250n);
    expect(parseAmount(15000, 'sats')).toBe(15000n);
    expect(parseAmount(0.1, 'ETH')).toBe(100_000_000_000_000_000n);
    expect(parseAmount('2.00', 'sats')).toBe(2n); // trailing zeros are not extra precision
  });

  it('rejects amounts finer than the unit, negatives and junk', () => {
    expect(() => parseAmount('1.001', 'USD')).toThrow(AmountError);
    expect(() => parseAmount('1.5', 'sats')).toThrow(AmountError);
    expect(() => parseAmount('-1', 'USD')).toThrow(AmountError);
    expect(() => parseAmount('1e3', 'USD')).toThrow(AmountError);
    expect(() => parseAmount(Number.NaN, 'USD')).toThrow(AmountError);
  });

  it('formats smallest units back without losing or inventing digits', () => {
    expect(formatAmount(15_100_000_000_000_000n, 'ETH')).toBe('0.0151');
    expect(formatAmount(10n ** 18n * 123n, 'ETH')).toBe('123');
    expect(formatAmount(1250n, 'USD')).toBe('12.50');
    expect(formatAmount(5n, 'USD')).toBe('0.05');
    expect(formatAmount(15000n, 'sats')).toBe('15000');
  });

  it('round-trips every value through its display string', () => {
    for (const [value, unit] of [
      [1n, 'ETH'],
      [999_999_999_999_999_999n, 'ETH'],
      [1n, 'USD'],
      [123456789n, 'sats'],
    ] as const) {
      expect(parseAmount(formatAmount(value, unit), unit)).toBe(value);
    }
  });

  it('shows amounts the way bidders read them', () => {
    expect(displayAmount(1_500_000n, 'sats')).toBe('1,500,000 sats');
    expect(displayAmount(123456n, 'USD')).toBe('$1,234.56');
    expect(displayAmount(10n ** 14n, 'ETH')).toBe('0.0001 ETH');
  });
});
