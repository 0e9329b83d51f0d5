import type { AllocationPlan, Equity } from '@bullpen/contract';
import { formatMoney, formatNumber } from '@bullpen/shared/format';
import { Card, type Column, DataTable, Trend } from '@bullpen/shared/ui';
import { PriceSource } from '../../contests';

type Row = AllocationPlan['rows'][number];

export function AllocationTable({
  allocation,
  equities,
  startingCash,
}: {
  allocation: AllocationPlan;
  equities: ReadonlyMap<string, Equity>;
  startingCash: number;
}) {
  const columns: Column<Row>[] = [
    { key: 'symbol', header: 'Symbol', rowHeader: true, cell: (row) => row.symbol },
    {
      key: 'name',
      header: 'Name',
      hideNarrow: true,
      className: 'bp-muted',
      cell: (row) => equities.get(row.symbol)?.name ?? '',
    },
    { key: 'price', header: 'Price', numeric: true, cell: (row) => formatMoney(row.price) },
    {
      key: 'today',
      header: 'Today',
      numeric: true,
      hideNarrow: true,
      cell: (row) => {
        const equity = equities.get(row.symbol);
        return equity ? <Trend value={equity.changePct} /> : '—';
      },
    },
    { key: 'shares', header: 'Shares', numeric: true, cell: (row) => formatNumber(row.shares) },
    { key: 'cost', header: 'Cost', numeric: true, cell: (row) => formatMoney(row.cost) },
  ];
  return (
    <Card title="Planned allocation" actions={<PriceSource />}>
      <div className="bp-stack">
        <p className="bp-muted bp-small">
          {allocation.cappedAtPct === null ? (
            <>
              {formatMoney(startingCash)} split equally ({formatMoney(allocation.rows[0]?.budget ?? 0)} per pick), whole
              shares at today’s price.
            </>
          ) : (
            <>
              The {allocation.cappedAtPct}% position cap holds each pick to{' '}
              {formatMoney(allocation.rows[0]?.budget ?? 0)} of your {formatMoney(startingCash)}, whole shares at
              today’s price; the rest stays as cash to trade with.
            </>
          )}{' '}
          The real purchase happens at the start price, so the numbers may move a little.
        </p>
        <DataTable
          caption="Planned allocation"
          hideCaption
          columns={columns}
          rows={allocation.rows}
          rowKey={(row) => row.symbol}
          footer={[
            {
              key: 'invested',
              label: 'Invested',
              cells: { cost: <span data-testid="invested">{formatMoney(allocation.invested)}</span> },
            },
            {
              key: 'cash',
              label: 'Cash left',
              cells: { cost: <span data-testid="cash-left">{formatMoney(allocation.cash)}</span> },
            },
          ]}
        />
      </div>
    </Card>
  );
}
