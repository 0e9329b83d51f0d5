import { MARGIN } from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from './database';
import { type ParticipantCash, type PlayerKey, type Players, playersOf, setParticipantsCash } from './participants';
import { deletePositions, insertTrades, type NewTradeRow, type PositionKey } from './portfolios';

/**
 * The players of live contests that allow short selling who hold a short and whose value is below the maintenance
 * margin (API.md "Short selling") at the current prices, in one order.
 */
export async function playersBelowMargin(tx: Executor, now: Date): Promise<Players> {
  const rows = await queryRows<PlayerKey>(
    tx,
    sql`WITH live AS (
          SELECT id FROM contests
          WHERE phase = 'active' AND cancelled_at IS NULL AND ends_at > ${now} AND (rules->>'shortSelling')::boolean
        ), shorted AS (
          SELECT DISTINCT pos.contest_id, pos.user_id FROM positions pos JOIN live ON live.id = pos.contest_id
          WHERE pos.quantity < 0
        ), held AS (
          -- Summed per player first, then one participant row per player: joined per position, the participants'
          -- index was probed three times as often. Float8 sums are exact in cents and cheaper than numeric; the
          -- covers themselves are worked out again exactly, under lock (clock/margin-calls.ts).
          SELECT pos.contest_id, pos.user_id, SUM((pos.quantity * e.price_cents)::float8) AS cents,
                 SUM(CASE WHEN pos.quantity < 0 THEN (-pos.quantity * e.price_cents)::float8 ELSE 0 END) AS short_cents
          FROM shorted s
          JOIN positions pos ON pos.contest_id = s.contest_id AND pos.user_id = s.user_id
          JOIN equities e ON e.symbol = pos.symbol
          GROUP BY pos.contest_id, pos.user_id
        )
        SELECT h.contest_id, h.user_id FROM held h
        JOIN participants p ON p.contest_id = h.contest_id AND p.user_id = h.user_id
        WHERE p.cash_cents + h.cents < ${MARGIN.maintenance} * h.short_cents
        ORDER BY h.contest_id, h.user_id`,
  );
  return playersOf(rows);
}

export interface PricedHoldingRow extends PlayerKey {
  symbol: string;
  quantity: string | number;
  cost_cents: string | number;
  price_cents: string | number;
}

/** Every holding of the players with its symbol's current price, locked. */
export async function lockPricedHoldings(tx: Executor, players: Players): Promise<PricedHoldingRow[]> {
  return queryRows(
    tx,
    sql`SELECT pos.contest_id, pos.user_id, pos.symbol, pos.quantity, pos.cost_cents, e.price_cents
        FROM positions pos JOIN equities e ON e.symbol = pos.symbol
        WHERE (pos.contest_id, pos.user_id) IN (${players.list})
        ORDER BY pos.contest_id, pos.user_id, pos.symbol FOR UPDATE OF pos`,
  );
}

/** Writes the tick's margin calls: their trades, the shorts they covered (whole, so removed), the players' cash. */
export async function writeMarginCalls(
  tx: Executor,
  covers: readonly NewTradeRow[],
  emptied: readonly PositionKey[],
  cash: readonly ParticipantCash[],
): Promise<void> {
  await insertTrades(tx, covers);
  await deletePositions(tx, emptied);
  await setParticipantsCash(tx, cash);
}
