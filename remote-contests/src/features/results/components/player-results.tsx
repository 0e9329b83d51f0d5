import { formatNumber } from '@bullpen/shared/format';
import { PageLoader } from '@bullpen/shared/ui';
import type { BenchmarkResponse, CompletedPlayerResponse, Contest } from '@bullpen/shared/schemas';
import { Button, formatDateTime, formatMoney, formatReturn, formatWholeMoney, Trend } from '../../contests';
import { useCompletedPlayer } from '../api/results-api';
import { bestAndWorst, benchmarkValues, lastReturn, versusMarket } from '../lib/results-math';
import { ResultsChart } from './results-chart';

const PLAYER_COLOUR = '#5bd0b3';
const MARKET_COLOUR = '#f5c451';

function Insight({ label, children, note }: { label: string; children: React.ReactNode; note?: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span>{children}</span>
        {note ? <small>{note}</small> : null}
      </dd>
    </div>
  );
}

function MarketLine({ returnPct, marketPct }: { returnPct: number; marketPct: number | null }) {
  if (marketPct === null) return <>—</>;
  const where = versusMarket(returnPct, marketPct);
  const gap = Math.abs(returnPct - marketPct);
  return (
    <>
      <Trend value={marketPct}>{formatReturn(marketPct)}</Trend>{' '}
      <small>
        {where === 'level'
          ? 'level with the market'
          : `${where === 'ahead' ? 'ahead of' : 'behind'} the market by ${formatReturn(gap).replace(/^[+−]/, '')}`}
      </small>
    </>
  );
}

/** One player's finished contest: value against the market, best and worst pick, rank over time, positions, trades. */
export function PlayerResultsView({
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
            label: `${benchmark.name}, from the same ${formatWholeMoney(contest.startingCash)}`,
            color: MARKET_COLOUR,
            dashed: true,
            points: benchmarkValues(benchmark.points, contest.startingCash),
          },
        ]
      : []),
  ];
  const firstRank = history[0]?.rank;
  return (
    <div className="bpc-stack">
      <dl className="bpc-insights" aria-label={you ? 'Your result' : `${who}'s result`}>
        <Insight label="Final rank" note={`of ${formatNumber(total)} player${total === 1 ? '' : 's'}`}>
          #{player.rank}
        </Insight>
        <Insight label="Final value" note={`${formatMoney(cash)} cash + ${formatMoney(invested)} in shares`}>
          {formatMoney(player.value)}
        </Insight>
        <Insight label="Return">
          <Trend value={player.returnPct}>{formatReturn(player.returnPct)}</Trend>
        </Insight>
        <Insight label="The market">
          <MarketLine returnPct={player.returnPct} marketPct={marketPct} />
        </Insight>
        <Insight
          label="Best pick"
          note={best ? `${formatMoney(best.startPrice)} → ${formatMoney(best.endPrice)}` : undefined}
        >
          {best ? (
            <>
              {best.symbol} <Trend value={best.returnPct}>{formatReturn(best.returnPct)}</Trend>
            </>
          ) : (
            '—'
          )}
        </Insight>
        <Insight
          label="Worst pick"
          note={worst ? `${formatMoney(worst.startPrice)} → ${formatMoney(worst.endPrice)}` : 'Only one pick'}
        >
          {worst ? (
            <>
              {worst.symbol} <Trend value={worst.returnPct}>{formatReturn(worst.returnPct)}</Trend>
            </>
          ) : (
            '—'
          )}
        </Insight>
      </dl>

      <section aria-label="Value over the contest" className="bpc-stack">
        <h3 style={{ margin: 0 }}>Value over the contest</h3>
        <ResultsChart
          label="Value over the contest"
          series={series}
          format={formatMoney}
          summary={`${you ? 'Your' : `${who}'s`} value went from ${formatWholeMoney(contest.startingCash)} to ${formatMoney(player.value)} (${formatReturn(player.returnPct)})${marketPct === null ? '' : `; the market returned ${formatReturn(marketPct)}`}.`}
        />
        {benchmark === undefined ? (
          <p className="bpc-small bpc-muted" style={{ margin: 0 }}>
            Loading the market's line…
          </p>
        ) : null}
      </section>

      <section aria-label="Rank over the contest" className="bpc-stack">
        <h3 style={{ margin: 0 }}>Rank over the contest</h3>
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
      </section>

      <section aria-label="Final positions" className="bpc-stack">
        <h3 style={{ margin: 0 }}>Final positions</h3>
        {positions.length === 0 ? (
          <p className="bpc-muted" style={{ margin: 0 }}>
            No shares at the end: everything was in cash ({formatMoney(cash)}).
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="bpc-table-wrap" tabIndex={0} aria-label="Final positions, scrollable">
            <table className="bpc-table">
              <caption className="bpc-sr">Final positions at the final prices</caption>
              <thead>
                <tr>
                  <th scope="col">Symbol</th>
                  <th scope="col" className="bpc-num">
                    Shares
                  </th>
                  <th scope="col" className="bpc-num bpc-hide-narrow">
                    Avg cost
                  </th>
                  <th scope="col" className="bpc-num">
                    Final price
                  </th>
                  <th scope="col" className="bpc-num">
                    Value
                  </th>
                  <th scope="col" className="bpc-num bpc-hide-narrow">
                    P&amp;L
                  </th>
                </tr>
              </thead>
              <tbody>
                {positions.map((p) => (
                  <tr key={p.symbol}>
                    <td>{p.symbol}</td>
                    <td className="bpc-num">{formatNumber(p.quantity)}</td>
                    <td className="bpc-num bpc-hide-narrow">{formatMoney(p.avgCost)}</td>
                    <td className="bpc-num">{formatMoney(p.price)}</td>
                    <td className="bpc-num">{formatMoney(p.value)}</td>
                    <td className="bpc-num bpc-hide-narrow">
                      <Trend value={p.pnl}>{formatReturn(p.pnlPct)}</Trend>
                    </td>
                  </tr>
                ))}
                <tr>
                  <td>Cash</td>
                  <td className="bpc-num" />
                  <td className="bpc-num bpc-hide-narrow" />
                  <td className="bpc-num" />
                  <td className="bpc-num">{formatMoney(cash)}</td>
                  <td className="bpc-num bpc-hide-narrow" />
                </tr>
                <tr>
                  <th scope="row">Total</th>
                  <td className="bpc-num" />
                  <td className="bpc-num bpc-hide-narrow" />
                  <td className="bpc-num" />
                  <td className="bpc-num">
                    <strong>{formatMoney(player.value)}</strong>
                  </td>
                  <td className="bpc-num bpc-hide-narrow" />
                </tr>
              </tbody>
            </table>
          </section>
        )}
      </section>

      <section aria-label="Trades" className="bpc-stack">
        <h3 style={{ margin: 0 }}>Trades</h3>
        {trades.length === 0 ? (
          <p className="bpc-muted" style={{ margin: 0 }}>
            No trades: {you ? 'you' : who} held the starting picks to the end.
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="bpc-table-wrap" tabIndex={0} aria-label="Trades, scrollable">
            <table className="bpc-table">
              <caption className="bpc-sr">Trades, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Side</th>
                  <th scope="col">Symbol</th>
                  <th scope="col" className="bpc-num">
                    Shares
                  </th>
                  <th scope="col" className="bpc-num bpc-hide-narrow">
                    Price
                  </th>
                  <th scope="col" className="bpc-num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {trades.map((trade) => (
                  <tr key={trade._id}>
                    <td className="bpc-muted">{formatDateTime(trade.executedAt)}</td>
                    <td className={trade.side === 'buy' ? 'bpc-tone-gain' : 'bpc-tone-loss'}>
                      {trade.side === 'buy' ? 'Buy' : 'Sell'}
                    </td>
                    <td>{trade.symbol}</td>
                    <td className="bpc-num">{formatNumber(trade.quantity)}</td>
                    <td className="bpc-num bpc-hide-narrow">{formatMoney(trade.price)}</td>
                    <td className="bpc-num">{formatMoney(trade.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
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
      <div role="alert" className="bpc-stack">
        <p style={{ margin: 0 }}>
          {missing
            ? 'This player did not play in this contest.'
            : `These results could not be loaded: ${error.message}`}
        </p>
        {missing ? null : (
          <div>
            <Button small onClick={() => void mutate()}>
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
