import type { Order } from '@bullpen/shared/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import { toDollars } from '../domain/money';
import type { Executor } from './database';
import { type TradeRow, tradeView } from './portfolios';
import { orders, trades } from './schema';

export type OrderRow = typeof orders.$inferSelect;

export function orderView(row: OrderRow, fill: TradeRow | null): Order {
  return {
    _id: row.id,
    contestId: row.contestId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    type: row.type,
    limitPrice: row.limitPriceCents === null ? null : toDollars(row.limitPriceCents),
    stopPrice: row.stopPriceCents === null ? null : toDollars(row.stopPriceCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fill: fill ? tradeView(fill) : null,
    reason: row.reason,
  };
}

export interface Reservations {
  cashCents: number;
  /** Shares held by open sells, per symbol. */
  shares: Map<string, number>;
}

export const NO_RESERVATIONS: Reservations = { cashCents: 0, shares: new Map() };

/**
 * What the player's open orders hold back. Summed from the open orders themselves (at most 50 per player), under the
 * participant row lock when the caller is about to spend: nothing to keep in step, nothing to drift.
 */
export async function reservationsOf(executor: Executor, contestId: string, userId: string): Promise<Reservations> {
  const rows = await executor
    .select({
      symbol: orders.symbol,
      cash: sql<string | number>`COALESCE(SUM(CASE WHEN ${orders.side} = 'buy' THEN ${orders.quantity} * COALESCE(${orders.limitPriceCents}, ${orders.stopPriceCents}) ELSE 0 END), 0)`,
      shares: sql<string | number>`COALESCE(SUM(CASE WHEN ${orders.side} = 'sell' THEN ${orders.quantity} ELSE 0 END), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.contestId, contestId), eq(orders.userId, userId), eq(orders.status, 'open')))
    .groupBy(orders.symbol);
  const shares = new Map<string, number>();
  let cashCents = 0;
  for (const row of rows) {
    cashCents += Number(row.cash);
    if (Number(row.shares) > 0) shares.set(row.symbol, Number(row.shares));
  }
  return { cashCents, shares };
}

export async function countOpenOrders(executor: Executor, contestId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: sql<string | number>`COUNT(*)` })
    .from(orders)
    .where(and(eq(orders.contestId, contestId), eq(orders.userId, userId), eq(orders.status, 'open')));
  return Number(row?.n ?? 0);
}

/** Orders shown in a list: every open order and the newest this many others. */
export const ORDERS_SHOWN = 200;

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
