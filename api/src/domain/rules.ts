import { type ContestRules, commissionCents, MARGIN, type RulesInCents, rulesInCents } from '@bullpen/contract';
import type { TradeSide } from './trade';

// API.md "Contest rules" in integer arithmetic (the rules as integers and the commission are @bullpen/contract's, which
// the ticket computes with too): the cap in basis points, buying power with the 150 % initial margin of a short. Pure:
// the trading use cases and the clock apply them under the participant lock.

/** Σ |short value| in cents. */
export function shortExposureCents(
  positions: readonly { symbol: string; quantity: number }[],
  priceCents: ReadonlyMap<string, number>,
): number {
  let total = 0;
  for (const p of positions) if (p.quantity < 0) total += -p.quantity * (priceCents.get(p.symbol) ?? 0);
  return total;
}

/** cash − 1.5 × Σ |short value|, rounded down to a cent (what may be spent is never overstated). */
export function buyingPowerCents(cashCents: number, shortExposure: number): number {
  return cashCents - Math.ceil(MARGIN.initial * shortExposure);
}

/** A short holds back 150 % of its price, the others 100 %: rounded up to a cent. */
export function reservedCashOf(side: TradeSide, quantity: number, priceCents: number): number {
  if (side === 'sell') return 0;
  const amount = quantity * priceCents;
  return side === 'short' ? Math.ceil(amount * MARGIN.initial) : amount;
}

/** Sides that open or add to a position: they need buying power, and the cap applies to them. */
export const opens = (side: TradeSide) => side === 'buy' || side === 'short';

/**
 * Whether a position of `sharesAfter` (absolute) at `priceCents` stays within the cap of a portfolio worth
 * `portfolioValueCents` after the trade. BigInt: shares × price × 10,000 exceeds 2^53 for large positions.
 */
export function withinCap(
  rules: RulesInCents,
  sharesAfter: number,
  priceCents: number,
  portfolioValueCents: number,
): boolean {
  if (rules.maxPositionBp === null) return true;
  if (portfolioValueCents <= 0) return sharesAfter === 0;
  return (
    BigInt(sharesAfter) * BigInt(priceCents) * 10_000n <= BigInt(rules.maxPositionBp) * BigInt(portfolioValueCents)
  );
}

/**
 * The most shares a buy or short may add to a position of `heldShares` (absolute, same direction) at `priceCents`,
 * with the portfolio worth `valueCents` before the trade: value after = value − commission, since the shares are
 * valued at the price paid.
 */
export function sharesWithinCap(
  rules: RulesInCents,
  heldShares: number,
  priceCents: number,
  valueCents: number,
): number {
  if (rules.maxPositionBp === null) return Number.MAX_SAFE_INTEGER;
  const fits = (n: number) => withinCap(rules, heldShares + n, priceCents, valueCents - commissionCents(rules, n));
  if (!fits(0) || priceCents <= 0) return 0;
  // A first guess from the closed form without the per-trade fee's rounding, then exact steps around it.
  const pct = rules.maxPositionBp / 10_000;
  const guess = Math.max(
    0,
    Math.floor(
      (pct * (valueCents - rules.perTradeCents) - heldShares * priceCents) /
        (priceCents + (pct * rules.perShareTenThousandths) / 100),
    ),
  );
  let n = guess;
  while (n > 0 && !fits(n)) n -= 1;
  while (fits(n + 1)) n += 1;
  return n;
}

export const capMessage = (rules: RulesInCents) =>
  `At most ${(rules.maxPositionBp ?? 0) / 100}% of your portfolio in one stock`;

/** The same rules, compared as the cents and basis points they are enforced in. */
export function sameRules(a: ContestRules, b: ContestRules): boolean {
  const x = rulesInCents(a);
  const y = rulesInCents(b);
  return (
    x.shortSelling === y.shortSelling &&
    x.perTradeCents === y.perTradeCents &&
    x.perShareTenThousandths === y.perShareTenThousandths &&
    x.maxPositionBp === y.maxPositionBp
  );
}
