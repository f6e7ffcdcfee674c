/** Dates as bidders read them: "12 Jun 2026, 18:30", in their own time zone. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
// A bare calendar date ("2025-05-31") parses as UTC midnight; shown in UTC it stays the same day everywhere.
const calendarDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "31 May 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? calendarDate.format(date) : dateOnly.format(date);
}
