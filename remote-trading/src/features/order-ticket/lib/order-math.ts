import { commissionCents, commissionRateOf, type TradeSide, trailingStopCents } from '@bullpen/contract';

// Market orders of DESIGN §5: whole shares at the current price; API.md "Contest rules" adds a commission, short
// selling and a position cap (ticket-form.ts), counted with the contract's own rules (integer cents) so the ticket's
// figures match the server's.

const cents = (dollars: number) => Math.round(dollars * 100);

/** A contest's commission rule, in dollars. */
export interface Commission {
  perTrade: number;
  perShare: number;
}

const NO_COMMISSION: Commission = { perTrade: 0, perShare: 0 };

/** The contract's commission in cents for a quantity as typed: none until it is a whole number of shares. */
function commissionOf(commission: Commission, quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 1) return 0;
  return commissionCents(commissionRateOf(commission), quantity);
}

/** What this order's trade will cost in commission, in dollars to the cent. */
export function commissionFor(commission: Commission, quantity: number): number {
  return commissionOf(commission, quantity) / 100;
}

/** The most whole shares the cash can buy at this price, commission included. */
export function maxBuyQuantity(cash: number, price: number, commission: Commission = NO_COMMISSION): number {
  if (!(price > 0) || !(cash > 0)) return 0;
  const fits = (n: number) => n * cents(price) + commissionOf(commission, n) <= cents(cash);
  let n = Math.floor(cents(cash) / cents(price));
  while (n > 0 && !fits(n)) n -= 1;
  return n;
}

/**
 * A trailing stop's stop right now, from the current price, where the server would place it (the contract's rule):
 * below it for a sell or short (it rises with the price), above it for a buy or cover (it falls with the price). NaN
 * when the trail is not a usable number.
 */
export function trailingStopPrice(
  side: TradeSide,
  price: number,
  trail: { amount?: number; percent?: number },
): number {
  if (trail.amount !== undefined) {
    if (!(trail.amount > 0)) return Number.NaN;
    return trailingStopCents(side, cents(price), cents(trail.amount), null) / 100;
  }
  if (trail.percent === undefined || !(trail.percent > 0)) return Number.NaN;
  return trailingStopCents(side, cents(price), null, trail.percent) / 100;
}

export function estimatedAmount(quantity: number, price: number): number {
  return cents(quantity * price) / 100;
}

// Conditional orders (API.md "Conditional orders"): limit, stop and stop-limit, filled later by the clock.

export type TicketOrderType = 'market' | 'limit' | 'stop' | 'stop-limit' | 'trailing-stop';

/** A price as typed: dollars with at most two decimals, more than zero; NaN otherwise. */
export function parsePrice(text: string): number {
  if (!/^\s*\d+(\.\d{1,2})?\s*$/.test(text)) return Number.NaN;
  const value = Number(text);
  return value > 0 ? value : Number.NaN;
}
