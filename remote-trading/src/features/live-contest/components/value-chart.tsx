import { TimeChart } from '@bullpen/shared/ui';
import { COMPARE_COLOUR, LINE_COLOUR, type LineChartProps } from './chart-lines';

/**
 * The live card's value over time (mine, and the benchmark dashed) with the kit's SVG chart: no chart library on the
 * leaderboard's first visit (lightweight-charts is about 60 KiB gzip and stays on the trading screen, where its
 * crosshair and time scale are used). Same props as that chart, so either draws the same lines.
 */
export function ValueChart({
  points,
  label,
  height = 240,
  lineLabel,
  compare,
  startingValue,
}: LineChartProps & {
  /** The portfolio's starting cash: a line across the chart, and the scale in percent of it. */
  startingValue?: number;
}) {
  return (
    <TimeChart
      label={label}
      height={height}
      legend={Boolean(compare)}
      keepHeight
      baseline={startingValue ? { value: startingValue, label: 'Starting value' } : undefined}
      empty="The chart fills in as the market moves."
      series={[
        { label: lineLabel ?? label, color: LINE_COLOUR, points },
        ...(compare ? [{ label: compare.label, color: COMPARE_COLOUR, dashed: true, points: compare.points }] : []),
      ]}
    />
  );
}
