import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../dates/format-date.ts';
import { extensionNotice } from './use-place-bid.ts';

describe('the extension notice of a placed bid', () => {
  it("is written from the reply's fields, with the new end in the bidder's own time zone", () => {
    const endTime = '2026-11-22T12:05:00.000Z';
    const text = extensionNotice({ auctionExtended: true, extensionMinutes: 5, endTime });
    expect(text).toBe(`Bid placed in the final 5 minutes: the auction now ends at ${formatDateTime(endTime)}`);
    expect(text).toMatch(/ends at \d{1,2} Nov 2026, \d{2}:\d{2} (?:[A-Z]{2,5}|GMT[+-][\d:]+)$/);
  });

  it('is absent when the bid did not move the end', () => {
    expect(extensionNotice({ auctionExtended: false, endTime: '2026-11-22T12:05:00.000Z' })).toBeUndefined();
  });
});
