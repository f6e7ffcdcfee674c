import { describe, expect, it } from 'vitest';
import { noticePlace } from './notice-place.ts';

describe('where an outbid notice shows', () => {
  it("on the outbid lot's own page: the inline banner only", () => {
    expect(noticePlace('lot-1', { viewingLotId: 'lot-1', cardsShown: true })).toBe('banner');
    expect(noticePlace('lot-1', { viewingLotId: 'lot-1', cardsShown: false })).toBe('banner');
  });

  it("anywhere else, another lot's page included: the card", () => {
    expect(noticePlace('lot-1', { viewingLotId: null, cardsShown: true })).toBe('card');
    expect(noticePlace('lot-1', { viewingLotId: 'lot-2', cardsShown: true })).toBe('card');
  });

  it('the toast only where neither the banner nor a card can show', () => {
    expect(noticePlace('lot-1', { viewingLotId: null, cardsShown: false })).toBe('toast');
    expect(noticePlace('lot-1', { viewingLotId: 'lot-2', cardsShown: false })).toBe('toast');
  });
});
