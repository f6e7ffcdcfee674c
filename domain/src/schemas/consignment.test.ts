import { describe, expect, it } from 'vitest';
import { consignmentBodySchema, dollarsToCents, paymentMethodForHolding } from './consignment.ts';

describe('consignment estimates and holdings', () => {
  it('reads dollars with or without separators and cents, and refuses anything else', () => {
    expect(dollarsToCents('1,500.50')).toBe(150050);
    expect(dollarsToCents('$2000')).toBe(200000);
    expect(dollarsToCents('0.5')).toBe(50);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents(null)).toBeNull();
    expect(dollarsToCents('1.234')).toBeUndefined();
    expect(dollarsToCents('-5')).toBeUndefined();
    expect(dollarsToCents('lots')).toBeUndefined();
  });

  it('asks each holding for its own identifiers, by field', () => {
    const base = { title: 'Item', description: 'Words' };
    const fields = (body: object) => {
      const parsed = consignmentBodySchema.safeParse({ ...base, ...body });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0]);
    };
    expect(fields({ holding: 'offchain' })).toEqual([]);
    expect(fields({ holding: 'inscription' })).toEqual(['inscriptionId']);
    expect(fields({ holding: 'nft' })).toEqual(['contractAddress', 'tokenId']);
    expect(fields({ holding: 'nft', contractAddress: `0x${'a'.repeat(40)}`, tokenId: '12' })).toEqual([]);
    expect(fields({ holding: 'offchain', estimateLow: '10', estimateHigh: '5' })).toEqual(['estimateLow']);
  });

  it('pays a lot in the currency of the chain its item sits on', () => {
    expect([paymentMethodForHolding('inscription'), paymentMethodForHolding('nft'), paymentMethodForHolding('offchain')]).toEqual(['BTC', 'ETH', 'Manual']);
  });
});
