import { render, screen } from '@testing-library/react';
import { ResultsChart } from './results-chart';

const at = (minute: number) => `2030-01-07T14:${String(minute).padStart(2, '0')}:00.000Z`;

it('draws each series as a line with its scale, times and legend, and says what it shows', () => {
  render(
    <ResultsChart
      label="Value"
      summary="Up 5%"
      format={(v) => `$${v}`}
      series={[
        {
          label: 'Mine',
          color: 'green',
          points: [
            { t: at(0), value: 100 },
            { t: at(1), value: 105 },
          ],
        },
        {
          label: 'Market',
          color: 'gold',
          dashed: true,
          points: [
            { t: at(0), value: 100 },
            { t: at(1), value: 101 },
          ],
        },
      ]}
    />,
  );
  expect(screen.getByRole('img', { name: 'Up 5%' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Value' }).querySelectorAll('polyline')).toHaveLength(2);
  expect(screen.getByText('Mine')).toBeInTheDocument();
  expect(screen.getByText('Market')).toBeInTheDocument();
});

it('keeps a flat rank on a one-place scale with #1 on top', () => {
  render(
    <ResultsChart
      label="Rank"
      summary="First all along"
      invert
      format={(v) => `#${Math.round(v)}`}
      series={[
        {
          label: 'Rank',
          color: 'green',
          points: [
            { t: at(0), value: 1 },
            { t: at(1), value: 1 },
          ],
        },
      ]}
    />,
  );
  const labels = screen.getByRole('figure', { name: 'Rank' }).querySelector('.bp-chart__y')?.textContent;
  expect(labels).toBe('#1#2');
});

it('says when there are not enough points for a chart', () => {
  render(
    <ResultsChart label="Value" summary="" format={String} series={[{ label: 'Mine', color: 'green', points: [] }]} />,
  );
  expect(screen.getByText('Not enough points for a chart yet.')).toBeInTheDocument();
});
