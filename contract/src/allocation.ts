// The start of a contest (DESIGN §5): the starting cash is split equally across the picks and spent on whole shares at
// the start price; whatever whole shares cannot buy stays cash. A position cap below the equal split (three picks
// under a 25 % cap) bounds each pick's share at the cap, and the rest stays cash: a start over the cap would refuse
// every buy of a pick for the whole contest. One rule, used by the API when a contest starts (api/src/clock) and by
// the picks screens, so the preview is what the server will do, to the cent.

/** Dollars (or percent) to hundredths: cents, or a cap in basis points. */
const toCents = (dollars: number) => Math.round(dollars * 100);

export interface AllocatedPosition {
  symbol: string;
  quantity: number;
  costCents: number;
}

export interface StartAllocation {
  cashCents: number;
  positions: AllocatedPosition[];
}

/**
 * What each pick may spend at the start, in cents: the equal share of the starting cash, bounded by the position cap
 * (`maxPositionBp`, the cap in hundredths of a percent; null: none) of the portfolio, which is the starting cash then.
 */
export function pickBudgetCents(startingCashCents: number, picksCount: number, maxPositionBp: number | null): number {
  if (picksCount <= 0) return 0;
  const equal = Math.floor(startingCashCents / picksCount);
  return maxPositionBp === null ? equal : Math.min(equal, Math.floor((startingCashCents * maxPositionBp) / 10_000));
}

/** What each pick may spend at the start, in dollars, and the cap (percent) when it, not the equal split, decides. */
export function pickBudget(
  startingCash: number,
  picksCount: number,
  maxPositionPct: number | null,
): { budget: number; cappedAtPct: number | null } {
  const cashCents = toCents(startingCash);
  const capped = pickBudgetCents(cashCents, picksCount, maxPositionPct === null ? null : toCents(maxPositionPct));
  const equal = pickBudgetCents(cashCents, picksCount, null);
  return { budget: capped / 100, cappedAtPct: capped < equal ? maxPositionPct : null };
}

/** The rule itself, in integer cents. A pick without a positive price, or too dear for its share, buys nothing. */
export function allocateStartingCash(
  startingCashCents: number,
  picks: readonly string[],
  priceCents: ReadonlyMap<string, number>,
  maxPositionBp: number | null = null,
): StartAllocation {
  if (picks.length === 0) return { cashCents: startingCashCents, positions: [] };
  const budget = pickBudgetCents(startingCashCents, picks.length, maxPositionBp);
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
  /** The share of starting cash this pick may spend (the equal share, or less under a position cap). */
  budget: number;
  shares: number;
  cost: number;
}

/** The preview of the allocation in dollars, one row per pick (the ones that buy nothing included). */
export interface AllocationPlan {
  rows: AllocationPlanRow[];
  invested: number;
  cash: number;
  /** The position cap (percent) when it, not the equal split, bounds each pick's budget; null otherwise. */
  cappedAtPct: number | null;
}

/** The picks screen's preview: `allocateStartingCash` on today's prices, in dollars, under the contest's cap. */
export function planAllocation(
  startingCash: number,
  picks: readonly PricedPick[],
  maxPositionPct: number | null = null,
): AllocationPlan {
  const cashCents = toCents(startingCash);
  const start = allocateStartingCash(
    cashCents,
    picks.map((pick) => pick.symbol),
    new Map(picks.map((pick) => [pick.symbol, toCents(pick.price)])),
    maxPositionPct === null ? null : toCents(maxPositionPct),
  );
  const { budget, cappedAtPct } = pickBudget(startingCash, picks.length, maxPositionPct);
  const bought = new Map(start.positions.map((position) => [position.symbol, position]));
  const rows = picks.map(({ symbol, price }) => {
    const position = bought.get(symbol);
    return {
      symbol,
      price: toCents(price) / 100,
      budget,
      shares: position?.quantity ?? 0,
      cost: (position?.costCents ?? 0) / 100,
    };
  });
  return {
    rows,
    invested: (cashCents - start.cashCents) / 100,
    cash: start.cashCents / 100,
    cappedAtPct,
  };
}
