import { describe, expect, it } from 'vitest';
import { bidInputStep, bidRefusal, minimumNextBid, minimumPlaceholder } from './bid-rules.ts';

describe('minimum next bid', () => {
  const base = { startingBid: 5000n, currentBid: null as bigint | null };

  it('is the starting bid when nobody has bid', () => {
    expect(minimumNextBid({ ...base, paymentMethod: 'BTC', auctionType: 'offchain' })).toBe(5000n);
  });

  it('adds 100 sats on BTC and on-chain lots', () => {
    expect(minimumNextBid({ ...base, currentBid: 7000n, paymentMethod: 'BTC', auctionType: 'offchain' })).toBe(7100n);
    expect(minimumNextBid({ ...base, currentBid: 7000n, paymentMethod: 'BTC', auctionType: 'onchain' })).toBe(7100n);
  });

  it('adds 0.0001 ETH on ETH lots and 1 USD on Manual lots', () => {
    expect(minimumNextBid({ ...base, currentBid: 10n ** 16n, paymentMethod: 'ETH', auctionType: 'onchain' })).toBe(10n ** 16n + 10n ** 14n);
    expect(minimumNextBid({ ...base, currentBid: 2500n, paymentMethod: 'Manual', auctionType: 'offchain' })).toBe(2600n);
  });

  it('gives the input step and placeholder per unit', () => {
    expect(bidInputStep('BTC')).toBe('1');
    expect(bidInputStep('ETH')).toBe('0.0001');
    expect(bidInputStep('Manual')).toBe('0.01');
    expect(minimumPlaceholder(15100n, 'BTC')).toBe('Minimum: 15100 sats');
    expect(minimumPlaceholder(2600n, 'Manual')).toBe('Minimum: 26.00 USD');
  });
});

describe('bidRefusal: the rule every bid meets before it is written', () => {
  it('refuses lots that are not live, whatever the amount', () => {
    expect(bidRefusal({ phase: 'cancelled', minimum: 1n }, 100n)).toEqual({ reason: 'cancelled' });
    expect(bidRefusal({ phase: 'ended', minimum: 1n }, 100n)).toEqual({ reason: 'ended' });
    expect(bidRefusal({ phase: 'upcoming', minimum: 1n }, 100n)).toEqual({ reason: 'notStarted' });
  });

  it('takes an amount at the minimum and refuses one below it, naming the minimum', () => {
    expect(bidRefusal({ phase: 'live', minimum: 100n }, 100n)).toBeNull();
    expect(bidRefusal({ phase: 'live', minimum: 100n }, 99n)).toEqual({ reason: 'tooLow', minimum: 100n });
  });
});
