/**
 * Every date and time the dapp shows, buyer and admin screens alike, is written here, so a lot reads the same
 * everywhere: "25 Nov 2026, 08:01 CET" in the viewer's own time zone, named, since "08:01" alone means
 * something else in New York. `timeZone` is for tests; screens leave it out and get the viewer's zone.
 */
const dateTimeParts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Cached per zone, the viewer's resolved on each call: a formatter made without one would keep the zone of its birth. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zoned = { ...options, timeZone: options.timeZone ?? viewerTimeZone() };
  const key = `${locale}|${JSON.stringify(zoned)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, zoned);
    formatters.set(key, found);
  }
  return found;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The zone's abbreviation at that moment ("CET", "CEST", "EST", "UTC"). British English names the European zones
 * and American English the American ones; where neither has a name, the offset ("GMT+9") is the honest answer.
 */
export function zoneAbbreviation(date: Date, timeZone?: string): string {
  const nameIn = (locale: string) =>
    formatter(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const british = nameIn('en-GB');
  if (!/^GMT[+-]/.test(british)) return british;
  const american = nameIn('en-US');
  return /^[A-Z]{2,5}$/.test(american) ? american : british;
}

/**
 * The viewer's zone by name ("Europe/Berlin"), for the labels of time inputs, whose values are read in it. Named
 * rather than abbreviated: a time typed in winter for a summer date is in CEST, not in the CET of today.
 */
let viewerZone: { offsets: string; name: string } | null = null;

export function viewerTimeZone(): string {
  // Asking Intl builds a whole formatter, which a page of dates felt on a phone. The zone only changes with the
  // machine's settings, which move this year's winter and summer offsets, so the name is asked again only then.
  const year = new Date().getFullYear();
  const offsets = `${new Date(year, 0, 1).getTimezoneOffset()}/${new Date(year, 6, 1).getTimezoneOffset()}`;
  if (viewerZone?.offsets !== offsets) viewerZone = { offsets, name: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return viewerZone.name;
}

/** "25 Nov 2026, 08:01 CET": a start, an end, a bid's time. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return `${formatter('en-GB', { ...dateTimeParts, timeZone }).format(date)} ${zoneAbbreviation(date, timeZone)}`;
}

/** "25 Nov 2026, 07:01 UTC": the same moment in UTC, shown on hover so two viewers can compare. */
export function formatUtc(iso: string): string {
  return formatDateTime(iso, 'UTC');
}

/**
 * "31 May 2025", in the viewer's zone. A bare calendar date ("2025-05-31", a date of birth) parses as UTC midnight:
 * it is shown in UTC, so it stays the same day everywhere.
 */
export function formatDate(iso: string, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return iso;
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return formatter('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: calendar ? 'UTC' : timeZone }).format(date);
}
