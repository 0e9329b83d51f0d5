// The planned allocation of DESIGN §5 ("Start"): starting cash split equally across the picks, whole shares at
// the price, remainder kept as cash. Integer cents throughout so the plan matches what the server will do.

export interface PricedPick {
  symbol: string;
  price: number;
}

export interface AllocationRow {
  symbol: string;
  price: number;
  /** The equal share of starting cash this pick may spend. */
  budget: number;
  shares: number;
  cost: number;
}

export interface Allocation {
  rows: AllocationRow[];
  invested: number;
  cash: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

export function planAllocation(startingCash: number, picks: readonly PricedPick[]): Allocation {
  const cashCents = toCents(startingCash);
  if (picks.length === 0) return { rows: [], invested: 0, cash: cashCents / 100 };
  let investedCents = 0;
  const rows = picks.map(({ symbol, price }) => {
    const priceCents = toCents(price);
    // floor(cash / n / price) computed as one integer division, so no rounding of the per-pick budget creeps in.
    const shares = priceCents > 0 ? Math.floor(cashCents / (picks.length * priceCents)) : 0;
    const costCents = shares * priceCents;
    investedCents += costCents;
    return { symbol, price: priceCents / 100, budget: cashCents / picks.length / 100, shares, cost: costCents / 100 };
  });
  return { rows, invested: investedCents / 100, cash: (cashCents - investedCents) / 100 };
}
