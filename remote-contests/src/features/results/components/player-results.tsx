import { formatDateTime, formatMoney, formatNumber, formatPercent, formatPoints } from '@bullpen/shared/format';
import { Button, type Column, DataTable, type DataTableProps, Facts, PageLoader, Trend } from '@bullpen/shared/ui';
import {
  type BenchmarkResponse,
  type CompletedPlayerResponse,
  type Contest,
  SIDE_TREND,
  SIDE_WORDS,
} from '@bullpen/contract';
import type { ReactNode } from 'react';
import { useCompletedPlayer } from '../api/results-api';
import { bestAndWorst, benchmarkValues, lastReturn, versusMarket } from '../lib/results-math';
import { ResultsChart } from './results-chart';

const PLAYER_COLOUR = '#5bd0b3';
const MARKET_COLOUR = '#f5c451';

type PositionRow = CompletedPlayerResponse['positions'][number];
type TradeRow = CompletedPlayerResponse['trades'][number];

/** How the player did against the market: "ahead of the market by 3.40 pts". */
function versusMarketText(returnPct: number, marketPct: number): string {
  const where = versusMarket(returnPct, marketPct);
  if (where === 'level') return 'level with the market';
  return `${where === 'ahead' ? 'ahead of' : 'behind'} the market by ${formatPoints(Math.abs(returnPct - marketPct), { signed: false })}`;
}

const pickText = (pick: { symbol: string; returnPct: number } | null | undefined): ReactNode =>
  pick ? (
    <>
      {pick.symbol} <Trend value={pick.returnPct} />
    </>
  ) : (
    '—'
  );

const POSITION_COLUMNS: Column<PositionRow>[] = [
  { key: 'symbol', header: 'Symbol', cell: (p) => p.symbol },
  { key: 'shares', header: 'Shares', numeric: true, cell: (p) => formatNumber(p.quantity) },
  { key: 'avg', header: 'Avg cost', numeric: true, hideNarrow: true, cell: (p) => formatMoney(p.avgCost) },
  { key: 'price', header: 'Final price', numeric: true, cell: (p) => formatMoney(p.price) },
  { key: 'value', header: 'Value', numeric: true, cell: (p) => formatMoney(p.value) },
  {
    key: 'pnl',
    header: 'P&L',
    numeric: true,
    hideNarrow: true,
    cell: (p) => <Trend value={p.pnlPct} />,
  },
];

const TRADE_COLUMNS: Column<TradeRow>[] = [
  { key: 'time', header: 'Time', className: 'bp-muted', cell: (trade) => formatDateTime(trade.executedAt) },
  {
    key: 'side',
    header: 'Side',
    cell: (trade) => <Trend value={SIDE_TREND[trade.side] === 'up' ? 1 : -1}>{SIDE_WORDS[trade.side]}</Trend>,
  },
  { key: 'symbol', header: 'Symbol', cell: (trade) => trade.symbol },
  { key: 'shares', header: 'Shares', numeric: true, cell: (trade) => formatNumber(trade.quantity) },
  { key: 'price', header: 'Price', numeric: true, hideNarrow: true, cell: (trade) => formatMoney(trade.price) },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    // On a phone the commission column is folded under the amount, so what a trade cost is there at every width.
    cell: (trade) => (
      <>
        {formatMoney(trade.amount)}
        {trade.commission ? (
          <span className="bp-table__narrow bp-muted">fee {formatMoney(trade.commission)}</span>
        ) : null}
      </>
    ),
  },
  {
    key: 'commission',
    header: 'Commission',
    numeric: true,
    hideNarrow: true,
    cell: (trade) => formatMoney(trade.commission ?? 0),
  },
];

/** One part of the results under its heading, named by it. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="bp-stack">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

type TableShape<Row> = Pick<DataTableProps<Row>, 'caption' | 'columns' | 'rowKey'>;

const POSITIONS_TABLE: TableShape<PositionRow> = {
  caption: 'Final positions at the final prices',
  columns: POSITION_COLUMNS,
  rowKey: (p) => p.symbol,
};

const TRADES_TABLE: TableShape<TradeRow> = {
  caption: 'Trades, newest first',
  columns: TRADE_COLUMNS,
  rowKey: (trade) => trade._id,
};

/** A part that is one table (its caption for screen readers, the heading says it), or a sentence when it is empty. */
function TablePart<Row>({
  title,
  table,
  ...data
}: { title: string; table: TableShape<Row> } & Pick<DataTableProps<Row>, 'rows' | 'empty' | 'footer'>) {
  return (
    <Part title={title}>
      <DataTable hideCaption {...table} {...data} />
    </Part>
  );
}

/** One player's finished contest: value against the market, best and worst pick, rank over time, positions, trades. */
function PlayerResultsView({
  contest,
  result,
  benchmark,
  total,
  who,
}: {
  contest: Contest;
  result: CompletedPlayerResponse;
  benchmark: BenchmarkResponse | undefined;
  total: number;
  /** "You" or the player's call sign. */
  who: string;
}) {
  const { player, positions, trades, history, pickReturns, cash } = result;
  const marketPct = benchmark ? lastReturn(benchmark.points) : null;
  const { best, worst } = bestAndWorst(pickReturns);
  const you = who === 'You';
  const invested = positions.reduce((sum, p) => sum + Math.round(p.value * 100), 0) / 100;
  const series = [
    { label: you ? 'Your value' : `${who}'s value`, color: PLAYER_COLOUR, points: history },
    ...(benchmark
      ? [
          {
            label: `${benchmark.name}, from the same ${formatMoney(contest.startingCash, { whole: true })}`,
            color: MARKET_COLOUR,
            dashed: true,
            points: benchmarkValues(benchmark.points, contest.startingCash),
          },
        ]
      : []),
  ];
  const firstRank = history[0]?.rank;
  return (
    <div className="bp-stack">
      <Facts
        label={you ? 'Your result' : `${who}'s result`}
        items={[
          {
            label: 'Final rank',
            value: `#${player.rank}`,
            note: `of ${formatNumber(total)} player${total === 1 ? '' : 's'}`,
          },
          {
            label: 'Final value',
            value: formatMoney(player.value),
            note: `${formatMoney(cash)} cash + ${formatMoney(invested)} in shares`,
          },
          { label: 'Return', value: <Trend value={player.returnPct} /> },
          {
            label: 'The market',
            value: marketPct === null ? '—' : <Trend value={marketPct} />,
            note: marketPct === null ? undefined : versusMarketText(player.returnPct, marketPct),
          },
          {
            label: 'Best pick',
            value: pickText(best),
            note: best ? `${formatMoney(best.startPrice)} → ${formatMoney(best.endPrice)}` : undefined,
          },
          {
            label: 'Worst pick',
            value: pickText(worst),
            note: worst ? `${formatMoney(worst.startPrice)} → ${formatMoney(worst.endPrice)}` : 'Only one pick',
          },
        ]}
      />

      <Part title="Value over the contest">
        <ResultsChart
          label="Value over the contest"
          series={series}
          format={formatMoney}
          summary={`${you ? 'Your' : `${who}'s`} value went from ${formatMoney(contest.startingCash, { whole: true })} to ${formatMoney(player.value)} (${formatPercent(player.returnPct)})${marketPct === null ? '' : `; the market returned ${formatPercent(marketPct)}`}.`}
        />
        {benchmark === undefined ? <p className="bp-small bp-muted">Loading the market's line…</p> : null}
      </Part>

      <Part title="Rank over the contest">
        <ResultsChart
          label="Rank over the contest"
          series={[
            {
              label: you ? 'Your rank' : `${who}'s rank`,
              color: PLAYER_COLOUR,
              points: history.map((p) => ({ t: p.t, value: p.rank })),
            },
          ]}
          format={(value) => `#${Math.round(value)}`}
          invert
          height={140}
          summary={`Rank ${firstRank === undefined ? '' : `#${firstRank} at the start, `}#${player.rank} at the end.`}
        />
      </Part>

      <TablePart
        title="Final positions"
        table={POSITIONS_TABLE}
        rows={positions}
        empty={`No shares at the end: everything was in cash (${formatMoney(cash)}).`}
        footer={[
          { key: 'cash', label: 'Cash', cells: { value: formatMoney(cash) } },
          { key: 'total', label: 'Total', cells: { value: <strong>{formatMoney(player.value)}</strong> } },
        ]}
      />

      <TablePart
        title="Trades"
        table={TRADES_TABLE}
        rows={trades}
        empty={`No trades: ${you ? 'you' : who} held the starting picks to the end.`}
      />
    </div>
  );
}

/** Reads a player's results and shows them, with loading and error states. */
export function PlayerResults({
  contest,
  userId,
  benchmark,
  total,
  who,
}: {
  contest: Contest;
  userId: string;
  benchmark: BenchmarkResponse | undefined;
  total: number;
  who: string;
}) {
  const { data, error, mutate } = useCompletedPlayer(contest._id, userId);
  if (error && !data) {
    const missing = error.statusCode === 404;
    return (
      <div role="alert" className="bp-stack">
        <p>
          {missing
            ? 'This player did not play in this contest.'
            : `These results could not be loaded: ${error.message}`}
        </p>
        {missing ? null : (
          <div>
            <Button size="small" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  }
  if (!data) return <PageLoader label="Loading results…" />;
  return <PlayerResultsView contest={contest} result={data} benchmark={benchmark} total={total} who={who} />;
}
