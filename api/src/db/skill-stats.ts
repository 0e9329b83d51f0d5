import { type SQL, sql } from 'drizzle-orm';
import { MIN_RETURNS } from '../domain/analytics';

const SECONDS_PER_YEAR = 365 * 86_400;

/** What a contest's next point adds to its players' skill stats: the benchmark's level, its level at the previous
 *  point, and the seconds since the contest's first point. */
export interface PointTerms {
  level: SQL;
  previous: SQL;
  seconds: SQL;
  /** Whether the contest's points span a trading day of market time by this point (contract risk-window.ts). */
  daySpanned: SQL;
}

/**
 * The board's `sharpe` and `maxDrawdownPct` (API.md "Results that measure skill"), as `SET` assignments of an UPDATE of
 * `participants AS p` at a portfolio-history point whose value is `value`: the return since the previous point less
 * the benchmark's, added to running sums (count, sum, sum of squares), and the peak value with the worst fall from it.
 * The same series and the same arithmetic as `GET /contest/{id}/analytics/{userId}` (domain/analytics.ts), so the two
 * agree. Rows for which `when` is false keep their stats (SET sees the values before the update, so the new sums are
 * spelled out where Sharpe needs them).
 */
export function skillStatsAssignments(value: SQL, point: PointTerms, when: SQL, timeScale: number): SQL {
  const counts = sql`(p.stat_prev_value_cents > 0 AND ${point.previous} IS NOT NULL)`;
  const excess = sql`(CASE WHEN ${counts} THEN (${value}::float8 / p.stat_prev_value_cents - 1) - (${point.level} / ${point.previous} - 1) ELSE 0 END)`;
  const n = sql`(p.stat_n + CASE WHEN ${counts} THEN 1 ELSE 0 END)`;
  const total = sql`(p.stat_sum + ${excess})`;
  const squares = sql`(p.stat_sum_sq + ${excess} * ${excess})`;
  const sd = sql`sqrt(GREATEST(0, (${squares} - ${total} * ${total} / ${n}) / GREATEST(${n} - 1, 1)))`;
  const peak = sql`GREATEST(COALESCE(p.stat_peak_cents, ${value}), ${value})`;
  const kept = (column: string, next: SQL) =>
    sql`${sql.raw(column)} = CASE WHEN ${when} THEN ${next} ELSE p.${sql.raw(column)} END`;
  return sql.join(
    [
      kept('stat_n', n),
      kept('stat_sum', total),
      kept('stat_sum_sq', squares),
      kept('stat_prev_value_cents', value),
      kept('stat_peak_cents', peak),
      kept(
        'max_drawdown_pct',
        sql`CASE WHEN ${peak} > 0 THEN LEAST(p.max_drawdown_pct, ${value}::float8 / ${peak} - 1) ELSE p.max_drawdown_pct END`,
      ),
      kept(
        'sharpe',
        sql`CASE
          -- Separate branches: CASE tries them in order, so the sums are never divided by a count of 0.
          WHEN ${n} < ${MIN_RETURNS} THEN NULL
          WHEN NOT ${point.daySpanned} THEN NULL
          WHEN ${point.seconds} <= 0 THEN NULL
          WHEN ${sd} < 1e-12 THEN NULL
          ELSE (${total} / ${n}) / ${sd} * sqrt(${SECONDS_PER_YEAR}::float8 / ((${point.seconds} / ${n}) * ${timeScale}::float8))
        END`,
      ),
    ],
    sql`, `,
  );
}
