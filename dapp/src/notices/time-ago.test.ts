import { describe, expect, it } from 'vitest';
import { readableExtension } from '../bidding/use-place-bid.ts';
import { timeAgo } from './time-ago.ts';

describe('small texts', () => {
  it('says how long ago a notice came', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeAgo(now - 10_000, now)).toBe('just now');
    expect(timeAgo(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(timeAgo(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });

  it('rewrites the extension message\'s ISO end time for people', () => {
    const text = readableExtension('Bid placed in the final 5 minutes: the auction now ends at 2026-11-22T12:05:00.000Z');
    expect(text).toMatch(/^Bid placed in the final 5 minutes: the auction now ends at \d{1,2} Nov 2026, \d{2}:\d{2}$/);
    expect(readableExtension(null)).toBeUndefined();
  });
});
