import { formatCountdown, type Lot } from '@gavel/domain';
import { useCountdownAnnouncement } from '../../clock/use-countdown-announcement.ts';
import type { LotClock } from '../../clock/use-lot-clock.ts';
import { useNow } from '../../clock/use-now.ts';
import { Countdown } from '../../components/lot-status/Countdown.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

/**
 * The lot page's countdowns: to the start (upcoming) and to the end, both ticking every second; once ended, the
 * close date. The end line shows the real end, which a late bid can push back (anti-sniping). The ticking text is
 * in no live region: a screen reader is told only of changes (open, minutes left, ended), politely.
 */
export function LotCountdowns({ lot, clock }: { lot: Pick<Lot, 'startTime' | 'endTime' | 'closedAt'>; clock: LotClock }) {
  const now = useNow();
  const announcement = useCountdownAnnouncement(clock.phase, Date.parse(lot.endTime) - now);
  return (
    <div className="lot-countdowns">
      <p className="visually-hidden" role="status" aria-atomic="true" data-testid="lot-countdown-announcement">
        {announcement}
      </p>
      <Countdown clock={clock} endTime={lot.endTime} closedAt={lot.closedAt} />
      {clock.phase === 'upcoming' && (
        <p className="lot-countdowns__end" data-testid="lot-countdown-end">
          Ends in <time dateTime={lot.endTime}>{formatCountdown(Date.parse(lot.endTime) - now)}</time>
          <span>
            {' '}
            · <DateTime iso={lot.endTime} />
          </span>
        </p>
      )}
      {clock.phase === 'live' && (
        <p className="lot-countdowns__end" data-testid="lot-end-date">
          Closes <DateTime iso={lot.endTime} />
        </p>
      )}
    </div>
  );
}
