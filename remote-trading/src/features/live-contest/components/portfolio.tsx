import {
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPoints,
  formatShortDateTime,
  percentTrend,
  roundHalfAway,
  trend,
} from '@bullpen/shared/format';
import { type Portfolio, type Position, SIDE_TREND, SIDE_WORDS, type Trade } from '@bullpen/contract';
import { Badge, type Column, Countdown, DataTable, Stat, StatGroup } from '@bullpen/shared/ui';
import '@bullpen/shared/ui/parts.css';

/** Where my return stands against the market's, compared on what the screen shows (two decimals of percent). */
function marketStanding(returnPct: number, marketPct: number): 'ahead' | 'behind' | 'level' {
  const mine = shownPercent(returnPct);
  const market = shownPercent(marketPct);
  return mine > market ? 'ahead' : mine < market ? 'behind' : 'level';
}

/** A return as the screen rounds it, in percent (formatPercent's two decimals). */
const shownPercent = (fraction: number) => roundHalfAway(fraction * 100, 2);

const STANDING = {
  ahead: { words: 'Ahead of the market by', trend: 'up' },
  behind: { words: 'Behind the market by', trend: 'down' },
  level: { words: 'Level with the market', trend: 'flat' },
} as const;

/** Both returns and the gap between them, each named: a gap alone, or the market's figure alone, misleads. */
function VersusMarket({ returnPct, marketPct }: { returnPct: number; marketPct: number }) {
  const standingKey = marketStanding(returnPct, marketPct);
  const standing = STANDING[standingKey];
  // The gap as the screen shows it: the difference of the two rounded figures, so the three numbers add up.
  const gap = Math.abs(shownPercent(returnPct) - shownPercent(marketPct)) / 100;
  return (
    <span className="bp-stat__words">
      <span className={`bp-trend--${standing.trend}`}>
        {standingKey === 'level' ? standing.words : `${standing.words} ${formatPoints(gap, { signed: false })}`}
      </span>
      <br />
      {/* Each figure stays whole on a narrow card: the line breaks at the dot. */}
      <small className="bp-muted">
        <span className="bp-num">You {formatPercent(returnPct)}</span> ·{' '}
        <span className="bp-num">Market {formatPercent(marketPct)}</span>
      </small>
    </span>
  );
}

export function PortfolioSummary({
  portfolio,
  rank,
  endsAt,
  marketPct,
}: {
  portfolio: Portfolio;
  rank: number | null;
  endsAt: string;
  /** The benchmark's return so far (undefined: not shown; null: not known yet). */
  marketPct?: number | null;
}) {
  return (
    <StatGroup label="My summary">
      <Stat label="Value" value={formatMoney(portfolio.value)} />
      <Stat label="Return" value={formatPercent(portfolio.returnPct)} trend={percentTrend(portfolio.returnPct)} />
      <Stat label="Cash" value={formatMoney(portfolio.cash)} />
      {portfolio.buyingPower === undefined ? null : (
        <Stat label="Buying power" value={formatMoney(portfolio.buyingPower)} />
      )}
      <Stat label="Rank" value={rank === null ? '—' : `#${rank}`} />
      <Stat label="Time left" value={<Countdown to={endsAt} />} />
      {marketPct === undefined ? null : (
        <Stat
          label="vs the market"
          value={
            marketPct === null ? (
              <span className="bp-muted">—</span>
            ) : (
              <VersusMarket returnPct={portfolio.returnPct} marketPct={marketPct} />
            )
          }
        />
      )}
    </StatGroup>
  );
}

export function PositionsTable({ portfolio, onSelect }: { portfolio: Portfolio; onSelect?: (symbol: string) => void }) {
  const columns: Column<Position>[] = [
    {
      key: 'symbol',
      header: 'Symbol',
      // A short is named as such: its negative share count alone is easy to misread.
      cell: (position) => (
        <>
          {onSelect ? (
            <button type="button" className="bp-link" onClick={() => onSelect(position.symbol)}>
              {position.symbol}
            </button>
          ) : (
            position.symbol
          )}
          {position.quantity < 0 ? (
            <>
              {' '}
              <Badge tone="warning">Short</Badge>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'shares',
      header: 'Shares',
      align: 'end',
      className: 'bp-table__num',
      cell: (position) => position.quantity,
    },
    {
      key: 'avg',
      header: 'Avg cost',
      align: 'end',
      className: 'bp-table__num',
      hideNarrow: true,
      cell: (position) => formatMoney(position.avgCost),
    },
    { key: 'price', header: 'Price', align: 'end', className: 'bp-table__num', cell: (p) => formatMoney(p.price) },
    {
      key: 'value',
      header: 'Value',
      align: 'end',
      className: 'bp-table__num',
      hideNarrow: true,
      cell: (position) => formatMoney(position.value),
    },
    {
      key: 'pnl',
      header: 'P&L',
      align: 'end',
      className: 'bp-table__num',
      // The percentage under its amount: the column stays narrow enough for a half-width card at 1280 px. The sign is
      // the server's: a short gains when the price falls below what it was sold at.
      cell: (position) => (
        <span className={`bp-trend--${trend(position.pnl)}`}>
          {signedMoney(position.pnl)} <small className="bp-table__sub">({formatPercent(position.pnlPct)})</small>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="My positions"
      hideCaption
      columns={columns}
      rows={portfolio.positions}
      rowKey={(position) => position.symbol}
      empty="No positions: everything is in cash."
    />
  );
}

/** "+$12.00", "−$3.50", "$0.00": a gain or a loss reads as one without its colour. */
function signedMoney(value: number): string {
  if (value > 0) return `+${formatMoney(value)}`;
  if (value < 0) return `−${formatMoney(-value)}`;
  return formatMoney(0);
}

/** Why the server traded for the player, in the screen's words ('margin call' → "Margin call"). */
const reasonWords = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

const TRADE_COLUMNS: Column<Trade>[] = [
  {
    key: 'time',
    header: 'Time',
    className: 'bp-muted',
    // On a phone the full date, time and zone took four lines a row: the short form there.
    cell: (trade) => (
      <>
        <span className="bp-table__narrow">{formatShortDateTime(trade.executedAt)}</span>
        <span className="bp-table__wide">{formatDateTime(trade.executedAt)}</span>
      </>
    ),
  },
  {
    key: 'side',
    header: 'Side',
    cell: (trade) => (
      <>
        <span className={`bp-trend--${SIDE_TREND[trade.side]}`}>{SIDE_WORDS[trade.side]}</span>
        {trade.reason ? (
          <>
            {' '}
            <Badge tone="danger">{reasonWords(trade.reason)}</Badge>
          </>
        ) : null}
      </>
    ),
  },
  { key: 'symbol', header: 'Symbol', cell: (trade) => trade.symbol },
  { key: 'shares', header: 'Shares', align: 'end', className: 'bp-table__num', cell: (trade) => trade.quantity },
  {
    key: 'price',
    header: 'Price',
    align: 'end',
    className: 'bp-table__num',
    // The amount says it on a phone (shares × price).
    hideNarrow: true,
    cell: (t) => formatMoney(t.price),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    className: 'bp-table__num',
    // On a phone the commission column is folded under the amount, so what a trade cost is there at every width.
    cell: (t) => (
      <>
        {formatMoney(t.amount)}
        {t.commission ? <span className="bp-table__narrow bp-muted">fee {formatMoney(t.commission)}</span> : null}
      </>
    ),
  },
  {
    key: 'commission',
    header: 'Commission',
    align: 'end',
    className: 'bp-table__num',
    hideNarrow: true,
    cell: (t) => formatMoney(t.commission ?? 0),
  },
];

export function TradeHistory({ trades }: { trades: Trade[] }) {
  return (
    <DataTable
      caption="Trade history"
      hideCaption
      columns={TRADE_COLUMNS}
      rows={trades}
      rowKey={(trade) => trade._id}
      empty="No trades yet."
    />
  );
}
