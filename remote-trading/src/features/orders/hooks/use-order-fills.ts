import { toast, useApiGet } from '@bullpen/shared';
import { useEquities } from '@bullpen/shared/reads';
import { API_PATHS, type EquitiesResponse, isWorkingOrder, type Order } from '@bullpen/contract';
import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { ordersKey } from '../api/orders-api';
import { fillMessage } from '../lib/describe-order';

/** The newest price time: it moves at every tick, whether prices come from the live stream or from polling. */
function lastTick(data: EquitiesResponse | undefined): string | null {
  if (!data) return null;
  let latest = '';
  for (const equity of data.equities) if (equity.updatedAt > latest) latest = equity.updatedAt;
  return latest;
}

/**
 * Follows the clock's work on the caller's orders. The screen already reads the equities (re-read, or updated by the
 * live stream, at each tick) and the contest state: when either moves, a tick has passed and the orders are read
 * again, while any is open. An order seen open that comes back filled raises a toast ("Your limit order to buy 10
 * AAPL filled at $187.20") and re-reads the contest state, whose trade history and portfolio then show the fill;
 * rejected or expired ones say why.
 */
export function useOrderFills(contestId: string, orders: readonly Order[] | undefined): void {
  const equities = useEquities();
  const state = useApiGet(API_PATHS.contestUser(contestId));
  const tick = lastTick(equities.data);
  const stamp = state.data ? `${state.data.data.tradesTotal}:${state.data.data.portfolio?.value ?? ''}` : null;
  const hasOpen = orders?.some(isWorkingOrder) ?? false;
  useEffect(() => {
    if ((tick !== null || stamp !== null) && hasOpen) void mutate(ordersKey(contestId));
  }, [tick, stamp, hasOpen, contestId]);

  const seen = useRef<Map<string, Order['status']> | null>(null);
  useEffect(() => {
    if (!orders) return;
    const before = seen.current;
    seen.current = new Map(orders.map((order) => [order._id, order.status]));
    // The first list is what was already there: only changes seen on this screen are announced.
    if (!before) return;
    let changed = false;
    for (const order of orders) {
      const was = before.get(order._id);
      if (!was || !isWorkingOrder({ status: was }) || isWorkingOrder(order) || order.status === 'cancelled') continue;
      changed = true;
      if (order.status === 'filled') toast.success(fillMessage(order));
      else if (order.status === 'rejected') toast.error(order.reason ?? 'Your order was rejected');
      else if (order.status === 'expired') toast.warning(order.reason ?? 'Your order expired');
    }
    if (changed) void mutate(API_PATHS.contestUser(contestId));
  }, [orders, contestId]);
}
