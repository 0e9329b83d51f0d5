import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database';
import { MIN_RETURNS } from '../domain/analytics';

const SECONDS_PER_YEAR = 365 * 86_400;

/**
 * The board's `sharpe` and `maxDrawdownPct` (API.md "Results that measure skill"), kept at each portfolio-history
 * point of the given contests, right after the point is written: per participant, the return since the previous point
 * less the benchmark's, added to running sums (count, sum, sum of squares), and the peak value with the worst fall from
 * it. One set-based statement over the contests' participants, whatever the contest's length; the same series and the
 * same arithmetic as `GET /contest/{id}/analytics/{userId}` (domain/analytics.ts), so the two agree.
 */
export async function updateSkillStats(
  tx: Executor,
  contestIds: readonly string[],
  now: Date,
  timeScale: number,
): Promise<void> {
  if (contestIds.length === 0) return;
  const ids = sql.join(
    contestIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The equal-weight index's level now, against the prices of the contest's first point (1 at that point).
  const levels = await queryRows<{
    id: string;
    level: number | string;
    previous: number | string | null;
    first_at: Date | string;
  }>(
    tx,
    sql`SELECT c.id, c.benchmark_level AS previous, COALESCE(c.history_first_at, ${now}::timestamptz) AS first_at,
          COALESCE((
            SELECT AVG(later.price_cents::float8 / first.price_cents)
            FROM price_history first JOIN price_history later ON later.symbol = first.symbol AND later.t = ${now}
            WHERE first.t = c.history_first_at AND first.price_cents > 0
          ), 1) AS level
        FROM contests c
        -- A point written twice in one tick (a contest's last point, when it was due anyway) counts once.
        WHERE c.id IN (${ids}) AND (c.history_at IS NULL OR c.history_at < ${now})`,
  );
  if (levels.length === 0) return;
  const values = sql.join(
    levels.map(
      (row) =>
        sql`(${row.id}::text, ${Number(row.level)}::float8, ${row.previous === null ? null : Number(row.previous)}::float8, ${new Date(row.first_at)}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE participants AS p
    SET stat_n = s.n, stat_sum = s.total, stat_sum_sq = s.squares,
        stat_prev_value_cents = p.value_cents,
        stat_peak_cents = s.peak,
        max_drawdown_pct = CASE WHEN s.peak > 0 THEN LEAST(p.max_drawdown_pct, p.value_cents::float8 / s.peak - 1) ELSE p.max_drawdown_pct END,
        sharpe = CASE
          WHEN s.n < ${MIN_RETURNS} OR s.seconds <= 0 THEN NULL
          WHEN sqrt(GREATEST(0, (s.squares - s.total * s.total / s.n) / (s.n - 1))) < 1e-12 THEN NULL
          ELSE (s.total / s.n) / sqrt(GREATEST(0, (s.squares - s.total * s.total / s.n) / (s.n - 1)))
               * sqrt(${SECONDS_PER_YEAR}::float8 / ((s.seconds / s.n) * ${timeScale}::float8))
        END
    FROM (
      SELECT q.contest_id, q.user_id, q.n + q.step AS n, q.total + q.excess AS total, q.squares + q.excess * q.excess AS squares,
             GREATEST(COALESCE(q.peak, q.value_cents), q.value_cents) AS peak, q.seconds
      FROM (
        SELECT p2.contest_id, p2.user_id, p2.value_cents, p2.stat_n AS n, p2.stat_sum AS total, p2.stat_sum_sq AS squares,
               p2.stat_peak_cents AS peak, EXTRACT(EPOCH FROM (${now}::timestamptz - v.first_at))::float8 AS seconds,
               CASE WHEN p2.stat_prev_value_cents > 0 AND v.previous IS NOT NULL THEN 1 ELSE 0 END AS step,
               CASE WHEN p2.stat_prev_value_cents > 0 AND v.previous IS NOT NULL
                    THEN (p2.value_cents::float8 / p2.stat_prev_value_cents - 1) - (v.level / v.previous - 1)
                    ELSE 0 END AS excess
        FROM participants p2 JOIN (VALUES ${values}) AS v(contest_id, level, previous, first_at) ON v.contest_id = p2.contest_id
        WHERE p2.value_cents IS NOT NULL
      ) q
    ) s
    WHERE p.contest_id = s.contest_id AND p.user_id = s.user_id`);
  await tx.execute(sql`
    UPDATE contests AS c SET benchmark_level = v.level, history_first_at = v.first_at
    FROM (VALUES ${values}) AS v(id, level, previous, first_at) WHERE c.id = v.id`);
}
