import { notifyError, toast } from '@bullpen/shared';
import { formatMoney } from '@bullpen/shared/format';
import { isWorkingOrder, type Order } from '@bullpen/contract';
import { Button, Card } from '@bullpen/shared/ui';
import { Fragment, type ReactNode, useState } from 'react';
import { cancelOrder, useOrders } from '../api/orders-api';
import { useOrderFills } from '../hooks/use-order-fills';
import {
  describePrices,
  describeSideAndSize,
  goodUntil,
  ORDER_TYPE_NAMES,
  orderPrices,
  STATUS_TEXT,
} from '../lib/describe-order';
import '@bullpen/shared/ui/parts.css';

/** Closed orders shown under the open ones: enough to see what just happened to an order. */
const RECENT_CLOSED = 5;

/**
 * "Open orders" (API.md "Conditional orders"): each order waiting for its price, with Cancel, then the last few that
 * filled, were cancelled, expired or were rejected, each with its status and, when there is one, the reason.
 */
export function OpenOrders({ contestId }: { contestId: string }) {
  const { data, error } = useOrders(contestId);
  useOrderFills(contestId, data?.orders);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const orders = data?.orders ?? [];
  // A pending market order waits for the delayed price or the open: listed, and cancelled, as an open one.
  const open = orders.filter(isWorkingOrder);
  const closed = orders.filter((order) => !isWorkingOrder(order)).slice(0, RECENT_CLOSED);

  const cancel = async (order: Order) => {
    setCancelling(order._id);
    try {
      await cancelOrder({ contestId, orderId: order._id });
      // Its prices as a closed order: a trailing stop's stop no longer moves.
      const prices = describePrices({ ...order, status: 'cancelled' });
      // A market order has no price of its own to name.
      toast.success(`Order cancelled: ${order.side} ${order.quantity} ${order.symbol}${prices ? `, ${prices}` : ''}`);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setCancelling(null);
    }
  };

  return (
    <Card className="bp-stack" title="Open orders" aria-label="Open orders">
      {error && !data ? (
        <p className="bp-muted">Your orders could not be loaded. They are still kept; try again in a moment.</p>
      ) : null}
      {data && open.length === 0 ? (
        <p className="bp-muted">
          No open orders. A limit, stop, stop-limit or trailing-stop order waits here until its price comes.
        </p>
      ) : null}
      {open.length > 0 ? (
        <ul className="bp-rows" aria-label="Open orders">
          {open.map((order) => (
            <OrderRow key={order._id} order={order}>
              <Button
                onClick={() => cancel(order)}
                loading={cancelling === order._id}
                loadingText="Cancelling…"
                aria-label={`Cancel ${ORDER_TYPE_NAMES[order.type].toLowerCase()} order: ${describeSideAndSize(order)}`}
              >
                Cancel
              </Button>
            </OrderRow>
          ))}
        </ul>
      ) : null}
      {closed.length > 0 ? (
        <>
          <h3 className="bp-subtitle">Recent</h3>
          <ul className="bp-rows" aria-label="Recent orders">
            {closed.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/** An order's status in its colour: open or filled in the gain colour, rejected as a loss, the rest muted. */
const STATUS_TONE: Record<Order['status'], string> = {
  open: 'bp-status bp-trend--up',
  pending: 'bp-status bp-muted',
  filled: 'bp-status bp-trend--up',
  cancelled: 'bp-status bp-muted',
  expired: 'bp-status bp-muted',
  rejected: 'bp-status bp-trend--down',
};

function OrderRow({ order, children }: { order: Order; children?: ReactNode }) {
  const until = goodUntil(order);
  return (
    <li>
      <div className="bp-rows__main">
        <span className="bp-wrap-anywhere">
          <strong>{describeSideAndSize(order)}</strong> <span className="bp-muted">{ORDER_TYPE_NAMES[order.type]}</span>
        </span>
        {/* A stop-limit's two prices may wrap between them on a narrow card, never inside one. */}
        <span className="bp-wrap-anywhere">
          {orderPrices(order).map((price, index) => (
            <Fragment key={price}>
              {index > 0 ? ', ' : null}
              <span className="bp-num">{price}</span>
            </Fragment>
          ))}
        </span>
        <span className={STATUS_TONE[order.status]}>
          {STATUS_TEXT[order.status]}
          {order.fill ? <span className="bp-num"> at {formatMoney(order.fill.price)}</span> : null}
        </span>
        {until ? <span className="bp-rows__note">{until}</span> : null}
        {order.reason ? <span className="bp-rows__note">{order.reason}</span> : null}
      </div>
      {children}
    </li>
  );
}
