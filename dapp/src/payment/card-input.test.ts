import { describe, expect, it } from 'vitest';
import { brandName, cardBrand, formatCardNumber, formatExpiry } from './card-input.ts';

describe('card input', () => {
  it('groups the card number in fours, up to the 19 digits of the longest cards', () => {
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });

  it('groups an American Express number 4-6-5 and keeps its 15 digits', () => {
    expect(formatCardNumber('3782822463100051')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828')).toBe('3782 8');
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
