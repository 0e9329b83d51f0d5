import { apiPost, useApiGet } from '@bullpen/shared';
import {
  API_PATHS,
  type CancelOrderBody,
  type ContestUserResponse,
  ORDER_PATHS,
  type Order,
  type OrderResponse,
  type OrdersResponse,
  type PlaceOrderBody,
  isWorkingOrder,
} from '@bullpen/contract';
import { mutate } from 'swr';

export const ordersKey = (contestId: string) => ORDER_PATHS.contestOrders(contestId);

/** The caller's orders in a contest, open first, then newest first (API.md "Conditional orders"). Re-read after each
 *  tick by useOrderFills, which follows the contest state the screen already reads. */
export function useOrders(contestId: string) {
  return useApiGet(ordersKey(contestId), { revalidateOnFocus: true });
}

/** Puts an answer's order and portfolio into the caches the screen reads: no second call needed. Also for a market
 *  order's 202 answer (API.md "Market orders that wait"): it shows in Open orders at once. */
export async function showPlacedOrder(contestId: string, { order, portfolio }: OrderResponse['data']) {
  await mutate<OrdersResponse>(
    ordersKey(contestId),
    (current) => {
      const others = (current?.orders ?? []).filter((item) => item._id !== order._id);
      const orders: Order[] = [...others, order].sort(
        (a, b) => Number(isWorkingOrder(b)) - Number(isWorkingOrder(a)) || b.createdAt.localeCompare(a.createdAt),
      );
      return { orders };
    },
    { revalidate: false },
  );
  await mutate<ContestUserResponse>(
    API_PATHS.contestUser(contestId),
    (current) => (current ? { data: { ...current.data, portfolio } } : current),
    { revalidate: false },
  );
}

/** A limit, stop or stop-limit order. The key makes a retried or double-clicked order count once (API.md). */
export async function placeConditionalOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<OrderResponse> {
  const response = await apiPost(ORDER_PATHS.placeOrder, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  await showPlacedOrder(body.contestId, response.data);
  return response;
}

export async function cancelOrder(body: CancelOrderBody): Promise<OrderResponse> {
  const response = await apiPost(ORDER_PATHS.cancelOrder, body);
  await showPlacedOrder(body.contestId, response.data);
  return response;
}
