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
  // The equal-weight index's level now against the prices of the contest's first point (1 at that point), once per
  // distinct first point, by primary-key lookups of price_history (symbol, t).
  const contestsDue = await queryRows<{ id: string; previous: number | string | null; first_at: Date | string | null }>(
    tx,
    sql`SELECT c.id, c.benchmark_level AS previous, c.history_first_at AS first_at FROM contests c
        -- A point written twice in one tick (a contest's last point, when it was due anyway) counts once.
        WHERE c.id IN (${ids}) AND (c.history_at IS NULL OR c.history_at < ${now})`,
  );
  if (contestsDue.length === 0) return;
  const firsts = [...new Set(contestsDue.flatMap((c) => (c.first_at ? [new Date(c.first_at).toISOString()] : [])))];
  const levelAt = new Map<string, number>();
  for (const first of firsts) {
    const [row] = await queryRows<{ level: number | string | null }>(
      tx,
      sql`SELECT AVG(later.price_cents::float8 / base.price_cents) AS level
          FROM equities e
          JOIN price_history base ON base.symbol = e.symbol AND base.t = ${new Date(first)}::timestamptz
          JOIN price_history later ON later.symbol = e.symbol AND later.t = ${now}::timestamptz
          WHERE base.price_cents > 0`,
    );
    levelAt.set(first, row?.level === null || row?.level === undefined ? 1 : Number(row.level));
  }
  const values = sql.join(
    contestsDue.map((c) => {
      const first = c.first_at ? new Date(c.first_at) : now;
      const level = c.first_at ? (levelAt.get(first.toISOString()) ?? 1) : 1;
      const previous = c.previous === null ? null : Number(c.previous);
      const seconds = (now.getTime() - first.getTime()) / 1000;
      return sql`(${c.id}::text, ${level}::float8, ${previous}::float8, ${first}::timestamptz, ${seconds}::float8)`;
    }),
    sql`, `,
  );
  // One pass over the contests' participants, each row updated from its own columns (SET sees the values before the
  // update, so the new sums are spelled out where Sharpe needs them).
  // A nested loop of the contests' values over the participants (the planner's pick for a VALUES list) scans the
  // table once per contest: 500 contests of 200 players took 39 s instead of well under one. A hash join reads it once.
  await tx.execute(sql`SET LOCAL enable_nestloop = off`);
  const counts = sql`(p.stat_prev_value_cents > 0 AND v.previous IS NOT NULL)`;
  const excess = sql`(CASE WHEN ${counts} THEN (p.value_cents::float8 / p.stat_prev_value_cents - 1) - (v.level / v.previous - 1) ELSE 0 END)`;
  const n = sql`(p.stat_n + CASE WHEN ${counts} THEN 1 ELSE 0 END)`;
  const total = sql`(p.stat_sum + ${excess})`;
  const squares = sql`(p.stat_sum_sq + ${excess} * ${excess})`;
  const sd = sql`sqrt(GREATEST(0, (${squares} - ${total} * ${total} / ${n}) / GREATEST(${n} - 1, 1)))`;
  const peak = sql`GREATEST(COALESCE(p.stat_peak_cents, p.value_cents), p.value_cents)`;
  await tx.execute(sql`
    UPDATE participants AS p
    SET stat_n = ${n}, stat_sum = ${total}, stat_sum_sq = ${squares},
        stat_prev_value_cents = p.value_cents,
        stat_peak_cents = ${peak},
        max_drawdown_pct = CASE WHEN ${peak} > 0 THEN LEAST(p.max_drawdown_pct, p.value_cents::float8 / ${peak} - 1)
                                ELSE p.max_drawdown_pct END,
        sharpe = CASE
          -- Separate branches: CASE tries them in order, so the sums are never divided by a count of 0.
          WHEN ${n} < ${MIN_RETURNS} THEN NULL
          WHEN v.seconds <= 0 THEN NULL
          WHEN ${sd} < 1e-12 THEN NULL
          ELSE (${total} / ${n}) / ${sd} * sqrt(${SECONDS_PER_YEAR}::float8 / ((v.seconds / ${n}) * ${timeScale}::float8))
        END
    FROM (VALUES ${values}) AS v(contest_id, level, previous, first_at, seconds)
    WHERE p.contest_id = v.contest_id AND p.value_cents IS NOT NULL`);
  await tx.execute(sql`SET LOCAL enable_nestloop = on`);
  await tx.execute(sql`
    UPDATE contests AS c SET benchmark_level = v.level, history_first_at = v.first_at
    FROM (VALUES ${values}) AS v(id, level, previous, first_at, seconds) WHERE c.id = v.id`);
}
