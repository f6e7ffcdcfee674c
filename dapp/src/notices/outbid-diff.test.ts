import { describe, expect, it } from 'vitest';
import type { Bid } from '@gavel/domain';
import { outbidSince } from './outbid-diff.ts';

const bid = (id: string, status: Bid['status'], currentBid = '30.00', more: Partial<Bid> = {}): Bid => ({
  _id: id,
  id,
  auctionId: `lot-${id}`,
  amount: '25.00',
  unit: 'USD',
  walletAddress: null,
  status,
  withdrawalStatus: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  bidder: { displayName: 'Y***u', isYou: true },
  auction: { _id: `lot-${id}`, title: `Lot ${id}`, currentBid, paymentMethod: 'Manual' },
  ...more,
});

describe('the outbid poll', () => {
  it('only records a baseline on its first poll, even for bids already outbid', () => {
    const first = outbidSince(null, [bid('a', 'outbid'), bid('b', 'active')]);
    expect(first.outbid).toEqual([]);
    expect([...first.baseline]).toEqual([
      ['a', 'outbid'],
      ['b', 'active'],
    ]);
  });

  it("raises a notice for each active -> outbid transition, shaped like the stream's", () => {
    const { baseline } = outbidSince(null, [bid('a', 'active'), bid('b', 'active'), bid('c', 'outbid')]);
    const now = new Date('2026-11-22T10:05:00.000Z');
    const next = outbidSince(baseline, [bid('a', 'outbid', '31.00'), bid('b', 'active'), bid('c', 'outbid'), bid('d', 'outbid')], now);
    expect(next.outbid).toEqual([
      { id: 'a', timestamp: now.toISOString(), auctionTitle: 'Lot a', auctionId: 'lot-a', auctionEventId: '', userBidAmount: '25.00', currentBidAmount: '31.00', currencyUnit: 'USD' },
    ]);
    expect(next.baseline.get('d')).toBe('outbid');
  });

  it('ignores other transitions (withdrawn, cancelled by a Buy Now)', () => {
    const { baseline } = outbidSince(null, [bid('a', 'active'), bid('b', 'outbid')]);
    expect(outbidSince(baseline, [bid('a', 'cancelled'), bid('b', 'withdrawn')]).outbid).toEqual([]);
  });

  it("carries the bid's maximum when it was above the bid, as the stream does", () => {
    const { baseline } = outbidSince(null, [bid('a', 'active'), bid('b', 'active')]);
    const next = outbidSince(baseline, [bid('a', 'outbid', '41.00', { maximum: '40.00' }), bid('b', 'outbid', '31.00', { amount: '30.00', maximum: '30.00' })]);
    expect(next.outbid.map((notice) => [notice.id, notice.maximum])).toEqual([
      ['a', '40.00'],
      ['b', undefined],
    ]);
  });

  it('raises nothing for a bid the user replaced with their own (a raise, or a new maximum): they still lead', () => {
    const { baseline } = outbidSince(null, [bid('a', 'active', '25.00', { maximum: '40.00' })]);
    const raised = outbidSince(baseline, [bid('a2', 'active', '26.00', { auctionId: 'lot-a', amount: '26.00', maximum: '60.00' }), bid('a', 'outbid', '26.00', { maximum: '40.00' })]);
    expect(raised.outbid).toEqual([]);
    const changed = outbidSince(baseline, [bid('a2', 'active', '25.00', { auctionId: 'lot-a', maximum: '60.00' }), bid('a', 'replaced', '25.00', { maximum: '40.00' })]);
    expect(changed.outbid).toEqual([]);
  });
});
