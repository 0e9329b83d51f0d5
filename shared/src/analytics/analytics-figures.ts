import type { Analytics } from '@bullpen/contract';
import { formatMoney, formatPercent, formatPoints } from '../format/format';

/** What a figure means, in one line: the panel's tooltips. */
export const ANALYTICS_TIPS = {
  return: 'Your return over the contest, beside the market: an equal-weight index of the stocks over the same time.',
  sharpe: 'Return above the market per unit of risk, annualised: higher is better, above 1 is good.',
  drawdown: 'The largest fall of the portfolio’s value from a peak to a later low.',
  beta: 'How much the portfolio moves with the market: 1 moves with it, below 1 is calmer, above 1 bolder.',
  alpha: 'The return the market does not explain: the return minus beta times the market’s return.',
  volatility: 'How much the portfolio’s value swings from tick to tick, annualised: lower is steadier.',
  commissions: 'What the trades cost in commission under this contest’s rules.',
  turnover: 'How much was traded: the total amount of all trades divided by the starting cash.',
} as const;

/** Until the contest has a trading day of prices (and 10 ticks), the risk figures would be noise annualised: the
 *  panel says what they wait for instead of a bare dash. */
export { NEEDS_TRADING_DAY } from '@bullpen/contract/risk-window';

/** A ratio to two decimals with a real minus sign, or null when the API has none yet. */
export const formatRatio = (value: number | null): string | null =>
  value === null ? null : value.toFixed(2).replace(/^-/, '\u2212');

/** The return's lead over the market in percentage points ("+5.13 pts vs market"): a difference of two percentages
 *  is not itself a percentage, and "+5.13%" would read as a return. */
export const formatVsMarket = (returnPct: number, benchmarkReturnPct: number): string =>
  `${formatPoints(returnPct - benchmarkReturnPct)} vs market`;

/** Turnover as a multiple of the starting cash: "0.00×", "1.25×". */
export const formatTurnover = (turnover: number) => `${turnover.toFixed(2)}×`;

export const formatCommissions = (dollars: number) => formatMoney(dollars);

/** Volatility is a size, not a change: unsigned. */
export const formatVolatility = (value: number | null) =>
  value === null ? null : formatPercent(value, { signed: false });

/** Gross exposure by sector, each marked long or short by the sign of its net value. */
export function sectorBars(sectors: Analytics['sectors']) {
  return sectors.map((s) => ({
    sector: s.sector,
    side: s.value < 0 ? ('short' as const) : ('long' as const),
    weight: s.weight,
    value: s.value,
  }));
}
