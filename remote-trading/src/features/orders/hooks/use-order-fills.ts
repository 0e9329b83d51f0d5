import { toast, useApiGet } from '@bullpen/shared';
import { API_PATHS, type ContestUserResponse, type Order } from '@bullpen/shared/schemas';
import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { ordersKey } from '../api/orders-api';
import { fillMessage } from '../lib/describe-order';

/**
 * Follows the clock's work on the caller's orders. The contest state (the same read the trading screen shows, re-read
 * at each tick by the live stream or by polling) changes when a tick has passed: the orders are re-read then. An order
 * seen open that comes back filled raises a toast ("Your limit order to buy 10 AAPL filled at $187.20"); rejected or
 * expired ones say why.
 */
export function useOrderFills(contestId: string, orders: readonly Order[] | undefined): void {
  const state = useApiGet<ContestUserResponse>(API_PATHS.contestUser(contestId));
  const stamp = state.data ? `${state.data.data.tradesTotal}:${state.data.data.portfolio?.value ?? ''}:${state.data.data.rank ?? ''}` : null;
  const hasOpen = orders?.some((order) => order.status === 'open') ?? false;
  useEffect(() => {
    if (stamp !== null && hasOpen) void mutate(ordersKey(contestId));
  }, [stamp, hasOpen, contestId]);

  const seen = useRef<Map<string, Order['status']> | null>(null);
  useEffect(() => {
    if (!orders) return;
    const before = seen.current;
    seen.current = new Map(orders.map((order) => [order._id, order.status]));
    // The first list is what was already there: only changes seen on this screen are announced.
    if (!before) return;
    for (const order of orders) {
      if (before.get(order._id) !== 'open') continue;
      if (order.status === 'filled') toast.success(fillMessage(order));
      else if (order.status === 'rejected') toast.error(order.reason ?? 'Your order was rejected');
      else if (order.status === 'expired') toast.warning(order.reason ?? 'Your order expired');
    }
  }, [orders]);
}
