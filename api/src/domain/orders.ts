import { reservedCashCents } from '@bullpen/contract';
import type { TradeSide } from './trade';

// Conditional orders (API.md "Conditional orders"): when an order fills, and what it holds back while it waits.
// Pure rules in integer cents; the clock (clock/order-fills.ts) applies them in the tick's transaction.

/** 'market': a market order that waited for its price (API.md "Market orders that wait"); it fills at whatever price comes. */
export type OrderType = 'market' | 'limit' | 'stop' | 'stop-limit' | 'trailing-stop';

/** Buys and covers wait for a low price (their stop for a rise); sells and shorts the other way round. */
const buysBack = (side: TradeSide) => side === 'buy' || side === 'cover';

export interface WaitingOrder {
  side: TradeSide;
  type: OrderType;
  quantity: number;
  limitPriceCents: number | null;
  stopPriceCents: number | null;
  /** The stop was reached at an earlier tick (stop and stop-limit orders). */
  triggered: boolean;
}

/** A buy stop triggers when the price rises to the stop, a sell stop when it falls to it. */
function stopReached(side: TradeSide, stopCents: number, priceCents: number): boolean {
  return buysBack(side) ? priceCents >= stopCents : priceCents <= stopCents;
}

/** A buy limit fills at the limit or below, a sell limit at the limit or above. */
function limitReached(side: TradeSide, limitCents: number, priceCents: number): boolean {
  return buysBack(side) ? priceCents <= limitCents : priceCents >= limitCents;
}

/**
 * The order at one tick's price: whether its stop is (now or already) triggered, and whether it fills at this price.
 * A stop fills as a market order once triggered; a stop-limit, once triggered, waits as a limit.
 */
export function evaluateOrder(order: WaitingOrder, priceCents: number): { triggered: boolean; fills: boolean } {
  if (order.type === 'market') return { triggered: false, fills: true };
  if (order.type === 'limit') {
    return { triggered: false, fills: limitReached(order.side, order.limitPriceCents ?? 0, priceCents) };
  }
  const triggered = order.triggered || stopReached(order.side, order.stopPriceCents ?? 0, priceCents);
  if (order.type === 'stop' || order.type === 'trailing-stop') return { triggered, fills: triggered };
  return { triggered, fills: triggered && limitReached(order.side, order.limitPriceCents ?? 0, priceCents) };
}

/**
 * What an open order holds back: a buy quantity × (limit ?? stop) of cash (a waiting market order: × the last price when
 * it was placed), a sell its shares.
 */
export function reservationOf(
  order: Pick<WaitingOrder, 'side' | 'quantity' | 'limitPriceCents' | 'stopPriceCents'> & {
    reservePriceCents?: number | null;
  },
): {
  cashCents: number;
  shares: number;
} {
  if (order.side === 'sell') return { cashCents: 0, shares: order.quantity };
  const priceCents = order.limitPriceCents ?? order.stopPriceCents ?? order.reservePriceCents ?? 0;
  const cashCents = reservedCashCents(order.side, order.quantity, priceCents);
  return { cashCents, shares: order.side === 'cover' ? order.quantity : 0 };
}

/** "$1,234.50" */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const describeOrderType = (type: OrderType) => (type === 'trailing-stop' ? 'trailing stop' : type);

export const EXPIRED_REASON = 'The contest ended before the order filled';

/** Why a day order expired: no time in the words, as for good-until (the order carries its expiresAt). */
export const DAY_ORDER_EXPIRED_REASON = 'A day order ends with its session: the market closed before it filled';

/** The reason a triggered buy is refused: its fill would cost more than the cash it may use. */
export function unaffordableReason(
  order: { type: OrderType; quantity: number; symbol: string },
  priceCents: number,
  availableCents: number,
): string {
  return (
    `Your ${describeOrderType(order.type)} order to buy ${order.quantity} ${order.symbol} ${order.type === 'market' ? 'came to' : 'triggered at'} ${formatDollars(priceCents)}, ` +
    `but ${formatDollars(order.quantity * priceCents)} is more than the ${formatDollars(availableCents)} of cash it could use`
  );
}

/** A trailing stop's stop, placed and moved by the contract's rule, under the names the domain's tests know it by. */
export { nextTrailingStopCents as nextTrailingStop, trailingStopCents as trailingStopAt } from '@bullpen/contract';
