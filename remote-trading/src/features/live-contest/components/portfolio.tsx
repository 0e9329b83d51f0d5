import { formatCountdown, formatDateTime, formatMoney, formatPercent, trend } from '@bullpen/shared/format';
import type { Portfolio, Trade } from '@bullpen/shared/schemas';
import { useEffect, useState } from 'react';

function useNow(intervalMs = 1_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function TimeRemaining({ endsAt }: { endsAt: string }) {
  const now = useNow();
  return <span className="lc-num">{formatCountdown(endsAt, now)}</span>;
}

/** Where my return stands against the market's, compared on what the screen shows (two decimals of percent). */
export function marketStanding(returnPct: number, marketPct: number): 'ahead' | 'behind' | 'level' {
  const mine = Math.round(returnPct * 10_000);
  const market = Math.round(marketPct * 10_000);
  return mine > market ? 'ahead' : mine < market ? 'behind' : 'level';
}

function VersusMarket({ returnPct, marketPct }: { returnPct: number; marketPct: number }) {
  const standing = marketStanding(returnPct, marketPct);
  const words =
    standing === 'ahead'
      ? 'Ahead of the market'
      : standing === 'behind'
        ? 'Behind the market'
        : 'Level with the market';
  return (
    <span
      className={`lc-${standing === 'ahead' ? 'up' : standing === 'behind' ? 'down' : 'flat'}`}
      style={{ fontSize: '1rem' }}
    >
      {words} <small className="lc-muted lc-num">({formatPercent(marketPct)})</small>
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
  const items = [
    { label: 'Value', value: <span className="lc-num">{formatMoney(portfolio.value)}</span> },
    {
      label: 'Return',
      value: <span className={`lc-num lc-${trend(portfolio.returnPct)}`}>{formatPercent(portfolio.returnPct)}</span>,
    },
    { label: 'Cash', value: <span className="lc-num">{formatMoney(portfolio.cash)}</span> },
    { label: 'Rank', value: <span className="lc-num">{rank === null ? '—' : `#${rank}`}</span> },
    { label: 'Time left', value: <TimeRemaining endsAt={endsAt} /> },
    ...(marketPct === undefined
      ? []
      : [
          {
            label: 'vs the market',
            value:
              marketPct === null ? (
                <span className="lc-muted">—</span>
              ) : (
                <VersusMarket returnPct={portfolio.returnPct} marketPct={marketPct} />
              ),
          },
        ]),
  ];
  return (
    <dl className="lc-stats" aria-label="My summary">
      {items.map((item) => (
        <div key={item.label} className="lc-stat">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PositionsTable({ portfolio, onSelect }: { portfolio: Portfolio; onSelect?: (symbol: string) => void }) {
  if (portfolio.positions.length === 0) return <p className="lc-muted">No positions: everything is in cash.</p>;
  return (
    <table className="lc-table">
      <caption className="visually-hidden">My positions</caption>
      <thead>
        <tr>
          <th scope="col">Symbol</th>
          <th scope="col" className="lc-right">
            Shares
          </th>
          <th scope="col" className="lc-right lc-hide-small">
            Avg cost
          </th>
          <th scope="col" className="lc-right">
            Price
          </th>
          <th scope="col" className="lc-right lc-hide-small">
            Value
          </th>
          <th scope="col" className="lc-right">
            P&amp;L
          </th>
        </tr>
      </thead>
      <tbody>
        {portfolio.positions.map((position) => (
          <tr key={position.symbol}>
            <td>
              {onSelect ? (
                <button type="button" className="lc-link" onClick={() => onSelect(position.symbol)}>
                  {position.symbol}
                </button>
              ) : (
                position.symbol
              )}
            </td>
            <td className="lc-right lc-num">{position.quantity}</td>
            <td className="lc-right lc-num lc-hide-small">{formatMoney(position.avgCost)}</td>
            <td className="lc-right lc-num">{formatMoney(position.price)}</td>
            <td className="lc-right lc-num lc-hide-small">{formatMoney(position.value)}</td>
            <td className={`lc-right lc-num lc-${trend(position.pnl)}`}>
              {formatMoney(position.pnl)} <small className="lc-pnl-pct">({formatPercent(position.pnlPct)})</small>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TradeHistory({ trades }: { trades: Trade[] }) {
  if (trades.length === 0) return <p className="lc-muted">No trades yet.</p>;
  // On narrow screens the table scrolls sideways; nothing in it takes the focus, so the scroller does, or keyboard
  // users could not scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="lc-scroll" aria-label="Trade history, scrollable" tabIndex={0}>
      <table className="lc-table">
        <caption className="visually-hidden">Trade history</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Side</th>
            <th scope="col">Symbol</th>
            <th scope="col" className="lc-right">
              Shares
            </th>
            <th scope="col" className="lc-right">
              Price
            </th>
            <th scope="col" className="lc-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={trade._id}>
              <td className="lc-muted">{formatDateTime(trade.executedAt)}</td>
              <td className={trade.side === 'buy' ? 'lc-up' : 'lc-down'}>{trade.side === 'buy' ? 'Buy' : 'Sell'}</td>
              <td>{trade.symbol}</td>
              <td className="lc-right lc-num">{trade.quantity}</td>
              <td className="lc-right lc-num">{formatMoney(trade.price)}</td>
              <td className="lc-right lc-num">{formatMoney(trade.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
