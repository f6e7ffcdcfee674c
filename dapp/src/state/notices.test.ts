import { describe, expect, it } from 'vitest';
import type { OutbidNotification } from '@gavel/domain';
import { bidPlacedOn, clearNotices, closeBanner, closeCard, endingSoonReceived, MAX_NOTICES, noticesSlice, outbidReceived } from './notices.ts';

const reduce = noticesSlice.reducer;
const notice = (id: string, auctionId = 'lot-1'): OutbidNotification => ({
  id,
  timestamp: '2026-11-22T10:00:00.000Z',
  auctionTitle: 'Lot',
  auctionId,
  auctionEventId: 'event',
  userBidAmount: '20.00',
  currentBidAmount: '21.00',
  currencyUnit: 'USD',
});

describe('notices slice', () => {
  it('keeps the newest first with card and banner open', () => {
    let state = reduce(undefined, outbidReceived(notice('a'), 1));
    state = reduce(state, outbidReceived(notice('b'), 2));
    expect(state.items.map((n) => n.id)).toEqual(['b', 'a']);
    expect(state.items[0]).toMatchObject({ cardOpen: true, bannerOpen: true, receivedAt: 2 });
  });

  it("keeps the bidder's exceeded maximum the notice carries", () => {
    const state = reduce(undefined, outbidReceived({ ...notice('a'), maximum: '40.00' }, 1));
    expect(state.items[0]).toMatchObject({ id: 'a', maximum: '40.00' });
  });

  it('ignores a notice it already has (the stream and the poll can both report one outbid bid)', () => {
    let state = reduce(undefined, outbidReceived(notice('a'), 1));
    state = reduce(state, closeCard('a'));
    state = reduce(state, outbidReceived(notice('a'), 5));
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ cardOpen: false, receivedAt: 1 });
  });

  it('keeps an ending-soon notice beside the outbid ones, once, with no card or banner of its own', () => {
    const endingSoon = {
      id: 'ending_soon:60:lot-2',
      timestamp: '2026-11-22T10:00:00.000Z',
      auctionId: 'lot-2',
      auctionEventId: 'event',
      auctionTitle: 'Lamp',
      minutesLeft: 60,
      endTime: '2026-11-22T11:00:00.000Z',
    };
    let state = reduce(undefined, outbidReceived(notice('a', 'lot-2'), 1));
    state = reduce(state, endingSoonReceived(endingSoon, 2));
    state = reduce(state, endingSoonReceived(endingSoon, 3));
    expect(state.items.map((n) => [n.kind, n.id])).toEqual([
      ['ending_soon', 'ending_soon:60:lot-2'],
      ['outbid', 'a'],
    ]);
    expect(state.items[0]).toMatchObject({ cardOpen: false, bannerOpen: false, receivedAt: 2 });
    // A new bid on the lot closes the outbid notice there; the lot still ends soon.
    state = reduce(state, bidPlacedOn('lot-2'));
    expect(state.items[1]).toMatchObject({ cardOpen: false, bannerOpen: false });
  });

  it(`keeps at most ${MAX_NOTICES} notices`, () => {
    let state = reduce(undefined, { type: 'init' });
    for (let i = 0; i < 7; i++) state = reduce(state, outbidReceived(notice(`n${i}`)));
    expect(state.items.map((n) => n.id)).toEqual(['n6', 'n5', 'n4', 'n3', 'n2']);
  });

  it('closes card and banner separately, both on a new bid on that lot, and clears on sign-out', () => {
    let state = reduce(undefined, outbidReceived(notice('a', 'lot-1')));
    state = reduce(state, outbidReceived(notice('b', 'lot-2')));
    state = reduce(state, closeBanner('a'));
    expect(state.items.find((n) => n.id === 'a')).toMatchObject({ bannerOpen: false, cardOpen: true });
    state = reduce(state, bidPlacedOn('lot-2'));
    expect(state.items.find((n) => n.id === 'b')).toMatchObject({ bannerOpen: false, cardOpen: false });
    expect(reduce(state, clearNotices()).items).toEqual([]);
  });
});
