import { and, asc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './database';
import { equities, marketState, priceHistory } from './schema';

export type EquityRow = typeof equities.$inferSelect;
export type NewEquityRow = typeof equities.$inferInsert;
export type MarketStateRow = typeof marketState.$inferSelect;

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** Seeds the equities and the market's state the first time; rows already there are kept. */
export async function seedMarket(db: Db, rows: NewEquityRow[], now: Date): Promise<void> {
  if (rows.length > 0) await db.insert(equities).values(rows).onConflictDoNothing();
  await db
    .insert(marketState)
    .values({ id: 1, tickIndex: 0, asOf: now, simulatedAt: now, sessionDate: utcDate(now) })
    .onConflictDoNothing();
}

export async function equityRows(executor: Executor, ordered = false): Promise<EquityRow[]> {
  const rows = executor.select().from(equities);
  return ordered ? rows.orderBy(asc(equities.symbol)) : rows;
}

/** Current prices (cents) of just these symbols. */
export async function currentPrices(executor: Executor, symbols: readonly string[]): Promise<Map<string, number>> {
  if (symbols.length === 0) return new Map();
  const rows = await executor
    .select({ symbol: equities.symbol, price: equities.priceCents })
    .from(equities)
    .where(inArray(equities.symbol, [...symbols]));
  return new Map(rows.map((row) => [row.symbol, row.price]));
}

export async function currentPrice(executor: Executor, symbol: string): Promise<number | null> {
  const [row] = await executor.select({ price: equities.priceCents }).from(equities).where(eq(equities.symbol, symbol));
  return row?.price ?? null;
}

export async function priceHistoryOf(db: Db, symbol: string, from: Date, to: Date) {
  return db
    .select()
    .from(priceHistory)
    .where(and(eq(priceHistory.symbol, symbol), gte(priceHistory.t, from), lte(priceHistory.t, to)))
    .orderBy(asc(priceHistory.t))
    .limit(5000);
}

/** The market's state row, locked until the transaction ends: one market step at a time. */
export async function lockMarketState(executor: Executor): Promise<MarketStateRow | undefined> {
  const [state] = await executor.select().from(marketState).where(eq(marketState.id, 1)).for('update');
  return state;
}

/** Every symbol's current price (cents). */
export async function allPrices(executor: Executor): Promise<Map<string, number>> {
  const rows = await queryRows<{ symbol: string; price_cents: string | number }>(
    executor,
    sql`SELECT symbol, price_cents FROM equities`,
  );
  return new Map(rows.map((row) => [row.symbol, Number(row.price_cents)]));
}

/** Each symbol's unrounded price (cents), the one the next step starts from. */
export async function exactPrices(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor
    .select({ symbol: equities.symbol, priceCents: equities.priceCents, exact: equities.exactPriceCents })
    .from(equities);
  return new Map(rows.map((row) => [row.symbol, row.exact ?? row.priceCents]));
}

/** One stored price: rounded to the cent (at least one) for trading, exact for the next model step. */
export interface StoredPrice {
  symbol: string;
  cents: number;
  asOf: Date;
  previousCloseCents?: number;
}

/**
 * Stores one market step: the new prices, their history at each price's own time, and the market's state. On a new
 * simulated session the last price becomes the previous close, unless the provider said what the close was.
 */
export async function storeMarketStep(
  executor: Executor,
  moved: readonly StoredPrice[],
  step: { now: Date; newSession: boolean; tickIndex: number; simulatedAt: Date },
): Promise<void> {
  const { newSession, tickIndex, simulatedAt, now } = step;
  // The step travels as one JSON parameter: a real feed's open moves thousands of symbols, and a VALUES list of five
  // parameters a symbol costs more to build, send and parse than the update itself.
  const rows = JSON.stringify(
    moved.map((p) => ({
      symbol: p.symbol,
      cents: Math.max(1, Math.round(p.cents)),
      exact: p.cents,
      as_of: p.asOf.toISOString(),
      previous_close: p.previousCloseCents === undefined ? null : Math.max(1, Math.round(p.previousCloseCents)),
    })),
  );
  await executor.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb)
        AS v(symbol text, cents bigint, exact float8, as_of timestamptz, previous_close bigint)
    ), history AS (
      INSERT INTO price_history (symbol, t, price_cents)
      SELECT symbol, as_of, cents FROM v
      ON CONFLICT DO NOTHING
    )
    UPDATE equities AS e
    SET previous_close_cents = COALESCE(
          v.previous_close,
          CASE WHEN ${newSession} THEN e.price_cents ELSE e.previous_close_cents END),
        price_cents = v.cents,
        exact_price_cents = v.exact,
        updated_at = v.as_of
    FROM v
    WHERE e.symbol = v.symbol`);
  await executor
    .update(marketState)
    .set({ tickIndex, asOf: now, simulatedAt, sessionDate: utcDate(simulatedAt) })
    .where(eq(marketState.id, 1));
}

/** Rows for symbols the table does not have yet (a feed's universe grows); rows already there are kept. */
export async function addEquities(executor: Executor, rows: NewEquityRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(equities).values(rows).onConflictDoNothing();
}

/** Symbols whose symbol or name starts with `prefix` (case-insensitive), by symbol. */
export async function searchEquities(executor: Executor, prefix: string, limit: number): Promise<EquityRow[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return executor
    .select()
    .from(equities)
    .where(or(ilike(equities.symbol, pattern), ilike(equities.name, pattern)))
    .orderBy(asc(equities.symbol))
    .limit(limit);
}

export async function equitiesOf(executor: Executor, symbols: readonly string[]): Promise<EquityRow[]> {
  if (symbols.length === 0) return [];
  return executor
    .select()
    .from(equities)
    .where(inArray(equities.symbol, [...symbols]))
    .orderBy(asc(equities.symbol));
}
