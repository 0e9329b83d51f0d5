import { render, screen } from '@testing-library/react';
import { ResultsChart } from './results-chart';

// The chart itself is the kit's (shared/src/ui/chart.test.tsx); what the results add is their words.

const at = (minute: number) => `2030-01-07T14:${String(minute).padStart(2, '0')}:00.000Z`;

it('draws each series as a line with its scale, times and legend, and says what it shows', () => {
  render(
    <ResultsChart
      label="Value"
      summary="Up 5%"
      format={(v) => `$${v}`}
      series={[
        { label: 'Mine', color: 'green', points: [at(0), at(1)].map((t, i) => ({ t, value: 100 + 5 * i })) },
        { label: 'Market', color: 'gold', dashed: true, points: [at(0), at(1)].map((t) => ({ t, value: 100 })) },
      ]}
    />,
  );
  expect(screen.getByRole('img', { name: 'Up 5%' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Value' }).querySelectorAll('polyline')).toHaveLength(2);
  expect(screen.getByRole('list', { name: 'Chart legend' })).toHaveTextContent('MineMarket');
});

it('says when there are not enough points for a chart', () => {
  render(
    <ResultsChart label="Value" summary="" format={String} series={[{ label: 'Mine', color: 'green', points: [] }]} />,
  );
  expect(screen.getByText('Not enough points for a chart yet.')).toBeInTheDocument();
  expect(screen.queryByRole('figure')).toBeNull();
});
