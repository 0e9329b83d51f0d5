import { type AnalyticsResponse, spansTradingDay } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { historyValues, tradeTotals } from '../db/analytics';
import { findParticipant } from '../db/participants';
import { loadPositions } from '../db/portfolios';
import { benchmarkSeries, pricesAt } from '../db/results';
import type { UserRow } from '../db/users';
import { sectorExposure, seriesAnalytics } from '../domain/analytics';
import { contestStatus } from '../domain/contest-status';
import { roundRatio, toDollars } from '../domain/money';
import { conflict, forbidden, notFound } from '../lib/errors';
import { isWellFormedId } from '../lib/ids';
import { UNCLASSIFIED } from '../market/market-service';
import { UNIVERSE } from '../market/universe';

const sectorOf = new Map(UNIVERSE.map((entry) => [entry.symbol, entry.sector]));

/**
 * `GET /contest/{id}/analytics/{userId}` (API.md "Results that measure skill"): computed from the stored portfolio
 * history (a bounded ~240 points) and the benchmark on the same ticks. Live: the caller's own only; completed: anyone
 * signed in may read any player's.
 */
export async function playerAnalytics(
  deps: Pick<AppDeps, 'db' | 'market' | 'config'>,
  user: UserRow,
  id: string,
  userId: string,
): Promise<AnalyticsResponse> {
  const { row } = await requireContest(deps.db, id, null);
  const status = contestStatus(row);
  if (status !== 'active' && status !== 'completed') {
    throw conflict(`The contest is ${status}; analytics start when the contest does`);
  }
  if (status === 'active' && userId !== user.id) throw forbidden('While a contest is live, only your own analytics');
  const participant = isWellFormedId(userId) ? await findParticipant(deps.db, row.id, userId) : undefined;
  if (!participant || participant.cashCents === null || participant.valueCents === null) {
    throw notFound('Player not found in this contest');
  }
  const asOf = row.standingsAsOf ?? row.startsAt;
  const history = await historyValues(deps.db, row.id, userId);
  // Between two stored points of a live contest, the return and the market's are the last tick's (the board's), so
  // the benchmark is read at that tick too.
  const live = status === 'active' && history.length > 0 && new Date(history.at(-1)?.t ?? 0) < asOf;
  const benchmark = await benchmarkSeries(deps.db, row.id, live ? asOf : null);
  const benchmarkAt = new Map(benchmark.map((point) => [point.t, point.returnPct]));
  // The risk figures are over the stored points alone, the series the clock keeps the board's Sharpe and drawdown on
  // (db/skill-stats.ts), so a player's figures and their row on the board agree at every tick. With the last tick
  // added as one more point they differed until the next point was stored, and a drawdown seen at that tick could
  // shrink again at the next.
  const points = history.filter((point) => benchmarkAt.has(point.t));
  const timeScale = deps.config.market.timeScale;
  const first = points[0];
  const last = points.at(-1);
  const secondsPerTick =
    first && last && points.length > 1 ? (Date.parse(last.t) - Date.parse(first.t)) / 1000 / (points.length - 1) : 0;
  const series = seriesAnalytics(
    points.map((point) => point.valueCents),
    points.map((point) => benchmarkAt.get(point.t) ?? 0),
    secondsPerTick,
    timeScale,
  );
  // The risk figures annualise tick-to-tick returns: until the points span a trading day of market time they say
  // nothing (contract risk-window.ts), so they are null, as the board's Sharpe is (db/skill-stats.ts).
  const marketSeconds =
    first && last ? deps.market.session.marketSecondsBetween(new Date(first.t), new Date(last.t), timeScale) : 0;
  if (!spansTradingDay(marketSeconds, deps.market.session.hours)) {
    series.volatilityPct = null;
    series.sharpe = null;
    series.beta = null;
  }
  const returnPct = roundRatio(participant.returnPct ?? 0);
  const benchmarkReturnPct = roundRatio(benchmark.at(-1)?.returnPct ?? 0);

  const held = await loadPositions(deps.db, row.id, userId);
  const symbols = held.map((p) => p.symbol);
  const prices =
    status === 'completed' ? await pricesAt(deps.db, symbols, asOf) : await deps.market.pricesOf(deps.db, symbols);
  const sectors = sectorExposure(
    held.map((p) => ({
      sector: sectorOf.get(p.symbol) ?? UNCLASSIFIED,
      valueCents: p.quantity * (prices.get(p.symbol) ?? 0),
    })),
  );
  const totals = await tradeTotals(deps.db, row.id, userId);
  return {
    analytics: {
      asOf: asOf.toISOString(),
      returnPct,
      benchmarkReturnPct,
      ...series,
      alphaPct: series.beta === null ? null : roundRatio(returnPct - series.beta * benchmarkReturnPct),
      sectors: sectors.map((s) => ({ sector: s.sector, value: toDollars(s.valueCents), weight: s.weight })),
      turnover: roundRatio(row.startingCashCents > 0 ? totals.amountCents / row.startingCashCents : 0),
      commissions: toDollars(totals.commissionCents),
    },
  };
}
