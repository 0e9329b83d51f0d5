import { type SQL, sql } from 'drizzle-orm';
import { actionAdjustment, actionFactorsCte } from './corporate-actions';
import type { Executor } from './database';

// The benchmark (API.md: the return of an equal-weight index of the whole universe since the contest's start) as the
// clock keeps it: the universe's prices at each first portfolio-history point (the base), and the level at every
// point after it (mean over symbols of the adjusted price over its base). Read from these tables, the benchmark route
// costs one row per point, and a real feed (which stamps each price at its own time, never at a tick's) is measured
// as the simulator is.

/**
 * The level at `now` of each distinct first point of the contests in `due` (a query with columns `first_at`), from
 * their bases and the current prices, split-adjusted with dividends reinvested (db/corporate-actions.ts). Rows:
 * `first_at`, `level` (null when no base was kept).
 */
export function benchmarkLevelsSql(due: SQL, now: Date): SQL {
  return sql`
    WITH ${actionFactorsCte}
    SELECT f.first_at, ${levelFromBases(sql`e.price_cents`, sql`${now}::timestamptz`)} AS level
    FROM (SELECT DISTINCT first_at FROM ${due} AS d WHERE first_at IS NOT NULL) f
    JOIN benchmark_bases b ON b.first_at = f.first_at
    JOIN equities e ON e.symbol = b.symbol
    GROUP BY f.first_at`;
}

/**
 * The level at `at` of the bases `b` (benchmark_bases rows of one first point) at prices `price`: the mean over symbols
 * of the price, adjusted for the actions since the first point (action_factors must be in scope), over its base.
 */
export function levelFromBases(price: SQL, at: SQL): SQL {
  return sql`AVG(${price}::float8 * ${actionAdjustment(sql`b.symbol`, sql`b.first_at`, at)} / b.price_cents)`;
}

/**
 * Data-modifying CTEs (each after a comma) that keep the benchmark at a tick `at` whose points are `point` (a CTE
 * with `fresh`, `first_at` and `known_level`): the universe's current prices as the base of a first point, and each
 * fresh point's level.
 */
export function benchmarkWritesSql(at: SQL): SQL {
  return sql`, based AS (
        INSERT INTO benchmark_bases (first_at, symbol, price_cents)
        SELECT ${at}, e.symbol, e.price_cents FROM equities e
        WHERE e.price_cents > 0 AND EXISTS (SELECT 1 FROM point WHERE point.fresh AND point.first_at = ${at})
        ON CONFLICT DO NOTHING
        RETURNING 1
      ), leveled AS (
        INSERT INTO benchmark_levels (first_at, t, level)
        SELECT DISTINCT point.first_at, ${at}, point.known_level FROM point
        WHERE point.fresh AND point.known_level IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING 1
      )`;
}

/** The bases no live contest rests on any more (their levels stay: a completed contest's benchmark is read from them). */
export async function forgetBenchmarkBases(executor: Executor): Promise<void> {
  await executor.execute(sql`
    DELETE FROM benchmark_bases b
    WHERE NOT EXISTS (
      SELECT 1 FROM contests c
      WHERE c.history_first_at = b.first_at AND c.phase = 'active' AND c.cancelled_at IS NULL)`);
}
