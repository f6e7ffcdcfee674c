import type { Degradation } from '@gavel/domain';
import { DateTime } from '../../dates/DateTime.tsx';
import { AdminTable } from '../common/states.tsx';

/** "850 ms", "3.9 s", "2 min 5 s", "1 h 3 min": an outage's length, to the precision that matters at its size. */
export function formatOutage(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** What was degraded and for how long, in every process: the outages still going on first, then the latest ended ones. */
export function DegradationsPanel({ degradations }: { degradations: Degradation[] }) {
  if (degradations.length === 0) return <p data-testid="degradations-empty">None: every dependency has answered throughout.</p>;
  return (
    <AdminTable
      testId="degradations-table"
      head={
        <>
          <th>Dependency</th>
          <th>Seen by</th>
          <th>Reason</th>
          <th>Since</th>
          <th>Until</th>
          <th>Duration</th>
        </>
      }
    >
      {degradations.map((d) => (
        <tr key={`${d.process}|${d.dependency}|${d.since}`} data-testid="degradation-row" data-dependency={d.dependency}>
          <td>{d.dependency}</td>
          <td>{d.process}</td>
          <td>{d.reason}</td>
          <td>
            <DateTime iso={d.since} />
          </td>
          <td>{d.until ? <DateTime iso={d.until} /> : <strong className="degradation-down">still down</strong>}</td>
          <td>{formatOutage(d.durationMs)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
