export type TradeSide = 'buy' | 'sell' | 'short' | 'cover';

export type FillRefusal = 'insufficient-shares' | 'opposite-position';

/**
 * The average-cost rule: closing part of a holding takes away its share of the cost basis, so the average cost of
 * what remains is unchanged; closing all of it leaves no cost. Cost is signed as the quantity is (negative while
 * short).
 */
export function costAfterClosing(before: { quantity: number; costCents: number }, closed: number): number {
  const remaining = Math.abs(before.quantity) - closed;
  if (remaining === 0) return 0;
  return before.costCents - Math.round((before.costCents * closed) / Math.abs(before.quantity));
}

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
    case 'sell':
      if (before.quantity < quantity) return { ok: false, reason: 'insufficient-shares' };
      return {
        ok: true,
        amountCents,
        cashDeltaCents: amountCents - commission,
        quantity: before.quantity - quantity,
        costCents: costAfterClosing(before, quantity),
      };
    case 'cover':
      if (-before.quantity < quantity) return { ok: false, reason: 'insufficient-shares' };
      return {
        ok: true,
        amountCents,
        cashDeltaCents: -amountCents - commission,
        quantity: before.quantity + quantity,
        costCents: costAfterClosing(before, quantity),
      };
  }
}
