import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

describe('small texts', () => {
  it('says how long ago a notice came', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeAgo(now - 10_000, now)).toBe('just now');
    expect(timeAgo(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(timeAgo(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(timeAgo(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });
});
