// The contest clock's tick, measured in process on a fresh database (embedded, or the given PostgreSQL emptied first):
// the seeds write users, live contests, positions, conditional orders and shorts straight into the tables, set-based.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContestClock } from '../../api/src/clock/contest-clock';
import { type Database, openDatabase, queryRows, sql } from '../../api/src/db/database';
import { notifyContestStarted } from '../../api/src/db/notification-producers';
import { HISTORY_PLAYERS_PER_TICK } from '../../api/src/db/valuation';
import { systemClock } from '../../api/src/lib/clock';
import { MarketService } from '../../api/src/market/market-service';
import { ModelFeed } from '../../api/src/market/price-feed';
import { SimulatedPriceFeed } from '../../api/src/market/simulator';
import { UNIVERSE, type UniverseEntry } from '../../api/src/market/universe';

const PICKS = ['AAPL', 'MSFT'];
/** Conditional orders waiting in the tick-with-orders figure, and how many of them fill at its first tick. */
export const OPEN_ORDERS = 10_000;
export const FILLING_ORDERS = 100;
/** Players holding a short (in contests that allow short selling) in the 100,000-participant tick with orders. */
export const SHORTS = 10_000;
const SHORT_SYMBOL = 'NVDA';

const quiet = { log: (..._args: unknown[]) => undefined };

/** The shipped table and made-up listings after it, `count` symbols in all: a universe as large as the provider's. */
function universeOf(count: number): UniverseEntry[] {
  const made = Array.from({ length: Math.max(0, count - UNIVERSE.length) }, (_, i) => ({
    symbol: `Q${String(i).padStart(5, '0')}`,
    name: `Synthetic Listing ${i + 1}`,
    sector: 'Unclassified',
    exchange: 'NYSE',
    referencePrice: 5 + ((i * 7919) % 50_000) / 100,
  }));
  return [...UNIVERSE, ...made];
}

/** The made-up listings' rows, set-based, as the feed's first prices would have written them. */
async function seedListings(database: Database, universe: readonly UniverseEntry[]) {
  const made = universe.slice(UNIVERSE.length);
  if (made.length === 0) return;
  // One JSON parameter: a row expression of 8,000 × 3 parameters is past PostgreSQL's 1,664 entries.
  const rows = made.map((e) => ({ symbol: e.symbol, name: e.name, cents: Math.round(e.referencePrice * 100) }));
  await database.db.execute(sql`
    INSERT INTO equities (symbol, name, sector, exchange, price_cents, exact_price_cents, previous_close_cents, updated_at)
    SELECT symbol, name, 'Unclassified', 'NYSE', cents, cents, cents, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS m(symbol text, name text, cents bigint)
    ON CONFLICT (symbol) DO NOTHING`);
}

/**
 * Users, contests and participants straight into the tables, set-based. Contests start in the past as `upcoming`, so
 * the API's first clock tick starts them (positions at the start price) exactly as it would in production.
 */
export async function seedLiveContests(
  database: Database,
  o: { users: number; contests: number; perContest: number; startedAt: Date; active?: boolean },
) {
  const db = database.db;
  const ends = new Date(o.startedAt.getTime() + 7 * 86_400_000);
  await db.execute(sql`
    INSERT INTO users (id, sub, phone_number, status, role, ticker, display_name, bio, created_at, updated_at)
    SELECT 'bench-user-' || i, 'bench-user-' || i, NULL, 'active', 'user', 'B' || i, 'Bench ' || i, '', now(), now()
    FROM generate_series(0, ${o.users - 1}) AS i
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents, max_participants, visibility,
                          affiliations, created_by, phase, participants_count, created_at, updated_at)
    SELECT 'bench-contest-' || c, 'Bench contest ' || c, '', ${o.startedAt}, ${ends}, 2, 1000000, ${o.perContest}, 'public',
           '[]'::jsonb, 'bench-user-0', ${o.active ? 'active' : 'upcoming'}, ${o.perContest}, now(), now()
    FROM generate_series(0, ${o.contests - 1}) AS c`);
  await db.execute(sql`
    INSERT INTO participants (contest_id, user_id, picks, affiliation, joined_at, cash_cents)
    SELECT 'bench-contest-' || c, 'bench-user-' || ((c * ${o.perContest} + k) % ${o.users}), ${JSON.stringify(PICKS)}::jsonb, NULL,
           now() - (k || ' seconds')::interval, ${o.active ? sql`40000` : sql`NULL`}
    FROM generate_series(0, ${o.contests - 1}) AS c, generate_series(0, ${o.perContest - 1}) AS k`);
  if (o.active) {
    await db.execute(sql`
      INSERT INTO positions (contest_id, user_id, symbol, quantity, cost_cents)
      SELECT p.contest_id, p.user_id, s.symbol, 20, 20 * e.price_cents
      FROM participants p CROSS JOIN (VALUES ('AAPL'), ('MSFT')) AS s(symbol) JOIN equities e ON e.symbol = s.symbol`);
  }
}

/**
 * One conditional order per player, `count` in all, set-based: most wait far from the price (buy limits at half the
 * price, sell limits and buy stops at twice it, sell stops and sell trailing stops at half it, stop-limits that never
 * trigger), and
 * FILLING_ORDERS buy limits at twice the price fill at the next tick.
 */
async function seedOrders(database: Database, count: number) {
  await database.db.execute(sql`
    WITH players AS (
      SELECT contest_id, user_id, ROW_NUMBER() OVER (ORDER BY contest_id, user_id) - 1 AS n FROM participants
    )
    INSERT INTO orders (id, contest_id, user_id, symbol, side, quantity, type, limit_price_cents, stop_price_cents,
                        trail_amount_cents, status, created_at, updated_at)
    SELECT 'bench-order-' || p.n, p.contest_id, p.user_id, 'AAPL',
           CASE WHEN p.n % ${Math.round(count / FILLING_ORDERS)} = 0 THEN 'buy' WHEN p.n % 4 IN (1, 2) THEN 'sell' ELSE 'buy' END,
           1,
           CASE WHEN p.n % ${Math.round(count / FILLING_ORDERS)} = 0 THEN 'limit'
                WHEN p.n % 4 = 0 THEN 'limit' WHEN p.n % 4 = 1 THEN 'limit'
                WHEN p.n % 8 = 2 THEN 'stop' WHEN p.n % 4 = 2 THEN 'trailing-stop' ELSE 'stop-limit' END,
           CASE WHEN p.n % ${Math.round(count / FILLING_ORDERS)} = 0 THEN e.price_cents * 2
                WHEN p.n % 4 = 0 THEN e.price_cents / 2 WHEN p.n % 4 = 1 THEN e.price_cents * 2
                WHEN p.n % 4 = 3 THEN e.price_cents * 2 ELSE NULL END,
           CASE WHEN p.n % ${Math.round(count / FILLING_ORDERS)} = 0 THEN NULL
                WHEN p.n % 4 = 2 THEN e.price_cents / 2 WHEN p.n % 4 = 3 THEN e.price_cents * 2 ELSE NULL END,
           -- Trailing stops (a sell trailing half the price): their stops follow every rise, tick after tick.
           CASE WHEN p.n % ${Math.round(count / FILLING_ORDERS)} <> 0 AND p.n % 8 = 6 THEN e.price_cents / 2 ELSE NULL END,
           'open', now(), now()
    FROM players p JOIN equities e ON e.symbol = 'AAPL'
    WHERE p.n < ${count}`);
}

/**
 * `count` players (every tenth, never one whose order fills) short 10 shares of SHORT_SYMBOL, with the proceeds in
 * cash, in contests that allow short selling: far from a margin call, so each tick checks them and covers none.
 */
async function seedShorts(database: Database, count: number) {
  await database.db.execute(sql`
    UPDATE contests SET rules = jsonb_set(rules, '{shortSelling}', 'true'::jsonb) WHERE id LIKE 'bench-contest-%'`);
  await database.db.execute(sql`
    WITH players AS (
      SELECT contest_id, user_id, ROW_NUMBER() OVER (ORDER BY contest_id, user_id) - 1 AS n FROM participants
    ), shorted AS (
      INSERT INTO positions (contest_id, user_id, symbol, quantity, cost_cents)
      SELECT p.contest_id, p.user_id, e.symbol, -10, -10 * e.price_cents
      FROM players p JOIN equities e ON e.symbol = ${SHORT_SYMBOL}
      WHERE p.n % 10 = 5 AND p.n < ${count * 10}
      RETURNING contest_id, user_id, cost_cents
    )
    UPDATE participants p SET cash_cents = p.cash_cents - s.cost_cents
    FROM shorted s WHERE p.contest_id = s.contest_id AND p.user_id = s.user_id`);
}

interface TickOptions {
  openOrders: number;
  shorts?: number;
  history?: boolean;
  /** Symbols priced at every tick (default: the shipped table's hundred). */
  symbols?: number;
}

/**
 * Median of three steady-state ticks (market step, valuation and ranking of every live participant), after untimed ones
 * (which analyse the tables and write the contests' first portfolio-history points). With `openOrders`, the players
 * also have that many conditional orders waiting: `first` is the tick that fills FILLING_ORDERS of them, `median` the
 * median of the three after it. With `shorts`, that many players hold a short. With `symbols`, that many symbols move
 * at every tick. With `history`, `history` is the slowest of the ticks that write every contest's next portfolio-
 * history point (and skill stats), all due at once.
 */
export async function tickCost(participants: number, databaseUrl: string | null): Promise<number>;
export async function tickCost(
  participants: number,
  databaseUrl: string | null,
  options: TickOptions,
): Promise<{ first: number; median: number; history: number }>;
export async function tickCost(
  participants: number,
  databaseUrl: string | null,
  options?: TickOptions,
): Promise<number | { first: number; median: number; history: number }> {
  const openOrders = options?.openOrders ?? 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-tick-'));
  const database = await openDatabase({ url: databaseUrl, dataDir: databaseUrl ? null : dir });
  try {
    if (databaseUrl) {
      await database.db.execute(
        sql`TRUNCATE users, contests, participants, positions, trades, orders, portfolio_history, notifications, podium_places, text_messages CASCADE`,
      );
      // A previous run's made-up listings: only a run that asks for them has them.
      await database.db.execute(sql`DELETE FROM price_history WHERE symbol LIKE 'Q0%'`);
      await database.db.execute(sql`DELETE FROM equities WHERE symbol LIKE 'Q0%'`);
    }
    // Every symbol of the universe moves at every tick: the burst of a real feed's open, at each of them.
    const universe = universeOf(options?.symbols ?? UNIVERSE.length);
    const market = new MarketService(
      database.db,
      new ModelFeed(new SimulatedPriceFeed(universe, 1)),
      UNIVERSE,
      systemClock,
    );
    await market.init();
    await seedListings(database, universe);
    const perContest = 200;
    await seedLiveContests(database, {
      users: Math.max(1000, perContest),
      contests: participants / perContest,
      perContest,
      startedAt: new Date(Date.now() - 60_000),
      active: true,
    });
    if (options?.shorts) await seedShorts(database, options.shorts);
    const clock = new ContestClock({
      database,
      market,
      clock: systemClock,
      events: new EventEmitter(),
      tickMs: 5000,
      log: quiet as never,
    });
    // Not timed: the first tick after rows were written straight into the tables analyses them (as a running clock
    // does once its live population has doubled), which a steady tick does not; and the first ticks write the
    // contests' first portfolio-history points, HISTORY_PLAYERS_PER_TICK players' at a time (the history figure below
    // is the cost of such a tick), which a steady tick between two points does not.
    await clock.tick();
    await untilNoPointDue(database, clock, participants);
    if (openOrders > 0) await seedOrders(database, openOrders);
    let first = 0;
    if (openOrders > 0) {
      const start = performance.now();
      const report = await clock.tick();
      first = performance.now() - start;
      if (report.orders.filled !== FILLING_ORDERS)
        throw new Error(`filled ${report.orders.filled} orders, expected ${FILLING_ORDERS}`);
    }
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const report = await clock.tick();
      times.push(performance.now() - start);
      if (report.valued !== participants) throw new Error(`valued ${report.valued}, expected ${participants}`);
      if (openOrders > 0 && report.orders.filled !== 0)
        throw new Error(`filled ${report.orders.filled} orders at a steady tick`);
      if (report.marginCalls !== 0) throw new Error(`${report.marginCalls} margin calls at a steady tick`);
    }
    times.sort((a, b) => a - b);
    const median = times[1] as number;
    if (!options) return median;
    let history = 0;
    if (options.history) {
      // Every contest's next point due at once, as when they started together: the clock writes them over a few ticks
      // (HISTORY_PLAYERS_PER_TICK players' points at most in each), and the figure is the slowest of those ticks.
      await database.db.execute(sql`UPDATE contests SET history_at = history_at - interval '1 day'`);
      const before = await historyPoints(database);
      const most = Math.ceil(participants / HISTORY_PLAYERS_PER_TICK) + 1;
      let written = 0;
      for (let ticks = 0; written < participants; ticks++) {
        if (ticks === most) throw new Error(`wrote ${written} of ${participants} history points in ${most} ticks`);
        const start = performance.now();
        await clock.tick();
        history = Math.max(history, performance.now() - start);
        written = (await historyPoints(database)) - before;
      }
      if (written !== participants) throw new Error(`wrote ${written} history points, expected ${participants}`);
    }
    return { first, median, history };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Ticks (untimed) until every live contest has its first portfolio-history point. */
async function untilNoPointDue(database: Database, clock: ContestClock, participants: number) {
  const most = Math.ceil(participants / HISTORY_PLAYERS_PER_TICK) + 1;
  for (let ticks = 0; ; ticks++) {
    const [row] = await queryRows<{ n: string | number }>(
      database.db,
      sql`SELECT COUNT(*) AS n FROM contests WHERE phase = 'active' AND history_at IS NULL`,
    );
    if (Number(row?.n ?? 0) === 0) return;
    if (ticks === most) throw new Error(`contests still without a first point after ${most} ticks`);
    await clock.tick();
  }
}

async function historyPoints(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(database.db, sql`SELECT COUNT(*) AS n FROM portfolio_history`);
  return Number(row?.n ?? 0);
}

/**
 * What notifications cost at the start of one contest of `players` players: the tick that starts it (which writes every
 * player's "has started" in one INSERT … SELECT), and that statement alone, timed again on the same rows after they
 * were deleted (median of three).
 */
export async function notificationStartCost(players: number, databaseUrl: string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-notify-'));
  const database = await openDatabase({ url: databaseUrl, dataDir: databaseUrl ? null : dir });
  try {
    if (databaseUrl)
      await database.db.execute(
        sql`TRUNCATE users, contests, participants, positions, trades, orders, portfolio_history, notifications, podium_places, text_messages CASCADE`,
      );
    const market = new MarketService(
      database.db,
      new ModelFeed(new SimulatedPriceFeed(UNIVERSE, 1)),
      UNIVERSE,
      systemClock,
    );
    await market.init();
    await seedLiveContests(database, {
      users: players,
      contests: 1,
      perContest: players,
      startedAt: new Date(Date.now() - 1000),
    });
    const clock = new ContestClock({
      database,
      market,
      clock: systemClock,
      events: new EventEmitter(),
      tickMs: 5000,
      log: quiet as never,
    });
    // A running server's market is a step behind, not hours: the catch-up of a market idle since the last run is no
    // part of a contest's start.
    await database.db.transaction((tx) => market.advance(tx, new Date()));
    const start = performance.now();
    const report = await clock.tick();
    const tick = performance.now() - start;
    if (report.started.length !== 1) throw new Error('the contest did not start');
    if (report.notifications.written !== players)
      throw new Error(`wrote ${report.notifications.written} notifications, expected ${players}`);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await database.db.execute(sql`DELETE FROM notifications`);
      const begin = performance.now();
      const delivery = await database.db.transaction((tx) => notifyContestStarted(tx, 'bench-contest-0', new Date()));
      times.push(performance.now() - begin);
      if (delivery.notified !== players) throw new Error(`wrote ${delivery.notified}, expected ${players}`);
    }
    times.sort((a, b) => a - b);
    return { tick, statement: times[1] as number, statements: report.notifications.statements };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
