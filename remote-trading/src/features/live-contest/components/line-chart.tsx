import { ColorType, createChart, type IChartApi, type ISeriesApi, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

export interface ChartPoint {
  t: string;
  value: number;
}

/** One line over time, themed for the dark UI. Points with the same second are collapsed (the chart needs
 *  strictly increasing times). */
export function LineChart({ points, label, height = 240 }: { points: ChartPoint[]; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = createChart(container.current, {
      height,
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#9aabb8', fontFamily: 'ui-monospace, monospace' },
      grid: { vertLines: { color: '#1b2730' }, horzLines: { color: '#1b2730' } },
      rightPriceScale: { borderColor: '#24323d' },
      timeScale: { borderColor: '#24323d', timeVisible: true, secondsVisible: true },
      crosshair: { vertLine: { color: '#5bd0b3' }, horzLine: { color: '#5bd0b3' } },
    });
    chart.current = instance;
    series.current = instance.addSeries(LineSeries, { color: '#5bd0b3', lineWidth: 2, priceLineVisible: false });
    return () => {
      instance.remove();
      chart.current = null;
      series.current = null;
    };
  }, [height]);

  useEffect(() => {
    const bySecond = new Map<number, number>();
    for (const point of points) bySecond.set(Math.floor(Date.parse(point.t) / 1000), point.value);
    const data = [...bySecond].sort(([a], [b]) => a - b).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
    series.current?.setData(data);
    chart.current?.timeScale().fitContent();
  }, [points]);

  return (
    <figure className="lc-chart" aria-label={label}>
      <div ref={container} style={{ height }} />
      {points.length < 2 ? <figcaption className="lc-muted">The chart fills in as the market moves.</figcaption> : null}
    </figure>
  );
}
