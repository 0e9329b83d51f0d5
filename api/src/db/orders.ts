import type { Order } from '@bullpen/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { toDollars } from '../domain/money';
import type { Executor } from './database';
import { type TradeRow, tradeView } from './portfolios';
import { orders, trades } from './schema';

type OrderRow = typeof orders.$inferSelect;

function orderView(row: OrderRow, fill: TradeRow | null): Order {
  return {
    _id: row.id,
    contestId: row.contestId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    type: row.type,
    limitPrice: row.limitPriceCents === null ? null : toDollars(row.limitPriceCents),
    stopPrice: row.stopPriceCents === null ? null : toDollars(row.stopPriceCents),
    // A market order waiting for its price is stored open (it holds back and cancels as one) and shown as pending.
    status: row.type === 'market' && row.status === 'open' ? 'pending' : row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fill: fill ? tradeView(fill) : null,
    reason: row.reason,
    trailAmount: row.trailAmountCents === null ? null : toDollars(row.trailAmountCents),
    trailPercent: row.trailPercent,
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    timeInForce: row.timeInForce,
  };
}

export async function countOpenOrders(executor: Executor, contestId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: sql<string | number>`COUNT(*)` })
    .from(orders)
    .where(and(eq(orders.contestId, contestId), eq(orders.userId, userId), eq(orders.status, 'open')));
  return Number(row?.n ?? 0);
}

/** Orders shown in a list: every open order and the newest this many others. */
const ORDERS_SHOWN = 200;

/** The player's orders in one contest: open first, then newest first (API.md). */
export async function listOrders(executor: Executor, contestId: string, userId: string): Promise<Order[]> {
  const rows = await executor
    .select({ order: orders, fill: trades })
    .from(orders)
    .leftJoin(trades, eq(trades.id, orders.fillTradeId))
    .where(and(eq(orders.contestId, contestId), eq(orders.userId, userId)))
    .orderBy(sql`CASE WHEN ${orders.status} = 'open' THEN 0 ELSE 1 END`, desc(orders.createdAt), desc(orders.seq))
    .limit(ORDERS_SHOWN + 50);
  return rows.map((row) => orderView(row.order, row.fill));
}

export async function loadOrderView(executor: Executor, orderId: string): Promise<Order | null> {
  const [row] = await executor
    .select({ order: orders, fill: trades })
    .from(orders)
    .leftJoin(trades, eq(trades.id, orders.fillTradeId))
    .where(eq(orders.id, orderId));
  return row ? orderView(row.order, row.fill) : null;
}

export type NewOrderRow = typeof orders.$inferInsert;

export async function insertOrder(tx: Executor, values: NewOrderRow): Promise<void> {
  await tx.insert(orders).values(values);
}

/** One order of one contest, locked until the transaction ends. */
export async function lockOrder(tx: Executor, contestId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.contestId, contestId)))
    .for('update');
  return row;
}

export async function markOrderCancelled(tx: Executor, orderId: string, now: Date): Promise<void> {
  // A pending market order's reason said why it waited: no longer true.
  await tx.update(orders).set({ status: 'cancelled', reason: null, updatedAt: now }).where(eq(orders.id, orderId));
}
