import { z } from './zod';

// The objects the API returns (API.md "Types"). The TypeScript types are inferred from these schemas,
// so the server's serialisation and the client's expectations cannot drift apart.

export const contestStatusSchema = z.enum(['upcoming', 'active', 'completed', 'cancelled']);
export type ContestStatus = z.infer<typeof contestStatusSchema>;

export const visibilitySchema = z.enum(['public', 'private']);
export type Visibility = z.infer<typeof visibilitySchema>;

/** API.md "Contest rules": what a contest's creator chose; public, like the rest of the contest. */
export const contestRulesSchema = z.object({
  shortSelling: z.boolean(),
  /** Dollars: every trade costs perTrade + perShare × quantity, rounded to cents. */
  commission: z.object({ perTrade: z.number(), perShare: z.number() }),
  /** Percent of the portfolio's value one position may reach by a buy or a short; null: no cap. */
  maxPositionPct: z.number().nullable(),
});
export type ContestRules = z.infer<typeof contestRulesSchema>;

/** Today's game: long only, no commission, no cap. A contest created without rules has these. */
export const DEFAULT_CONTEST_RULES: ContestRules = {
  shortSelling: false,
  commission: { perTrade: 0, perShare: 0 },
  maxPositionPct: null,
};

/** A contest's rules, or the defaults for a payload from a server that had none. */
export const rulesOf = (contest: { rules?: ContestRules | undefined }): ContestRules =>
  contest.rules ?? DEFAULT_CONTEST_RULES;

export const contestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: contestStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  picksCount: z.number().int(),
  startingCash: z.number(),
  maxParticipants: z.number().int(),
  visibility: visibilitySchema,
  affiliations: z.array(z.string()),
  isTeamCollaboration: z.boolean(),
  createdBy: z.object({ _id: z.string(), ticker: z.string() }),
  participantsCount: z.number().int(),
  /** Always sent by the server; optional so payloads and fixtures of the second release still parse. */
  rules: contestRulesSchema.optional(),
  joined: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contest = z.infer<typeof contestSchema>;

export const contestWithResultSchema = contestSchema.extend({
  rank: z.number().int().nullable(),
  returnPct: z.number().nullable(),
});
export type ContestWithResult = z.infer<typeof contestWithResultSchema>;

export const equitySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  exchange: z.string(),
  price: z.number(),
  previousClose: z.number(),
  change: z.number(),
  changePct: z.number(),
  updatedAt: z.string(),
  /** The price's own time (a delayed feed's prices are minutes old). Absent from servers before real markets. */
  asOf: z.string().optional(),
  /** No new price for 5 minutes of an open session: the price shown is not the market's. */
  stale: z.boolean().optional(),
});
export type Equity = z.infer<typeof equitySchema>;

export const positionSchema = z.object({
  symbol: z.string(),
  quantity: z.number().int(),
  avgCost: z.number(),
  price: z.number(),
  value: z.number(),
  pnl: z.number(),
  pnlPct: z.number(),
  /** Shares held by open sell orders (API.md "Conditional orders"): they cannot be sold by another order. */
  reservedQuantity: z.number().int(),
});
export type Position = z.infer<typeof positionSchema>;

export const portfolioSchema = z.object({
  cash: z.number(),
  /** The part of `cash` held by open buy orders: it cannot be spent by another order. `cash` and `value` include it. */
  reservedCash: z.number(),
  positions: z.array(positionSchema),
  value: z.number(),
  returnPct: z.number(),
  /** cash − 1.5 × Σ |short value| (API.md "Short selling"): what a buy or a short may spend. Always sent. */
  buyingPower: z.number().optional(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** `short` sells shares not held, `cover` buys them back: only in contests whose rules allow short selling. */
export const tradeSideSchema = z.enum(['buy', 'sell', 'short', 'cover']);
export type TradeSide = z.infer<typeof tradeSideSchema>;

/**
 * `gtc` (the default): good until `expiresAt` or the contest's end. `day`: also ends with the session it was placed in
 * (or, placed while closed, the next one). With MARKET_HOURS=always there is no session: a day order lasts as a gtc one.
 */
export const timeInForceSchema = z.enum(['day', 'gtc'], "Time in force: 'day' or 'gtc'");
export type TimeInForce = z.infer<typeof timeInForceSchema>;

export const tradeSchema = z.object({
  _id: z.string(),
  contestId: z.string(),
  symbol: z.string(),
  side: tradeSideSchema,
  quantity: z.number().int(),
  price: z.number(),
  amount: z.number(),
  executedAt: z.string(),
  /** The conditional order this trade filled; null for a market order. */
  orderId: z.string().nullable(),
  /** Dollars paid for this trade under the contest's commission rule (`amount` stays quantity × price). Always sent. */
  commission: z.number().optional(),
  /** Why the server traded for the player ('margin call'); null for the player's own trades. Always sent. */
  reason: z.string().nullable().optional(),
});
export type Trade = z.infer<typeof tradeSchema>;

/**
 * A split or cash dividend applied to one of the player's holdings (API.md "Corporate actions"). `ratio`: new shares per
 * old (4 for a 4-for-1 split, 0.1 for 1-for-10), null for a dividend; `perShare`: the dividend per share in dollars,
 * null for a split; `cash`: dollars paid to the player (a fraction of a share, or the dividend), negative when the
 * player paid (a short).
 */
export const corporateActionEntrySchema = z.object({
  type: z.enum(['split', 'dividend']),
  symbol: z.string(),
  /** The execution date (split) or ex-dividend date (dividend), YYYY-MM-DD in New York. */
  date: z.string(),
  ratio: z.number().nullable(),
  perShare: z.number().nullable(),
  quantityBefore: z.number().int(),
  quantityAfter: z.number().int(),
  cash: z.number(),
});
export type CorporateActionEntry = z.infer<typeof corporateActionEntrySchema>;

export const contestUserSchema = z.object({
  contestId: z.string(),
  userId: z.string(),
  joined: z.boolean(),
  picks: z.array(z.string()),
  affiliation: z.string().nullable(),
  joinedAt: z.string().nullable(),
  portfolio: portfolioSchema.nullable(),
  rank: z.number().int().nullable(),
  /** Newest first, at most TRADES_SHOWN of them; `tradesTotal` says how many there are in all. */
  trades: z.array(tradeSchema),
  tradesTotal: z.number().int(),
  /** Splits and dividends applied to the player's holdings, newest first (none with the simulator). Always sent. */
  actions: z.array(corporateActionEntrySchema).optional(),
});
export type ContestUser = z.infer<typeof contestUserSchema>;

export const standingSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  ticker: z.string(),
  affiliation: z.string().nullable(),
  value: z.number(),
  returnPct: z.number(),
  /** Kept with the board each tick (API.md "Results that measure skill"); null below 10 ticks. Always sent. */
  sharpe: z.number().nullable().optional(),
  /** The largest fall from a peak of value so far, ≤ 0. Always sent. */
  maxDrawdownPct: z.number().optional(),
});
export type Standing = z.infer<typeof standingSchema>;

export const teamStandingSchema = z.object({
  rank: z.number().int(),
  affiliation: z.string(),
  members: z.number().int(),
  returnPct: z.number(),
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

export const userStatusSchema = z.enum(['not-initialized', 'active', 'suspended']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userSchema = z.object({
  status: userStatusSchema,
  _id: z.string(),
  ticker: z.string().nullable(),
  role: userRoleSchema,
});
export type User = z.infer<typeof userSchema>;

export const userProfileSchema = z.object({
  userId: z.string(),
  ticker: z.string(),
  displayName: z.string(),
  bio: z.string(),
  createdAt: z.string(),
  stats: z.object({
    contestsJoined: z.number().int(),
    contestsCompleted: z.number().int(),
    wins: z.number().int(),
    bestReturnPct: z.number().nullable(),
    averageReturnPct: z.number().nullable(),
  }),
  recentContests: z.array(
    z.object({
      contestId: z.string(),
      name: z.string(),
      status: contestStatusSchema,
      rank: z.number().int().nullable(),
      returnPct: z.number().nullable(),
    }),
  ),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const pricePointSchema = z.object({ t: z.string(), price: z.number() });
export type PricePoint = z.infer<typeof pricePointSchema>;

export const valuePointSchema = z.object({ t: z.string(), value: z.number() });
export type ValuePoint = z.infer<typeof valuePointSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every non-2xx answer of the API has this body. */
export const errorBodySchema = z.object({ errMessage: z.string(), errors: z.array(fieldErrorSchema) });
export type ErrorBody = z.infer<typeof errorBodySchema>;
