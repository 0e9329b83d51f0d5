import { formatDateTime, formatMoney } from '@bullpen/shared/format';
import { type ChartPoint, COMPARE_COLOUR, LINE_COLOUR, type LineChartProps } from './chart-lines';

const WIDTH = 1000;

/** Points in time order, as numbers. */
function inTimeOrder(points: readonly ChartPoint[]) {
  return points.map((p) => ({ time: Date.parse(p.t), value: p.value })).sort((a, b) => a.time - b.time);
}

/**
 * The live card's value over time (mine, and the benchmark dashed) as an SVG that stretches to its box, the way the
 * results page draws its charts: no chart library on the leaderboard's first visit (lightweight-charts is about
 * 60 KiB gzip and stays on the trading screen, where its crosshair and time scale are used). The scale, the two ends
 * of the time axis and the legend are HTML, so the text stays readable at any width.
 */
export function ValueChart({ points, label, height = 240, lineLabel, compare }: LineChartProps) {
  const mine = inTimeOrder(points);
  const market = compare ? inTimeOrder(compare.points) : [];
  const all = [...mine, ...market];
  const last = mine.at(-1);
  const lastMarket = market.at(-1);
  let plot = null;
  if (mine.length >= 2) {
    const t0 = Math.min(...all.map((p) => p.time));
    const t1 = Math.max(...all.map((p) => p.time));
    let low = Math.min(...all.map((p) => p.value));
    let high = Math.max(...all.map((p) => p.value));
    if (low === high) {
      const pad = Math.max(Math.abs(low) * 0.01, 1);
      low -= pad;
      high += pad;
    }
    const pad = (high - low) * 0.06;
    const y0 = low - pad;
    const y1 = high + pad;
    const x = (time: number) => (t1 === t0 ? 0 : ((time - t0) / (t1 - t0)) * WIDTH);
    const y = (value: number) => (1 - (value - y0) / (y1 - y0)) * height;
    const line = (series: { time: number; value: number }[]) =>
      series.map((p) => `${x(p.time).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
    const summary = [
      last ? `${lineLabel ?? label} ${formatMoney(last.value)}` : null,
      compare && lastMarket ? `${compare.label} ${formatMoney(lastMarket.value)}` : null,
    ]
      .filter(Boolean)
      .join('; ');
    plot = (
      <>
        <div className="lc-chart-plot">
          <div className="lc-chart-y" aria-hidden="true">
            <span>{formatMoney(y1)}</span>
            <span>{formatMoney(y0)}</span>
          </div>
          <svg
            viewBox={`0 0 ${WIDTH} ${height}`}
            preserveAspectRatio="none"
            style={{ height }}
            role="img"
            aria-label={summary}
          >
            {/* The compared line first, so the player's own line is drawn over it. */}
            {market.length > 0 ? (
              <polyline
                fill="none"
                stroke={COMPARE_COLOUR}
                strokeWidth={2}
                strokeDasharray="6 5"
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
                points={line(market)}
              />
            ) : null}
            <polyline
              fill="none"
              stroke={LINE_COLOUR}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
              points={line(mine)}
            />
          </svg>
        </div>
        <div className="lc-chart-x" aria-hidden="true">
          <span>{formatDateTime(new Date(t0).toISOString())}</span>
          <span>{formatDateTime(new Date(t1).toISOString())}</span>
        </div>
      </>
    );
  }

  return (
    <figure className="lc-chart" aria-label={label}>
      {plot ?? <div style={{ height }} />}
      {compare ? (
        <ul aria-label="Chart legend" className="lc-legend">
          <li>
            <span aria-hidden="true" className="lc-swatch" style={{ color: LINE_COLOUR }} />
            {lineLabel ?? label}
          </li>
          <li>
            <span aria-hidden="true" className="lc-swatch lc-swatch--dashed" style={{ color: COMPARE_COLOUR }} />
            {compare.label}
          </li>
        </ul>
      ) : null}
      {mine.length < 2 ? <figcaption className="lc-muted">The chart fills in as the market moves.</figcaption> : null}
    </figure>
  );
}
