import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { equities, marketState, serverSecrets } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { normalDraw, SimulatedPriceFeed } from '../src/market/simulator';
import { UNIVERSE } from '../src/market/universe';
import {
  call,
  createTestContext,
  createUser,
  DRIVERS,
  openTestDatabase,
  type TestContext,
  testConfig,
} from './support/harness';
import { TestIssuer } from './support/tokens';

// Without MARKET_SEED a deployment's market is driven by a secret drawn at random on its first start and kept in its
// database: nobody who reads the code, the default settings and every price served can call the next move, and a
// restart continues the same market. MARKET_SEED keeps runs repeatable for tests (the harness sets it).

/** What a deployment that sets nothing runs with. */
const deployedMarket = () => ({ ...loadConfig({ NODE_ENV: 'production' }).market, tickMs: 5000 });
/** The seed every deployment used to share (api/README.md named it): what an attacker tries first. */
const PUBLISHED_SEED = 20240601;
const HOUR = 3_600_000;

async function prices(ctx: TestContext, token: string): Promise<Map<string, number>> {
  const response = await call(ctx, 'POST', '/equity/get-equities', { token, body: {} });
  expect(response.statusCode).toBe(200);
  const list = response.json().equities as { symbol: string; price: number }[];
  return new Map(list.map((e) => [e.symbol, e.price]));
}

async function tick(ctx: { clock: ManualClock; app: TestContext['app'] }, ms: number) {
  ctx.clock.advance(ms);
  await ctx.app.deps.contestClock.tick();
}

describe.each(DRIVERS)('the market secret (%s)', (driver) => {
  test('one observed tick and the published code and settings do not call the next moves', async () => {
    const ctx = await createTestContext(driver, { market: deployedMarket() });
    try {
      const user = await createUser(ctx);
      await tick(ctx, HOUR);
      const before = await prices(ctx, user.token);
      // The attacker counts ticks; the test reads the count instead of guessing it.
      const [state] = await ctx.app.deps.db.select().from(marketState).where(eq(marketState.id, 1));
      const next = (state?.tickIndex ?? 0) + 1;
      const calls = UNIVERSE.map((entry, position) => ({
        symbol: entry.symbol,
        up: normalDraw(PUBLISHED_SEED, position, next) > 0,
      }));
      await tick(ctx, HOUR);
      const after = await prices(ctx, user.token);
      let moved = 0;
      let right = 0;
      for (const { symbol, up } of calls) {
        const from = before.get(symbol) ?? 0;
        const to = after.get(symbol) ?? 0;
        if (from === to) continue;
        moved += 1;
        if (to > from === up) right += 1;
      }
      expect(moved).toBeGreaterThan(50);
      // A coin toss gets about half; with the shared seed every call was right.
      expect(right / moved).toBeLessThan(0.8);
    } finally {
      await ctx.close();
    }
  });

  test('two deployments get two markets; a restart continues its own (the secret is kept in the database)', async () => {
    const issuer = await TestIssuer.create();
    const run = async (database: Awaited<ReturnType<typeof openTestDatabase>>['database'], clock: ManualClock) => {
      const app = await buildApp({
        config: testConfig({ market: deployedMarket() }),
        database,
        clock,
        getKey: issuer.getKey,
      });
      await app.ready();
      return app;
    };
    const first = await openTestDatabase(driver);
    const second = await openTestDatabase(driver);
    try {
      const clockA = new ManualClock('2030-01-07T14:30:00.000Z');
      const clockB = new ManualClock('2030-01-07T14:30:00.000Z');
      const appA = await run(first.database, clockA);
      const appB = await run(second.database, clockB);
      for (let i = 0; i < 3; i++) {
        await tick({ clock: clockA, app: appA }, HOUR);
        await tick({ clock: clockB, app: appB }, HOUR);
      }
      const exact = async (database: typeof first.database) =>
        new Map(
          (await database.db.select().from(equities)).map((row) => [row.symbol, row.exactPriceCents ?? row.priceCents]),
        );
      expect(Object.fromEntries(await exact(first.database))).not.toEqual(
        Object.fromEntries(await exact(second.database)),
      );
      const secretOf = async (database: typeof first.database) =>
        (await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'market-seed'))).map(
          (row) => row.value,
        );
      const [secret] = await secretOf(first.database);
      expect(secret).toEqual(expect.any(String));
      expect((await secretOf(second.database))[0]).not.toBe(secret);
      // Nothing a client reads carries it.
      const token = await issuer.idToken('secret-reader', { exp: Math.floor(clockA.now().getTime() / 1000) + 3600 });
      for (const [method, url] of [
        ['POST', '/user/get-user'],
        ['POST', '/equity/get-equities'],
        ['GET', '/equity/AAPL/history'],
        ['GET', '/health'],
        ['GET', '/docs/json'],
      ] as const) {
        const response = await appA.inject({
          method,
          url,
          headers: { authorization: token },
          payload: method === 'POST' ? {} : undefined,
        });
        expect([url, response.statusCode < 500, response.body.includes(secret as string)]).toEqual([url, true, false]);
      }
      await appA.close();

      // The restart: the same database, a new process. Its next tick is the stored secret's next step.
      const stored = await exact(first.database);
      const [state] = await first.database.db.select().from(marketState).where(eq(marketState.id, 1));
      const restarted = await run(first.database, clockA);
      await tick({ clock: clockA, app: restarted }, HOUR);
      const expected = await new SimulatedPriceFeed(UNIVERSE, secret as string).next(
        stored,
        (state?.tickIndex ?? 0) + 1,
        HOUR / 1000,
      );
      expect(Object.fromEntries(await exact(first.database))).toEqual(Object.fromEntries(expected));
      expect(await secretOf(first.database)).toEqual([secret]);
      await restarted.close();
      await appB.close();
    } finally {
      await first.database.close();
      await second.database.close();
      await first.drop();
      await second.drop();
    }
  });
});
