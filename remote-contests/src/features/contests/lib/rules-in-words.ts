import { type ContestRules, DEFAULT_CONTEST_RULES } from '@bullpen/contract';

/** Dollars with the cents a fee needs: "$4.95", "$5", "$0.005" (a per-share rate goes below a cent). */
export function formatFee(dollars: number): string {
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return `$${Number(dollars.toFixed(4))}`;
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** What a trade costs: "No commission", "$4.95 per trade", "$0.005 per share", "$1 per trade + $0.01 per share". */
export function commissionInWords({ perTrade, perShare }: ContestRules['commission']): string {
  const parts = [
    perTrade > 0 ? `${formatFee(perTrade)} per trade` : null,
    perShare > 0 ? `${formatFee(perShare)} per share` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'No commission' : parts.join(' + ');
}

/**
 * A contest's rules as a player reads them, one phrase per rule: "Short selling allowed", "$4.95 per trade",
 * "At most 25% in one stock"; the defaults say what is missing ("No short selling", "No commission", "No position cap").
 */
export function rulesInWords(rules: ContestRules = DEFAULT_CONTEST_RULES): string[] {
  return [
    rules.shortSelling ? 'Short selling allowed' : 'No short selling',
    commissionInWords(rules.commission),
    rules.maxPositionPct === null
      ? 'No position cap'
      : `At most ${Number(rules.maxPositionPct.toFixed(2))}% in one stock`,
  ];
}

/** The rules on one line: "Short selling allowed · $4.95 per trade · At most 25% in one stock". */
export const rulesLine = (rules?: ContestRules) => rulesInWords(rules).join(' · ');
