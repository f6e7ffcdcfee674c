import { describe, expect, it } from 'vitest';
import { extensionMessage } from './bid-extension.ts';

describe('extensionMessage: the notice of a bid that moved the end', () => {
  it('names the extension and the new end as it is given', () => {
    expect(extensionMessage({ minutes: 5, endTime: '2026-11-22T12:05:00.000Z' })).toBe('Bid placed in the final 5 minutes: the auction now ends at 2026-11-22T12:05:00.000Z');
    expect(extensionMessage({ minutes: 10, endTime: '22 Nov 2026, 13:05' })).toBe('Bid placed in the final 10 minutes: the auction now ends at 22 Nov 2026, 13:05');
  });
});
