import { describe, expect, it } from 'vitest';
import { checkLotEdit, type LotEditContext, type LotFormValues } from './lot-edit-rules.ts';
import { adminMessages, settlementMessages } from './messages.ts';
import { settlementOf } from './schemas/settlement.ts';
import { gatewayUrl, imageFileError } from './schemas/admin-media.ts';

const now = new Date('2026-03-01T12:00:00Z');
const event = { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-10T00:00:00Z' };
const form = (over: Partial<LotFormValues> = {}): LotFormValues => ({
  title: 'Rare Sat',
  paymentMethod: 'Manual',
  startTime: '2026-03-02T10:00:00Z',
  endTime: '2026-03-03T10:00:00Z',
  startingBid: '25.00',
  ...over,
});
const upcoming: NonNullable<LotEditContext['original']> = {
  status: 'upcoming',
  startTime: '2026-03-02T10:00:00Z',
  endTime: '2026-03-03T10:00:00Z',
  paymentMethod: 'Manual',
  auctionType: 'offchain',
  startingBid: '25.00',
  bidCount: 0,
};
const live = { ...upcoming, status: 'live' as const, startTime: '2026-03-01T10:00:00Z' };
const errors = (values: LotFormValues, ctx: LotEditContext = {}) => {
  const result = checkLotEdit(values, { now, event, ...ctx });
  return result.ok ? {} : result.fields;
};

describe('lot edit rules', () => {
  it('accepts a valid new lot and converts amounts to the smallest unit', () => {
    const result = checkLotEdit(form({ reservePrice: '30', buyNowEnabled: true, buyNowPrice: '99.99' }), { now, event });
    expect(result.ok && result.values).toMatchObject({ title: 'Rare Sat', startingBid: 2500n, reservePrice: 3000n, buyNowPrice: 9999n });
  });

  it("names the event's window in UTC, saying so, never as a raw timestamp", () => {
    const late = checkLotEdit(form({ endTime: '2026-03-11T10:00:00Z' }), { now, event });
    expect(!late.ok && late.fields.endTime).toBe('End time cannot be after the auction event ends (2026-03-10 00:00 UTC)');
    const early = checkLotEdit(form({ startTime: '2026-02-28T10:00:00Z' }), { now: new Date('2026-02-27T00:00:00Z'), event });
    expect(!early.ok && early.fields.startTime).toBe('Start time cannot be before the auction event starts (2026-03-01 00:00 UTC)');
  });

  it('requires a title', () => {
    expect(errors(form({ title: '   ' }))).toEqual({ title: adminMessages.titleRequired });
  });

  it('requires valid start and end times, the end after the start', () => {
    expect(errors(form({ startTime: '' }))).toEqual({ startTime: adminMessages.startTimeRequired });
    expect(errors(form({ endTime: 'soon' }))).toEqual({ endTime: adminMessages.endTimeInvalid });
    expect(errors(form({ endTime: '2026-03-02T09:00:00Z' }))).toEqual({ endTime: adminMessages.endAfterStart });
    expect(errors(form({ endTime: '2026-03-02T10:00:00Z' }))).toEqual({ endTime: adminMessages.endAfterStart });
  });

  it('wants a starting bid above 0 and a reserve that is not negative', () => {
    expect(errors(form({ startingBid: '0' }))).toEqual({ startingBid: adminMessages.startingBidPositive });
    expect(errors(form({ startingBid: '-3' }))).toEqual({ startingBid: adminMessages.startingBidPositive });
    expect(errors(form({ startingBid: '' }))).toEqual({ startingBid: adminMessages.startingBidRequired });
    expect(errors(form({ reservePrice: '-1' }))).toEqual({ reservePrice: adminMessages.reserveNotNegative });
    expect(checkLotEdit(form({ reservePrice: '0' }), { now, event }).ok).toBe(true);
    expect(errors(form({ startingBid: '1.234' }))).toEqual({ startingBid: 'Please enter a valid amount in USD' });
  });

  it('keeps a new lot inside its event window', () => {
    expect(errors(form({ startTime: '2026-02-28T23:00:00Z' }))).toEqual({ startTime: expect.stringContaining('Start time cannot be before the auction event starts') });
    expect(errors(form({ endTime: '2026-03-10T00:01:00Z' }))).toEqual({ endTime: expect.stringContaining('End time cannot be after the auction event ends') });
    expect(checkLotEdit(form({ endTime: '2026-03-10T00:01:00Z' }), { now, event: null }).ok).toBe(true);
  });

  it('refuses to edit an ended lot, including one whose end passed but is not closed yet', () => {
    const ended = checkLotEdit(form(), { now, event, original: { ...upcoming, status: 'ended' } });
    expect(ended).toMatchObject({ ok: false, code: 'lot_ended', message: adminMessages.cannotEditEnded });
    const overdue = checkLotEdit(form(), { now, event, original: { ...live, endTime: '2026-03-01T11:59:00Z' } });
    expect(overdue).toMatchObject({ ok: false, message: adminMessages.cannotEditEnded });
    expect(checkLotEdit(form(), { now, original: { ...upcoming, status: 'cancelled' } })).toMatchObject({ ok: false, message: adminMessages.cannotEditCancelled });
  });

  it('locks the start of a live lot but lets its end move, never before the current start', () => {
    expect(errors(form({ startTime: '2026-03-01T11:00:00Z', endTime: '2026-03-04T10:00:00Z' }), { original: live })).toEqual({ startTime: adminMessages.startTimeLocked });
    const moved = checkLotEdit(form({ startTime: live.startTime, endTime: '2026-03-04T10:00:00Z' }), { now, event, original: live });
    expect(moved.ok && moved.values.endTime.toISOString()).toBe('2026-03-04T10:00:00.000Z');
    expect(errors(form({ startTime: live.startTime, endTime: '2026-03-01T09:00:00Z' }), { original: live })).toEqual({ endTime: adminMessages.endBeforeLiveStart });
    expect(errors(form({ startTime: live.startTime, endTime: '2026-03-01T11:00:00Z' }), { original: live })).toEqual({ endTime: adminMessages.endInPast });
  });

  it('lets a live lot keep a start before its event start (the start rule is for lots not yet live)', () => {
    const early = { ...live, startTime: '2026-02-28T10:00:00Z' };
    expect(checkLotEdit(form({ startTime: early.startTime, endTime: '2026-03-05T00:00:00Z' }), { now, event, original: early }).ok).toBe(true);
  });

  it('treats times within 60 s of the stored ones as unchanged and keeps the stored value', () => {
    // The form's minute-precision input rounds 10:00:45 to 10:00; the stored value survives untouched, even
    // where the lot sits outside a later-moved event window.
    const later = { startTime: '2026-03-05T00:00:00Z', endTime: '2026-03-08T00:00:00Z' };
    const stored = { ...upcoming, startTime: '2026-03-04T10:00:45Z', endTime: '2026-03-09T10:00:45Z' };
    const result = checkLotEdit(form({ title: 'Renamed', startTime: '2026-03-04T10:00:00Z', endTime: '2026-03-09T10:01:00Z' }), { now, event: later, original: stored });
    expect(result.ok && [result.values.startTime.toISOString(), result.values.endTime.toISOString()]).toEqual(['2026-03-04T10:00:45.000Z', '2026-03-09T10:00:45.000Z']);
    // 61 s is a change, and the changed time is then held to the event window.
    expect(errors(form({ startTime: '2026-03-04T10:01:46Z', endTime: stored.endTime }), { event: later, original: stored })).toEqual({
      startTime: expect.stringContaining('before the auction event starts'),
    });
    expect(errors(form({ startTime: stored.startTime, endTime: '2026-03-09T10:02:00Z' }), { event: later, original: stored })).toEqual({
      endTime: expect.stringContaining('after the auction event ends'),
    });
    const liveStored = { ...live, startTime: '2026-03-01T10:00:45Z' };
    expect(checkLotEdit(form({ startTime: '2026-03-01T10:00:00Z' }), { now, event, original: liveStored }).ok).toBe(true);
    expect(errors(form({ startTime: '2026-03-01T10:02:00Z' }), { original: liveStored })).toEqual({ startTime: adminMessages.startTimeLocked });
  });

  it('locks the starting bid and payment method once bids exist', () => {
    const bid = { ...live, bidCount: 2 };
    expect(errors(form({ startTime: bid.startTime, startingBid: '30.00' }), { original: bid })).toEqual({ startingBid: adminMessages.lockedByBids });
    expect(errors(form({ startTime: bid.startTime, paymentMethod: 'BTC', startingBid: '1000' }), { original: bid })).toEqual({ paymentMethod: adminMessages.lockedByBids });
    expect(checkLotEdit(form({ startTime: bid.startTime, startingBid: '25' }), { now, event, original: bid }).ok).toBe(true);
  });

  it('checks Buy Now and estimates', () => {
    expect(errors(form({ buyNowEnabled: true }))).toEqual({ buyNowPrice: adminMessages.buyNowPriceRequired });
    expect(errors(form({ buyNowEnabled: true, buyNowPrice: '10' }))).toEqual({ buyNowPrice: adminMessages.buyNowBelowStart });
    expect(errors(form({ estimateLow: '100', estimateHigh: '50' }))).toEqual({ estimateHigh: adminMessages.estimateOrder });
  });
});

describe('settlement state of an ended lot', () => {
  const ended = { status: 'ended', closedAt: now, hasWinner: true, paid: false, transferred: false };
  it('walks no winner, awaiting payment, awaiting transfer, complete', () => {
    expect(settlementOf({ ...ended, status: 'live', closedAt: null })).toMatchObject({ state: 'open' });
    expect(settlementOf({ ...ended, hasWinner: false })).toMatchObject({ state: 'no_winner', message: settlementMessages.noWinner });
    expect(settlementOf(ended)).toMatchObject({ state: 'awaiting_payment', paymentStatus: 'pending', transferStatus: 'pending' });
    expect(settlementOf({ ...ended, paid: true })).toMatchObject({ state: 'awaiting_transfer', paymentStatus: 'paid' });
    expect(settlementOf({ ...ended, paid: true, transferred: true })).toMatchObject({ state: 'complete', message: 'Auction Complete' });
  });
});

describe('gateway URLs', () => {
  const cid = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
  it('turns IPFS addresses into gateway URLs', () => {
    expect(gatewayUrl(`ipfs://${cid}`, 'https://gw.example/')).toBe(`https://gw.example/ipfs/${cid}`);
    expect(gatewayUrl(cid, 'https://gw.example')).toBe(`https://gw.example/ipfs/${cid}`);
    expect(gatewayUrl(`{address}/ipfs/${cid}`, 'https://gw.example')).toBe(`https://gw.example/ipfs/${cid}`);
    expect(gatewayUrl('https://cdn.example/a.png', 'https://gw.example')).toBe('https://cdn.example/a.png');
  });
});

describe('image file checks', () => {
  it('speaks each screen’s texts', () => {
    expect(imageFileError({ type: 'application/pdf', size: 10 }, 'lotForm')).toEqual({ field: 'type', message: 'Please select a valid image file.' });
    expect(imageFileError({ type: 'application/pdf', size: 10 }, 'storage')).toEqual({ field: 'type', message: 'Please upload a valid image file (JPEG, PNG, WebP, or SVG)' });
    expect(imageFileError({ type: 'image/webp', size: 10 * 1024 * 1024 + 1 }, 'lotForm')?.message).toBe('Please select an image smaller than 10MB.');
    expect(imageFileError({ type: 'image/svg+xml', size: 10 * 1024 * 1024 + 1 }, 'storage')?.message).toBe('Image size should be less than 10MB');
    expect(imageFileError({ type: 'image/jpeg', size: 10 * 1024 * 1024 }, 'storage')).toBeNull();
  });
});
