import { type ContestRules, MARGIN, rulesInCents } from '@bullpen/contract';
import type { TradeSide } from './trade';

// API.md "Contest rules" in integer arithmetic, beside the commission and the position cap the ticket computes too
// (@bullpen/contract): buying power with the 150 % initial margin of a short, what open orders hold back. Pure: the
// trading use cases and the clock apply them under the participant lock.

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
