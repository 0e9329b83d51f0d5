import { contestSchema, positionSchema, standingSchema, tradeSchema } from './models';
import { z } from './zod';

// API.md "Results and insight": the benchmark, the public live contests, and any player's completed contest.

/** One point of the benchmark: its return since the contest's start, on a tick of the contest's portfolio history. */
export const benchmarkPointSchema = z.object({ t: z.string(), returnPct: z.number() });
export type BenchmarkPoint = z.infer<typeof benchmarkPointSchema>;

/** `GET /contest/{id}/benchmark`: an equal-weight index of the whole equity universe since the contest's start. */
export const benchmarkResponseSchema = z.object({ name: z.string(), points: z.array(benchmarkPointSchema) });
export type BenchmarkResponse = z.infer<typeof benchmarkResponseSchema>;

/** The benchmark's name, as the API sends it. */
export const BENCHMARK_NAME = 'Equal-weight index of the whole universe';

export const liveContestSchema = contestSchema.extend({ leader: standingSchema.nullable() });
export type LiveContest = z.infer<typeof liveContestSchema>;

/** `GET /contest/live-public`: public live contests, most players first, at most 50. */
export const livePublicResponseSchema = z.object({ contests: z.array(liveContestSchema) });
export type LivePublicResponse = z.infer<typeof livePublicResponseSchema>;

/** A value point of a player's history with the player's rank on that tick (ties share the better rank). */
export const rankedValuePointSchema = z.object({ t: z.string(), value: z.number(), rank: z.number().int() });
export type RankedValuePoint = z.infer<typeof rankedValuePointSchema>;

/** How one pick's price moved over the whole contest, whatever the player did with it. */
export const pickReturnSchema = z.object({
  symbol: z.string(),
  startPrice: z.number(),
  endPrice: z.number(),
  returnPct: z.number(),
});
export type PickReturn = z.infer<typeof pickReturnSchema>;

/**
 * `GET /contest/completed/{id}/players/{userId}`: one player's final portfolio (valued at the final prices, so it adds up
 * to the board's value to the cent), every trade (newest first), and value and rank over the contest.
 */
export const completedPlayerResponseSchema = z.object({
  player: standingSchema,
  picks: z.array(z.string()),
  cash: z.number(),
  positions: z.array(positionSchema),
  trades: z.array(tradeSchema),
  history: z.array(rankedValuePointSchema),
  pickReturns: z.array(pickReturnSchema),
});
export type CompletedPlayerResponse = z.infer<typeof completedPlayerResponseSchema>;

/** API.md "Results that measure skill". Ratios are fractions like every return of the API (−0.12 is −12 %). */
export const analyticsSchema = z.object({
  asOf: z.string(),
  returnPct: z.number(),
  benchmarkReturnPct: z.number(),
  volatilityPct: z.number().nullable(),
  sharpe: z.number().nullable(),
  maxDrawdownPct: z.number(),
  beta: z.number().nullable(),
  alphaPct: z.number().nullable(),
  sectors: z.array(z.object({ sector: z.string(), value: z.number(), weight: z.number() })),
  turnover: z.number(),
  commissions: z.number(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** `GET /contest/{id}/analytics/{userId}`: live, the caller's own; completed, any player's. */
export const analyticsResponseSchema = z.object({ analytics: analyticsSchema });
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
