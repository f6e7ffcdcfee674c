import type { LotClock } from '../../clock/use-lot-clock.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { ClockIcon } from '../icons/icons.tsx';
import './lot-status.css';

interface CountdownProps {
  clock: LotClock;
  endTime: string;
  closedAt?: string | null;
}

/** "Ends in 1d 02h 03m 04s" while a lot runs, "Ended 12 Jun 2026, 18:30" after; ticks with the lot clock. */
export function Countdown({ clock, endTime, closedAt }: CountdownProps) {
  if (clock.countdown) {
    return (
      <p className={`countdown countdown--${clock.phase}`} data-testid="lot-countdown">
        <ClockIcon width={16} height={16} />
        <span className="countdown__label">{clock.countdown.label}</span>
        <time className="countdown__value" data-testid="lot-countdown-value">
          {clock.countdown.text}
        </time>
      </p>
    );
  }
  const label = clock.phase === 'cancelled' ? 'Cancelled' : 'Ended';
  return (
    <p className="countdown countdown--ended" data-testid="lot-countdown">
      <ClockIcon width={16} height={16} />
      <span className="countdown__label">{label}</span>
      <DateTime className="countdown__value" iso={closedAt ?? endTime} />
    </p>
  );
}
