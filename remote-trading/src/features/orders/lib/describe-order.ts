import { formatMoney } from '@bullpen/shared/format';
import type { Order, OrderType, TradeSide } from '@bullpen/shared/schemas';

export const ORDER_TYPE_NAMES: Record<OrderType, string> = {
  limit: 'Limit',
  stop: 'Stop',
  'stop-limit': 'Stop-limit',
  'trailing-stop': 'Trailing stop',
};

/** "Buy 10 AAPL" */
export function describeSideAndSize(order: { side: TradeSide; quantity: number; symbol: string }): string {
  return `${order.side === 'buy' ? 'Buy' : 'Sell'} ${order.quantity} ${order.symbol}`;
}

/** "limit $187.20", "stop $190.00, limit $191.00" */
/** Each price of the order, e.g. ["stop $224.89", "limit $227.07"]. */
export function orderPrices(order: Pick<Order, 'type' | 'limitPrice' | 'stopPrice'>): string[] {
  const parts: string[] = [];
  if (order.stopPrice !== null) parts.push(`stop ${formatMoney(order.stopPrice)}`);
  if (order.limitPrice !== null) parts.push(`limit ${formatMoney(order.limitPrice)}`);
  return parts;
}

export function describePrices(order: Pick<Order, 'type' | 'limitPrice' | 'stopPrice'>): string {
  return orderPrices(order).join(', ');
}

export const STATUS_TEXT: Record<Order['status'], string> = {
  open: 'Open',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** The toast of a fill: "Your limit order to buy 10 AAPL filled at $187.20". */
export function fillMessage(order: Order): string {
  const type = order.type === 'stop-limit' ? 'stop-limit' : order.type;
  const price = order.fill ? ` at ${formatMoney(order.fill.price)}` : '';
  return `Your ${type} order to ${order.side} ${order.quantity} ${order.symbol} filled${price}`;
}
