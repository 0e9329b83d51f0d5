import './ui.css';
import './chart.css';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney, formatPercent } from '../format/format';

export interface ChartPoint {
  t: string;
  value: number;
}

export interface ChartSeries {
  label: string;
  /** A CSS colour. */
  color: string;
  dashed?: boolean;
  points: readonly ChartPoint[];
}

const WIDTH = 1000;
/** Below this span the axis ends show seconds: to the minute, a contest's first minute reads "11:30 PM" at both. */
const SECONDS_BELOW_MS = 5 * 60_000;

/** What a value chart is measured from (a portfolio's starting cash). */
export interface ChartBaseline {
  value: number;
  /** Its name, said with its value: "Starting value". */
  label: string;
  /** The scale spans at least this share of the value, so a small move looks small (default 2%: a 0.1% move takes
   *  a twentieth of the height, not all of it). */
  minSpan?: number;
}

const DEFAULT_MIN_SPAN = 0.02;
/** The baseline's own label is left out this close (a share of the height) to an end's label, which it would cover. */
const MARK_CLEARANCE = 0.12;

/** Points in time order, as numbers. */
function inTimeOrder(points: readonly ChartPoint[]) {
  return points.map((p) => ({ time: Date.parse(p.t), value: p.value })).sort((a, b) => a.time - b.time);
}

/** The lines' names and looks, under a chart (this one, or a chart library's). */
export function ChartLegend({ series }: { series: readonly Pick<ChartSeries, 'label' | 'color' | 'dashed'>[] }) {
  return (
    <ul aria-label="Chart legend" className="bp-chart__legend">
      {series.map((s) => (
        <li key={s.label}>
          <span
            aria-hidden="true"
            className={s.dashed ? 'bp-chart__swatch bp-chart__swatch--dashed' : 'bp-chart__swatch'}
            style={{ color: s.color }}
          />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Lines over time as an SVG that stretches to its box (the strokes keep their width), with its scale, the two ends of
 * the time axis and the legend in HTML so the text stays readable at any width. No chart library: it costs nothing
 * on a first paint. The first series is the chart's subject: it is drawn over the others, and the chart waits until
 * it has two points. `invert` draws small values on top (a rank: #1 is the top).
 */
export function TimeChart({
  label,
  series,
  format = formatMoney,
  height = 200,
  invert = false,
  summary,
  legend = true,
  empty,
  keepHeight = false,
  baseline,
}: {
  /** The figure's name. */
  label: string;
  series: readonly ChartSeries[];
  /** The scale's labels. */
  format?: (value: number) => string;
  height?: number;
  invert?: boolean;
  /** What the chart says, in words, for screen readers; by default each line's latest value. */
  summary?: string;
  legend?: boolean;
  /** Said while there is nothing to draw. */
  empty: ReactNode;
  /** While there is nothing to draw, keep the chart's box (a live chart that fills in) instead of only saying so. */
  keepHeight?: boolean;
  /** A level drawn across the chart that the scale reads from, in percent, and always shows (not with `invert`). */
  baseline?: ChartBaseline;
}) {
  const lines = series.map((s) => ({ ...s, sorted: inTimeOrder(s.points) }));
  const base = !invert && baseline && baseline.value > 0 ? baseline : null;
  const legendList = legend ? (
    <ChartLegend
      series={
        base
          ? [...series, { label: `${base.label} ${format(base.value)}`, color: 'var(--color-muted)', dashed: true }]
          : series
      }
    />
  ) : null;
  if ((lines[0]?.sorted.length ?? 0) < 2) {
    if (!keepHeight) return <p className="bp-chart__empty">{empty}</p>;
    return (
      <figure className="bp-chart" aria-label={label}>
        <div style={{ height }} />
        {legendList}
        <figcaption className="bp-chart__note">{empty}</figcaption>
      </figure>
    );
  }
  const all = lines.flatMap((line) => line.sorted);
  const t0 = Math.min(...all.map((p) => p.time));
  const t1 = Math.max(...all.map((p) => p.time));
  let low = Math.min(...all.map((p) => p.value));
  let high = Math.max(...all.map((p) => p.value));
  if (base) {
    // The scale holds the baseline and spans at least its minimum share of it, centred on what it must show.
    low = Math.min(low, base.value);
    high = Math.max(high, base.value);
    const span = base.value * (base.minSpan ?? DEFAULT_MIN_SPAN);
    if (high - low < span) {
      const middle = (low + high) / 2;
      low = middle - span / 2;
      high = middle + span / 2;
    }
  }
  if (low === high) {
    // A flat line: a rank stays on top of a one-place scale (#1 over #2), a value sits in the middle of a small one.
    if (invert) high = low + 1;
    else {
      const pad = Math.max(Math.abs(low) * 0.01, 1);
      low -= pad;
      high += pad;
    }
  }
  const pad = invert ? 0 : (high - low) * 0.06;
  const y0 = low - pad;
  const y1 = high + pad;
  const x = (time: number) => (t1 === t0 ? 0 : ((time - t0) / (t1 - t0)) * WIDTH);
  const y = (value: number) => {
    const share = (value - y0) / (y1 - y0);
    return (invert ? share : 1 - share) * height;
  };
  const versusBase = (value: number) => (base ? ` (${formatPercent(value / base.value - 1)})` : '');
  const said =
    summary ??
    [
      ...lines.flatMap((line) => {
        const last = line.sorted.at(-1);
        return last ? [`${line.label} ${format(last.value)}${versusBase(last.value)}`] : [];
      }),
      ...(base ? [`${base.label} ${format(base.value)}`] : []),
    ].join('; ');
  // With a baseline the scale reads in percent of it: its ends, and the baseline itself where it has room.
  const scaleLabel = (value: number) => (base ? formatPercent(value / base.value - 1) : format(value));
  const baseShare = base ? y(base.value) / height : null;
  const markShown = baseShare !== null && baseShare > MARK_CLEARANCE && baseShare < 1 - MARK_CLEARANCE;
  const seconds = t1 - t0 < SECONDS_BELOW_MS;
  const end = (time: number) => formatDateTime(new Date(time).toISOString(), undefined, { seconds });
  return (
    <figure className="bp-chart" aria-label={label}>
      <div className="bp-chart__plot">
        <div className="bp-chart__y" aria-hidden="true">
          <span>{scaleLabel(invert ? y0 : y1)}</span>
          {markShown && base ? (
            <span className="bp-chart__mark" style={{ top: `${((baseShare ?? 0) * 100).toFixed(1)}%` }}>
              {scaleLabel(base.value)}
            </span>
          ) : null}
          <span>{scaleLabel(invert ? y1 : y0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          preserveAspectRatio="none"
          style={{ height }}
          role="img"
          aria-label={said}
        >
          {base ? (
            <line
              className="bp-chart__baseline"
              x1={0}
              x2={WIDTH}
              y1={y(base.value).toFixed(1)}
              y2={y(base.value).toFixed(1)}
              strokeWidth={1}
              strokeDasharray="2 4"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {/* Last to first: the chart's subject is drawn over the lines it is compared with. */}
          {[...lines]
            .reverse()
            .map((line) =>
              line.sorted.length === 0 ? null : (
                <polyline
                  key={line.label}
                  fill="none"
                  stroke={line.color}
                  strokeWidth={2}
                  strokeDasharray={line.dashed ? '6 5' : undefined}
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                  points={line.sorted.map((p) => `${x(p.time).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
                />
              ),
            )}
        </svg>
      </div>
      <div className="bp-chart__x" aria-hidden="true">
        <span>{end(t0)}</span>
        <span>{end(t1)}</span>
      </div>
      {legendList}
    </figure>
  );
}
