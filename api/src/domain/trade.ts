export type TradeSide = 'buy' | 'sell' | 'short' | 'cover';

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

export type FillRefusal = 'insufficient-shares' | 'opposite-position';

/**
 * A fill of any side against one holding (quantity signed: negative while short; cost signed the same way, so
 * value − cost is the profit of a long and of a short alike) and the cash, with its commission. Buying power and the
 * cap are the caller's to check; this says only what the holding and cash become, or why the side cannot apply:
 * `sell` closes longs only, `cover` shorts only, and a buy never meets a short nor a short a long.
 */
export function fill(
  held: { quantity: number; costCents: number } | null,
  side: TradeSide,
  quantity: number,
  priceCents: number,
  commission: number,
):
  | { ok: true; amountCents: number; cashDeltaCents: number; quantity: number; costCents: number }
  | { ok: false; reason: FillRefusal } {
  const before = held ?? { quantity: 0, costCents: 0 };
  const amountCents = quantity * priceCents;
  const reduce = (remaining: number) =>
    remaining === 0 ? 0 : before.costCents - Math.round((before.costCents * quantity) / Math.abs(before.quantity));
  switch (side) {
    case 'buy':
      if (before.quantity < 0) return { ok: false, reason: 'opposite-position' };
      return {
        ok: true,
        amountCents,
        cashDeltaCents: -amountCents - commission,
        quantity: before.quantity + quantity,
        costCents: before.costCents + amountCents,
      };
    case 'short':
      if (before.quantity > 0) return { ok: false, reason: 'opposite-position' };
      return {
        ok: true,
        amountCents,
        cashDeltaCents: amountCents - commission,
        quantity: before.quantity - quantity,
        costCents: before.costCents - amountCents,
      };
    case 'sell': {
      if (before.quantity < quantity) return { ok: false, reason: 'insufficient-shares' };
      const remaining = before.quantity - quantity;
      return {
        ok: true,
        amountCents,
        cashDeltaCents: amountCents - commission,
        quantity: remaining,
        costCents: reduce(remaining),
      };
    }
    case 'cover': {
      if (-before.quantity < quantity) return { ok: false, reason: 'insufficient-shares' };
      const remaining = before.quantity + quantity;
      return {
        ok: true,
        amountCents,
        cashDeltaCents: -amountCents - commission,
        quantity: remaining,
        costCents: reduce(remaining),
      };
    }
  }
}
