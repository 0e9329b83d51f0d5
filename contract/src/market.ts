import { EQUITY_SEARCH, SYMBOL_PATTERN } from './limits';
import { z } from './zod';

// Real markets (API.md "Fourth release: real markets"): where prices come from, the session, and finding symbols
// among thousands.

export const marketFeedSchema = z.enum(['simulated', 'massive']);
export type MarketFeed = z.infer<typeof marketFeedSchema>;

/** `GET /market/status`: the feed, its delay, and whether the market trades now. Times are ISO instants. */
export const marketStatusResponseSchema = z.object({
  feed: marketFeedSchema,
  /** "Simulated prices" or "Prices delayed 15 min · Massive". */
  label: z.string(),
  delayMinutes: z.number().int(),
  open: z.boolean(),
  /** The current (or, when closed, null) regular session; null too with MARKET_HOURS=always. */
  session: z.object({ opensAt: z.string(), closesAt: z.string() }).nullable(),
  /** When the market next opens; null while it trades around the clock. */
  nextOpenAt: z.string().nullable(),
  /** Today (in New York) is an exchange holiday: closed all day. The API always says; absent reads as false. */
  holiday: z.boolean().optional(),
  timeZone: z.literal('America/New_York'),
});
export type MarketStatusResponse = z.infer<typeof marketStatusResponseSchema>;

/** The feed as `/health` reports it. */
export const marketHealthSchema = z.object({
  asOf: z.string().nullable(),
  feed: marketFeedSchema,
  connected: z.boolean(),
  delayMinutes: z.number().int(),
  open: z.boolean(),
  /** True on an instance that is not the market worker: it holds no provider stream (`connected` false) by design. */
  standby: z.boolean().optional(),
});
export type MarketHealth = z.infer<typeof marketHealthSchema>;

export { EQUITY_SEARCH } from './limits';

/**
 * `POST /equity/get-equities`. Empty: the shipped table's symbols, as a third-release client always saw. `query`: the
 * symbols whose symbol or name starts with it (case-insensitive); `symbols`: exactly these. `limit` caps either.
 */
export const getEquitiesBodySchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(1, 'Search: at least one character')
      .max(EQUITY_SEARCH.queryMax)
      // PostgreSQL refuses NUL and no UTF-8 carries a lone surrogate: refused here rather than by the database.
      .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'Search: no control characters')
      .optional(),
    symbols: z
      .array(z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, 'Unknown symbol'))
      .max(EQUITY_SEARCH.symbolsMax)
      .optional(),
    limit: z.number().int().min(1).max(EQUITY_SEARCH.limitMax).optional(),
  })
  .refine((body) => body.query === undefined || body.symbols === undefined, {
    path: ['symbols'],
    message: 'Either a search or a list of symbols, not both',
  });
export type GetEquitiesBody = z.input<typeof getEquitiesBodySchema>;
