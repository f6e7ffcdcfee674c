/** Keeping what people type into the card fields tidy: the validation itself is the domain's card-form schema. */

/** "4242424242424242" -> "4242 4242 4242 4242"; anything but digits is dropped, 16 digits at most. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
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

/** The card's network from its first digits, shown while typing (Stripe's own brand names). */
export function cardBrand(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return null;
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
