import type { LotPhase, LotStatus } from '@gavel/domain';
import './lot-status.css';

const LABELS: Record<LotPhase, string> = { upcoming: 'Upcoming', live: 'Live', ended: 'Ended', cancelled: 'Cancelled' };

/** The shown status as a coloured pill; `data-status` keeps the exact value (timeEnded, ...) for tests. */
export function StatusBadge({ status, phase }: { status: LotStatus; phase: LotPhase }) {
  return (
    <span className={`status-badge status-badge--${phase}`} data-testid="lot-status" data-status={status}>
      {phase === 'live' && <span className="status-badge__pulse" aria-hidden="true" />}
      {LABELS[phase]}
    </span>
  );
}
