import type { TradeSide } from './models';

// Regulation T's initial margin (API.md "Short selling") in the integer cents it is enforced in: a short holds back its
// proceeds plus half again, 150 %, rounded up to a cent so that what may still be spent is never overstated. One rule,
// used by the API (buying power, what an order reserves, and the SQL that sums the open orders' reservations) and by
// the trading ticket's figures. No zod here: the ticket imports it into the page.

/** 150 % as an exact ratio of integers, so SQL can apply it in integer arithmetic too: ⌈amount × 3 / 2⌉. */
export const INITIAL_MARGIN = { numerator: 3, denominator: 2 } as const;

/**
 * 150 % of an amount in cents (a short's value), rounded up to a cent. Exact while 3 × amount is below 2^53, about
 * thirty times the largest order (LIMITS.tradeQuantity × ORDER_LIMITS.maxPrice).
 */
export function initialMarginCents(amountCents: number): number {
  return Math.ceil((amountCents * INITIAL_MARGIN.numerator) / INITIAL_MARGIN.denominator);
}

/** Cash an order of `quantity` at `priceCents` holds back: a buy or a cover the amount, a short 150 % of it, a sell none. */
export function reservedCashCents(side: TradeSide, quantity: number, priceCents: number): number {
  if (side === 'sell') return 0;
  const amount = quantity * priceCents;
  return side === 'short' ? initialMarginCents(amount) : amount;
}
