import { describe, expect, it } from 'vitest';
import type { CartItem } from '@gavel/domain';
import { payableItems, selectedTotal } from './cart-selection.ts';

const item = (lotId: string, amount: string, over: Partial<CartItem> = {}): CartItem => ({
  lotId,
  source: 'buy_now',
  amount,
  unit: 'USD',
  paymentState: 'awaiting_payment',
  payableByCard: true,
  cardAmount: amount,
  closedAt: null,
  heldUntil: null,
  payBy: null,
  bitcoinSwap: null,
  paidAt: null,
  txHash: null,
  lot: { _id: lotId, title: lotId, imageUrl: null, paymentMethod: 'Manual', auctionType: 'offchain', auctionEventId: 'e' },
  ...over,
});

describe('cart selection', () => {
  const items = [item('a', '30.00'), item('b', '45.50'), item('c', '12.00', { paymentState: 'paid' }), item('d', '90000', { unit: 'sats', payableByCard: false, cardAmount: null })];

  it('offers only USD lots awaiting payment to final checkout', () => {
    expect(payableItems(items).map((i) => i.lotId)).toEqual(['a', 'b']);
  });

  it('sums the selected payable lots exactly, in cents', () => {
    expect(selectedTotal(items, new Set(['a', 'b', 'c', 'd']))).toBe('75.50');
    expect(selectedTotal(items, new Set(['b']))).toBe('45.50');
    expect(selectedTotal(items, new Set())).toBe('0.00');
  });
});
