/**
 * Rates in basis points (hundredths of a percent), as the house's premium, commission and tax are kept: read from
 * and written as percent text with at most two decimals, and applied to an amount in its smallest unit with one
 * rounding rule, half up to the unit, so no float ever touches money.
 */

export const MAX_BASIS_POINTS = 10_000;

/** `amount` x `basisPoints` / 10,000, rounded half up to the unit. */
export function halfUp(amount: bigint, basisPoints: number): bigint {
  return (amount * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
}

/** "25.5" -> 2550. */
export function basisPointsOf(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** 2500 -> "25%", 1250 -> "12.5%". */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const cents = basisPoints % 100;
  return cents === 0 ? `${whole}%` : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}%`;
}
