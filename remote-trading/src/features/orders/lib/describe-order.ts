import { formatMoney, formatShortDateTime } from '@bullpen/shared/format';
import { isWorkingOrder, type Order, type OrderType, SIDE_WORDS, type TradeSide } from '@bullpen/contract';

export const ORDER_TYPE_NAMES: Record<OrderType, string> = {
  market: 'Market',
  limit: 'Limit',
  stop: 'Stop',
  'stop-limit': 'Stop-limit',
  'trailing-stop': 'Trailing stop',
};

/** "Buy 10 AAPL", "Short 5 TSLA" */
export function describeSideAndSize(order: { side: TradeSide; quantity: number; symbol: string }): string {
  return `${SIDE_WORDS[order.side]} ${order.quantity} ${order.symbol}`;
}

type PricedOrder = Pick<Order, 'type' | 'limitPrice' | 'stopPrice'> &
  Partial<Pick<Order, 'trailAmount' | 'trailPercent' | 'status'>>;

/**
 * Each price of the order, e.g. ["stop $224.89", "limit $227.07"]; a trailing stop's trail first, then the stop it
 * has reached: "stop now" while it is open (it moves with the price, tick by tick), the stop it ended at once it is
 * filled, cancelled or expired.
 */
export function orderPrices(order: PricedOrder): string[] {
  const parts: string[] = [];
  if (order.trailAmount != null) parts.push(`trail ${formatMoney(order.trailAmount)}`);
  if (order.trailPercent != null) parts.push(`trail ${order.trailPercent}%`);
  if (order.stopPrice !== null) {
    const moving = order.type === 'trailing-stop' && (order.status ?? 'open') === 'open';
    parts.push(`${moving ? 'stop now' : 'stop'} ${formatMoney(order.stopPrice)}`);
  }
  if (order.limitPrice !== null) parts.push(`limit ${formatMoney(order.limitPrice)}`);
  return parts;
}

/**
 * "Good until Nov 30, 4:00 PM" while the order is open, and on an expired one (the server's reason names no time: only
 * the browser knows the player's zone); null otherwise.
 */
export function goodUntil(order: Pick<Order, 'expiresAt' | 'status'>): string | null {
  if ((!isWorkingOrder(order) && order.status !== 'expired') || !order.expiresAt) return null;
  return `Good until ${formatShortDateTime(order.expiresAt)}`;
}

export function describePrices(order: PricedOrder): string {
  return orderPrices(order).join(', ');
}

export const STATUS_TEXT: Record<Order['status'], string> = {
  open: 'Open',
  pending: 'Pending',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** The toast of a fill: "Your limit order to buy 10 AAPL filled at $187.20". */
export function fillMessage(order: Order): string {
  const type = order.type === 'trailing-stop' ? 'trailing stop' : order.type;
  const price = order.fill ? ` at ${formatMoney(order.fill.price)}` : '';
  return `Your ${type} order to ${order.side} ${order.quantity} ${order.symbol} filled${price}`;
}
