import { marketHealthSchema } from './market';
import { z } from './zod';
import {
  contestSchema,
  contestUserSchema,
  contestWithResultSchema,
  equitySchema,
  portfolioSchema,
  pricePointSchema,
  standingSchema,
  teamStandingSchema,
  tradeSchema,
  userProfileSchema,
  userSchema,
  valuePointSchema,
} from './models';

// The 200 envelopes of API.md, one per call.

/**
 * `market` (additive, DESIGN §6): where the prices come from and `timeScale`, MARKET_TIME_SCALE: simulated seconds per
 * real second; above 1 the UI says that time is compressed. Absent means real time.
 */
export const marketInfoSchema = z.object({ label: z.string(), timeScale: z.number() });
export type MarketInfo = z.infer<typeof marketInfoSchema>;

export const equitiesResponseSchema = z.object({
  equities: z.array(equitySchema),
  market: marketInfoSchema.optional(),
});
export type EquitiesResponse = z.infer<typeof equitiesResponseSchema>;

export const contestDataResponseSchema = z.object({ data: contestSchema });
export type ContestDataResponse = z.infer<typeof contestDataResponseSchema>;

export const getContestResponseSchema = z.object({ contest: contestSchema });
export type GetContestResponse = z.infer<typeof getContestResponseSchema>;

/**
 * `GET /contest/upcoming`. Without a cursor, `contests` holds every upcoming contest the caller created or joined
 * (public or private, whatever others create) and the first page of the public ones open to them, soonest first; with
 * a cursor, the next page of those public ones only. `total` counts the public ones open to the caller (each creator's
 * soonest LIMITS.publicListingPerCreator), `nextCursor` is null on the last page.
 */
export const upcomingContestsResponseSchema = z.object({
  contests: z.array(contestSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type UpcomingContestsResponse = z.infer<typeof upcomingContestsResponseSchema>;

export const contestResultsResponseSchema = z.object({ contests: z.array(contestWithResultSchema) });
export type ContestResultsResponse = z.infer<typeof contestResultsResponseSchema>;

/**
 * API.md "Bounded boards": `standings` holds the top BOARD_TOP_ROWS rows plus the caller's own row when it is outside
 * them; `total` counts the rows of the whole board (page through it with `standingsPage`).
 */
export const contestBoardResponseSchema = z.object({
  contest: contestSchema,
  standings: z.array(standingSchema),
  teams: z.array(teamStandingSchema),
  total: z.number().int(),
  asOf: z.string(),
});
export type ContestBoardResponse = z.infer<typeof contestBoardResponseSchema>;

/** `GET /contest/{id}/standings`: one page of the board; `offset` is where the page starts (useful with `around=me`). */
export const standingsPageResponseSchema = z.object({
  standings: z.array(standingSchema),
  total: z.number().int(),
  offset: z.number().int(),
  asOf: z.string(),
});
export type StandingsPageResponse = z.infer<typeof standingsPageResponseSchema>;

export const contestUserResponseSchema = z.object({ data: contestUserSchema });
export type ContestUserResponse = z.infer<typeof contestUserResponseSchema>;

export const tradeResponseSchema = z.object({ data: z.object({ trade: tradeSchema, portfolio: portfolioSchema }) });
export type TradeResponse = z.infer<typeof tradeResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const userProfileResponseSchema = z.object({ userProfile: userProfileSchema });
export type UserProfileResponse = z.infer<typeof userProfileResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  market: marketHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const equityHistoryResponseSchema = z.object({ symbol: z.string(), points: z.array(pricePointSchema) });
export type EquityHistoryResponse = z.infer<typeof equityHistoryResponseSchema>;

export const portfolioHistoryResponseSchema = z.object({ points: z.array(valuePointSchema) });
export type PortfolioHistoryResponse = z.infer<typeof portfolioHistoryResponseSchema>;

/** Payloads of the Server-Sent Events stream `/contest/active/{id}/events`. */
export const standingsEventSchema = z.object({
  contestId: z.string(),
  /** The same bounded board as the contest's board response: top rows plus the receiving caller's own row. */
  standings: z.array(standingSchema),
  teams: z.array(teamStandingSchema),
  total: z.number().int(),
  asOf: z.string(),
});
export type StandingsEvent = z.infer<typeof standingsEventSchema>;

/**
 * The `standings` event for a client that asks for it with `?rows=compact` (board-rows.ts): the same bounded board,
 * each row a `CompactStandingRow`. About half the bytes of `standingsEventSchema`'s rows.
 */
export const compactStandingsEventSchema = z.object({
  contestId: z.string(),
  rows: z.array(
    z.tuple([
      z.number().int(),
      z.string(),
      z.string(),
      z.string().nullable(),
      z.number().int(),
      z.number().int(),
      z.number().int().nullable(),
      z.number().int(),
    ]),
  ),
  teams: z.array(teamStandingSchema),
  total: z.number().int(),
  asOf: z.string(),
});
export type CompactStandingsEvent = z.infer<typeof compactStandingsEventSchema>;

export const pricesEventSchema = z.object({
  prices: z.array(z.object({ symbol: z.string(), price: z.number(), changePct: z.number() })),
  asOf: z.string(),
});
export type PricesEvent = z.infer<typeof pricesEventSchema>;
