import { formatDateTime } from '../../contests';

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  color: string;
  dashed?: boolean;
  points: readonly { t: string; value: number }[];
}

const WIDTH = 1000;

/**
 * Lines over time as an SVG that stretches to its box (the strokes keep their width), with its scale, times and legend
 * in HTML so the text stays readable at any width. `invert` draws small values on top (a rank: #1 is the top).
 */
export function ResultsChart({
  series,
  label,
  format,
  height = 200,
  invert = false,
  summary,
}: {
  series: readonly ChartSeries[];
  label: string;
  format: (value: number) => string;
  height?: number;
  invert?: boolean;
  /** What the chart says, in words, for screen readers. */
  summary: string;
}) {
  const all = series.flatMap((s) => s.points);
  if (all.length < 2) {
    return (
      <p className="bpc-muted" style={{ margin: 0 }}>
        Not enough points for a chart yet.
      </p>
    );
  }
  const times = all.map((p) => Date.parse(p.t));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  let low = Math.min(...all.map((p) => p.value));
  let high = Math.max(...all.map((p) => p.value));
  if (low === high) {
    // A flat line: a rank stays on top of a one-place scale (#1 over #2), a value sits in the middle of a small one.
    if (invert) high = low + 1;
    else {
      const pad = Math.max(Math.abs(low) * 0.01, 1);
      low -= pad;
      high += pad;
    }
  }
  const pad = (high - low) * 0.06;
  const y0 = low - (invert ? 0 : pad);
  const y1 = high + (invert ? 0 : pad);
  const x = (t: string) => (t1 === t0 ? 0 : ((Date.parse(t) - t0) / (t1 - t0)) * WIDTH);
  const y = (v: number) => {
    const share = (v - y0) / (y1 - y0);
    return (invert ? share : 1 - share) * height;
  };
  const top = invert ? y0 : y1;
  const bottom = invert ? y1 : y0;
  return (
    <figure className="bpc-chart" aria-label={label}>
      <div className="bpc-chart-plot">
        <div className="bpc-chart-y" aria-hidden="true">
          <span>{format(top)}</span>
          <span>{format(bottom)}</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          preserveAspectRatio="none"
          style={{ height }}
          role="img"
          aria-label={summary}
        >
          {series.map((s) =>
            s.points.length === 0 ? null : (
              <polyline
                key={s.label}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dashed ? '6 5' : undefined}
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
                points={s.points.map((p) => `${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
              />
            ),
          )}
        </svg>
      </div>
      <div className="bpc-chart-x" aria-hidden="true">
        <span>{formatDateTime(new Date(t0).toISOString())}</span>
        <span>{formatDateTime(new Date(t1).toISOString())}</span>
      </div>
      <figcaption>
        <ul className="bpc-legend">
          {series.map((s) => (
            <li key={s.label}>
              <span
                className={s.dashed ? 'bpc-swatch bpc-swatch--dashed' : 'bpc-swatch'}
                style={{ color: s.color }}
                aria-hidden="true"
              />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
