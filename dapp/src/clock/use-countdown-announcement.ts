import { useEffect, useRef, useState } from 'react';
import { countdownMessages, fill, type LotPhase } from '@gavel/domain';

/** Minutes left at which a screen reader is told, once each, how long bidding stays open. */
const MINUTE_MARKS = [10, 5, 1] as const;

const PHASE_MESSAGES: Record<LotPhase, string> = {
  upcoming: '',
  live: countdownMessages.started,
  ended: countdownMessages.ended,
  cancelled: countdownMessages.cancelled,
};

/** The smallest mark the time left has reached (5 for 4m 59s), or null above the largest. */
function markReached(msLeft: number): number | null {
  return MINUTE_MARKS.filter((mark) => msLeft <= mark * 60_000).at(-1) ?? null;
}

/**
 * What a polite live region should say about a lot's clock: the countdown ticks every second, but a screen reader
 * hears only the changes that matter (bidding open, 10, 5 and 1 minutes left, ended). What the page showed on
 * arrival is read with the page, never announced; a bid that extends the end re-arms the marks it moved back over.
 */
export function useCountdownAnnouncement(phase: LotPhase, msLeft: number | null): string {
  const [message, setMessage] = useState('');
  const seen = useRef<{ phase: LotPhase; mark: number | null } | null>(null);
  const mark = phase === 'live' && msLeft !== null ? markReached(msLeft) : null;

  useEffect(() => {
    const before = seen.current;
    seen.current = { phase, mark };
    if (!before) return;
    if (phase !== before.phase) setMessage(PHASE_MESSAGES[phase]);
    else if (mark !== null && (before.mark === null || mark < before.mark)) {
      setMessage(mark === 1 ? countdownMessages.oneMinuteLeft : fill(countdownMessages.minutesLeft, { minutes: mark }));
    }
  }, [phase, mark]);

  return message;
}
