import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database';
import { trades } from '../db/schema';
import type { ContestRules } from '@bullpen/contract';
import { reservedCashSql, reservedSharesSql } from '../db/reservations';
import {
  describeOrderType,
  EXPIRED_REASON,
  evaluateOrder,
  formatDollars,
  type OrderType,
  reservationOf,
  unaffordableReason,
} from '../domain/orders';
import { buyingPowerCents, commissionCents, opens, rulesFrom } from '../domain/rules';
import { fill, type TradeSide } from '../domain/trade';
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
  side: TradeSide;
  type: OrderType;
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

/** Σ |short value| of one player, from the holdings as this tick's fills have left them. */
function shortExposureOf(
  contestId: string,
  userId: string,
  held: ReadonlyMap<string, { quantity: number }>,
  prices: ReadonlyMap<string, number>,
): number {
  const prefix = participantKey(contestId, userId) + '\u0000';
  let total = 0;
  for (const [key, position] of held) {
    if (position.quantity < 0 && key.startsWith(prefix)) {
      total += -position.quantity * (prices.get(key.slice(prefix.length)) ?? 0);
    }
  }
  return total;
}

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
      (o.type = 'limit' AND ((o.side IN ('buy', 'cover') AND e.price_cents <= o.limit_price_cents) OR (o.side IN ('sell', 'short') AND e.price_cents >= o.limit_price_cents)))
      OR (o.type <> 'limit' AND (o.triggered_at IS NOT NULL
        OR (o.side IN ('buy', 'cover') AND e.price_cents >= o.stop_price_cents) OR (o.side IN ('sell', 'short') AND e.price_cents <= o.stop_price_cents)))
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
               SUM(${reservedCashSql}) AS cash, SUM(${reservedSharesSql}) AS shares
        FROM orders WHERE status = 'open' AND (contest_id, user_id) IN (${players})
        GROUP BY contest_id, user_id, symbol`,
  );

  const contestIds = [...new Set(candidates.map((row) => row.contest_id))];
  const ruleRows = await queryRows<{ id: string; rules: ContestRules | string }>(
    tx,
    sql`SELECT id, rules FROM contests WHERE id IN (${sql.join(
      contestIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const rulesOf = new Map(
    ruleRows.map((row) => [row.id, rulesFrom(typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules)]),
  );
  const priceRows = await queryRows<{ symbol: string; price_cents: string | number }>(
    tx,
    sql`SELECT symbol, price_cents FROM equities`,
  );
  const prices = new Map(priceRows.map((row) => [row.symbol, Number(row.price_cents)]));
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
    const rules = rulesOf.get(row.contest_id) ?? rulesFrom(null);
    const own = reservationOf(order);
    const position = held.get(posKey) ?? null;
    const heldQuantity = position?.quantity ?? 0;
    // What this order may use: what it reserved itself plus what no other open order holds.
    const otherCash = (reservedCash.get(pk) ?? 0) - own.cashCents;
    const otherShares = (reservedShares.get(posKey) ?? 0) - own.shares;
    const commission = commissionCents(rules, order.quantity);
    const amountCents = order.quantity * priceCents;
    // This order no longer holds anything, whatever happens to it.
    reservedCash.set(pk, otherCash);
    reservedShares.set(posKey, otherShares);
    const reject = (reason: string) => {
      report.rejected += 1;
      orderUpdates.push(sql`(${row.id}::text, 'rejected'::text, NULL::text, ${reason}::text, ${triggered}::boolean)`);
    };
    const what = `Your ${describeOrderType(order.type)} order to ${order.side} ${order.quantity} ${row.symbol}`;
    if ((order.side === 'short' || order.side === 'cover') && !rules.shortSelling) {
      reject(`${what} could not fill: short selling is not allowed in this contest`);
      continue;
    }
    if (opens(order.side)) {
      const exposure = shortExposureOf(row.contest_id, row.user_id, held, prices);
      const free = buyingPowerCents(cashCents, exposure) - otherCash;
      if ((order.side === 'buy' && heldQuantity < 0) || (order.side === 'short' && heldQuantity > 0)) {
        reject(`${what} could not fill: you hold ${row.symbol} the other way`);
        continue;
      }
      if (amountCents + commission > free) {
        reject(
          order.side === 'buy' && commission === 0 && exposure === 0
            ? unaffordableReason(
                { type: order.type, quantity: order.quantity, symbol: row.symbol },
                priceCents,
                Math.max(0, free),
              )
            : `${what} triggered at ${formatDollars(priceCents)}, but it needs ${formatDollars(amountCents + commission)} and ${formatDollars(Math.max(0, free))} of buying power is free`,
        );
        continue;
      }
    } else {
      const free = (order.side === 'sell' ? heldQuantity : -heldQuantity) - otherShares;
      if (order.quantity > free) {
        reject(
          order.side === 'sell'
            ? `Your ${order.type} order to sell ${order.quantity} ${row.symbol} could not fill: you no longer hold those shares`
            : `${what} could not fill: you are no longer short those shares`,
        );
        continue;
      }
    }
    const outcome = fill(position, order.side, order.quantity, priceCents, commission);
    if (!outcome.ok) {
      reject(`${what} could not fill: it does not apply to what you hold`);
      continue;
    }
    const tradeId = newId();
    cashOf.set(pk, cashCents + outcome.cashDeltaCents);
    held.set(posKey, { quantity: outcome.quantity, costCents: outcome.costCents });
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
      commissionCents: commission,
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
  const kept = positionRows.filter((p) => p.quantity !== 0);
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

const goodUntilReason = (expiresAt: Date) =>
  `Good until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC: the time passed before the order filled`;

/**
 * Orders past their own `expiresAt` (earlier than the contest's end: those expire with the contest) become expired at
 * the first tick after it, before fills, releasing what they held back (reservations are summed from open orders).
 */
export async function expireDueOrders(tx: Executor, now: Date): Promise<number> {
  const due = await queryRows<{ id: string; expires_at: Date | string }>(
    tx,
    sql`SELECT o.id, o.expires_at FROM orders o JOIN contests c ON c.id = o.contest_id
        WHERE o.status = 'open' AND o.expires_at <= ${now} AND o.expires_at < c.ends_at
        FOR UPDATE OF o`,
  );
  if (due.length === 0) return 0;
  const rows = due.map((row) => sql`(${row.id}::text, ${goodUntilReason(new Date(row.expires_at))}::text)`);
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.execute(sql`
      UPDATE orders AS o SET status = 'expired', reason = v.reason, updated_at = ${now}::timestamptz
      FROM (VALUES ${valuesList(rows.slice(i, i + BATCH))}) AS v(id, reason)
      WHERE o.id = v.id AND o.status = 'open'`);
  }
  return due.length;
}

/**
 * Trailing stops follow this tick's price one way only (domain/orders.ts nextTrailingStop, the same arithmetic in
 * float8): up for a sell or short, down for a buy or cover. Run after fills; only stops that move are written.
 */
export async function moveTrailingStops(tx: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE orders AS o SET stop_price_cents = s.stop, updated_at = ${now}::timestamptz
        FROM (
          SELECT t.id, CASE WHEN t.side IN ('sell', 'short') THEN GREATEST(t.stop_price_cents, t.candidate)
                            ELSE LEAST(t.stop_price_cents, t.candidate) END AS stop
          FROM (
            SELECT o2.id, o2.side, o2.stop_price_cents,
              (CASE
                WHEN o2.trail_amount_cents IS NOT NULL AND o2.side IN ('sell', 'short') THEN GREATEST(0, e.price_cents - o2.trail_amount_cents)
                WHEN o2.trail_amount_cents IS NOT NULL THEN e.price_cents + o2.trail_amount_cents
                WHEN o2.side IN ('sell', 'short') THEN FLOOR(e.price_cents::float8 * (1 - o2.trail_percent / 100) + 1e-9)
                ELSE CEIL(e.price_cents::float8 * (1 + o2.trail_percent / 100) - 1e-9)
              END)::bigint AS candidate
            FROM orders o2 JOIN equities e ON e.symbol = o2.symbol
            WHERE o2.status = 'open' AND o2.type = 'trailing-stop'
          ) t
        ) s
        WHERE o.id = s.id AND o.stop_price_cents IS DISTINCT FROM s.stop
        RETURNING o.id`,
  );
  return rows.length;
}
