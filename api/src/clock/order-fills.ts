import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database';
import { trades } from '../db/schema';
import { EXPIRED_REASON, evaluateOrder, reservationOf, unaffordableReason } from '../domain/orders';
import { executeOrder, sharesAfter } from '../domain/trade';
import { newId } from '../lib/ids';

export interface FillReport {
  filled: number;
  rejected: number;
  triggered: number;
}

interface CandidateRow {
  id: string;
  seq: string | number;
  contest_id: string;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'stop' | 'stop-limit';
  quantity: string | number;
  limit_price_cents: string | number | null;
  stop_price_cents: string | number | null;
  triggered: boolean;
  price_cents: string | number;
}

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const participantKey = (contestId: string, userId: string) => `${contestId}\u0000${userId}`;
const positionKey = (contestId: string, userId: string, symbol: string) => `${contestId}\u0000${userId}\u0000${symbol}`;
const BATCH = 1000;

function valuesList(rows: SQL[]): SQL {
  return sql.join(rows, sql`, `);
}

/**
 * Fills the conditional orders whose price has come (API.md "Conditional orders"), run by the clock inside the
 * tick's valuation transaction, so a fill counts in that tick's standings. Orders are taken oldest first at this tick's
 * price. Only orders that fill or trigger now are read in full, so 10,000 waiting orders cost one indexed scan.
 *
 * Races: the participant rows are locked (as a market order, a placement or a cancel locks its own) before the orders
 * are read again, so an order cancelled meanwhile is seen as cancelled, and a cancel that comes later finds it filled.
 */
export async function fillDueOrders(tx: Executor, now: Date): Promise<FillReport> {
  const report: FillReport = { filled: 0, rejected: 0, triggered: 0 };
  const due = sql`
    o.status = 'open'
    AND (
      (o.type = 'limit' AND ((o.side = 'buy' AND e.price_cents <= o.limit_price_cents) OR (o.side = 'sell' AND e.price_cents >= o.limit_price_cents)))
      OR (o.type <> 'limit' AND (o.triggered_at IS NOT NULL
        OR (o.side = 'buy' AND e.price_cents >= o.stop_price_cents) OR (o.side = 'sell' AND e.price_cents <= o.stop_price_cents)))
    )`;
  const first = await queryRows<{ contest_id: string; user_id: string }>(
    tx,
    sql`SELECT DISTINCT o.contest_id, o.user_id FROM orders o
        JOIN contests c ON c.id = o.contest_id AND c.phase = 'active' AND c.cancelled_at IS NULL AND c.ends_at > ${now}
        JOIN equities e ON e.symbol = o.symbol
        WHERE ${due}`,
  );
  if (first.length === 0) return report;

  // Lock every concerned participant, in one order (no deadlock between two workers' ticks or with routes, which each
  // lock a single participant), then read the orders again: what was cancelled meanwhile is no longer open.
  const players = sql.join(
    first.map((p) => sql`(${p.contest_id}, ${p.user_id})`),
    sql`, `,
  );
  const cash = await queryRows<{ contest_id: string; user_id: string; cash_cents: string | number | null }>(
    tx,
    sql`SELECT contest_id, user_id, cash_cents FROM participants
        WHERE (contest_id, user_id) IN (${players})
        ORDER BY contest_id, user_id FOR UPDATE`,
  );
  const candidates = await queryRows<CandidateRow>(
    tx,
    sql`SELECT o.id, o.seq, o.contest_id, o.user_id, o.symbol, o.side, o.type, o.quantity, o.limit_price_cents, o.stop_price_cents,
               o.triggered_at IS NOT NULL AS triggered, e.price_cents
        FROM orders o
        JOIN contests c ON c.id = o.contest_id AND c.phase = 'active' AND c.cancelled_at IS NULL AND c.ends_at > ${now}
        JOIN equities e ON e.symbol = o.symbol
        WHERE (o.contest_id, o.user_id) IN (${players}) AND ${due}
        ORDER BY o.seq
        FOR UPDATE OF o`,
  );
  if (candidates.length === 0) return report;

  const heldRows = await queryRows<{
    contest_id: string;
    user_id: string;
    symbol: string;
    quantity: string | number;
    cost_cents: string | number;
  }>(
    tx,
    sql`SELECT contest_id, user_id, symbol, quantity, cost_cents FROM positions
        WHERE (contest_id, user_id) IN (${players}) ORDER BY contest_id, user_id, symbol FOR UPDATE`,
  );
  const reservedRows = await queryRows<{
    contest_id: string;
    user_id: string;
    symbol: string;
    cash: string | number;
    shares: string | number;
  }>(
    tx,
    sql`SELECT contest_id, user_id, symbol,
               SUM(CASE WHEN side = 'buy' THEN quantity * COALESCE(limit_price_cents, stop_price_cents) ELSE 0 END) AS cash,
               SUM(CASE WHEN side = 'sell' THEN quantity ELSE 0 END) AS shares
        FROM orders WHERE status = 'open' AND (contest_id, user_id) IN (${players})
        GROUP BY contest_id, user_id, symbol`,
  );

  const cashOf = new Map(cash.map((row) => [participantKey(row.contest_id, row.user_id), num(row.cash_cents)]));
  const reservedCash = new Map<string, number>();
  const reservedShares = new Map<string, number>();
  for (const row of reservedRows) {
    const pk = participantKey(row.contest_id, row.user_id);
    reservedCash.set(pk, (reservedCash.get(pk) ?? 0) + Number(row.cash));
    reservedShares.set(positionKey(row.contest_id, row.user_id, row.symbol), Number(row.shares));
  }
  const held = new Map(
    heldRows.map((row) => [
      positionKey(row.contest_id, row.user_id, row.symbol),
      { quantity: Number(row.quantity), costCents: Number(row.cost_cents) },
    ]),
  );
  const touchedPositions = new Set<string>();
  const touchedCash = new Set<string>();
  const orderUpdates: SQL[] = [];
  const tradeRows: (typeof trades.$inferInsert)[] = [];

  for (const row of candidates) {
    const order = {
      side: row.side,
      type: row.type,
      quantity: Number(row.quantity),
      limitPriceCents: num(row.limit_price_cents),
      stopPriceCents: num(row.stop_price_cents),
      triggered: row.triggered,
    };
    const priceCents = Number(row.price_cents);
    const pk = participantKey(row.contest_id, row.user_id);
    const posKey = positionKey(row.contest_id, row.user_id, row.symbol);
    const cashCents = cashOf.get(pk);
    const { triggered, fills } = evaluateOrder(order, priceCents);
    const newlyTriggered = triggered && !row.triggered;
    if (!fills) {
      if (newlyTriggered) {
        report.triggered += 1;
        orderUpdates.push(sql`(${row.id}::text, 'open'::text, NULL::text, NULL::text, true)`);
      }
      continue;
    }
    if (cashCents === null || cashCents === undefined) continue;
    const own = reservationOf(order);
    const position = held.get(posKey) ?? null;
    // What this order may use: what it reserved itself plus what no other open order holds.
    const otherCash = (reservedCash.get(pk) ?? 0) - own.cashCents;
    const otherShares = (reservedShares.get(posKey) ?? 0) - own.shares;
    const free = {
      cashCents: cashCents - otherCash,
      quantity: (position?.quantity ?? 0) - otherShares,
      costCents: position?.costCents ?? 0,
    };
    const outcome = executeOrder(free, order.side, order.quantity, priceCents);
    // This order no longer holds anything, whatever happens to it.
    reservedCash.set(pk, otherCash);
    reservedShares.set(posKey, otherShares);
    if (!outcome.ok) {
      report.rejected += 1;
      const reason =
        outcome.reason === 'insufficient-cash'
          ? unaffordableReason(
              { type: order.type, quantity: order.quantity, symbol: row.symbol },
              priceCents,
              Math.max(0, free.cashCents),
            )
          : `Your ${order.type} order to sell ${order.quantity} ${row.symbol} could not fill: you no longer hold those shares`;
      orderUpdates.push(sql`(${row.id}::text, 'rejected'::text, NULL::text, ${reason}::text, ${triggered}::boolean)`);
      continue;
    }
    const tradeId = newId();
    cashOf.set(pk, cashCents + (order.side === 'buy' ? -outcome.amountCents : outcome.amountCents));
    held.set(posKey, sharesAfter(position, order.side, order.quantity, outcome.amountCents));
    touchedCash.add(pk);
    touchedPositions.add(posKey);
    tradeRows.push({
      id: tradeId,
      contestId: row.contest_id,
      userId: row.user_id,
      symbol: row.symbol,
      side: order.side,
      quantity: order.quantity,
      priceCents,
      amountCents: outcome.amountCents,
      executedAt: now,
      orderId: row.id,
    });
    orderUpdates.push(sql`(${row.id}::text, 'filled'::text, ${tradeId}::text, NULL::text, ${triggered}::boolean)`);
    report.filled += 1;
  }

  // Trades in fill order (their seq follows), then the holdings, the cash and the orders.
  for (let i = 0; i < tradeRows.length; i += BATCH) await tx.insert(trades).values(tradeRows.slice(i, i + BATCH));
  const positionRows = [...touchedPositions].map((key) => {
    const [contestId, userId, symbol] = key.split('\u0000') as [string, string, string];
    const after = held.get(key) ?? { quantity: 0, costCents: 0 };
    return { contestId, userId, symbol, ...after };
  });
  const emptied = positionRows.filter((p) => p.quantity === 0);
  const kept = positionRows.filter((p) => p.quantity > 0);
  for (let i = 0; i < kept.length; i += BATCH) {
    await tx.execute(sql`
      INSERT INTO positions (contest_id, user_id, symbol, quantity, cost_cents)
      VALUES ${valuesList(kept.slice(i, i + BATCH).map((p) => sql`(${p.contestId}, ${p.userId}, ${p.symbol}, ${p.quantity}::bigint, ${p.costCents}::bigint)`))}
      ON CONFLICT (contest_id, user_id, symbol) DO UPDATE SET quantity = EXCLUDED.quantity, cost_cents = EXCLUDED.cost_cents`);
  }
  for (let i = 0; i < emptied.length; i += BATCH) {
    await tx.execute(sql`
      DELETE FROM positions WHERE (contest_id, user_id, symbol) IN (${valuesList(
        emptied.slice(i, i + BATCH).map((p) => sql`(${p.contestId}, ${p.userId}, ${p.symbol})`),
      )})`);
  }
  const cashRows = [...touchedCash].map((key) => {
    const [contestId, userId] = key.split('\u0000') as [string, string];
    return sql`(${contestId}, ${userId}, ${cashOf.get(key) ?? 0}::bigint)`;
  });
  for (let i = 0; i < cashRows.length; i += BATCH) {
    await tx.execute(sql`
      UPDATE participants AS p SET cash_cents = v.cash
      FROM (VALUES ${valuesList(cashRows.slice(i, i + BATCH))}) AS v(contest_id, user_id, cash)
      WHERE p.contest_id = v.contest_id AND p.user_id = v.user_id`);
  }
  for (let i = 0; i < orderUpdates.length; i += BATCH) {
    await tx.execute(sql`
      UPDATE orders AS o
      SET status = v.status,
          fill_trade_id = COALESCE(v.trade_id, o.fill_trade_id),
          reason = v.reason,
          triggered_at = CASE WHEN v.triggered AND o.triggered_at IS NULL THEN ${now}::timestamptz ELSE o.triggered_at END,
          updated_at = ${now}::timestamptz
      FROM (VALUES ${valuesList(orderUpdates.slice(i, i + BATCH))}) AS v(id, status, trade_id, reason, triggered)
      WHERE o.id = v.id`);
  }
  return report;
}

/** Open orders of contests that end now expire, with a reason (DESIGN §5 "End"). */
export async function expireOrders(tx: Executor, contestIds: readonly string[], now: Date): Promise<number> {
  if (contestIds.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE orders SET status = 'expired', reason = ${EXPIRED_REASON}, updated_at = ${now}
        WHERE status = 'open' AND contest_id IN (${sql.join(
          contestIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        RETURNING id`,
  );
  return rows.length;
}
