import { render, screen } from '@testing-library/react';
import { ValueChart } from '../src/features/live-contest/components/value-chart';

const start = { t: '2026-11-23T10:00:00.000Z', value: 10_000 };
const mine = [{ t: '2026-11-23T10:00:10.000Z', value: 10_400 }, start, { t: '2026-11-23T10:00:05.000Z', value: 9_900 }];
const market = [
  { t: '2026-11-23T10:00:00.000Z', value: 10_000 },
  { t: '2026-11-23T10:00:10.000Z', value: 10_100 },
];

it('draws my value in time order, the benchmark dashed under it, and says both latest values', () => {
  const { container } = render(
    <ValueChart
      label="Portfolio value"
      lineLabel="My value"
      points={mine}
      compare={{ label: 'The index', points: market }}
      height={100}
    />,
  );
  expect(screen.getByRole('figure', { name: 'Portfolio value' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'My value $10,400.00; The index $10,100.00' })).toBeInTheDocument();
  const [benchmark, own] = [...container.querySelectorAll('polyline')];
  if (!benchmark || !own) throw new Error('two lines expected');
  expect(benchmark.getAttribute('stroke-dasharray')).toBe('6 5');
  expect(own.getAttribute('stroke-dasharray')).toBeNull();
  // Earliest first, highest value nearest the top (smallest y), lowest nearest the bottom.
  const ys = own
    .getAttribute('points')
    ?.split(' ')
    .map((pair) => Number(pair.split(',')[1]));
  const xs = own
    .getAttribute('points')
    ?.split(' ')
    .map((pair) => Number(pair.split(',')[0]));
  expect(xs).toEqual([0, 500, 1000]);
  expect(ys?.[2]).toBeLessThan(ys?.[0] ?? 0);
  expect(ys?.[1]).toBeGreaterThan(ys?.[0] ?? 0);
  const legend = screen.getByRole('list', { name: 'Chart legend' });
  expect(legend).toHaveTextContent('My value');
  expect(legend).toHaveTextContent('The index');
});

it("tells the time axis's two ends apart in a contest's first minute (to the minute, both read 10:00 AM)", () => {
  render(<ValueChart label="Portfolio value" points={mine} height={100} />);
  expect(screen.getByText(/10:00:00 AM/)).toBeInTheDocument();
  expect(screen.getByText(/10:00:10 AM/)).toBeInTheDocument();
});

it('keeps its height and says it fills in while there are fewer than two points', () => {
  const { container } = render(<ValueChart label="Portfolio value" points={[start]} height={120} />);
  expect(container.querySelector('svg')).toBeNull();
  expect(screen.getByText('The chart fills in as the market moves.')).toBeInTheDocument();
  expect(container.querySelector('figure > div')).toHaveStyle({ height: '120px' });
});

it('draws a flat line in the middle of a small scale', () => {
  const { container } = render(
    <ValueChart
      label="Portfolio value"
      points={[start, { t: '2026-11-23T10:00:05.000Z', value: 10_000 }]}
      height={100}
    />,
  );
  const ys = container
    .querySelector('polyline')
    ?.getAttribute('points')
    ?.split(' ')
    .map((pair) => Number(pair.split(',')[1]));
  expect(ys).toEqual([50, 50]);
});

it('measures my value from the starting cash: a line there and the scale in percent, so a 0.1% dip stays small', () => {
  const dip = [
    { t: '2026-11-23T10:00:00.000Z', value: 100_000 },
    { t: '2026-11-23T10:00:05.000Z', value: 99_901 },
  ];
  const { container } = render(
    <ValueChart label="Portfolio value" points={dip} height={200} startingValue={100_000} />,
  );
  expect(container.querySelector('line.bp-chart__baseline')).not.toBeNull();
  expect(screen.getByText('0.00%')).toBeInTheDocument();
  const ys = (container.querySelector('polyline')?.getAttribute('points') ?? '')
    .split(' ')
    .map((pair) => Number(pair.split(',')[1]));
  expect(Math.abs((ys[0] ?? 0) - (ys[1] ?? 0))).toBeLessThan(20);
});
