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

/** What the cap check needs: the cap, and the commission that lowers the value after the trade. */
export type PositionCap = CommissionRate & Pick<RulesInCents, 'maxPositionBp'>;

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

/**
 * Whether a position of `sharesAfter` shares (absolute: a short counts by its size) at `priceCents` stays within the
 * cap of a portfolio worth `valueAfterCents` right after the trade: |shares × price| ≤ cap% × value. BigInt, because
 * shares × price × 10,000 exceeds 2^53 for large positions; a portfolio worth nothing fits no position at all.
 */
export function withinPositionCap(
  maxPositionBp: number | null,
  sharesAfter: number,
  priceCents: number,
  valueAfterCents: number,
): boolean {
  if (maxPositionBp === null) return true;
  if (valueAfterCents <= 0) return sharesAfter === 0;
  return BigInt(sharesAfter) * BigInt(priceCents) * 10_000n <= BigInt(maxPositionBp) * BigInt(valueAfterCents);
}

/**
 * The most shares a buy or short may add to a position of `heldShares` (absolute, same direction) at `priceCents`, with
 * the portfolio worth `valueCents` before the trade: the shares are valued at the price paid, so the value after is
 * the value less the commission.
 */
export function sharesWithinCap(cap: PositionCap, heldShares: number, priceCents: number, valueCents: number): number {
  if (cap.maxPositionBp === null) return Number.MAX_SAFE_INTEGER;
  const fits = (n: number) =>
    withinPositionCap(cap.maxPositionBp, heldShares + n, priceCents, valueCents - commissionCents(cap, n));
  if (priceCents <= 0 || !fits(0)) return 0;
  // A first guess from the closed form without the commission's rounding, then exact steps around it.
  const pct = cap.maxPositionBp / 10_000;
  const guess = Math.floor(
    (pct * (valueCents - cap.perTradeCents) - heldShares * priceCents) /
      (priceCents + (pct * cap.perShareTenThousandths) / 100),
  );
  let n = Math.max(0, guess);
  while (n > 0 && !fits(n)) n -= 1;
  while (fits(n + 1)) n += 1;
  return n;
}

/** The words of a refusal over the cap, and of the reason an order is rejected at its fill. */
export const positionCapMessage = (maxPositionBp: number) =>
  `At most ${maxPositionBp / 100}% of your portfolio in one stock`;
