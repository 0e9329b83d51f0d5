import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  type TestUser,
  testConfig,
  tickAt,
} from './support/harness';
import { ScriptedFeed } from './support/scripted-feed';

/** A deterministic walk, so a failure replays: Park–Miller. */
function walker(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

interface Standing {
  userId: string;
  sharpe: number | null;
  maxDrawdownPct: number;
}

/**
 * The board's `sharpe` and `maxDrawdownPct` are kept by the clock incrementally, a point at a time, in the tick's
 * valuation. After many ticks they must equal the same measures computed from scratch over the whole stored history
 * (`GET /contest/{id}/analytics/{userId}`), for every player of contests whose points fall due at different ticks
 * (a point every tick, every other tick, and at each contest's end), that start at different times (different
 * benchmark bases), and whose players trade along the way.
 */
describe.each(DRIVERS)('skill stats after many ticks (%s)', (driver) => {
  let ctx: TestContext;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    // 1,000 simulated seconds a second: the shortest contest here (120 s) spans the trading day of market time risk
    // figures need (contract risk-window.ts), so every player ends with a Sharpe to compare.
    ctx = await createTestContext(driver, { market: { ...testConfig().market, timeScale: 1000 } }, { priceFeed: feed });
  });
  afterAll(() => ctx.close());

  test('the incremental stats equal a computation over the whole history', async () => {
    const symbols = ['AAPL', 'MSFT', 'XOM', 'NVDA'];
    const prices: Record<string, number> = { AAPL: 100, MSFT: 200, XOM: 50, NVDA: 120 };
    feed.set(prices);
    const owner = await createUser(ctx);
    const startsAt = ctx.clock.now().getTime() + 60_000;
    const at = (ms: number) => new Date(ms).toISOString();
    // A point every tick (120 s: every 0.5 s), every other tick (1,800 s: every 7.5 s), and one starting later.
    const short = await createContest(ctx, owner, { startsAt: at(startsAt), endsAt: at(startsAt + 120_000) });
    const long = await createContest(ctx, owner, { startsAt: at(startsAt), endsAt: at(startsAt + 1_800_000) });
    const later = await createContest(ctx, owner, {
      startsAt: at(startsAt + 20_000),
      endsAt: at(startsAt + 20_000 + 600_000),
    });
    const contests = [short, long, later];
    const players: TestUser[] = [];
    for (let i = 0; i < 4; i++) players.push(await createUser(ctx));
    for (const contest of contests) {
      for (const [i, player] of players.entries()) {
        await joinContest(ctx, player, contest._id, [symbols[i % 4] as string, symbols[(i + 1) % 4] as string]);
      }
    }

    const random = walker(20_261_126);
    for (let step = 0; step <= 36; step++) {
      for (const symbol of symbols) {
        prices[symbol] = Math.max(1, Math.round((prices[symbol] as number) * (0.96 + random() * 0.08) * 100) / 100);
      }
      feed.set(prices);
      await tickAt(ctx, startsAt + step * 5_000);
      // Sales now and then turn holdings into cash, so values are not only the picks' prices.
      if (step % 6 === 4) {
        const open = step < 24 ? contests : [long, later];
        for (const [i, player] of players.entries()) {
          const response = await call(ctx, 'POST', '/contest/trading', {
            token: player.token,
            body: { contestId: open[i % open.length]?._id, symbol: symbols[i % 4], side: 'sell', quantity: 1 + i },
          });
          expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
        }
      }
    }
    await tickAt(ctx, later.endsAt);
    await tickAt(ctx, long.endsAt);

    let withSharpe = 0;
    for (const contest of contests) {
      const board = await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: owner.token });
      expect(board.statusCode).toBe(200);
      const standings = board.json().standings as Standing[];
      expect(standings).toHaveLength(players.length);
      for (const row of standings) {
        const fromScratch = await call(ctx, 'GET', `/contest/${contest._id}/analytics/${row.userId}`, {
          token: owner.token,
        });
        expect(fromScratch.statusCode).toBe(200);
        const { sharpe, maxDrawdownPct } = fromScratch.json().analytics;
        expect({
          contest: contest._id,
          userId: row.userId,
          sharpe: row.sharpe,
          maxDrawdownPct: row.maxDrawdownPct,
        }).toEqual({
          contest: contest._id,
          userId: row.userId,
          sharpe,
          maxDrawdownPct,
        });
        if (row.sharpe !== null) withSharpe += 1;
      }
    }
    // Every contest has at least ten returns: every player has a Sharpe to compare.
    expect(withSharpe).toBe(contests.length * players.length);
  });

  test("while live, a player's analytics and their row on the board agree at every tick, between points too", async () => {
    const prices: Record<string, number> = { AAPL: 100, MSFT: 200 };
    feed.set(prices);
    const owner = await createUser(ctx);
    const startsAt = ctx.clock.now().getTime() + 60_000;
    // 30 minutes: a point every 7.5 s, so ticks every 5 s fall between points about every other tick.
    const contest = await createContest(ctx, owner, {
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 1_800_000).toISOString(),
    });
    await joinContest(ctx, owner, contest._id, ['AAPL', 'MSFT']);
    // Points fall at the even steps (0 s, 10 s, 20 s …). Deep dips at odd steps, between points, are the lowest values
    // yet when they are seen; smaller falls at points make the stored drawdown.
    const walk = [
      1, 0.9, 1.1, 1.02, 0.99, 0.85, 1.2, 1.0, 0.97, 1.03, 1.05, 0.96, 1.04, 0.99, 1.02, 1.01, 0.98, 0.9, 1.1, 0.95,
      1.03, 0.8, 1.2, 0.99, 1.01,
    ];
    const seen: number[] = [];
    for (const [step, factor] of walk.entries()) {
      prices.AAPL = Math.round((prices.AAPL as number) * factor * 100) / 100;
      feed.set(prices);
      await tickAt(ctx, startsAt + step * 5_000);
      const board = (await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: owner.token })).json();
      const row = board.standings[0];
      const answer = await call(ctx, 'GET', `/contest/${contest._id}/analytics/${row.userId}`, { token: owner.token });
      const { analytics } = answer.json();
      const benchmark = (await call(ctx, 'GET', `/contest/${contest._id}/benchmark`, { token: owner.token })).json();
      expect({ step, ...analytics }).toMatchObject({
        step,
        asOf: board.asOf,
        returnPct: row.returnPct,
        benchmarkReturnPct: Math.round((benchmark.points.at(-1).returnPct as number) * 1e6) / 1e6,
        sharpe: row.sharpe,
        maxDrawdownPct: row.maxDrawdownPct,
      });
      seen.push(analytics.maxDrawdownPct);
    }
    // The largest fall so far never shrinks from one tick to the next.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1] as number);
    expect(Math.min(...seen)).toBeLessThan(0);
    expect(
      (await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: owner.token })).json().standings[0].sharpe,
    ).not.toBeNull();
  });
});
