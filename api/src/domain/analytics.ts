import { roundRatio } from './money';

// API.md "Results that measure skill": risk and skill measures over a player's portfolio history and the benchmark,
// on the same ticks. Pure arithmetic; ratios are fractions like every return of the API (-0.12 is −12 %).

/** Below this many tick-to-tick returns, Sharpe and beta say nothing (API.md: null below 10 ticks). */
export const MIN_RETURNS = 10;
const SECONDS_PER_YEAR = 365 * 86_400;

/**
 * How many ticks make a simulated year: the market runs MARKET_TIME_SCALE simulated seconds per real second, so a tick
 * of `secondsPerTick` real seconds is `secondsPerTick × timeScale` of market time.
 */
function periodsPerYear(secondsPerTick: number, timeScale: number): number | null {
  const simulated = secondsPerTick * timeScale;
  return simulated > 0 ? SECONDS_PER_YEAR / simulated : null;
}

/** Running sums of one series: all a mean and a sample standard deviation need, kept in O(1) per tick. */
interface RunningSums {
  n: number;
  sum: number;
  sumSq: number;
}

function sampleStdDev({ n, sum, sumSq }: RunningSums): number | null {
  if (n < 2) return null;
  const variance = (sumSq - (sum * sum) / n) / (n - 1);
  return Math.sqrt(Math.max(0, variance));
}

/** Mean excess return over its standard deviation, annualised; null below MIN_RETURNS or without variation. */
function sharpeOf(excess: RunningSums, perYear: number | null): number | null {
  if (excess.n < MIN_RETURNS || perYear === null) return null;
  const sd = sampleStdDev(excess);
  if (sd === null || sd < 1e-12) return null;
  return roundRatio((excess.sum / excess.n / sd) * Math.sqrt(perYear));
}

/** The largest fall from a running peak, ≤ 0. */
export function maxDrawdown(values: readonly number[]): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (const value of values) {
    peak = Math.max(peak, value);
    if (peak > 0) worst = Math.min(worst, value / peak - 1);
  }
  return roundRatio(worst);
}

export interface SeriesAnalytics {
  volatilityPct: number | null;
  sharpe: number | null;
  maxDrawdownPct: number;
  beta: number | null;
}

/**
 * `values`: portfolio values (cents) on the history's ticks; `benchmark`: the index's return since the start on the
 * same ticks; `secondsPerTick`: the real time between two of them.
 */
export function seriesAnalytics(
  values: readonly number[],
  benchmark: readonly number[],
  secondsPerTick: number,
  timeScale: number,
): SeriesAnalytics {
  const perYear = periodsPerYear(secondsPerTick, timeScale);
  const own: number[] = [];
  const index: number[] = [];
  const count = Math.min(values.length, benchmark.length);
  for (let i = 1; i < count; i += 1) {
    const before = values[i - 1] as number;
    if (before <= 0) continue;
    own.push((values[i] as number) / before - 1);
    index.push((1 + (benchmark[i] as number)) / (1 + (benchmark[i - 1] as number)) - 1);
  }
  const sums = (xs: readonly number[]): RunningSums => ({
    n: xs.length,
    sum: xs.reduce((a, b) => a + b, 0),
    sumSq: xs.reduce((a, b) => a + b * b, 0),
  });
  const sd = sampleStdDev(sums(own));
  const excess = own.map((r, i) => r - (index[i] as number));
  let beta: number | null = null;
  if (own.length >= MIN_RETURNS) {
    const meanOwn = own.reduce((a, b) => a + b, 0) / own.length;
    const meanIndex = index.reduce((a, b) => a + b, 0) / index.length;
    let covariance = 0;
    let variance = 0;
    for (let i = 0; i < own.length; i += 1) {
      covariance += ((own[i] as number) - meanOwn) * ((index[i] as number) - meanIndex);
      variance += ((index[i] as number) - meanIndex) ** 2;
    }
    beta = variance > 1e-18 ? roundRatio(covariance / variance) : null;
  }
  return {
    volatilityPct: sd === null || perYear === null ? null : roundRatio(sd * Math.sqrt(perYear)),
    sharpe: sharpeOf(sums(excess), perYear),
    maxDrawdownPct: maxDrawdown(values),
    beta,
  };
}

/** Long and short exposure by sector, weights of gross exposure, largest first. */
export function sectorExposure(
  holdings: readonly { sector: string; valueCents: number }[],
): { sector: string; valueCents: number; weight: number }[] {
  // Per sector: the net value (shorts count negative) and the gross exposure (shorts count as much as longs).
  const bySector = new Map<string, { net: number; gross: number }>();
  for (const h of holdings) {
    const sector = bySector.get(h.sector) ?? { net: 0, gross: 0 };
    sector.net += h.valueCents;
    sector.gross += Math.abs(h.valueCents);
    bySector.set(h.sector, sector);
  }
  const gross = holdings.reduce((sum, h) => sum + Math.abs(h.valueCents), 0);
  return [...bySector.entries()]
    .map(([sector, totals]) => ({
      sector,
      valueCents: totals.net,
      grossCents: totals.gross,
      weight: roundRatio(gross > 0 ? totals.gross / gross : 0),
    }))
    .sort((a, b) => b.grossCents - a.grossCents || a.sector.localeCompare(b.sector))
    .map(({ sector, valueCents, weight }) => ({ sector, valueCents, weight }));
}
