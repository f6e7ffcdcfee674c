/**
 * Draws from the operating system's randomness for rules in the domain that take their random source as a
 * parameter (a Bitcoin maximum's ladder steps, offer-ladder.ts): the domain stays pure, the api draws for real.
 */
import type { DrawBelow } from '@gavel/domain';
import { randomBytes } from 'node:crypto';

/**
 * A uniform whole number from 0 up to, not including, `bound`: as many random bits as the bound needs, drawn again
 * while at or over it, so no value is likelier than another (fewer than two draws on average).
 */
export const drawBelow: DrawBelow = (bound) => {
  if (bound <= 1n) return 0n;
  const bits = (bound - 1n).toString(2).length;
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const value = BigInt(`0x${randomBytes(Math.ceil(bits / 8)).toString('hex')}`) & mask;
    if (value < bound) return value;
  }
};
