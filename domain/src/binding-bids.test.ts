import { describe, expect, it } from 'vitest';
import { outputOutlastsLot, vaultBidsRequired } from './binding-bids.ts';

describe('binding Bitcoin bids', () => {
  it('are required on a BTC lot by its own choice or its event’s, never on another coin’s lot', () => {
    expect(vaultBidsRequired({ paymentMethod: 'BTC', vaultBidsRequired: false }, { vaultBidsRequired: false })).toBe(false);
    expect(vaultBidsRequired({ paymentMethod: 'BTC', vaultBidsRequired: true }, { vaultBidsRequired: false })).toBe(true);
    expect(vaultBidsRequired({ paymentMethod: 'BTC', vaultBidsRequired: false }, { vaultBidsRequired: true })).toBe(true);
    expect(vaultBidsRequired({ paymentMethod: 'BTC', vaultBidsRequired: false }, null)).toBe(false);
    expect(vaultBidsRequired({ paymentMethod: 'USD', vaultBidsRequired: true }, { vaultBidsRequired: true })).toBe(false);
  });

  it('lean only on outputs the bidder cannot take alone before the lot settles', () => {
    // Tip 100, settled in 50 blocks: an output whose exit is at 151 or later still binds; at 150 it could leave.
    expect(outputOutlastsLot(151, 100, 50)).toBe(true);
    expect(outputOutlastsLot(150, 100, 50)).toBe(false);
  });
});
