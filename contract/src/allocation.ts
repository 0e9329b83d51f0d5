// The start of a contest (DESIGN §5): the starting cash is split equally across the picks and spent on whole shares at
// the start price; whatever whole shares cannot buy stays cash. One rule, used by the API when a contest starts
// (api/src/clock) and by the picks screen's preview, so the preview is what the server will do, to the cent.

export interface AllocatedPosition {
  symbol: string;
  quantity: number;
  costCents: number;
}

export interface StartAllocation {
  cashCents: number;
  positions: AllocatedPosition[];
}

/** The rule itself, in integer cents. A pick without a positive price, or too dear for its share, buys nothing. */
export function allocateStartingCash(
  startingCashCents: number,
  picks: readonly string[],
  priceCents: ReadonlyMap<string, number>,
): StartAllocation {
  if (picks.length === 0) return { cashCents: startingCashCents, positions: [] };
  const budget = Math.floor(startingCashCents / picks.length);
  let spent = 0;
  const positions: AllocatedPosition[] = [];
  for (const symbol of picks) {
    const price = priceCents.get(symbol);
    if (!price || price <= 0) continue;
    const quantity = Math.floor(budget / price);
    if (quantity === 0) continue;
    positions.push({ symbol, quantity, costCents: quantity * price });
    spent += quantity * price;
  }
  return { cashCents: startingCashCents - spent, positions };
}

export interface PricedPick {
  symbol: string;
  /** Dollars. */
  price: number;
}

export interface AllocationPlanRow {
  symbol: string;
  price: number;
  /** The equal share of starting cash this pick may spend. */
  budget: number;
  shares: number;
  cost: number;
}

/** The preview of the allocation in dollars, one row per pick (the ones that buy nothing included). */
export interface AllocationPlan {
  rows: AllocationPlanRow[];
  invested: number;
  cash: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The picks screen's preview: `allocateStartingCash` on today's prices, in dollars. */
export function planAllocation(startingCash: number, picks: readonly PricedPick[]): AllocationPlan {
  const cashCents = toCents(startingCash);
  const start = allocateStartingCash(
    cashCents,
    picks.map((pick) => pick.symbol),
    new Map(picks.map((pick) => [pick.symbol, toCents(pick.price)])),
  );
  const bought = new Map(start.positions.map((position) => [position.symbol, position]));
  const rows = picks.map(({ symbol, price }) => {
    const position = bought.get(symbol);
    return {
      symbol,
      price: toCents(price) / 100,
      budget: picks.length ? cashCents / picks.length / 100 : 0,
      shares: position?.quantity ?? 0,
      cost: (position?.costCents ?? 0) / 100,
    };
  });
  return { rows, invested: (cashCents - start.cashCents) / 100, cash: start.cashCents / 100 };
}
