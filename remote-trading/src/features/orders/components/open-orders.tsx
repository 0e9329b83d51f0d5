import { notifyError, toast } from '@bullpen/shared';
import { formatMoney } from '@bullpen/shared/format';
import type { Order } from '@bullpen/shared/schemas';
import { Fragment, useId, useState } from 'react';
import { cancelOrder, useOrders } from '../api/orders-api';
import { useOrderFills } from '../hooks/use-order-fills';
import { describePrices, describeSideAndSize, ORDER_TYPE_NAMES, orderPrices, STATUS_TEXT } from '../lib/describe-order';
import './open-orders.css';

/** Closed orders shown under the open ones: enough to see what just happened to an order. */
const RECENT_CLOSED = 5;

/**
 * "Open orders" (API.md "Conditional orders"): each order waiting for its price, with Cancel, then the last few that
 * filled, were cancelled, expired or were rejected, each with its status and, when there is one, the reason.
 */
export function OpenOrders({ contestId }: { contestId: string }) {
  const ids = useId();
  const { data, error } = useOrders(contestId);
  useOrderFills(contestId, data?.orders);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const orders = data?.orders ?? [];
  const open = orders.filter((order) => order.status === 'open');
  const closed = orders.filter((order) => order.status !== 'open').slice(0, RECENT_CLOSED);

  const cancel = async (order: Order) => {
    setCancelling(order._id);
    try {
      await cancelOrder({ contestId, orderId: order._id });
      toast.success(`Order cancelled: ${order.side} ${order.quantity} ${order.symbol}, ${describePrices(order)}`);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setCancelling(null);
    }
  };

  return (
    <section className="oo-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Open orders</h2>
      {error && !data ? (
        <p className="oo-muted">Your orders could not be loaded. They are still kept; try again in a moment.</p>
      ) : null}
      {data && open.length === 0 ? (
        <p className="oo-muted">No open orders. A limit, stop or stop-limit order waits here until its price comes.</p>
      ) : null}
      {open.length > 0 ? (
        <ul className="oo-list" aria-label="Open orders">
          {open.map((order) => (
            <OrderRow key={order._id} order={order}>
              <button
                type="button"
                className="oo-button"
                onClick={() => cancel(order)}
                disabled={cancelling === order._id}
                aria-label={`Cancel ${ORDER_TYPE_NAMES[order.type].toLowerCase()} order: ${describeSideAndSize(order)}`}
              >
                {cancelling === order._id ? 'Cancelling…' : 'Cancel'}
              </button>
            </OrderRow>
          ))}
        </ul>
      ) : null}
      {closed.length > 0 ? (
        <>
          <h3 className="oo-subtitle">Recent</h3>
          <ul className="oo-list" aria-label="Recent orders">
            {closed.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function OrderRow({ order, children }: { order: Order; children?: React.ReactNode }) {
  return (
    <li className="oo-row">
      <div className="oo-main">
        <span className="oo-what">
          <strong>{describeSideAndSize(order)}</strong> <span className="oo-muted">{ORDER_TYPE_NAMES[order.type]}</span>
        </span>
        {/* A stop-limit's two prices may wrap between them on a narrow card, never inside one. */}
        <span className="oo-prices oo-num">
          {orderPrices(order).map((price, index) => (
            <Fragment key={price}>
              {index > 0 ? ', ' : null}
              <span className="oo-price">{price}</span>
            </Fragment>
          ))}
        </span>
        <span className={`oo-status oo-status--${order.status}`}>
          {STATUS_TEXT[order.status]}
          {order.fill ? <span className="oo-num"> at {formatMoney(order.fill.price)}</span> : null}
        </span>
        {order.reason ? <span className="oo-reason">{order.reason}</span> : null}
      </div>
      {children}
    </li>
  );
}
