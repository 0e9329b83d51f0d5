import { TRAIL_ROUNDING_SLACK } from '@bullpen/contract';
import { type SQL, sql } from 'drizzle-orm';
import { EXPIRED_REASON, type OrderType } from '../domain/orders';
import type { TradeSide } from '../domain/trade';
import { type Executor, queryRows } from './database';
import { type ParticipantCash, type PlayerKey, type Players, playersOf, setParticipantsCash } from './participants';
import { deletePositions, insertTrades, type NewTradeRow } from './portfolios';

/** Rows per statement of the tick's order writes. */
const BATCH = 1000;

/**
 * Which prices may trigger a conditional order (API.md "Market orders that wait"): with a delayed feed or exchange hours
 * only one stamped at or after the order was placed (never a price the player had already seen), and with exchange hours
 * only one stamped in the latest session. The simulator around the clock: every price, as before.
 */
export interface PriceGate {
  stampedAfterPlacement: boolean;
  session: { opensAt: Date; closesAt: Date } | null;
}

export const OPEN_GATE: PriceGate = { stampedAfterPlacement: false, session: null };

function gateSql(gate: PriceGate): SQL {
  const parts: SQL[] = [];
  if (gate.stampedAfterPlacement) parts.push(sql`e.updated_at >= o.created_at`);
  if (gate.session) {
    parts.push(
      sql`e.updated_at BETWEEN ${gate.session.opensAt}::timestamptz AND ${gate.session.closesAt}::timestamptz`,
    );
  }
  return parts.length === 0 ? sql`` : sql` AND ${sql.join(parts, sql` AND `)}`;
}

/** An open order whose price has come at its symbol's current price `e.price_cents` (orders `o`, equities `e`). */
const dueOrder = (gate: PriceGate) => sql`
    o.status = 'open'${gateSql(gate)}
    AND (
      (o.type = 'limit' AND ((o.side IN ('buy', 'cover') AND e.price_cents <= o.limit_price_cents) OR (o.side IN ('sell', 'short') AND e.price_cents >= o.limit_price_cents)))
      OR (o.type <> 'limit' AND (o.triggered_at IS NOT NULL
        OR (o.side IN ('buy', 'cover') AND e.price_cents >= o.stop_price_cents) OR (o.side IN ('sell', 'short') AND e.price_cents <= o.stop_price_cents)))
    )`;

function valuesList(rows: SQL[]): SQL {
  return sql.join(rows, sql`, `);
}

/** The players with an order of a live contest that fills or triggers at the current prices: one indexed scan. */
export async function playersWithDueOrders(tx: Executor, now: Date, gate: PriceGate): Promise<Players> {
  const rows = await queryRows<PlayerKey>(
    tx,
    sql`SELECT DISTINCT o.contest_id, o.user_id FROM orders o
        JOIN contests c ON c.id = o.contest_id AND c.phase = 'active' AND c.cancelled_at IS NULL AND c.ends_at > ${now}
        JOIN equities e ON e.symbol = o.symbol
        WHERE ${dueOrder(gate)}`,
  );
  return playersOf(rows);
}

/** An open order's row as the fills read it: whose, which, and its terms. */
interface OrderRow extends PlayerKey {
  id: string;
  seq: string | number;
  symbol: string;
  side: TradeSide;
  type: OrderType;
  quantity: string | number;
  limit_price_cents: string | number | null;
  stop_price_cents: string | number | null;
}

export interface DueOrderRow extends OrderRow {
  triggered: boolean;
  price_cents: string | number;
}

/** The players' orders that fill or trigger now, oldest first, with their symbol's price; locked. */
export async function lockDueOrders(
  tx: Executor,
  players: Players,
  now: Date,
  gate: PriceGate,
): Promise<DueOrderRow[]> {
  return queryRows(
    tx,
    sql`SELECT o.id, o.seq, o.contest_id, o.user_id, o.symbol, o.side, o.type, o.quantity, o.limit_price_cents, o.stop_price_cents,
               o.triggered_at IS NOT NULL AS triggered, e.price_cents
        FROM orders o
        JOIN contests c ON c.id = o.contest_id AND c.phase = 'active' AND c.cancelled_at IS NULL AND c.ends_at > ${now}
        JOIN equities e ON e.symbol = o.symbol
        WHERE (o.contest_id, o.user_id) IN (${players.list}) AND ${dueOrder(gate)}
        ORDER BY o.seq
        FOR UPDATE OF o`,
  );
}

/** Prices looked at per waiting order and tick: enough to step over a few stamped outside the session at once. */
const STAMPS_PER_ORDER = 5;

export interface WaitingStampRow extends PlayerKey {
  id: string;
  symbol: string;
  fill_after: Date | string;
  t: Date | string;
  price_cents: string | number;
}

/**
 * Waiting market orders of live contests with the first few prices of their symbol stamped at or after their
 * `fill_after`, earliest first: the clock picks the fair one (the contract's fairFillPrice). One primary-key range read
 * of price_history per waiting order.
 */
export async function waitingOrderStamps(tx: Executor, now: Date): Promise<WaitingStampRow[]> {
  return queryRows(
    tx,
    sql`SELECT o.id, o.contest_id, o.user_id, o.symbol, o.fill_after, h.t, h.price_cents
        FROM orders o
        JOIN contests c ON c.id = o.contest_id AND c.phase = 'active' AND c.cancelled_at IS NULL AND c.ends_at > ${now}
        CROSS JOIN LATERAL (
          SELECT ph.t, ph.price_cents FROM price_history ph
          WHERE ph.symbol = o.symbol AND ph.t >= o.fill_after
          ORDER BY ph.t LIMIT ${STAMPS_PER_ORDER}
        ) h
        WHERE o.status = 'open' AND o.type = 'market'
        ORDER BY o.seq, h.t`,
  );
}

export interface WaitingOrderRow extends OrderRow {
  reserve_price_cents: string | number | null;
}

/** These waiting orders, if still open (a cancel may have come first), locked, with what the fill needs of them. */
export async function lockWaitingOrders(tx: Executor, ids: readonly string[]): Promise<WaitingOrderRow[]> {
  if (ids.length === 0) return [];
  return queryRows(
    tx,
    sql`SELECT o.id, o.seq, o.contest_id, o.user_id, o.symbol, o.side, o.type, o.quantity, o.limit_price_cents,
               o.stop_price_cents, o.reserve_price_cents
        FROM orders o
        WHERE o.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND o.status = 'open' AND o.type = 'market'
        ORDER BY o.seq
        FOR UPDATE OF o`,
  );
}

/** Waiting orders whose first prices were all stamped outside a session look from a later instant on (the next open). */
export async function moveFillAfter(tx: Executor, moves: readonly { id: string; fillAfter: Date }[]): Promise<void> {
  if (moves.length === 0) return;
  const rows = moves.map((move) => sql`(${move.id}::text, ${move.fillAfter}::timestamptz)`);
  await tx.execute(sql`
    UPDATE orders AS o SET fill_after = GREATEST(o.fill_after, v.fill_after)
    FROM (VALUES ${valuesList(rows)}) AS v(id, fill_after)
    WHERE o.id = v.id AND o.status = 'open'`);
}

export interface HeldRow extends PlayerKey {
  symbol: string;
  quantity: string | number;
  cost_cents: string | number;
}

/** Every holding of the players, locked. */
export async function lockPlayersPositions(tx: Executor, players: Players): Promise<HeldRow[]> {
  return queryRows(
    tx,
    sql`SELECT contest_id, user_id, symbol, quantity, cost_cents FROM positions
        WHERE (contest_id, user_id) IN (${players.list}) ORDER BY contest_id, user_id, symbol FOR UPDATE`,
  );
}

/** What became of one order this tick: still open but triggered, rejected with a reason, or filled by a trade. */
export type OrderOutcome =
  | { id: string; status: 'open' }
  | { id: string; status: 'rejected'; reason: string; triggered: boolean }
  | { id: string; status: 'filled'; tradeId: string; triggered: boolean };

function outcomeValues(outcome: OrderOutcome): SQL {
  switch (outcome.status) {
    case 'open':
      return sql`(${outcome.id}::text, 'open'::text, NULL::text, NULL::text, true)`;
    case 'rejected':
      return sql`(${outcome.id}::text, 'rejected'::text, NULL::text, ${outcome.reason}::text, ${outcome.triggered}::boolean)`;
    case 'filled':
      return sql`(${outcome.id}::text, 'filled'::text, ${outcome.tradeId}::text, NULL::text, ${outcome.triggered}::boolean)`;
  }
}

interface PositionAfter {
  contestId: string;
  userId: string;
  symbol: string;
  quantity: number;
  costCents: number;
}

export interface TickFills {
  /** In fill order: their seq follows it. */
  trades: NewTradeRow[];
  /** Holdings as the fills left them; those at zero shares are removed. */
  positions: PositionAfter[];
  cash: ParticipantCash[];
  orders: OrderOutcome[];
}

/** Writes what the tick's fills did: the trades, then the holdings, the cash and the orders, set-based in batches. */
export async function writeFills(tx: Executor, fills: TickFills, now: Date): Promise<void> {
  const { trades: tradeRows, positions: positionRows, cash: cashRows } = fills;
  for (let i = 0; i < tradeRows.length; i += BATCH) await insertTrades(tx, tradeRows.slice(i, i + BATCH));
  const emptied = positionRows.filter((p) => p.quantity === 0);
  const kept = positionRows.filter((p) => p.quantity !== 0);
  for (let i = 0; i < kept.length; i += BATCH) {
    await tx.execute(sql`
      INSERT INTO positions (contest_id, user_id, symbol, quantity, cost_cents)
      VALUES ${valuesList(kept.slice(i, i + BATCH).map((p) => sql`(${p.contestId}, ${p.userId}, ${p.symbol}, ${p.quantity}::bigint, ${p.costCents}::bigint)`))}
      ON CONFLICT (contest_id, user_id, symbol) DO UPDATE SET quantity = EXCLUDED.quantity, cost_cents = EXCLUDED.cost_cents`);
  }
  for (let i = 0; i < emptied.length; i += BATCH) await deletePositions(tx, emptied.slice(i, i + BATCH));
  for (let i = 0; i < cashRows.length; i += BATCH) await setParticipantsCash(tx, cashRows.slice(i, i + BATCH));
  const orderUpdates = fills.orders.map(outcomeValues);
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

/** Open orders past their own good-until time, earlier than their contest's end; locked. */
export async function lockOrdersPastGoodUntil(
  tx: Executor,
  now: Date,
): Promise<{ id: string; expires_at: Date | string; time_in_force: 'day' | 'gtc' }[]> {
  return queryRows(
    tx,
    sql`SELECT o.id, o.expires_at, o.time_in_force FROM orders o JOIN contests c ON c.id = o.contest_id
        WHERE o.status = 'open' AND o.expires_at <= ${now} AND o.expires_at < c.ends_at
        FOR UPDATE OF o`,
  );
}

/** The given orders, if still open, expire, each with its reason. */
export async function expireOrdersWithReasons(
  tx: Executor,
  expired: readonly { id: string; reason: string }[],
  now: Date,
): Promise<void> {
  const rows = expired.map((row) => sql`(${row.id}::text, ${row.reason}::text)`);
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.execute(sql`
      UPDATE orders AS o SET status = 'expired', reason = v.reason, updated_at = ${now}::timestamptz
      FROM (VALUES ${valuesList(rows.slice(i, i + BATCH))}) AS v(id, reason)
      WHERE o.id = v.id AND o.status = 'open'`);
  }
}

/**
 * Trailing stops follow this tick's price one way only (the contract's nextTrailingStopCents, the same arithmetic in
 * float8 with the same rounding slack): up for a sell or short, down for a buy or cover. Run after fills; only stops
 * that move are written.
 */
export async function moveTrailingStops(tx: Executor, now: Date): Promise<number> {
  const slack = sql.raw(String(TRAIL_ROUNDING_SLACK));
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
                WHEN o2.side IN ('sell', 'short') THEN FLOOR(e.price_cents::float8 * (1 - o2.trail_percent / 100) + ${slack})
                ELSE CEIL(e.price_cents::float8 * (1 + o2.trail_percent / 100) - ${slack})
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
