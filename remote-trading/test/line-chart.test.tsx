import { render, waitFor } from '@testing-library/react';
import { chartOptionsFor, LineChart } from '../src/features/live-contest/components/line-chart';

const setData = jest.fn();
const remove = jest.fn();
const createChart = jest.fn();
const addSeries = jest.fn();
jest.mock(
  'lightweight-charts',
  () => ({
    ColorType: { Solid: 'solid' },
    LineSeries: 'Line',
    createChart: (...args: unknown[]) => {
      createChart(...args);
      return {
        addSeries: (...series: unknown[]) => {
          addSeries(...series);
          return { setData };
        },
        timeScale: () => ({ fitContent: jest.fn() }),
        remove,
      };
    },
  }),
  { virtual: true },
);

beforeEach(() => jest.clearAllMocks());

it('draws the points once the chart library has loaded, one per second, in time order', async () => {
  const points = [
    { t: '2026-11-23T10:00:02.000Z', value: 3 },
    { t: '2026-11-23T10:00:00.100Z', value: 1 },
    { t: '2026-11-23T10:00:00.900Z', value: 2 },
  ];
  render(<LineChart points={points} label="Portfolio value" />);
  await waitFor(() => expect(setData).toHaveBeenCalled());
  const seconds = Date.parse('2026-11-23T10:00:00Z') / 1000;
  expect(setData).toHaveBeenLastCalledWith([
    { time: seconds, value: 2 },
    { time: seconds + 2, value: 3 },
  ]);
});

it('follows new points, and removes the chart when it goes away', async () => {
  const { rerender, unmount } = render(<LineChart points={[]} label="Price" />);
  await waitFor(() => expect(setData).toHaveBeenCalledWith([]));
  rerender(<LineChart points={[{ t: '2026-11-23T10:00:00Z', value: 5 }]} label="Price" />);
  expect(setData).toHaveBeenLastCalledWith([{ time: Date.parse('2026-11-23T10:00:00Z') / 1000, value: 5 }]);
  unmount();
  expect(remove).toHaveBeenCalledTimes(1);
});

it('on the exchange’s clock, puts each point at New York’s wall-clock time and names the zone at the crosshair', async () => {
  render(<LineChart points={[{ t: '2026-11-23T14:31:00Z', value: 7 }]} label="Price" timeZone="America/New_York" />);
  await waitFor(() => expect(setData).toHaveBeenCalled());
  // 14:31 UTC is 9:31 AM in New York in November: the library, which reads times as UTC, is handed 9:31.
  expect(setData).toHaveBeenLastCalledWith([{ time: Date.parse('2026-11-23T09:31:00Z') / 1000, value: 7 }]);
  const options = createChart.mock.calls[0]?.[1] as { localization: { timeFormatter: (time: number) => string } };
  expect(options.localization.timeFormatter(Date.parse('2026-11-23T09:31:00Z') / 1000)).toBe('Nov 23, 9:31:00 AM ET');
});

describe('on a phone (no time label cut at the edges, no price tag on a price label)', () => {
  it('keeps the first and last time labels inside the box at every width', () => {
    for (const width of [320, 390, 1280]) {
      expect(chartOptionsFor(width).chart.timeScale).toMatchObject({ fixLeftEdge: true, fixRightEdge: true });
    }
  });

  it('below 480 px, draws fewer price labels; at no width a last-value tag over a price label', () => {
    expect(chartOptionsFor(358)).toMatchObject({
      chart: { rightPriceScale: { tickMarkDensity: 4 } },
      series: { lastValueVisible: false },
    });
    expect(chartOptionsFor(986)).toMatchObject({
      chart: { rightPriceScale: { tickMarkDensity: 2.5 } },
      series: { lastValueVisible: false },
    });
  });

  it('creates the chart with the options of its own width', async () => {
    // jsdom lays nothing out: the box is 0 px wide, a narrow chart.
    render(<LineChart points={[]} label="Price" />);
    await waitFor(() => expect(createChart).toHaveBeenCalled());
    expect(createChart.mock.lastCall?.[1]).toMatchObject({
      autoSize: true,
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
      rightPriceScale: { tickMarkDensity: 4 },
    });
    expect(addSeries.mock.lastCall?.[1]).toMatchObject({ lastValueVisible: false });
  });
});
