/**
 * Money is an integer in the smallest unit (sats, wei, cents) inside Gavel, and a decimal string in the
 * lot's display unit at the HTTP boundary ("15000" sats, "0.0151" ETH, "12.50" USD). Never a float.
 */
export const PAYMENT_METHODS = ['BTC', 'ETH', 'Manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type Unit = 'sats' | 'ETH' | 'USD';

/** How many decimal places separate the display unit from the smallest unit. */
const DECIMALS: Record<Unit, number> = { sats: 0, ETH: 18, USD: 2 };

export function unitFor(paymentMethod: PaymentMethod): Unit {
  if (paymentMethod === 'BTC') return 'sats';
  if (paymentMethod === 'ETH') return 'ETH';
  return 'USD';
}

export function decimalsOf(unit: Unit): number {
  return DECIMALS[unit];
}

/** "0.0151" ETH -> 15100000000000000n. Throws AmountError on anything that is not an exact non-negative amount. */
export function parseAmount(input: string | number, unit: Unit): bigint {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new AmountError(`"${text}" is not an amount in ${unit}`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const decimals = DECIMALS[unit];
  if (fraction.replace(/0+$/, '').length > decimals) {
    throw new AmountError(`${unit} amounts have at most ${decimals} decimal places`);
  }
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** 15100000000000000n ETH -> "0.0151"; USD always keeps two places ("12.50"). */
export function formatAmount(value: bigint, unit: Unit): string {
  const decimals = DECIMALS[unit];
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (unit !== 'USD') fraction = fraction.replace(/0+$/, '');
  const sign = negative ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/**
 * The formats of displayAmount, made once: toLocaleString builds a new formatter on every call, which was 3% of the
 * api's CPU under bidding (every outbid mail says two amounts).
 */
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US');

/** "15000 sats", "0.0151 ETH", "$12.50". */
export function displayAmount(value: bigint, unit: Unit): string {
  const amount = formatAmount(value, unit);
  if (unit === 'USD') return `$${DOLLARS.format(Number(amount))}`;
  if (unit === 'sats') return `${WHOLE.format(BigInt(amount))} sats`;
  return `${amount} ETH`;
}

export class AmountError extends Error {
  override name = 'AmountError';
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new AmountError(`${value} is not an amount`);
  // toString gives exponents for very small or large numbers; toFixed(20) keeps every digit a double holds.
  const text = Math.abs(value) >= 1e21 || Math.abs(value) < 1e-6 ? value.toFixed(20) : value.toString();
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
