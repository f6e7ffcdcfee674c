import { formatDate, formatDateTime, formatUtc } from './format-date.ts';

/**
 * A moment on screen: the viewer's local time with its zone, and the same moment in UTC on hover. `dateOnly` for a
 * day (a sign-up date) where the hour is noise.
 */
export function DateTime({ iso, dateOnly = false, className, testId }: { iso: string | Date; dateOnly?: boolean; className?: string; testId?: string }) {
  const value = typeof iso === 'string' ? iso : iso.toISOString();
  return (
    <time dateTime={value} title={formatUtc(value)} className={className} data-testid={testId}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </time>
  );
}
