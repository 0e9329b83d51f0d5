import '../ui/ui.css';
import './analytics.css';
import { ApiError, errorMessage } from '@bullpen/shared';
import type { Analytics } from '@bullpen/contract';
import { type ReactNode, useId } from 'react';
import { formatMoney, formatPercent } from '../format/format';
import { Button } from '../ui/button';
import { Trend } from '../ui/trend';
import {
  ANALYTICS_TIPS,
  formatCommissions,
  formatRatio,
  formatTurnover,
  formatVolatility,
  formatVsMarket,
  NEEDS_TRADING_DAY,
  sectorBars,
} from './analytics-figures';
import { MetricTip } from './metric-tip';
import { useAnalytics } from './use-analytics';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A figure the API cannot give yet (less than a trading day of prices), said with its reason. */
const Pending = () => <span className="bp-analytics__pending">{NEEDS_TRADING_DAY}</span>;

function Figure({ term, tip, children, note }: { term: string; tip: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="bp-analytics__figure">
      <dt>
        <MetricTip term={term} tip={tip} />
      </dt>
      <dd>
        <span className="bp-analytics__value">{children}</span>
        {note ? <small className="bp-analytics__note">{note}</small> : null}
      </dd>
    </div>
  );
}

/** Long and short exposure by sector as horizontal bars: length is the share of gross exposure, colour and word the side. */
export function SectorExposure({ sectors }: { sectors: Analytics['sectors'] }) {
  const titleId = useId();
  const bars = sectorBars(sectors);
  return (
    <figure className="bp-analytics__sectors" aria-labelledby={titleId}>
      <figcaption id={titleId} className="bp-analytics__subtitle">
        Sector exposure
      </figcaption>
      {bars.length === 0 ? (
        <p className="bp-analytics__empty">No positions: everything is in cash.</p>
      ) : (
        <ul className="bp-analytics__bars">
          {bars.map((bar) => (
            <li key={bar.sector} className={`bp-analytics__bar bp-analytics__bar--${bar.side}`}>
              <span className="bp-analytics__bar-label">{bar.sector}</span>
              <span className="bp-analytics__bar-track" aria-hidden="true">
                <span
                  className="bp-analytics__bar-fill"
                  style={{ width: `${Math.max(0, Math.min(1, bar.weight)) * 100}%` }}
                />
              </span>
              <span className="bp-analytics__bar-figure">
                {bar.side === 'short' ? 'Short' : 'Long'} {formatPercent(bar.weight, { signed: false, digits: 1 })}
                <span className="visually-hidden"> of gross exposure, {formatMoney(Math.abs(bar.value))}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The figures of one player's analytics. */
export function AnalyticsFigures({ analytics }: { analytics: Analytics }) {
  const sharpe = formatRatio(analytics.sharpe);
  const beta = formatRatio(analytics.beta);
  const volatility = formatVolatility(analytics.volatilityPct);
  return (
    <>
      <dl className="bp-analytics__figures">
        <Figure
          term="Return vs market"
          tip={ANALYTICS_TIPS.return}
          note={
            <>
              Market {formatPercent(analytics.benchmarkReturnPct)} ·{' '}
              {formatVsMarket(analytics.returnPct, analytics.benchmarkReturnPct)}
            </>
          }
        >
          <Trend value={analytics.returnPct} />
        </Figure>
        <Figure term="Sharpe ratio" tip={ANALYTICS_TIPS.sharpe}>
          {sharpe ?? <Pending />}
        </Figure>
        <Figure term="Max drawdown" tip={ANALYTICS_TIPS.drawdown}>
          {formatPercent(analytics.maxDrawdownPct)}
        </Figure>
        <Figure term="Beta" tip={ANALYTICS_TIPS.beta}>
          {beta ?? <Pending />}
        </Figure>
        <Figure term="Alpha" tip={ANALYTICS_TIPS.alpha}>
          {analytics.alphaPct === null ? <Pending /> : <Trend value={analytics.alphaPct} />}
        </Figure>
        <Figure term="Volatility" tip={ANALYTICS_TIPS.volatility}>
          {volatility ?? <Pending />}
        </Figure>
        <Figure term="Commissions paid" tip={ANALYTICS_TIPS.commissions}>
          {formatCommissions(analytics.commissions)}
        </Figure>
        <Figure term="Turnover" tip={ANALYTICS_TIPS.turnover} note="of starting cash">
          {formatTurnover(analytics.turnover)}
        </Figure>
      </dl>
      <SectorExposure sectors={analytics.sectors} />
    </>
  );
}

/**
 * One player's skill figures (API.md "Results that measure skill") in a compact panel, with its loading, refused (a
 * live contest shows only the caller's own), failed and early ("needs a trading day") states. Used by the live screen
 * (mine, re-read with the board) and the results screen (mine, and another player's beside it).
 */
export function AnalyticsPanel({
  contestId,
  userId,
  title,
  refreshOn,
  final = false,
}: {
  contestId: string;
  userId: string;
  /** "Your analytics", "ACE's analytics". */
  title: string;
  /** A live board's `asOf`: the figures are read again when it changes. */
  refreshOn?: string;
  /** A completed contest: the figures never change. */
  final?: boolean;
}) {
  const headingId = useId();
  const { data, error, mutate, isValidating } = useAnalytics(contestId, userId, { refreshOn, final });
  let body: ReactNode;
  if (error && !data) {
    body =
      error instanceof ApiError && error.statusCode === 403 ? (
        <p className="bp-analytics__empty">
          While a contest is live, each player sees only their own analytics; everyone’s open up when it ends.
        </p>
      ) : (
        <div role="alert" className="bp-analytics__error">
          <p>The analytics could not be loaded: {errorMessage(error)}</p>
          <Button size="small" onClick={() => void mutate()} loading={isValidating} loadingText="Retrying…">
            Try again
          </Button>
        </div>
      );
  } else if (!data) {
    body = (
      <p className="bp-analytics__empty" role="status">
        Loading analytics…
      </p>
    );
  } else {
    body = <AnalyticsFigures analytics={data.analytics} />;
  }
  return (
    <section className="bp-analytics" aria-labelledby={headingId}>
      <div className="bp-analytics__head">
        <h3 id={headingId} className="bp-analytics__title">
          {title}
        </h3>
        {data ? (
          <small className="bp-analytics__as-of">
            as of <time dateTime={data.analytics.asOf}>{timeOf(data.analytics.asOf)}</time>
          </small>
        ) : null}
      </div>
      {body}
    </section>
  );
}
