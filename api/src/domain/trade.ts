export type TradeSide = 'buy' | 'sell';

export interface Holding {
  cashCents: number;
  quantity: number;
  costCents: number;
}

export type TradeOutcome =
  | { ok: true; amountCents: number; after: Holding }
  | { ok: false; reason: 'insufficient-cash' | 'insufficient-shares' };

/**
 * A market order against one participant's cash and one holding: whole shares, no commission, no shorting, no margin.
 * Selling reduces the cost basis proportionally (average cost), so avgCost is unchanged by a sale.
 */
export function executeOrder(before: Holding, side: TradeSide, quantity: number, priceCents: number): TradeOutcome {
  const amountCents = quantity * priceCents;
  if (side === 'buy') {
    if (amountCents > before.cashCents) return { ok: false, reason: 'insufficient-cash' };
    return {
      ok: true,
      amountCents,
      after: {
        cashCents: before.cashCents - amountCents,
        quantity: before.quantity + quantity,
        costCents: before.costCents + amountCents,
      },
    };
  }
  if (quantity > before.quantity) return { ok: false, reason: 'insufficient-shares' };
  const remaining = before.quantity - quantity;
  const costCents =
    remaining === 0 ? 0 : before.costCents - Math.round((before.costCents * quantity) / before.quantity);
  return {
    ok: true,
    amountCents,
    after: { cashCents: before.cashCents + amountCents, quantity: remaining, costCents },
  };
}

/**
 * The whole holding after a trade: quantity and cost basis (average cost, reduced proportionally by a sale). Used when
 * the order was checked against only the free part of a holding (shares not held by open orders).
 */
export function sharesAfter(
  held: { quantity: number; costCents: number } | null,
  side: TradeSide,
  quantity: number,
  amountCents: number,
): { quantity: number; costCents: number } {
  const before = held ?? { quantity: 0, costCents: 0 };
  if (side === 'buy') return { quantity: before.quantity + quantity, costCents: before.costCents + amountCents };
  const remaining = before.quantity - quantity;
  const costCents =
    remaining === 0 ? 0 : before.costCents - Math.round((before.costCents * quantity) / before.quantity);
  return { quantity: remaining, costCents };
}
