/**
 * The house anchor's rules: its key is never G, its child's fee lifts swap and child to the target feerate, pays
 * all but dust when the house output cannot pay that (the swap may confirm slowly), and a replacement pays at least
 * the child it replaces plus its own relay fee, or is not sent.
 */
import { describe, expect, it } from 'vitest';
import { GavelKeys } from '../../api/src/bitcoin/vault/gavel-key.ts';
import { sweepFee, sweepTargetRate } from '../../api/src/bitcoin/vault/house-anchor.ts';

const swap = { vsize: 348, fee: 1_048 };
const fees = { fastestFee: 15, halfHourFee: 12, hourFee: 5, economyFee: 2, minimumFee: 1 };

describe('the house anchor', () => {
  it('derives its own key from the vault secret, never G', () => {
    const keys = new GavelKeys('ab'.repeat(32));
    expect(keys.houseAnchorKey(1)).not.toBe(keys.publicKey(1));
    expect(keys.houseAnchorKey(1)).not.toBe(keys.houseAnchorKey(2));
    expect(keys.houseAnchorKey(1)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('pays for the package up to the target feerate, out of the house output', () => {
    expect(sweepFee({ swap, childVsize: 99, houseValue: 25_000, dust: 294, targetRate: 8, previousFee: null })).toEqual({ fee: 8 * (348 + 99) - 1_048, short: false });
    // A swap already above the target: the child pays the target for itself alone.
    expect(sweepFee({ swap: { vsize: 348, fee: 10_000 }, childVsize: 99, houseValue: 25_000, dust: 294, targetRate: 8, previousFee: null })).toEqual({ fee: 8 * 99, short: false });
    expect(sweepFee({ swap: null, childVsize: 99, houseValue: 25_000, dust: 294, targetRate: 3, previousFee: null })).toEqual({ fee: 297, short: false });
  });

  it('pays all but dust when the house output is too small, and sends nothing that could not relay or replace', () => {
    expect(sweepFee({ swap, childVsize: 99, houseValue: 2_000, dust: 294, targetRate: 8, previousFee: null })).toEqual({ fee: 1_706, short: true });
    expect(sweepFee({ swap, childVsize: 99, houseValue: 380, dust: 294, targetRate: 8, previousFee: null })).toBeNull();
    expect(sweepFee({ swap, childVsize: 99, houseValue: 2_000, dust: 294, targetRate: 20, previousFee: 1_706 })).toBeNull();
  });

  it('targets the half-hour estimate first, then the fastest and at least half again the last target, never above the cap', () => {
    expect(sweepTargetRate(fees, 50, null)).toBe(12);
    expect(sweepTargetRate(fees, 50, 12)).toBe(18);
    expect(sweepTargetRate(fees, 50, 3)).toBe(15);
    expect(sweepTargetRate(fees, 16, 12)).toBe(16);
  });
});
