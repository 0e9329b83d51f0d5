import { render, screen } from '@testing-library/react';
import { TimeChart } from './chart';
import { DataTable } from './data-table';

const at = (time: string) => `2030-01-07T${time}.000Z`;
const start = { t: at('23:30:00'), value: 10_000 };
const last = { t: at('23:30:40'), value: 10_400 };
const mine = [last, start, { t: at('23:30:20'), value: 9_900 }];
const market = [
  { t: at('23:30:00'), value: 10_000 },
  { t: at('23:30:40'), value: 10_100 },
];
const series = [
  { label: 'My value', color: 'green', points: mine },
  { label: 'The index', color: 'gold', dashed: true, points: market },
];
const axisEnds = (figure: HTMLElement) =>
  [...(figure.querySelector('.bp-chart__x')?.children ?? [])].map((end) => end.textContent ?? '');

it('draws the first line over the others, in time order, says the latest values and names the lines', () => {
  render(<TimeChart label="Portfolio value" series={series} height={100} empty="Nothing yet" />);
  const figure = screen.getByRole('figure', { name: 'Portfolio value' });
  expect(screen.getByRole('img', { name: 'My value $10,400.00; The index $10,100.00' })).toBeInTheDocument();
  const [compared, subject] = [...figure.querySelectorAll('polyline')];
  expect(compared?.getAttribute('stroke-dasharray')).toBe('6 5');
  expect(subject?.getAttribute('stroke')).toBe('green');
  expect(
    subject
      ?.getAttribute('points')
      ?.split(' ')
      .map((pair) => Number(pair.split(',')[0])),
  ).toEqual([0, 500, 1000]);
  const legend = screen.getByRole('list', { name: 'Chart legend' });
  expect(legend).toHaveTextContent('My value');
  expect(legend).toHaveTextContent('The index');
});

it("labels the time axis's ends to the second over a short span, so a first minute's two ends differ", () => {
  const { unmount } = render(<TimeChart label="Value" series={series} empty="Nothing yet" />);
  const ends = axisEnds(screen.getByRole('figure', { name: 'Value' }));
  expect(ends).toEqual([expect.stringMatching(/11:30:00 PM/), expect.stringMatching(/11:30:40 PM/)]);
  expect(ends[0]).not.toBe(ends[1]);
  unmount();
  // Over an hour, to the minute as everywhere else.
  render(
    <TimeChart
      label="Value"
      series={[{ label: 'Mine', color: 'green', points: [start, { t: at('00:30:00'), value: 1 }] }]}
      empty="Nothing yet"
    />,
  );
  expect(axisEnds(screen.getByRole('figure', { name: 'Value' }))).toEqual([
    expect.stringMatching(/12:30 AM/),
    expect.stringMatching(/11:30 PM/),
  ]);
});

it('keeps a flat rank on a one-place scale with #1 on top', () => {
  render(
    <TimeChart
      label="Rank"
      summary="First all along"
      invert
      format={(value) => `#${Math.round(value)}`}
      series={[{ label: 'Rank', color: 'green', points: market.map((p) => ({ ...p, value: 1 })) }]}
      empty="Nothing yet"
    />,
  );
  expect(screen.getByRole('img', { name: 'First all along' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Rank' }).querySelector('.bp-chart__y')?.textContent).toBe('#1#2');
});

it('says so while its first line has fewer than two points: alone, or in a box that keeps its height', () => {
  const one = [
    { label: 'Mine', color: 'green', points: [last] },
    { label: 'The index', color: 'gold', points: market },
  ];
  const { container, unmount } = render(<TimeChart label="Value" series={one} empty="Not enough points" />);
  expect(container.querySelector('svg')).toBeNull();
  expect(screen.queryByRole('figure')).toBeNull();
  expect(screen.getByText('Not enough points')).toBeInTheDocument();
  unmount();
  render(<TimeChart label="Value" series={one} height={120} keepHeight legend={false} empty="It fills in" />);
  const figure = screen.getByRole('figure', { name: 'Value' });
  expect(figure.querySelector('figure > div')).toHaveStyle({ height: '120px' });
  expect(screen.getByText('It fills in')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Chart legend' })).toBeNull();
});

it("DataTable leaves a column's header and cells out on a phone when asked", () => {
  render(
    <DataTable
      caption="Positions"
      rows={[{ symbol: 'AAPL', cost: 3 }]}
      rowKey={(row) => row.symbol}
      columns={[
        { key: 'symbol', header: 'Symbol', cell: (row) => row.symbol },
        { key: 'cost', header: 'Avg cost', align: 'end', hideNarrow: true, cell: (row) => row.cost },
      ]}
    />,
  );
  expect(screen.getByRole('columnheader', { name: 'Avg cost' })).toHaveClass('bp-table__end', 'bp-table__wide');
  expect(screen.getByRole('cell', { name: '3' })).toHaveClass('bp-table__wide');
  expect(screen.getByRole('columnheader', { name: 'Symbol' })).not.toHaveAttribute('class');
});

describe('a baseline (a portfolio measured from its starting cash)', () => {
  const small = [
    { t: at('23:30:00'), value: 100_000 },
    { t: at('23:30:20'), value: 99_901 },
    { t: at('23:30:40'), value: 99_950 },
  ];
  const ys = (figure: HTMLElement) =>
    (figure.querySelector('polyline')?.getAttribute('points') ?? '')
      .split(' ')
      .map((pair) => Number(pair.split(',')[1]));

  it('keeps a $99 move on $100,000 small: not the full height, drawn from a line at the start', () => {
    render(
      <TimeChart
        label="Value"
        series={[{ label: 'My value', color: 'green', points: small }]}
        height={200}
        empty="Nothing yet"
        baseline={{ value: 100_000, label: 'Starting value' }}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Value' });
    const drawn = ys(figure);
    // A 0.1% dip spans well under a tenth of the height (a 2% scale at least), not the whole of it.
    expect(Math.max(...drawn) - Math.min(...drawn)).toBeLessThan(20);
    const line = figure.querySelector('line.bp-chart__baseline');
    expect(Number(line?.getAttribute('y1'))).toBeCloseTo(drawn[0] ?? -1, 0);
    expect(screen.getByRole('img')).toHaveAccessibleName('My value $99,950.00 (−0.05%); Starting value $100,000.00');
  });

  it('reads the scale in percent of the baseline, the baseline itself at 0.00%', () => {
    render(
      <TimeChart
        label="Value"
        series={[{ label: 'My value', color: 'green', points: small }]}
        empty="Nothing yet"
        baseline={{ value: 100_000, label: 'Starting value' }}
      />,
    );
    const scale = [...(screen.getByRole('figure').querySelector('.bp-chart__y')?.children ?? [])].map(
      (label) => label.textContent,
    );
    expect(scale).toEqual([expect.stringMatching(/^\+\d\.\d\d%$/), '0.00%', expect.stringMatching(/^−\d\.\d\d%$/)]);
  });

  it('still lets a large move fill the chart', () => {
    render(
      <TimeChart
        label="Value"
        series={[
          {
            label: 'My value',
            color: 'green',
            points: [
              { t: at('23:30:00'), value: 100_000 },
              { t: at('23:30:40'), value: 120_000 },
            ],
          },
        ]}
        height={200}
        empty="Nothing yet"
        baseline={{ value: 100_000, label: 'Starting value' }}
      />,
    );
    const drawn = ys(screen.getByRole('figure', { name: 'Value' }));
    expect(Math.abs((drawn[0] ?? 0) - (drawn[1] ?? 0))).toBeGreaterThan(150);
  });
});
