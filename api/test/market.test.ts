import { call, createTestContext, createUser, DRIVERS, type TestContext, testConfig } from './support/harness';

// The simulated market as the API serves it (DESIGN §6): believable moves in real time, MARKET_TIME_SCALE compressing
// time (never inflating volatility) with a previous close of the simulated day, and the same seed giving the same prices.

interface EquityJson {
  symbol: string;
  price: number;
  previousClose: number;
  changePct: number;
}

async function equities(
  ctx: TestContext,
  token: string,
): Promise<{ equities: EquityJson[]; market?: { label: string; timeScale: number } }> {
  const response = await call(ctx, 'POST', '/equity/get-equities', { token, body: {} });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function tickEvery(ctx: TestContext, ms: number, count: number) {
  for (let i = 0; i < count; i += 1) {
    ctx.clock.advance(ms);
    await ctx.app.deps.contestClock.tick();
  }
}

describe.each(DRIVERS)('simulated market (%s)', (driver) => {
  test('in real time half an hour moves prices a little, never by the percent a contest could be won with', async () => {
    const ctx = await createTestContext(driver);
    try {
      const user = await createUser(ctx);
      const before = await equities(ctx, user.token);
      expect(before.market).toEqual({ label: 'Simulated prices', timeScale: 1 });
      await tickEvery(ctx, 60_000, 30);
      const after = await equities(ctx, user.token);
      const moves = after.equities.map((e) => Math.abs(e.changePct));
      expect(Math.max(...moves)).toBeLessThan(0.02);
      // …but they do move.
      expect(after.equities.filter((e, i) => e.price !== before.equities[i]?.price).length).toBeGreaterThan(50);
    } finally {
      await ctx.close();
    }
  });

  test('MARKET_TIME_SCALE compresses time: the previous close rolls at the simulated midnight and a day moves like a day', async () => {
    // A simulated day per real minute; each 10 s tick is 4 simulated hours. The clock starts at 14:30 UTC.
    const ctx = await createTestContext(driver, { market: { ...testConfig().market, timeScale: 1440 } });
    try {
      const user = await createUser(ctx);
      expect((await equities(ctx, user.token)).market).toEqual({ label: 'Simulated prices', timeScale: 1440 });
      await tickEvery(ctx, 10_000, 2); // 18:30, 22:30: the same simulated day
      const lateInTheDay = await equities(ctx, user.token);
      const reference = lateInTheDay.equities.map((e) => e.previousClose);
      await tickEvery(ctx, 10_000, 1); // 02:30 the next simulated day
      const nextDay = await equities(ctx, user.token);
      nextDay.equities.forEach((e, i) => {
        expect(e.previousClose).toBe(lateInTheDay.equities[i]?.price);
        expect(e.previousClose).not.toBe(reference[i]);
      });
      await tickEvery(ctx, 10_000, 5); // 22:30 of that day: a whole simulated day since the close
      const dayLater = await equities(ctx, user.token);
      expect(dayLater.equities.map((e) => e.previousClose)).toEqual(nextDay.equities.map((e) => e.previousClose));
      const moves = dayLater.equities.map((e) => Math.abs(e.changePct));
      // A day at 15–45 % a year: about 1–2.4 % for one standard deviation; beyond 5 % is rare, beyond 15 % never.
      expect(Math.max(...moves)).toBeLessThan(0.15);
      expect(moves.filter((m) => m > 0.05).length).toBeLessThan(moves.length * 0.1);
    } finally {
      await ctx.close();
    }
  });
});

test('same seed, same ticks, same prices; another seed, other prices', async () => {
  const run = async (seed: number) => {
    const ctx = await createTestContext('pglite', { market: { ...testConfig().market, seed } });
    try {
      const user = await createUser(ctx);
      await tickEvery(ctx, 5_000, 12);
      return (await equities(ctx, user.token)).equities.map((e) => [e.symbol, e.price, e.previousClose]);
    } finally {
      await ctx.close();
    }
  };
  const a = await run(7);
  const b = await run(7);
  const c = await run(8);
  expect(b).toEqual(a);
  expect(c).not.toEqual(a);
});
