import { render, screen, within } from '@testing-library/react';
import { Callout, Card, Chips, type Column, DataTable, Facts, Page, Trend } from '.';

describe('Page', () => {
  it('is a region named by its label, and names the browser tab', () => {
    render(
      <Page label="Home">
        <p>Body</p>
      </Page>,
    );
    expect(screen.getByRole('region', { name: 'Home' })).toHaveTextContent('Body');
    expect(document.title).toBe('Home · Bullpen');
  });
});

describe('Card', () => {
  it('is named by its title, with its actions beside it', () => {
    render(
      <Card title="Players" actions={<button type="button">Refresh</button>}>
        rows
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Players' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Players' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});

describe('Callout', () => {
  it('is a note with its title and sentence', () => {
    render(
      <Callout tone="danger" title="This contest was cancelled">
        Nobody plays.
      </Callout>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveClass('bp-callout--danger');
    expect(note).toHaveTextContent('This contest was cancelledNobody plays.');
  });
});

describe('Facts', () => {
  it('lists labelled values with their notes', () => {
    render(
      <Facts
        label="Your result"
        items={[
          { label: 'Final rank', value: '#2', note: 'of 4 players' },
          { label: 'Picks', value: '3' },
        ]}
      />,
    );
    const list = screen.getByLabelText('Your result');
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Final rank', 'Picks']);
    expect(within(list).getAllByRole('definition')[0]).toHaveTextContent('#2of 4 players');
  });
});

describe('Trend', () => {
  it('writes a return as a signed percentage coloured by the figure shown', () => {
    render(
      <>
        <Trend value={0.02} />
        <Trend value={-0.01} />
        <Trend value={-0.00004} />
        <Trend value={null} />
      </>,
    );
    expect(screen.getByText('+2.00%')).toHaveClass('bp-trend--up');
    expect(screen.getByText('\u22121.00%')).toHaveClass('bp-trend--down');
    // Rounds to 0.00%: flat, not red.
    expect(screen.getByText('0.00%')).toHaveClass('bp-trend--flat');
    expect(screen.getByText('\u2014')).toHaveClass('bp-trend--flat');
  });

  it('colours its children by the sign of the value', () => {
    render(<Trend value={-1}>Sell</Trend>);
    expect(screen.getByText('Sell')).toHaveClass('bp-trend--down');
  });
});

describe('DataTable rows, figures and footer', () => {
  type Row = { symbol: string; cost: number };
  const columns: Column<Row>[] = [
    { key: 'symbol', header: 'Symbol', rowHeader: true, cell: (row) => row.symbol },
    { key: 'name', header: 'Name', hideNarrow: true, cell: () => 'Company' },
    { key: 'cost', header: 'Cost', numeric: true, cell: (row) => `$${row.cost}` },
  ];

  it('heads each row by its symbol, right-aligns figures and sums up in a footer', () => {
    render(
      <DataTable
        caption="Planned allocation"
        columns={columns}
        rows={[
          { symbol: 'AAPL', cost: 10 },
          { symbol: 'MSFT', cost: 20 },
        ]}
        rowKey={(row) => row.symbol}
        footer={[{ key: 'total', label: 'Invested', cells: { cost: '$30' } }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Planned allocation' });
    expect(within(table).getByRole('rowheader', { name: 'AAPL' })).toBeInTheDocument();
    expect(within(table).getByText('$20')).toHaveClass('bp-table__end', 'bp-table__num');
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveClass('bp-table__wide');
    const total = within(table).getByRole('rowheader', { name: 'Invested' }).closest('tr') as HTMLElement;
    expect(within(total).getByText('$30')).toHaveClass('bp-table__num');
  });
});

describe('Chips', () => {
  it('is a named list of the names', () => {
    render(<Chips label="Teams" items={['Bulls', 'Bears']} />);
    const list = screen.getByRole('list', { name: 'Teams' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bulls', 'Bears']);
  });
});
