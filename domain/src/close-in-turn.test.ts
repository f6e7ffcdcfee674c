import { describe, expect, it } from 'vitest';
import { checkCloseInTurn, closeInTurnAt, intervalText } from './close-in-turn.ts';
import { closeInTurnMessages } from './messages.ts';

const start = new Date('2026-12-01T10:00:00Z');

describe('lots that close in turn', () => {
  it('puts each lot one interval after the one before it', () => {
    const first = new Date('2026-12-01T12:00:00Z');
    expect(closeInTurnAt(first, 60, 0).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(closeInTurnAt(first, 60, 2).toISOString()).toBe('2026-12-01T12:02:00.000Z');
  });

  it('takes both fields or neither, and names the field at fault', () => {
    expect(checkCloseInTurn({}, start)).toEqual({ ok: true, value: null });
    expect(checkCloseInTurn({ firstCloseAt: '', closeIntervalSeconds: null }, start)).toEqual({ ok: true, value: null });
    expect(checkCloseInTurn({ closeIntervalSeconds: 60 }, start)).toEqual({ ok: false, fields: { firstCloseAt: closeInTurnMessages.bothOrNeither } });
    expect(checkCloseInTurn({ firstCloseAt: '2026-12-01T12:00:00Z' }, start)).toEqual({ ok: false, fields: { closeIntervalSeconds: closeInTurnMessages.bothOrNeither } });
    expect(checkCloseInTurn({ firstCloseAt: '2026-12-01T12:00:00Z', closeIntervalSeconds: 0 }, start)).toMatchObject({
      ok: false,
      fields: { closeIntervalSeconds: closeInTurnMessages.intervalRange },
    });
    expect(checkCloseInTurn({ firstCloseAt: 'soon', closeIntervalSeconds: 60 }, start)).toMatchObject({ ok: false, fields: { firstCloseAt: closeInTurnMessages.firstCloseInvalid } });
    expect(checkCloseInTurn({ firstCloseAt: '2026-12-01T09:00:00Z', closeIntervalSeconds: 60 }, start)).toMatchObject({
      ok: false,
      fields: { firstCloseAt: closeInTurnMessages.firstCloseAfterStart },
    });
    const ok = checkCloseInTurn({ firstCloseAt: '2026-12-01T12:00:00Z', closeIntervalSeconds: 60 }, start);
    expect(ok).toEqual({ ok: true, value: { firstCloseAt: new Date('2026-12-01T12:00:00Z'), intervalSeconds: 60 } });
  });

  it('says the interval in its largest whole unit', () => {
    expect(intervalText(60)).toBe('1 minute');
    expect(intervalText(90)).toBe('90 seconds');
    expect(intervalText(7200)).toBe('2 hours');
  });
});
