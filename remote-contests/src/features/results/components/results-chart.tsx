import { type ChartSeries, TimeChart } from '@bullpen/shared/ui';

/** A completed contest's lines over time: the kit's chart, with the results' words for a chart with nothing to draw. */
export function ResultsChart(props: {
  series: readonly ChartSeries[];
  label: string;
  format: (value: number) => string;
  height?: number;
  invert?: boolean;
  /** What the chart says, in words, for screen readers. */
  summary: string;
}) {
  return <TimeChart {...props} empty="Not enough points for a chart yet." />;
}
