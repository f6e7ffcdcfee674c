/**
 * A horizontal bar chart in plain HTML/CSS: each bar's width is its share of the largest value, and the figure
 * itself is printed beside it, so the chart reads without hovering and a screen reader gets a list.
 */
export interface Bar {
  label: string;
  value: number;
  tone?: 'live' | 'upcoming' | 'ended' | 'danger' | 'accent';
}

export function BarChart({ bars, testId }: { bars: Bar[]; testId: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className="bar-chart" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.label} className="bar-chart__row" data-testid={`${testId}-${bar.label.toLowerCase().replace(/\s+/g, '-')}`}>
          <span className="bar-chart__label">{bar.label}</span>
          <span className="bar-chart__track" aria-hidden="true">
            {bar.value > 0 && <span className={`bar-chart__bar bar-chart__bar--${bar.tone ?? 'accent'}`} style={{ width: `${(bar.value / max) * 100}%` }} />}
          </span>
          <span className="bar-chart__value">{bar.value.toLocaleString()}</span>
        </li>
      ))}
    </ul>
  );
}
