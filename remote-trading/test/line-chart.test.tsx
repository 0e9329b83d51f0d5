import { render, waitFor } from '@testing-library/react';
import { LineChart } from '../src/features/live-contest/components/line-chart';

const setData = jest.fn();
const remove = jest.fn();
jest.mock(
  'lightweight-charts',
  () => ({
    ColorType: { Solid: 'solid' },
    LineSeries: 'Line',
    createChart: () => ({ addSeries: () => ({ setData }), timeScale: () => ({ fitContent: jest.fn() }), remove }),
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
