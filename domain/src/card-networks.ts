/**
 * A card number's network, length and check digit, as Stripe Elements judges them. Zod-free, apart from the card
 * form's schemas (card-form.ts), so a page that only names a saved card's brand loads no schema code.
 */

/**
 * The card networks Stripe names, told by their first digits, with the lengths their numbers and codes take (as
 * Stripe Elements checks them): an American Express card has 15 digits and a 4-digit CVC, most others 16.
 */
interface CardNetwork {
  brand: string;
  prefix: RegExp;
  lengths: readonly number[];
  cvcLength: number;
}

const NETWORKS: readonly CardNetwork[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15], cvcLength: 4 },
  { brand: 'diners', prefix: /^(30[0-5]|309|36|3[89])/, lengths: [14, 16, 17, 18, 19], cvcLength: 3 },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvcLength: 3 },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19], cvcLength: 3 },
  { brand: 'mastercard', prefix: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, lengths: [16], cvcLength: 3 },
  { brand: 'discover', prefix: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19], cvcLength: 3 },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19], cvcLength: 3 },
];
/** A network not recognised: any length Stripe may take, with the Luhn check still to pass. */
const UNKNOWN_NETWORK: CardNetwork = { brand: 'unknown', prefix: /^/, lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3 };
export const CARD_NUMBER_MAX_DIGITS = 19;

/** The network of a card number from its first digits (Stripe's brand names), or null while unknown. */
export function cardBrand(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  return NETWORKS.find((network) => network.prefix.test(digits))?.brand ?? null;
}

function networkOf(digits: string): CardNetwork {
  return NETWORKS.find((network) => network.prefix.test(digits)) ?? UNKNOWN_NETWORK;
}

/** The Luhn checksum every card number carries: it catches a mistyped digit and most swapped pairs. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number of its network's length that passes the Luhn check; spaces and dashes typed between groups are ignored. */
export function validCardNumber(digits: string): boolean {
  return /^\d+$/.test(digits) && networkOf(digits).lengths.includes(digits.length) && passesLuhn(digits);
}

/** How many digits the card's CVC has: 4 on American Express, else 3. */
export function cvcLengthFor(cardNumber: string): number {
  return networkOf(cardNumber.replace(/\D/g, '')).cvcLength;
}
