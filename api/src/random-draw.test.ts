import { describe, expect, it } from 'vitest';
import { drawBelow } from './random-draw.ts';

describe('a draw from the operating system’s randomness', () => {
  it('stays below its bound, reaches every value of a small one, and handles bounds past 64 bits', () => {
    expect(drawBelow(1n)).toBe(0n);
    const small = Array.from({ length: 600 }, () => drawBelow(3n));
    expect(new Set(small)).toEqual(new Set([0n, 1n, 2n]));
    // Roughly even: each of three values about 200 times in 600, far from the 0 or 600 of a biased source.
    for (const value of [0n, 1n, 2n]) expect(small.filter((v) => v === value).length).toBeGreaterThan(120);
    const bound = (1n << 70n) + 12_345n;
    for (let i = 0; i < 200; i++) {
      const value = drawBelow(bound);
      expect(value >= 0n && value < bound).toBe(true);
    }
    expect(new Set(Array.from({ length: 50 }, () => drawBelow(bound))).size).toBe(50);
  });
});
