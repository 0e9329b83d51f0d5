import { formatDateTime, formatMoney, formatNumber } from '@bullpen/shared/format';
import { type Order, type OrderStatus, SIDE_WORDS } from '@bullpen/contract';
import { Badge, type BadgeTone, Button } from '@bullpen/shared/ui';
import { useMyOrders } from '../api/results-api';
import './unfilled-orders.css';

const UNFILLED: Partial<Record<OrderStatus, { label: string; tone: BadgeTone }>> = {
  expired: { label: 'Expired', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** The server's reason ("The contest ended before the order filled") as a sentence of its own. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "Buy 10 AAPL, limit $180.00". */
function orderText(order: Order): string {
  const prices =
    order.type === 'limit'
      ? `limit ${formatMoney(order.limitPrice ?? 0)}`
      : order.type === 'stop'
        ? `stop ${formatMoney(order.stopPrice ?? 0)}`
        : `stop ${formatMoney(order.stopPrice ?? 0)}, limit ${formatMoney(order.limitPrice ?? 0)}`;
  return `${SIDE_WORDS[order.side]} ${formatNumber(order.quantity)} ${order.symbol}, ${prices}`;
}

/**
 * The viewer's orders that never became trades (expired at the end, rejected, cancelled), each with why: the trades
 * list shows only what filled, and a player looking back wants to know what happened to the rest.
 */
export function UnfilledOrders({ contestId }: { contestId: string }) {
  const { data, error, mutate } = useMyOrders(contestId);
  if (error && !data) {
    return (
      <div className="bp-row bp-row--between" role="alert">
        <span className="bp-text-loss">Your orders could not be loaded.</span>
        <Button size="small" onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  const unfilled = (data?.orders ?? []).filter((order) => UNFILLED[order.status]);
  if (unfilled.length === 0) return null;
  return (
    <section aria-label="Orders that did not fill" className="bp-stack">
      <h3>Orders that did not fill</h3>
      <ul className="unfilled-orders">
        {unfilled.map((order) => {
          const status = UNFILLED[order.status] ?? { label: order.status, tone: 'neutral' as const };
          const why = order.reason ? sentence(order.reason) : order.status === 'cancelled' ? 'You cancelled it.' : '';
          return (
            <li key={order._id}>
              <span className="unfilled-orders__head">
                <strong>{orderText(order)}</strong>
                <Badge tone={status.tone}>{status.label}</Badge>
              </span>
              <span className="unfilled-orders__why">
                {why} Placed {formatDateTime(order.createdAt)}.
                {order.status === 'expired' && order.expiresAt
                  ? ` Good until ${formatDateTime(order.expiresAt)}.`
                  : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
