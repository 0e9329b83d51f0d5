// What the live screens' two charts share: the trading screen's lightweight-charts chart and the leaderboard card's
// SVG (value-chart.tsx) take the same lines and draw them in the same colours.

export interface ChartPoint {
  t: string;
  value: number;
}

/** A second line drawn beside the first, dashed (the benchmark beside a portfolio). */
interface CompareLine {
  label: string;
  points: ChartPoint[];
}

export interface LineChartProps {
  points: ChartPoint[];
  label: string;
  height?: number;
  /** The first line's name in the legend (shown only with `compare`). */
  lineLabel?: string;
  compare?: CompareLine | null;
  /** The zone the time axis reads in (an IANA name); the viewer's own when undefined. */
  timeZone?: string;
}

export const LINE_COLOUR = '#5bd0b3';
export const COMPARE_COLOUR = '#f5c84c';
