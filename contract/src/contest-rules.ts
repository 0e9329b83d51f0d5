import { type ContestRules, DEFAULT_CONTEST_RULES } from './models';

// API.md "Contest rules" in the integers they are enforced in: cents, hundredths of a cent for the per-share rate,
// basis points for the cap. One rule, used by the API (market orders, placing orders, the clock's fills and margin
// calls) and by the trading ticket's figures, so what the ticket says is what the server will do, to the cent.

/** A contest's rules as integers. */
export interface RulesInCents {
  shortSelling: boolean;
  perTradeCents: number;
  /** Dollars per share × 10,000: hundredths of a cent, the finest rate a creator can set (RULE_LIMITS). */
  perShareTenThousandths: number;
  /** maxPositionPct × 100; null: no cap. */
  maxPositionBp: number | null;
}

/** The commission part of the rules. */
export type CommissionRate = Pick<RulesInCents, 'perTradeCents' | 'perShareTenThousandths'>;

/** A commission in dollars as the contest states it, in the integers it is charged in. */
export function commissionRateOf(commission: ContestRules['commission']): CommissionRate {
  return {
    perTradeCents: Math.round(commission.perTrade * 100),
    perShareTenThousandths: Math.round(commission.perShare * 10_000),
  };
}

/** A contest's rules (today's game when it has none) as integers. */
export function rulesInCents(rules: ContestRules | null | undefined): RulesInCents {
  const chosen = rules ?? DEFAULT_CONTEST_RULES;
  return {
    shortSelling: chosen.shortSelling,
    ...commissionRateOf(chosen.commission),
    maxPositionBp: chosen.maxPositionPct === null ? null : Math.round(chosen.maxPositionPct * 100),
  };
}

/**
 * perTrade + perShare × quantity in cents, rounded up to the cent, never down (API.md "Corrections"): rounded to the
 * nearest, a rate under half a cent a share cost nothing on a one-share trade, and splitting an order into single
 * shares dodged it. perShare × quantity is a whole number of hundredths of a cent (exact in a double up to 2^53).
 */
export function commissionCents(rate: CommissionRate, quantity: number): number {
  return rate.perTradeCents + Math.ceil((rate.perShareTenThousandths * quantity) / 100);
}
