import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUtc, viewerTimeZone, zoneAbbreviation } from './format-date.ts';

const closes = '2026-11-25T07:01:00.000Z';

describe('dates as viewers read them', () => {
  it("writes a moment in the viewer's zone with the zone's abbreviation", () => {
    expect(formatDateTime(closes, 'Europe/Berlin')).toBe('25 Nov 2026, 08:01 CET');
    expect(formatDateTime(closes, 'America/New_York')).toBe('25 Nov 2026, 02:01 EST');
    expect(formatDateTime(closes, 'Europe/London')).toBe('25 Nov 2026, 07:01 GMT');
    expect(formatDateTime(closes, 'UTC')).toBe('25 Nov 2026, 07:01 UTC');
  });

  it('names summer time as such, and falls back to the offset where a zone has no abbreviation', () => {
    expect(formatDateTime('2026-07-01T16:30:00.000Z', 'Europe/Berlin')).toBe('1 Jul 2026, 18:30 CEST');
    expect(formatDateTime('2026-07-01T16:30:00.000Z', 'America/Los_Angeles')).toBe('1 Jul 2026, 09:30 PDT');
    expect(zoneAbbreviation(new Date(closes), 'Asia/Tokyo')).toBe('GMT+9');
    expect(formatDateTime(closes, 'Asia/Kolkata')).toBe('25 Nov 2026, 12:31 GMT+5:30');
  });

  describe("in the viewer's own zone when none is given", () => {
    const machine = process.env.TZ;
    afterEach(() => {
      if (machine === undefined) delete process.env.TZ;
      else process.env.TZ = machine;
    });

    it("writes Berlin's and New York's hours for viewers there, and names their zone for time inputs", () => {
      process.env.TZ = 'Europe/Berlin';
      expect(formatDateTime(closes)).toBe('25 Nov 2026, 08:01 CET');
      expect(viewerTimeZone()).toBe('Europe/Berlin');
      process.env.TZ = 'America/New_York';
      expect(formatDateTime(closes)).toBe('25 Nov 2026, 02:01 EST');
      expect(viewerTimeZone()).toBe('America/New_York');
    });
  });

  it("gives the UTC time for the hover, whatever the viewer's zone", () => {
    expect(formatUtc(closes)).toBe('25 Nov 2026, 07:01 UTC');
  });

  it('writes days, keeping a bare calendar date on its day in every zone', () => {
    expect(formatDate('2025-05-31', 'America/New_York')).toBe('31 May 2025');
    expect(formatDate('2025-05-31', 'Asia/Tokyo')).toBe('31 May 2025');
    expect(formatDate('2026-11-24T23:30:00.000Z', 'Europe/Berlin')).toBe('25 November 2026');
    expect(formatDate('2026-11-24T23:30:00.000Z', 'America/New_York')).toBe('24 November 2026');
  });

  it('leaves an unreadable value as it came rather than printing "Invalid Date"', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate('')).toBe('');
  });
});
