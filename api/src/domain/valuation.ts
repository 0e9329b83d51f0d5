import type { Portfolio } from '@bullpen/contract';
import { roundRatio, toDollars } from './money';
import { buyingPowerCents, shortExposureCents } from './rules';

export interface HeldPosition {
  symbol: string;
  quantity: number;
  costCents: number;
}

/** Portfolio value in cents: cash plus every holding at its price (DESIGN §5). */
export function portfolioValueCents(
  cashCents: number,
  positions: readonly HeldPosition[],
  priceCents: ReadonlyMap<string, number>,
): number {
  return positions.reduce((sum, p) => sum + p.quantity * (priceCents.get(p.symbol) ?? 0), cashCents);
}

/** returnPct = value / startingCash − 1, as a fraction. */
export function returnRatio(valueCents: number, startingCashCents: number): number {
  return startingCashCents > 0 ? valueCents / startingCashCents - 1 : 0;
}

/** What open orders hold back (API.md "Conditional orders"): cash for buys, shares per symbol for sells. */
export interface Held {
  cashCents: number;
  shares: ReadonlyMap<string, number>;
}

export function describePortfolio(
  cashCents: number,
  positions: readonly HeldPosition[],
  priceCents: ReadonlyMap<string, number>,
  startingCashCents: number,
  reserved: Held = { cashCents: 0, shares: new Map() },
): Portfolio {
  const rows = positions
    .filter((p) => p.quantity !== 0)
    .map((p) => {
      const price = priceCents.get(p.symbol) ?? 0;
      const value = p.quantity * price;
      const pnl = value - p.costCents;
      return {
        symbol: p.symbol,
        quantity: p.quantity,
        avgCost: toDollars(p.costCents / p.quantity),
        price: toDollars(price),
        value: toDollars(value),
        pnl: toDollars(pnl),
        // A short's cost is negative (its proceeds): the ratio is to what was at stake either way.
        pnlPct: roundRatio(p.costCents !== 0 ? pnl / Math.abs(p.costCents) : 0),
        reservedQuantity: reserved.shares.get(p.symbol) ?? 0,
      };
    })
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
  const valueCents = portfolioValueCents(cashCents, positions, priceCents);
  return {
    cash: toDollars(cashCents),
    reservedCash: toDollars(reserved.cashCents),
    positions: rows,
    value: toDollars(valueCents),
    returnPct: roundRatio(returnRatio(valueCents, startingCashCents)),
    buyingPower: toDollars(buyingPowerCents(cashCents, shortExposureCents(positions, priceCents))),
  };
}
