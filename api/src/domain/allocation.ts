export interface AllocatedPosition {
  symbol: string;
  quantity: number;
  costCents: number;
}

export interface Allocation {
  cashCents: number;
  positions: AllocatedPosition[];
}

/**
 * Start of a contest (DESIGN §5): the starting cash is split equally across the picks and spent on whole shares
 * at the start price; whatever whole shares cannot buy stays cash.
 */
export function allocateStartingCash(startingCashCents: number, picks: readonly string[], priceCents: ReadonlyMap<string, number>): Allocation {
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
