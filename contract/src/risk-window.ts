// API.md "Corrections found in use (fourth release)": Sharpe, volatility, beta and alpha annualise tick-to-tick
// returns, and a few minutes of ticks annualised is noise (a Sharpe of 56 after eight minutes). So they stay null until
// the points they rest on span one trading day of market time: a regular session (6.5 hours) where the market keeps
// exchange hours, a whole simulated day where it trades around the clock. One rule for the API (the analytics and the
// board's Sharpe) and the screens (what they say is needed). No zod here: the screens import it into the page.

/** The market time one trading day is, by MARKET_HOURS, in seconds. */
export const TRADING_DAY_SECONDS = { always: 24 * 3600, nyse: 6.5 * 3600 } as const;

export type MarketHoursKind = keyof typeof TRADING_DAY_SECONDS;

/** Whether `marketSeconds` of market time (simulated seconds, or seconds of open sessions) is a trading day. */
export function spansTradingDay(marketSeconds: number, hours: MarketHoursKind): boolean {
  return Number.isFinite(marketSeconds) && marketSeconds >= TRADING_DAY_SECONDS[hours];
}

/** What a risk figure shows until then, said the same way on the board and in the analytics. */
export const NEEDS_TRADING_DAY = 'Needs a trading day';
