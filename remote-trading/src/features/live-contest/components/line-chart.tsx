import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { ChartLegend } from '@bullpen/shared/ui';
import { useEffect, useRef } from 'react';
import { crosshairLabel, EXCHANGE_TIME_ZONE, tickMarkLabel, wallClockSeconds } from '../lib/chart-time';
import { type ChartPoint, COMPARE_COLOUR, LINE_COLOUR, type LineChartProps } from './chart-lines';

// The chart library (about 50 KiB gzip) loads after the screen: standings, positions and the order ticket do not
// wait for it, and its box keeps its height meanwhile so nothing moves when it arrives.
const loadChartLibrary = () => import('lightweight-charts');

/**
 * The chart needs strictly increasing times: points within the same second collapse to the last one. Times are the
 * wall clock of `timeZone` (lib/chart-time.ts; the viewer's own when undefined), so the axis reads in that zone.
 */
function bySecond(points: ChartPoint[], timeZone: string | undefined) {
  const values = new Map<number, number>();
  for (const point of points) values.set(wallClockSeconds(Date.parse(point.t), timeZone), point.value);
  return [...values].sort(([a], [b]) => a - b).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** Below this width (a phone), the chart draws fewer price labels. */
const NARROW_CHART_WIDTH = 480;

/** The options that depend on the chart's own width. Both edges are fixed so that the library keeps the first and
 *  last time labels inside the box instead of cutting them (":07", "18:0"). */
export function chartOptionsFor(width: number) {
  const narrow = width < NARROW_CHART_WIDTH;
  return {
    chart: {
      timeScale: { fixLeftEdge: true, fixRightEdge: true, secondsVisible: true },
      rightPriceScale: { tickMarkDensity: narrow ? 4 : 2.5 },
    },
    // No last-value tag at any width: the library draws it over the nearest price label, half hiding it, and the
    // value is on the screen already (the summary above the portfolio chart, the quote beside the price chart).
    series: { lastValueVisible: false },
  };
}

/** One line over time, themed for the dark UI; `compare` adds a dashed second line and a legend naming both. */
export function LineChart({ points, label, height = 240, lineLabel, compare, timeZone }: LineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const compareSeries = useRef<ISeriesApi<'Line'> | null>(null);
  const latestPoints = useRef(points);
  latestPoints.current = points;
  const comparePoints = compare?.points ?? null;
  const latestCompare = useRef(comparePoints);
  latestCompare.current = comparePoints;
  const hasCompare = comparePoints !== null;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: IChartApi | null = null;
    let resize: ResizeObserver | null = null;
    let unmounted = false;
    // A zone the chart is not the viewer's own is named after each crosshair time ("ET" on the exchange's clock).
    const zoneName = timeZone === EXCHANGE_TIME_ZONE ? 'ET' : undefined;
    void loadChartLibrary().then(({ ColorType, createChart, LineSeries }) => {
      if (unmounted) return;
      const sized = chartOptionsFor(element.clientWidth);
      instance = createChart(element, {
        height,
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: '#9aabb8',
          fontFamily: 'ui-monospace, monospace',
        },
        grid: { vertLines: { color: '#1b2730' }, horzLines: { color: '#1b2730' } },
        rightPriceScale: { borderColor: '#24323d', ...sized.chart.rightPriceScale },
        timeScale: {
          borderColor: '#24323d',
          timeVisible: true,
          tickMarkFormatter: tickMarkLabel,
          ...sized.chart.timeScale,
        },
        localization: { timeFormatter: (time: unknown) => crosshairLabel(time, zoneName) },
        crosshair: { vertLine: { color: '#5bd0b3' }, horzLine: { color: '#5bd0b3' } },
      });
      chart.current = instance;
      // The library's attribution is a link holding only an SVG: give it a name, so a screen reader says where it goes.
      const attribution = element.querySelector<HTMLAnchorElement>('a#tv-attr-logo');
      attribution?.setAttribute('aria-label', 'Charting by TradingView (opens a new tab)');
      attribution?.setAttribute('rel', 'noopener noreferrer');
      // The compared line first, so the player's own line is drawn over it.
      if (hasCompare && latestCompare.current) {
        compareSeries.current = instance.addSeries(LineSeries, {
          color: COMPARE_COLOUR,
          lineWidth: 2,
          lineStyle: 2, // LineStyle.Dashed
          priceLineVisible: false,
          ...sized.series,
        });
        compareSeries.current.setData(bySecond(latestCompare.current, timeZone));
      }
      series.current = instance.addSeries(LineSeries, {
        color: LINE_COLOUR,
        lineWidth: 2,
        priceLineVisible: false,
        ...sized.series,
      });
      series.current.setData(bySecond(latestPoints.current, timeZone));
      instance.timeScale().fitContent();
      // The box follows its container (autoSize); the options follow the box across the narrow width.
      if (typeof ResizeObserver === 'undefined') return;
      let narrow = element.clientWidth < NARROW_CHART_WIDTH;
      resize = new ResizeObserver(() => {
        const now = element.clientWidth < NARROW_CHART_WIDTH;
        if (now === narrow) return;
        narrow = now;
        const options = chartOptionsFor(element.clientWidth);
        chart.current?.applyOptions(options.chart);
        series.current?.applyOptions(options.series);
        compareSeries.current?.applyOptions(options.series);
      });
      resize.observe(element);
    });
    return () => {
      unmounted = true;
      resize?.disconnect();
      instance?.remove();
      chart.current = null;
      series.current = null;
      compareSeries.current = null;
    };
    // A compared line that comes or goes, or another zone, rebuilds the chart; its points alone only update it (below).
  }, [height, hasCompare, timeZone]);

  useEffect(() => {
    series.current?.setData(bySecond(points, timeZone));
    if (comparePoints) compareSeries.current?.setData(bySecond(comparePoints, timeZone));
    chart.current?.timeScale().fitContent();
  }, [points, comparePoints, timeZone]);

  return (
    <figure className="bp-chart" aria-label={label}>
      <div ref={container} style={{ height }} />
      {compare ? (
        <ChartLegend
          series={[
            { label: lineLabel ?? label, color: LINE_COLOUR },
            { label: compare.label, color: COMPARE_COLOUR, dashed: true },
          ]}
        />
      ) : null}
      {points.length < 2 ? (
        <figcaption className="bp-chart__note">The chart fills in as the market moves.</figcaption>
      ) : null}
    </figure>
  );
}
