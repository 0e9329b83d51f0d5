import { TRADING_DAY_SECONDS } from '@bullpen/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './database';
import { benchmarkLevelsSql, benchmarkWritesSql } from './benchmark';
import { skillStatsAssignments } from './skill-stats';

/** About this many portfolio-history points per participant over a whole contest, whatever its length. */
const HISTORY_POINTS = 240;

/**
 * At most about this many players' history points (and skill stats) in one tick: contests that started together come
 * due together, and 100,000 players' points at once would take one tick past its budget. The contests due longest are
 * written first, each whole; the rest wait a tick or a few (their points a few seconds later, never dropped), except a
 * contest's final point, written at its end whatever the count.
 */
export const HISTORY_PLAYERS_PER_TICK = 25_000;

/** A point at most every (duration / 240) of contest `c`: history stays bounded however many ticks a contest lasts. */
const historyInterval = sql`GREATEST((EXTRACT(EPOCH FROM (c.ends_at - c.starts_at)) / ${HISTORY_POINTS}) * interval '1 second', interval '0 second')`;

/**
 * Settings for the tick's transaction, before its valuation. The valuation hashes every live participant's positions:
 * room for 100,000 of them in memory. No JIT: PostgreSQL's estimates for the valuation's joins of CTEs run to millions
 * of rows, above the costs at which it compiles the statement, and at 100,000 participants the compilation alone
 * took 4.4-4.7 s of a 7-8 s statement whose work took 2.5 s.
 */
export async function prepareTickTransaction(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

/** Participants of live contests, as counted by their contests. */
export async function liveParticipantsCount(executor: Executor): Promise<number> {
  const [live] = await queryRows<{ n: string | number | null }>(
    executor,
    sql`SELECT COALESCE(SUM(participants_count), 0) AS n FROM contests WHERE phase = 'active' AND cancelled_at IS NULL`,
  );
  return Number(live?.n ?? 0);
}

/** A top 3 shared by more players than this (everyone tied at the start) is no one's news: not reported. */
const PODIUM_MAX = 10;

/** Fresh planner statistics for the tables the tick's valuation reads. */
export async function analyzeValuationTables(executor: Executor): Promise<void> {
  await executor.execute(sql`ANALYZE contests, participants, positions`);
}

/**
 * Values and ranks every participant of every live contest, and writes the portfolio-history point of each live
 * contest whose point is due (every (duration / 240), and at its end) with its players' skill stats, all in one
 * set-based statement: a player's row is written once a tick, with its stats when a point is due. RANK() is the
 * ranking rule of domain/ranking.ts (ties share the better rank); values are compared in cents, so ties are exact.
 * Returns how many participants were valued; `podium`, when given, receives each live contest's top 3 as ranked here
 * (notifications tell who entered or left it), read from the ranked rows in the same statement rather than by another
 * scan of every participant. A contest whose top 3 more than PODIUM_MAX players share (ties) is left out.
 */
export async function valueLiveContests(
  tx: Executor,
  now: Date,
  timeScale: number,
  /** A series whose first point is at or before this instant spans a trading day (MarketSession.tradingDayStartedBy). */
  tradingDayFrom: Date = new Date(now.getTime() - (TRADING_DAY_SECONDS.always / timeScale) * 1000),
  podium?: { contestId: string; userId: string }[],
  historyPlayersPerTick: number = HISTORY_PLAYERS_PER_TICK,
): Promise<number> {
  // Most ticks write no point: those run the valuation alone, without the points' joins and columns.
  const [due] = await queryRows<{ due: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM contests c WHERE c.phase = 'active' AND c.cancelled_at IS NULL AND ${pointDue(now)}
        ) AS due`,
  );
  const [counted] = await queryRows<{ n: string | number; podium: [string, string][] | string | null }>(
    tx,
    valuationSql(now, timeScale, tradingDayFrom, due?.due === true, historyPlayersPerTick),
  );
  if (podium) {
    const rows = typeof counted?.podium === 'string' ? JSON.parse(counted.podium) : (counted?.podium ?? []);
    for (const [contestId, userId] of rows as [string, string][]) podium.push({ contestId, userId });
  }
  return Number(counted?.n ?? 0);
}

/**
 * A contest `c`'s point is due: the interval has passed, or the contest ends at this tick (its last point: only
 * upcoming contests can be cancelled, so every contest that completes is live at its final tick).
 */
function pointDue(now: Date): SQL {
  const at = sql`${now}::timestamptz`;
  return sql`(c.history_at IS NULL OR c.history_at + ${historyInterval} <= ${at} OR c.ends_at <= ${at})`;
}

/**
 * The valuation statement of valueLiveContests, on its own so its plan can be read (EXPLAIN); with `withPoints`, it
 * also writes the points that are due and their skill stats.
 */
function valuationSql(
  now: Date,
  timeScale: number,
  tradingDayFrom: Date,
  withPoints: boolean,
  historyPlayersPerTick: number,
): SQL {
  const at = sql`${now}::timestamptz`;
  const pointCtes = sql`, due AS (
        SELECT id, previous, first_at, fresh FROM (
          SELECT c.id, c.benchmark_level AS previous, c.history_first_at AS first_at,
                 -- A point due twice at one instant (the clock ran twice at it) is stored and counted in the stats once.
                 (c.history_at IS NULL OR c.history_at < ${at}) AS fresh,
                 c.ends_at <= ${at} AS final, c.participants_count AS players,
                 SUM(c.participants_count) OVER (
                   ORDER BY c.history_at + ${historyInterval} NULLS FIRST, c.id
                   ROWS UNBOUNDED PRECEDING) AS through
          FROM contests c JOIN live ON live.id = c.id
          WHERE ${pointDue(now)}
        ) d
        -- Longest due first, while the players before it are fewer than the tick's share; final points always.
        WHERE d.final OR d.through - d.players < ${historyPlayersPerTick}
      ), levels AS (${benchmarkLevelsSql(sql`due`, now)}
      ), point AS (
        -- The level is 1 at a first point by definition; later, null when no base was kept (then 1 for the stats).
        SELECT due.id AS contest_id, due.fresh, due.previous, COALESCE(levels.level, 1) AS level,
               CASE WHEN due.first_at IS NULL THEN 1 ELSE levels.level END AS known_level,
               COALESCE(due.first_at, ${at}) AS first_at,
               EXTRACT(EPOCH FROM (${at} - COALESCE(due.first_at, ${at})))::float8 AS seconds,
               COALESCE(due.first_at, ${at}) <= ${tradingDayFrom}::timestamptz AS day_spanned
        FROM due LEFT JOIN levels ON levels.first_at = due.first_at
      )`;
  const ranked = sql`SELECT valued.*, RANK() OVER (PARTITION BY contest_id ORDER BY value_cents DESC) AS rank FROM valued`;
  // The players of contests at a fresh point are written apart, with their skill stats: joined to the few hundred
  // points (hashed), they are the only rows that carry the points' terms and compute the stats. Joined to every ranked
  // row and computed in every row's update, the terms cost a point tick about 200 ms at 100,000 players however few
  // of them were due.
  const atPoint = sql`, at_point AS (
        SELECT r.participant_id, r.value_cents, r.starting_cash_cents, r.rank,
               point.level, point.previous, point.seconds, point.day_spanned
        FROM ranked r JOIN point ON point.contest_id = r.contest_id
        WHERE point.fresh
      ), written_at_point AS (
        UPDATE participants AS p
        SET value_cents = at_point.value_cents,
            return_pct = at_point.value_cents::float8 / at_point.starting_cash_cents - 1,
            rank = at_point.rank,
            ${skillStatsAssignments(
              sql`at_point.value_cents`,
              {
                level: sql`at_point.level`,
                previous: sql`at_point.previous`,
                seconds: sql`at_point.seconds`,
                daySpanned: sql`at_point.day_spanned`,
              },
              sql`at_point.value_cents IS NOT NULL`,
              timeScale,
            )}
        FROM at_point
        WHERE p.id = at_point.participant_id
        RETURNING 1
      )`;
  const pointWrites = sql`, points AS (
        INSERT INTO portfolio_history (participant_id, t, value_cents)
        SELECT participant_id, ${at}, value_cents FROM at_point WHERE value_cents IS NOT NULL
        -- In key order: each insert descends the index next to the last one (a quarter less time than in rank order).
        ORDER BY participant_id
        RETURNING 1
      ), marked AS (
        UPDATE contests AS c
        SET history_at = ${at},
            benchmark_level = CASE WHEN point.fresh THEN point.level ELSE c.benchmark_level END,
            history_first_at = CASE WHEN point.fresh THEN point.first_at ELSE c.history_first_at END
        FROM point WHERE c.id = point.contest_id
        RETURNING 1
      )${benchmarkWritesSql(at)}`;
  // Sums in float8, not numeric (what SUM(bigint) returns): exact for integers below 2^53 cents, and several
  // times faster to add, sort and rank. Only changed rows are written, and none of the written columns is indexed,
  // so PostgreSQL updates them in place (HOT) in the room the table's fillfactor leaves.
  return sql`
      WITH live AS (
        SELECT id, starting_cash_cents FROM contests WHERE phase = 'active' AND cancelled_at IS NULL
      )${withPoints ? pointCtes : sql``}, held AS (
        -- The live contests as a semi-join: hashed on the few hundred contests, not on every position (a join hashed
        -- the 210,000 positions of 100,000 players whenever the contests' estimate ran high).
        SELECT pos.contest_id, pos.user_id, SUM((pos.quantity * e.price_cents)::float8) AS cents
        FROM positions pos JOIN equities e ON e.symbol = pos.symbol
        WHERE pos.contest_id IN (SELECT id FROM live)
        GROUP BY pos.contest_id, pos.user_id
      ), valued AS (
        SELECT p.contest_id, p.user_id, p.id AS participant_id, (p.cash_cents + COALESCE(held.cents, 0))::bigint AS value_cents,
               live.starting_cash_cents
        FROM participants p JOIN live ON live.id = p.contest_id
        LEFT JOIN held ON held.contest_id = p.contest_id AND held.user_id = p.user_id
      ), ranked AS (
        ${ranked}
      ), written AS (
        UPDATE participants AS p
        SET value_cents = ranked.value_cents,
            return_pct = ranked.value_cents::float8 / ranked.starting_cash_cents - 1,
            rank = ranked.rank
        FROM ranked
        WHERE p.id = ranked.participant_id
          AND (p.value_cents IS DISTINCT FROM ranked.value_cents OR p.rank IS DISTINCT FROM ranked.rank)${
            withPoints ? sql` AND ranked.contest_id NOT IN (SELECT contest_id FROM point WHERE fresh)` : sql``
          }
        RETURNING 1
      )${withPoints ? sql`${atPoint}${pointWrites}` : sql``}
      SELECT (SELECT COUNT(*) FROM valued) AS n, (SELECT COUNT(*) FROM written) AS w,
        (SELECT json_agg(json_build_array(r.contest_id, r.user_id)) FROM ranked r
         WHERE r.rank <= 3 AND r.contest_id IN (
           SELECT contest_id FROM ranked WHERE rank <= 3 GROUP BY contest_id HAVING COUNT(*) <= ${PODIUM_MAX})) AS podium`;
}
