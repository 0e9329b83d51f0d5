import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Standing } from '@bullpen/contract';
import { StandingsBoard, StandingsTable } from '.';

const row = (rank: number, ticker: string, value: number, affiliation: string | null = null): Standing => ({
  rank,
  userId: `u-${ticker}`,
  ticker,
  affiliation,
  value,
  returnPct: value / 100_000 - 1,
});

// The top 100 of 10,000 players, then my own row far below: what the board response carries (API.md "Bounded boards").
const TOP = Array.from({ length: 100 }, (_, index) => row(index + 1, `P${index + 1}`, 200_000 - index * 100));
const ME = row(4321, 'ABCDEFGH', 123_456.78, 'Bears');
const STANDINGS = [...TOP, ME];

function renderBoard(props: { asOf?: string }) {
  return render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map() }}>
        <StandingsBoard
          contestId="c1"
          standings={STANDINGS}
          total={10_000}
          myUserId={ME.userId}
          teams
          startingCash={100_000}
          {...props}
        />
      </SWRConfig>
    </MemoryRouter>,
  );
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('StandingsBoard', () => {
  it('shows the top of the board, a gap, then my row, with the pager', () => {
    renderBoard({});
    expect(screen.getByText('Top 100 of 10,000 players')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Final standings' });
    const rows = cells(table);
    expect(rows[0]).toEqual(['#1', 'P1', '—', '$200,000.00', '+100.00%']);
    expect(rows[100]).toEqual(['⋯More players not shown here']);
    expect(rows[101]).toEqual(['#4321', 'ABCDEFGH (you)', 'Bears', '$123,456.78', '+23.46%']);
    expect(within(table).getByRole('row', { current: true })).toHaveClass('bp-board__mine');
    const pages = screen.getByRole('navigation', { name: 'Standings pages' });
    expect(within(pages).getByRole('button', { name: 'Previous 50' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Next 50' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Jump to me' })).toBeInTheDocument();
  });

  it("renders the same rows live and final from the same data; live adds each row's move", () => {
    const final = renderBoard({});
    const finalRows = cells(screen.getByRole('table', { name: 'Final standings' }));
    final.unmount();
    renderBoard({ asOf: '2026-11-22T10:00:00.000Z' });
    const liveTable = screen.getByRole('table', { name: 'Leaderboard' });
    expect(within(liveTable).getByRole('columnheader', { name: 'Move' })).toBeInTheDocument();
    const liveRows = cells(liveTable).map((cellsOfRow) =>
      cellsOfRow.length > 1 ? cellsOfRow.slice(0, -1) : cellsOfRow,
    );
    expect(liveRows).toEqual(finalRows);
    expect(screen.getByRole('navigation', { name: 'Leaderboard pages' })).toBeInTheDocument();
  });

  it('puts the board in a scroller the keyboard reaches, and hides Value on a phone', async () => {
    renderBoard({ asOf: '2026-11-22T10:00:00.000Z' });
    const scroller = screen.getByRole('region', { name: 'Leaderboard' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('columnheader', { name: 'Value' })).toHaveClass('bp-board__secondary');
    await userEvent.click(screen.getByText('How scoring works'));
    expect(screen.getByText('Your row: $123,456.78 ÷ $100,000.00 − 1 = +23.46%, rank #4321.')).toBeVisible();
  });

  it('colours a return by the figure it shows: one that rounds to 0.00% is flat', () => {
    render(
      <MemoryRouter>
        <StandingsTable
          label="Leaderboard"
          rows={[{ ...row(1, 'ACE', 100_000), returnPct: -0.00004 }]}
          myUserId={null}
          teams={false}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('0.00%')).toHaveClass('bp-trend--flat');
  });
});

describe('sorting a board', () => {
  const skilled = (rank: number, ticker: string, sharpe: number | null, maxDrawdownPct: number): Standing => ({
    ...row(rank, ticker, 200_000 - rank * 1000),
    sharpe,
    maxDrawdownPct,
  });
  const BOARD = [
    skilled(1, 'BOLD', 0.4, -0.3),
    skilled(2, 'STEADY', 2.1, -0.02),
    skilled(3, 'NEW', null, 0),
    skilled(4, 'CALM', 1.3, -0.05),
  ];
  const renderSkillBoard = () =>
    render(
      <MemoryRouter>
        <SWRConfig value={{ provider: () => new Map() }}>
          <StandingsBoard
            contestId="c1"
            standings={BOARD}
            total={4}
            myUserId="u-CALM"
            teams={false}
            startingCash={100_000}
          />
        </SWRConfig>
      </MemoryRouter>,
    );
  const tickers = () =>
    cells(screen.getByRole('table', { name: 'Final standings' })).map((cellsOfRow) => cellsOfRow[1]);

  it('orders the rows shown by Sharpe or max drawdown, best first, and keeps each rank by return', async () => {
    renderSkillBoard();
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(screen.getByRole('columnheader', { name: 'Return' })).toHaveAttribute('aria-sort', 'descending');
    expect(tickers()).toEqual(['BOLD', 'STEADY', 'NEW', 'CALM (you)']);

    await userEvent.selectOptions(sortBy, 'Sharpe ratio');
    const table = screen.getByRole('table', { name: 'Final standings' });
    expect(within(table).getByRole('columnheader', { name: 'Sharpe' })).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getByRole('columnheader', { name: 'Return' })).not.toHaveAttribute('aria-sort');
    // The rows are out of rank order now: the rank column says which order its numbers come from.
    expect(within(table).getByRole('columnheader', { name: 'Rank by return' })).toBeInTheDocument();
    expect(cells(table)).toEqual([
      ['#2', 'STEADY', '$198,000.00', '+98.00%', '2.10'],
      ['#4', 'CALM (you)', '$196,000.00', '+96.00%', '1.30'],
      ['#1', 'BOLD', '$199,000.00', '+99.00%', '0.40'],
      ['#3', 'NEW', '$197,000.00', '+97.00%', 'n/a (needs a trading day)'],
    ]);

    await userEvent.selectOptions(sortBy, 'Max drawdown');
    expect(screen.getByRole('columnheader', { name: 'Max drawdown' })).toHaveAttribute('aria-sort', 'descending');
    expect(tickers()).toEqual(['NEW', 'STEADY', 'CALM (you)', 'BOLD']);
    expect(cells(screen.getByRole('table', { name: 'Final standings' }))[3]?.[4]).toBe('−30.00%');

    await userEvent.selectOptions(sortBy, 'Return');
    expect(tickers()).toEqual(['BOLD', 'STEADY', 'NEW', 'CALM (you)']);
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toBeInTheDocument();
  });
});
