import { type StandIn, startStandIn, type UniverseEntry } from '@bullpen/massive-stand-in';
import { contestUserResponseSchema } from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { applyDueCorporateActions } from '../src/db/corporate-actions';
import { type Database, openDatabase, queryRows } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { ManualScheduler } from '../src/lib/scheduler';
import type { PriceModel } from '../src/market/price-feed';
import {
  call,
  contestFields,
  createTestContext,
  createUser,
  DRIVERS,
  type Driver,
  openTestDatabase,
  type TestContext,
  type TestUser,
  testConfig,
} from './support/harness';
import { TestIssuer } from './support/tokens';
import { until } from './support/until';

// Splits and cash dividends (API.md "Corporate actions") end to end: the massive feed reads them from a local stand-in
// of the provider, the clock applies them to the contests they concern, once, and each player sees what they did.
// Timers run on the test's clock; real waits are only for the network, on conditions.

const KEY = 'stand-in-key-2b7d91c4e0aa';
const MONDAY_OPEN = '2030-01-07T14:30:00.000Z'; // 09:30 in New York
const WEDNESDAY_OPEN = '2030-01-09T14:30:00.000Z';
const THURSDAY_OPEN = '2030-01-10T14:30:00.000Z';
const CONTEST_END = '2030-01-14T21:00:00.000Z';

const UNIVERSE: UniverseEntry[] = [
  { ticker: 'AAPL', name: 'Apple Inc. Common Stock', primary_exchange: 'XNAS', price: 230.1, prevClose: 228 },
  { ticker: 'MSFT', name: 'Microsoft Corp', primary_exchange: 'XNAS', price: 410.5, prevClose: 400 },
  { ticker: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'ETF', primary_exchange: 'ARCX', price: 600, prevClose: 598 },
];

interface World {
  driver: Driver;
  standIn: StandIn;
  clock: ManualClock;
  issuer: TestIssuer;
  database: Database;
  url: string | null;
  drop: () => Promise<void>;
  apps: FastifyInstance[];
}

async function openWorld(driver: Driver): Promise<World> {
  const clock = new ManualClock(MONDAY_OPEN);
  // One row a page: every listing, the splits and dividends included, is read by following `next_url`.
  const standIn = await startStandIn({
    apiKey: KEY,
    universe: UNIVERSE,
    market: 'open',
    pageSize: 1,
    now: () => clock.now(),
  });
  const issuer = await TestIssuer.create(() => clock.now());
  const { database, url, drop } = await openTestDatabase(driver);
  return { driver, standIn, clock, issuer, database, url, drop, apps: [] };
}

/** An API instance on the world's database and stand-in (a second one is another instance, or the same after a restart). */
async function startInstance(world: World, database = world.database): Promise<TestContext> {
  const scheduler = new ManualScheduler(world.clock);
  const base = testConfig().market;
  const app = await buildApp({
    config: testConfig({
      market: {
        ...base,
        feed: 'massive',
        massive: { apiKey: KEY, restUrl: world.standIn.restUrl, wsUrl: world.standIn.wsUrl },
        // No delay: market orders fill at once in an open session, so each book is set up in one step (orders that
        // wait for the delayed price have their own tests, pending-orders.test.ts).
        delayMinutes: 0,
        hours: 'nyse',
        statusPollMs: 60_000,
      },
    }),
    database,
    clock: world.clock,
    getKey: world.issuer.getKey,
    scheduler,
  });
  await app.ready();
  world.apps.push(app);
  return { driver: world.driver, app, clock: world.clock, issuer: world.issuer, database, close: () => app.close() };
}

async function closeWorld(world: World | undefined) {
  if (!world) return;
  for (const app of world.apps) await app.close();
  await world.database.close();
  await world.drop();
  await world.standIn.close();
}

const priceOf = async (ctx: TestContext, symbol: string) =>
  Number(
    (
      await queryRows<{ price_cents: string }>(
        ctx.database.db,
        sql`SELECT price_cents FROM equities WHERE symbol = ${symbol}`,
      )
    )[0]?.price_cents ?? 0,
  );

/** Starts the feed and ticks until the stand-in's prices are stored. */
async function priced(ctx: TestContext) {
  await ctx.app.deps.market.feed.start();
  await until('the first prices', async () => {
    await ctx.app.deps.contestClock.tick();
    return (await priceOf(ctx, 'AAPL')) === 23010 && (await priceOf(ctx, 'MSFT')) === 41050;
  });
}

const tickAt = (ctx: TestContext, at: string) => {
  ctx.clock.set(at);
  return ctx.app.deps.contestClock.tick();
};

async function post(ctx: TestContext, user: TestUser, url: string, body: object) {
  const response = await call(ctx, 'POST', url, { token: user.token, body });
  if (response.statusCode !== 200) throw new Error(`${url} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function contestUser(ctx: TestContext, user: TestUser, contestId: string) {
  const response = await call(ctx, 'GET', `/contest-user/${contestId}`, { token: user.token });
  expect(response.statusCode).toBe(200);
  return contestUserResponseSchema.parse(response.json()).data;
}

const holding = async (ctx: TestContext, user: TestUser, contestId: string, symbol: string) =>
  (await contestUser(ctx, user, contestId)).portfolio?.positions.find((p) => p.symbol === symbol);
const cashOf = async (ctx: TestContext, user: TestUser, contestId: string) =>
  (await contestUser(ctx, user, contestId)).portfolio?.cash ?? Number.NaN;

interface OrderRow {
  id: string;
  symbol: string;
  type: string;
  status: string;
  quantity: string;
  limit_price_cents: string | null;
  stop_price_cents: string | null;
  trail_amount_cents: string | null;
}
const ordersOf = (ctx: TestContext, contestId: string, userId: string) =>
  queryRows<OrderRow>(
    ctx.database.db,
    sql`SELECT id, symbol, type, status, quantity, limit_price_cents, stop_price_cents, trail_amount_cents
        FROM orders WHERE contest_id = ${contestId} AND user_id = ${userId} ORDER BY seq`,
  );
const appliedRows = async (ctx: TestContext) =>
  Number(
    (await queryRows<{ n: string }>(ctx.database.db, sql`SELECT count(*) AS n FROM participant_actions`))[0]?.n ?? 0,
  );

describe.each(DRIVERS)('corporate actions from the provider (%s)', (driver) => {
  let world: World | undefined;
  afterEach(async () => {
    await closeWorld(world);
    world = undefined;
  });

  test('splits and dividends: longs, shorts, orders, cash in lieu, once across polls and a restart, not before a contest', async () => {
    world = await openWorld(driver);
    const ctx = await startInstance(world);
    await priced(ctx);

    const owner = await createUser(ctx);
    const longs = await createUser(ctx);
    const shorts = await createUser(ctx);
    const outsider = await createUser(ctx);
    const late = await createUser(ctx);
    const early = await post(ctx, owner, '/contest/create-contest', {
      ...contestFields(ctx, {
        endsAt: CONTEST_END,
        rules: { shortSelling: true, commission: { perTrade: 0, perShare: 0 } },
      }),
    });
    const contestId = early.data._id as string;
    // A second contest that starts after Wednesday's open: the split is in its start prices already.
    const after = await post(ctx, owner, '/contest/create-contest', {
      ...contestFields(ctx, { startsAt: '2030-01-09T15:00:00.000Z', endsAt: CONTEST_END }),
    });
    const laterId = after.data._id as string;
    for (const player of [longs, shorts]) {
      await post(ctx, player, '/contest/join-contest', { contestId, picks: ['AAPL', 'MSFT'] });
    }
    await post(ctx, late, '/contest/join-contest', { contestId: laterId, picks: ['AAPL', 'MSFT'] });
    await tickAt(ctx, early.data.startsAt);

    // The long player: 21 AAPL and 11 MSFT, with a limit sell, a stop sell and a trailing stop open.
    await post(ctx, longs, '/contest/trading', { contestId, symbol: 'MSFT', side: 'sell', quantity: 1 });
    const order = (body: object) => post(ctx, longs, '/contest/orders', { contestId, ...body });
    await order({ symbol: 'AAPL', side: 'sell', quantity: 10, type: 'limit', limitPrice: 300 });
    await order({ symbol: 'MSFT', side: 'sell', quantity: 5, type: 'stop', stopPrice: 350 });
    await order({ symbol: 'AAPL', side: 'sell', quantity: 5, type: 'trailing-stop', trailAmount: 20 });
    // The short player: 21 AAPL, and 5 MSFT short.
    await post(ctx, shorts, '/contest/trading', { contestId, symbol: 'MSFT', side: 'sell', quantity: 12 });
    await post(ctx, shorts, '/contest/trading', { contestId, symbol: 'MSFT', side: 'short', quantity: 5 });

    expect(await holding(ctx, longs, contestId, 'AAPL')).toMatchObject({ quantity: 21, avgCost: 230.1 });
    expect(await holding(ctx, longs, contestId, 'MSFT')).toMatchObject({ quantity: 11 });
    expect(await holding(ctx, shorts, contestId, 'MSFT')).toMatchObject({ quantity: -5 });
    const longCash = await cashOf(ctx, longs, contestId);
    const shortCash = await cashOf(ctx, shorts, contestId);
    const aaplValueBefore = (await holding(ctx, longs, contestId, 'AAPL'))!.value;

    world.standIn.addSplit({
      id: 'S-AAPL-4',
      ticker: 'AAPL',
      execution_date: '2030-01-09',
      split_from: 1,
      split_to: 4,
    });
    world.standIn.addSplit({
      id: 'S-MSFT-3-2',
      ticker: 'MSFT',
      execution_date: '2030-01-09',
      split_from: 2,
      split_to: 3,
    });
    world.standIn.addDividend({ id: 'D-AAPL', ticker: 'AAPL', ex_dividend_date: '2030-01-10', cash_amount: 0.24 });
    world.standIn.addDividend({ id: 'D-MSFT', ticker: 'MSFT', ex_dividend_date: '2030-01-10', cash_amount: 0.5 });
    // An action of a symbol nobody holds is neither asked for nor applied.
    world.standIn.addSplit({ id: 'S-SPY', ticker: 'SPY', execution_date: '2030-01-09', split_from: 1, split_to: 2 });

    // Two polls: the actions are stored once, by the provider's id, and nothing is applied before their time.
    expect(await ctx.app.deps.corporateActions.poll()).toBe(4);
    expect(await ctx.app.deps.corporateActions.poll()).toBe(4);
    const asked = world.standIn.requestsTo('/stocks/v1/splits').at(-2);
    expect(asked?.query['ticker.any_of']?.split(',').sort()).toEqual(['AAPL', 'MSFT']);
    // Two polls, each following the second page of each list.
    expect(world.standIn.requestsTo('/stocks/v1/dividends').length).toBe(4);
    expect(world.standIn.requestsTo('/stocks/v1/splits').length).toBe(4);
    const stored = await queryRows<{ id: string; effective_at: Date | string }>(
      ctx.database.db,
      sql`SELECT id, effective_at FROM corporate_actions ORDER BY id`,
    );
    expect(stored.map((row) => [row.id, new Date(row.effective_at).toISOString()])).toEqual([
      ['D-AAPL', THURSDAY_OPEN],
      ['D-MSFT', THURSDAY_OPEN],
      ['S-AAPL-4', WEDNESDAY_OPEN],
      ['S-MSFT-3-2', WEDNESDAY_OPEN],
    ]);
    expect((await tickAt(ctx, '2030-01-09T14:29:00.000Z')).corporateActions).toBe(0);
    expect(await holding(ctx, longs, contestId, 'AAPL')).toMatchObject({ quantity: 21 });

    // Wednesday's open: both splits.
    expect((await tickAt(ctx, WEDNESDAY_OPEN)).corporateActions).toBe(4);
    const aapl = await holding(ctx, longs, contestId, 'AAPL');
    expect(aapl).toMatchObject({ quantity: 84 });
    // The cost basis stays: the average cost is ÷ 4 ($57.525, shown to the cent).
    expect(aapl?.avgCost).toBe(57.53);
    // 11 × 1.5 = 16.5: 16 shares and half a share in cash at the adjusted price ($410.50 ÷ 1.5).
    expect(await holding(ctx, longs, contestId, 'MSFT')).toMatchObject({ quantity: 16 });
    expect(await cashOf(ctx, longs, contestId)).toBeCloseTo(longCash + 136.83, 2);
    // A short of 5 becomes 7, and the half share left over is paid for by the short seller.
    expect(await holding(ctx, shorts, contestId, 'MSFT')).toMatchObject({ quantity: -7 });
    expect(await holding(ctx, shorts, contestId, 'AAPL')).toMatchObject({ quantity: 84 });
    expect(await cashOf(ctx, shorts, contestId)).toBeCloseTo(shortCash - 136.83, 2);
    // Open orders: quantities × ratio rounded down, prices ÷ ratio (a trailing stop's stop and trail too).
    const orders = await ordersOf(ctx, contestId, longs.id);
    expect(orders.map((o) => [o.symbol, o.type, o.status, Number(o.quantity)])).toEqual([
      ['AAPL', 'limit', 'open', 40],
      ['MSFT', 'stop', 'open', 7],
      ['AAPL', 'trailing-stop', 'open', 20],
    ]);
    expect(Number(orders[0]?.limit_price_cents)).toBe(7500);
    expect(Number(orders[1]?.stop_price_cents)).toBe(23333);
    expect(Number(orders[2]?.trail_amount_cents)).toBe(500);
    expect(Number(orders[2]?.stop_price_cents)).toBe(5253);

    // The last stored price was Tuesday's old-share price: it is adjusted with the holdings, so the value is unchanged
    // and the split orders do not fill at the old price before the feed's first split price.
    expect(await priceOf(ctx, 'AAPL')).toBe(5753);
    expect((await holding(ctx, longs, contestId, 'AAPL'))?.value).toBeCloseTo(aaplValueBefore, 0);
    expect((await tickAt(ctx, '2030-01-09T14:31:00.000Z')).orders.filled).toBe(0);
    // The feed's split prices replace it as usual.
    world.standIn.pushBar({ sym: 'AAPL', c: 57.6, e: world.clock.now() });
    await until('the split price', async () => {
      await ctx.app.deps.contestClock.tick();
      return (await priceOf(ctx, 'AAPL')) === 5760;
    });

    // The contest that started after the open gets nothing.
    await tickAt(ctx, '2030-01-09T15:00:00.000Z');
    const lateAapl = (await holding(ctx, late, laterId, 'AAPL'))!.quantity;
    const lateMsft = (await holding(ctx, late, laterId, 'MSFT'))!.quantity;
    expect((await contestUser(ctx, late, laterId)).actions).toEqual([]);

    // More polls, more ticks, and a restart (a new instance on the same database): nothing applies twice.
    const rowsAfterSplits = await appliedRows(ctx);
    expect(await ctx.app.deps.corporateActions.poll()).toBe(4);
    expect((await tickAt(ctx, '2030-01-09T16:00:00.000Z')).corporateActions).toBe(0);
    await ctx.app.close();
    world.apps = world.apps.filter((app) => app !== ctx.app);
    const restarted = await startInstance(world);
    await restarted.app.deps.market.feed.start();
    expect(await restarted.app.deps.corporateActions.poll()).toBe(4);
    expect((await tickAt(restarted, '2030-01-09T17:00:00.000Z')).corporateActions).toBe(0);
    expect(await appliedRows(restarted)).toBe(rowsAfterSplits);
    expect(await holding(restarted, longs, contestId, 'AAPL')).toMatchObject({ quantity: 84 });
    expect(await holding(restarted, shorts, contestId, 'MSFT')).toMatchObject({ quantity: -7 });

    // Thursday's open: the dividends, to longs and from shorts, in both contests (both were live before it).
    const longCashBefore = await cashOf(restarted, longs, contestId);
    const shortCashBefore = await cashOf(restarted, shorts, contestId);
    const lateCashBefore = await cashOf(restarted, late, laterId);
    expect((await tickAt(restarted, THURSDAY_OPEN)).corporateActions).toBe(6);
    // 84 × $0.24 + 16 × $0.50
    expect(await cashOf(restarted, longs, contestId)).toBeCloseTo(longCashBefore + 20.16 + 8, 2);
    // 84 × $0.24 − 7 × $0.50
    expect(await cashOf(restarted, shorts, contestId)).toBeCloseTo(shortCashBefore + 20.16 - 3.5, 2);
    expect(await cashOf(restarted, late, laterId)).toBeCloseTo(
      lateCashBefore + Math.round(lateAapl * 24) / 100 + lateMsft * 0.5,
      2,
    );

    // What each player sees: their own actions, newest first.
    const seen = await contestUser(restarted, longs, contestId);
    expect(seen.actions?.map((a) => [a.type, a.symbol])).toEqual([
      ['dividend', 'MSFT'],
      ['dividend', 'AAPL'],
      ['split', 'MSFT'],
      ['split', 'AAPL'],
    ]);
    expect(seen.actions?.find((a) => a.type === 'split' && a.symbol === 'AAPL')).toEqual({
      type: 'split',
      symbol: 'AAPL',
      date: '2030-01-09',
      ratio: 4,
      perShare: null,
      quantityBefore: 21,
      quantityAfter: 84,
      cash: 0,
    });
    expect(seen.actions?.find((a) => a.type === 'split' && a.symbol === 'MSFT')).toMatchObject({
      ratio: 1.5,
      quantityBefore: 11,
      quantityAfter: 16,
      cash: 136.83,
    });
    expect(seen.actions?.find((a) => a.type === 'dividend' && a.symbol === 'AAPL')).toEqual({
      type: 'dividend',
      symbol: 'AAPL',
      date: '2030-01-10',
      ratio: null,
      perShare: 0.24,
      quantityBefore: 84,
      quantityAfter: 84,
      cash: 20.16,
    });
    const theirs = await contestUser(restarted, shorts, contestId);
    expect(theirs.actions?.find((a) => a.type === 'dividend' && a.symbol === 'MSFT')).toMatchObject({
      quantityBefore: -7,
      cash: -3.5,
    });
    expect(theirs.actions?.find((a) => a.type === 'split' && a.symbol === 'MSFT')).toMatchObject({
      quantityBefore: -5,
      quantityAfter: -7,
      cash: -136.83,
    });
    // Each player reads only their own: the other player's quantities are nowhere in it, and an outsider has none.
    expect(theirs.actions?.some((a) => a.quantityBefore === 11)).toBe(false);
    expect((await contestUser(restarted, outsider, contestId)).actions).toEqual([]);
    const late4 = await contestUser(restarted, late, laterId);
    expect(late4.actions?.map((a) => a.type)).toEqual(['dividend', 'dividend']);
  });

  test('the benchmark on a feed that stamps each price at its own time, never at a tick', async () => {
    world = await openWorld(driver);
    const ctx = await startInstance(world);
    await priced(ctx);
    await world.standIn.waitForSubscription('AM.*');
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await post(ctx, owner, '/contest/create-contest', contestFields(ctx));
    const contestId = contest.data._id as string;
    await post(ctx, player, '/contest/join-contest', { contestId, picks: ['AAPL', 'MSFT'] });
    await tickAt(ctx, contest.data.startsAt);
    const pricesNow = async () =>
      new Map(
        (
          await queryRows<{ symbol: string; price_cents: string }>(
            ctx.database.db,
            sql`SELECT symbol, price_cents FROM equities WHERE price_cents > 0`,
          )
        ).map((row) => [row.symbol, Number(row.price_cents)]),
      );
    const atStart = await pricesNow();

    // A minute bar 5 s after the start, taken at a tick before the next point is due (an hour's points are 15 s apart).
    const start = Date.parse(contest.data.startsAt);
    world.clock.set(new Date(start + 10_000).toISOString());
    world.standIn.pushBar({ sym: 'AAPL', c: 253.11, e: start + 5_000 });
    await until('the AAPL bar', async () => {
      await ctx.app.deps.contestClock.tick();
      return (await priceOf(ctx, 'AAPL')) === 25311;
    });
    const pointAt = new Date(start + 20_000).toISOString();
    await tickAt(ctx, pointAt);

    const response = await call(ctx, 'GET', `/contest/${contestId}/benchmark`, { token: player.token });
    expect(response.statusCode).toBe(200);
    const points = response.json().points as { t: string; returnPct: number }[];
    const later = await pricesNow();
    const ratios = [...atStart].map(([symbol, cents]) => (later.get(symbol) as number) / cents);
    expect(ratios.length).toBeGreaterThan(1);
    expect(points).toEqual([
      { t: contest.data.startsAt, returnPct: 0 },
      { t: pointAt, returnPct: expect.any(Number) },
    ]);
    expect(points[1]?.returnPct).toBeCloseTo(ratios.reduce((a, b) => a + b, 0) / ratios.length - 1, 6);
    expect(points[1]?.returnPct).toBeGreaterThan(0);
  });

  test('two instances applying the same due action at once apply it once', async () => {
    world = await openWorld(driver);
    const ctx = await startInstance(world);
    // A second instance: its own connections to the same database on PostgreSQL (PGlite has one process).
    const second = world.url ? await openDatabase({ url: world.url, poolSize: 4 }) : world.database;
    try {
      await priced(ctx);
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await post(ctx, owner, '/contest/create-contest', contestFields(ctx, { endsAt: CONTEST_END }));
      await post(ctx, player, '/contest/join-contest', { contestId: contest.data._id, picks: ['AAPL', 'MSFT'] });
      await tickAt(ctx, contest.data.startsAt);
      world.standIn.addSplit({
        id: 'S-TWICE',
        ticker: 'AAPL',
        execution_date: '2030-01-08',
        split_from: 1,
        split_to: 2,
      });
      world.standIn.addDividend({ id: 'D-TWICE', ticker: 'MSFT', ex_dividend_date: '2030-01-08', cash_amount: 1 });
      expect(await ctx.app.deps.corporateActions.poll()).toBe(2);
      const cash = await cashOf(ctx, player, contest.data._id);

      const at = new Date('2030-01-08T14:30:00.000Z');
      const counts = await Promise.all(
        [world.database, second, world.database, second].map((database) =>
          database.db.transaction((tx) => applyDueCorporateActions(tx, at)),
        ),
      );
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
      expect(await holding(ctx, player, contest.data._id, 'AAPL')).toMatchObject({ quantity: 42 });
      expect(await cashOf(ctx, player, contest.data._id)).toBeCloseTo(cash + 12, 2);
      // Even an action marked unsettled again is refused by the contest's mark.
      await ctx.database.db.execute(sql`UPDATE corporate_actions SET settled_at = NULL`);
      expect(await world.database.db.transaction((tx) => applyDueCorporateActions(tx, at))).toBe(0);
      expect(await holding(ctx, player, contest.data._id, 'AAPL')).toMatchObject({ quantity: 42 });
    } finally {
      if (second !== world.database) await second.close();
    }
  });

  test('a reverse split: whole shares, the fraction in cash, and an order left with less than a share cancelled', async () => {
    world = await openWorld(driver);
    const ctx = await startInstance(world);
    await priced(ctx);
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await post(ctx, owner, '/contest/create-contest', contestFields(ctx, { endsAt: CONTEST_END }));
    const contestId = contest.data._id as string;
    await post(ctx, player, '/contest/join-contest', { contestId, picks: ['AAPL', 'MSFT'] });
    await tickAt(ctx, contest.data.startsAt);
    await post(ctx, player, '/contest/orders', {
      contestId,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 5,
      type: 'limit',
      limitPrice: 300,
    });
    const cash = await cashOf(ctx, player, contestId);
    world.standIn.addSplit({ id: 'R-AAPL', ticker: 'AAPL', execution_date: '2030-01-08', split_from: 10, split_to: 1 });
    expect(await ctx.app.deps.corporateActions.poll()).toBe(1);
    await tickAt(ctx, '2030-01-08T14:30:00.000Z');
    // 21 shares become 2.1: 2 shares, and a tenth of a share at $2,301.00 paid in cash.
    expect(await holding(ctx, player, contestId, 'AAPL')).toMatchObject({ quantity: 2, avgCost: 2301 });
    expect(await cashOf(ctx, player, contestId)).toBeCloseTo(cash + 230.1, 2);
    const [order] = await ordersOf(ctx, contestId, player.id);
    expect(order).toMatchObject({ status: 'cancelled' });
    expect((await contestUser(ctx, player, contestId)).actions).toEqual([
      {
        type: 'split',
        symbol: 'AAPL',
        date: '2030-01-08',
        ratio: 0.1,
        perShare: null,
        quantityBefore: 21,
        quantityAfter: 2,
        cash: 230.1,
      },
    ]);
  });

  test('the simulator reports no actions: the job reads nothing and contest-user answers an empty list', async () => {
    world = await openWorld(driver);
    const base = testConfig();
    const app = await buildApp({
      config: base,
      database: world.database,
      clock: world.clock,
      getKey: world.issuer.getKey,
    });
    await app.ready();
    world.apps.push(app);
    const ctx: TestContext = {
      driver,
      app,
      clock: world.clock,
      issuer: world.issuer,
      database: world.database,
      close: () => app.close(),
    };
    expect(app.deps.market.feed.corporateActions).toBeUndefined();
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await post(ctx, owner, '/contest/create-contest', contestFields(ctx));
    await post(ctx, player, '/contest/join-contest', { contestId: contest.data._id, picks: ['AAPL', 'MSFT'] });
    await tickAt(ctx, contest.data.startsAt);
    expect(await app.deps.corporateActions.poll()).toBe(0);
    expect((await contestUser(ctx, player, contest.data._id)).actions).toEqual([]);
    expect(world.standIn.requests).toEqual([]);
  });
});

/** Prices the test sets: each tick moves the named symbols to exactly these cents, the others stay where they are. */
class ScriptedModel implements PriceModel {
  readonly label = 'Scripted prices';
  private readonly wanted = new Map<string, number>();
  set(prices: Record<string, number>) {
    for (const [symbol, dollars] of Object.entries(prices)) this.wanted.set(symbol, Math.round(dollars * 100));
  }
  async next(previous: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const next = new Map(previous);
    for (const [symbol, cents] of this.wanted) next.set(symbol, cents);
    return next;
  }
}

describe.each(DRIVERS)('the benchmark across corporate actions (%s)', (driver) => {
  test('a split is no fall of the index, and a dividend is reinvested', async () => {
    const model = new ScriptedModel();
    const ctx = await createTestContext(driver, {}, { priceFeed: model });
    try {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await post(ctx, owner, '/contest/create-contest', contestFields(ctx));
      await post(ctx, player, '/contest/join-contest', { contestId: contest.data._id, picks: ['AAPL', 'MSFT'] });
      model.set({ AAPL: 100, MSFT: 100 });
      await tickAt(ctx, contest.data.startsAt);
      const start = Date.parse(contest.data.startsAt);
      const splitAt = new Date(start + 60_000);
      const exAt = new Date(start + 120_000);
      // What the corporate-actions job stores from the provider: a 4-for-1 split of AAPL, a $1 dividend of MSFT.
      await ctx.database.db.execute(
        sql`INSERT INTO corporate_actions (id, type, symbol, date, split_from, split_to, cash_amount, effective_at, created_at)
            VALUES ('S', 'split', 'AAPL', '2030-01-07', 1, 4, NULL, ${splitAt}, ${splitAt}),
                   ('D', 'dividend', 'MSFT', '2030-01-07', NULL, NULL, 1, ${exAt}, ${exAt})`,
      );
      const lastReturn = async () => {
        const response = await call(ctx, 'GET', `/contest/${contest.data._id}/benchmark`, { token: player.token });
        expect(response.statusCode).toBe(200);
        return (response.json().points as { returnPct: number }[]).at(-1)?.returnPct;
      };
      // The index is the mean over every symbol priced at the start; the others do not move.
      const [counted] = await queryRows<{ n: string }>(
        ctx.database.db,
        sql`SELECT count(*) AS n FROM price_history ph JOIN equities e ON e.symbol = ph.symbol
            WHERE ph.t = ${new Date(start)} AND ph.price_cents > 0`,
      );
      const symbols = Number(counted?.n);
      expect(symbols).toBeGreaterThan(1);
      // The split: AAPL trades at a quarter of its price, the index does not move (unadjusted: −0.75 ÷ N).
      model.set({ AAPL: 25 });
      await tickAt(ctx, splitAt.toISOString());
      expect(await lastReturn()).toBeCloseTo(0, 6);
      // The ex date: MSFT falls by its dividend, which the index keeps: 99 × (1 + 1/100) / 100 − 1 for MSFT
      // (unadjusted: −1%).
      model.set({ MSFT: 99 });
      await tickAt(ctx, exAt.toISOString());
      // (The API rounds returns to six decimals.)
      expect(await lastReturn()).toBeCloseTo(((99 * 1.01) / 100 - 1) / symbols, 6);
      expect(await lastReturn()).not.toBeCloseTo(-0.01 / symbols, 6);
    } finally {
      await ctx.close();
    }
  });
});
