import { describe, expect, it } from 'vitest';
import { brandName, cardBrand, formatCardNumber, formatExpiry } from './card-input.ts';

describe('card input', () => {
  it('groups the card number in fours and keeps 16 digits', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });

  it('writes the expiry as MM/YY as it is typed and deleted', () => {
    expect(formatExpiry('0', '')).toBe('0');
    expect(formatExpiry('04', '0')).toBe('04/');
    expect(formatExpiry('04/2', '04/')).toBe('04/2');
    expect(formatExpiry('0429', '')).toBe('04/29');
    expect(formatExpiry('04', '04/')).toBe('0');
    expect(formatExpiry('13/30', '')).toBe('13/30');
  });

  it('names the brand', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName(null)).toBe('Card');
  });
});
