import { type ContestRules, initialMarginCents, rulesInCents } from '@bullpen/contract';
import type { TradeSide } from './trade';

// API.md "Contest rules" in integer arithmetic, beside the rules the ticket computes too (@bullpen/contract: the
// commission, the position cap, the 150 % initial margin of a short): buying power, what open orders hold back. Pure:
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

/** cash − the initial margin of Σ |short value|, rounded down to a cent (what may be spent is never overstated). */
export function buyingPowerCents(cashCents: number, shortExposure: number): number {
  return cashCents - initialMarginCents(shortExposure);
}

/** What an order holds back: the contract's rule, under the name the domain's tests know it by. */
export { reservedCashCents as reservedCashOf } from '@bullpen/contract';

/** Sides that open or add to a position: they need buying power, and the cap applies to them. */
export const opens = (side: TradeSide): side is 'buy' | 'short' => side === 'buy' || side === 'short';

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
