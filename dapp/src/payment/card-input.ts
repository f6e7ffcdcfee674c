/** Keeping what people type into the card fields tidy: the validation itself is the domain's card-form schema. */
import { CARD_NUMBER_MAX_DIGITS, cardBrand } from '@gavel/domain';

export { cardBrand };

/**
 * "4242424242424242" -> "4242 4242 4242 4242", and an American Express number in its own 4-6-5 groups
 * ("3782 822463 10005"); anything but digits is dropped, 19 digits at most (the longest cards), 15 on Amex.
 */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (cardBrand(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.slice(0, CARD_NUMBER_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "0429" -> "04/29". The slash appears once the month is typed, and a deleted slash takes its month digit with
 * it, so Backspace never gets stuck on "04/".
 */
export function formatExpiry(value: string, previous = ''): string {
  const deletingSlash = previous.endsWith('/') && value === previous.slice(0, -1);
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (deletingSlash) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return value.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
