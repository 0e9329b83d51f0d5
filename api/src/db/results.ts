import type { BenchmarkPoint, LiveContest, PickReturn, RankedValuePoint, Standing } from '@bullpen/contract';
import { inArray, sql } from 'drizzle-orm';
import { roundRatio, toDollars } from '../domain/money';
import { contestView } from './contests';
import { levelFromBases } from './benchmark';
import { actionFactorsCte } from './corporate-actions';
import { type Executor, queryRows } from './database';
import { contests } from './schema';

// API.md "Results and insight": reads over what the contest clock stored (price history, portfolio history, standings).

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The ticks of a contest's portfolio history. Every participant gets a point on the same ticks (the clock writes one
 * row per participant per recorded tick), so one participant's points name them all; that participant is looked up
 * through the primary key rather than by scanning every player's history.
 */
function historyTicks(contestId: string) {
  return sql`SELECT h.t FROM portfolio_history h
    WHERE h.participant_id = (SELECT p.id FROM participants p WHERE p.contest_id = ${contestId} ORDER BY p.user_id LIMIT 1)`;
}

/**
 * DESIGN §6: an equal-weight index of the whole universe on the ticks of the contest's portfolio history, as a return
 * since the first of them (the start tick, whose prices bought everyone's picks): mean over symbols of p(t) / p(start) − 1,
 * with p(t) split-adjusted and its dividends reinvested (db/corporate-actions.ts), as the clock stored it at each
 * point (db/benchmark.ts). `liveTick`: a live contest's history also ends on its last tick (see the portfolio-history
 * route), so does this: that level is worked out from the contest's base, at the prices of that tick.
 */
export async function benchmarkPoints(
  executor: Executor,
  contestId: string,
  liveTick: Date | null = null,
): Promise<BenchmarkPoint[]> {
  const series = await benchmarkSeries(executor, contestId, liveTick);
  return series.map((point) => ({ t: point.t, returnPct: roundRatio(point.returnPct) }));
}

/** The benchmark unrounded, for the arithmetic of analytics. */
export async function benchmarkSeries(
  executor: Executor,
  contestId: string,
  liveTick: Date | null = null,
): Promise<BenchmarkPoint[]> {
  const live = liveTick
    ? sql`
    UNION ALL
    SELECT ${liveTick}::timestamptz AS t,
      ${levelFromBases(sql`COALESCE(ph.price_cents, e.price_cents)`, sql`${liveTick}::timestamptz`)} - 1 AS r
    FROM first JOIN benchmark_bases b ON b.first_at = first.first_at
    JOIN equities e ON e.symbol = b.symbol
    -- The tick's own price where one was stored at its time (the simulator's), else the last one known.
    LEFT JOIN price_history ph ON ph.symbol = b.symbol AND ph.t = ${liveTick}::timestamptz
    WHERE ${liveTick}::timestamptz NOT IN (SELECT t FROM ticks)
    HAVING COUNT(*) > 0`
    : sql``;
  const rows = await queryRows<{ t: Date | string; r: number | string }>(
    executor,
    sql`
    WITH ticks AS (${historyTicks(contestId)}),
    first AS (
      SELECT COALESCE(c.history_first_at, (SELECT min(t) FROM ticks)) AS first_at FROM contests c WHERE c.id = ${contestId}
    ),
    ${actionFactorsCte}
    SELECT l.t, l.level - 1 AS r FROM benchmark_levels l JOIN first ON l.first_at = first.first_at
    WHERE l.t IN (SELECT t FROM ticks)${live}
    ORDER BY t`,
  );
  return rows.map((row) => ({ t: iso(row.t), returnPct: Number(row.r) }));
}

/** A player's value on every recorded tick with their rank among all players on that tick (RANK(): ties share the better). */
export async function rankedHistory(
  executor: Executor,
  contestId: string,
  userId: string,
): Promise<RankedValuePoint[]> {
  const rows = await queryRows<{ t: Date | string; value_cents: number | string; rank: number | string }>(
    executor,
    sql`
    SELECT t, value_cents, rank FROM (
      SELECT p.user_id, h.t, h.value_cents, RANK() OVER (PARTITION BY h.t ORDER BY h.value_cents DESC) AS rank
      FROM participants p JOIN portfolio_history h ON h.participant_id = p.id
      WHERE p.contest_id = ${contestId}
    ) ranked
    WHERE user_id = ${userId}
    ORDER BY t
    LIMIT 5000`,
  );
  return rows.map((row) => ({ t: iso(row.t), value: toDollars(Number(row.value_cents)), rank: Number(row.rank) }));
}

/** Prices (cents) of these symbols at one stored tick; a symbol without a price on that tick takes its last one before. */
export async function pricesAt(executor: Executor, symbols: readonly string[], at: Date): Promise<Map<string, number>> {
  if (symbols.length === 0) return new Map();
  const rows = await queryRows<{ symbol: string; price_cents: number | string }>(
    executor,
    sql`
    SELECT s.symbol, last.price_cents FROM (VALUES ${sql.join(
      symbols.map((symbol) => sql`(${symbol})`),
      sql`, `,
    )}) AS s(symbol)
    CROSS JOIN LATERAL (
      SELECT ph.price_cents FROM price_history ph WHERE ph.symbol = s.symbol AND ph.t <= ${at} ORDER BY ph.t DESC LIMIT 1
    ) last`,
  );
  return new Map(rows.map((row) => [row.symbol, Number(row.price_cents)]));
}

/** The first tick of a contest's portfolio history: the start tick. */
export async function firstHistoryTick(executor: Executor, contestId: string): Promise<Date | null> {
  const [row] = await queryRows<{ t: Date | string | null }>(
    executor,
    sql`SELECT min(t) AS t FROM (${historyTicks(contestId)}) ticks`,
  );
  return row?.t ? new Date(row.t) : null;
}

/** How each pick's price moved from the start tick to the final one. */
export function pickReturns(
  picks: readonly string[],
  start: ReadonlyMap<string, number>,
  end: ReadonlyMap<string, number>,
): PickReturn[] {
  return picks.flatMap((symbol) => {
    const from = start.get(symbol);
    const to = end.get(symbol);
    if (!from || to === undefined) return [];
    return [{ symbol, startPrice: toDollars(from), endPrice: toDollars(to), returnPct: roundRatio(to / from - 1) }];
  });
}

/** Public live contests, most players first (then the soonest to end), at most 50, each with its leader. */
export async function listLivePublic(executor: Executor, viewerId: string): Promise<LiveContest[]> {
  const rows = await queryRows<{
    id: string;
    creator_ticker: string | null;
    joined: boolean;
    leader_user_id: string | null;
    leader_ticker: string | null;
    leader_rank: number | null;
    leader_affiliation: string | null;
    leader_value_cents: number | string | null;
    leader_return_pct: number | null;
    leader_sharpe: number | string | null;
    leader_max_drawdown_pct: number | string | null;
  }>(
    executor,
    sql`
    SELECT c.id, u.ticker AS creator_ticker,
      EXISTS (SELECT 1 FROM participants me WHERE me.contest_id = c.id AND me.user_id = ${viewerId}) AS joined,
      l.user_id AS leader_user_id, l.ticker AS leader_ticker, l.rank AS leader_rank, l.affiliation AS leader_affiliation,
      l.value_cents AS leader_value_cents, l.return_pct AS leader_return_pct,
      l.sharpe AS leader_sharpe, l.max_drawdown_pct AS leader_max_drawdown_pct
    FROM contests c
    JOIN users u ON u.id = c.created_by
    LEFT JOIN LATERAL (
      SELECT p.user_id, lu.ticker, p.rank, p.affiliation, p.value_cents, p.return_pct, p.sharpe, p.max_drawdown_pct
      FROM participants p
      JOIN users lu ON lu.id = p.user_id
      WHERE p.contest_id = c.id AND p.rank IS NOT NULL AND p.value_cents IS NOT NULL
      ORDER BY p.rank, p.joined_at, p.user_id LIMIT 1
    ) l ON true
    WHERE c.phase = 'active' AND c.cancelled_at IS NULL AND c.visibility = 'public'
    ORDER BY c.participants_count DESC, c.ends_at, c.id
    LIMIT 50`,
  );
  if (rows.length === 0) return [];
  const full = await executor
    .select()
    .from(contests)
    .where(
      inArray(
        contests.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(full.map((row) => [row.id, row]));
  return rows.flatMap((row) => {
    const contest = byId.get(row.id);
    if (!contest) return [];
    const leader: Standing | null =
      row.leader_user_id === null
        ? null
        : {
            rank: Number(row.leader_rank),
            userId: row.leader_user_id,
            ticker: row.leader_ticker ?? '',
            affiliation: row.leader_affiliation,
            value: toDollars(Number(row.leader_value_cents)),
            returnPct: roundRatio(Number(row.leader_return_pct ?? 0)),
            sharpe: row.leader_sharpe === null ? null : roundRatio(Number(row.leader_sharpe)),
            maxDrawdownPct: roundRatio(Number(row.leader_max_drawdown_pct ?? 0)),
          };
    return [{ ...contestView(contest, row.creator_ticker, row.joined), leader }];
  });
}
