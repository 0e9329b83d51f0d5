import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  testConfig,
  tickAt,
} from './support/harness';
import { ScriptedFeed } from './support/scripted-feed';

/**
 * A small fixed history, worked out by hand (independently of the server's code): a one-hour contest records a point
 * every 15 s. The player picks AAPL at $100 (100 shares), then at the start sells 40 AAPL and buys 30 XOM at $100
 * ($1 a trade): cash $998. AAPL then walks 104, 101, 107, 103, 99, 102, 108, 105, 110, 106 on the next ten points and
 * ends at 112; XOM and every other symbol stay put, so the equal-weight index of the 103 symbols is (AAPL/100 − 1)/103.
 *
 * Values: 10,000 (the start point, before the trades), then 3,998 + 60 × AAPL: 10,238 10,058 10,418 10,178 9,938
 * 10,118 10,478 10,298 10,598 10,358 10,718. Eleven returns; the market runs at MARKET_TIME_SCALE 24, so the hour is a
 * simulated day (the least the risk figures rest on) and the points are 24 × 3,600 s / 11 of market time apart on
 * average: a year is 365 × 86,400 / (86,400 / 11) = 4,015 ticks.
 *   return 10,718 / 10,000 − 1 = 0.0718; benchmark (112/100 − 1)/103 = 0.001165
 *   volatility: sample sd of the returns × √4,015 = 1.702067
 *   Sharpe: mean/sd of (own − index) returns × √4,015 = 15.696933
 *   beta: cov(own, index) / var(index) = 60.264971; alpha 0.0718 − 60.264971 × 0.001165 = 0.001591
 *   max drawdown: 9,938 / 10,418 − 1 = −0.046074
 *   sectors at $112: Technology $6,720 (6,720 / 9,720 = 0.691358), Energy $3,000 (0.308642)
 *   turnover: ($4,000 + $3,000) / $10,000 = 0.7; commissions $2
 */
describe.each(DRIVERS)('analytics (%s)', (driver) => {
  let ctx: TestContext;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    ctx = await createTestContext(driver, { market: { ...testConfig().market, timeScale: 24 } }, { priceFeed: feed });
  });
  afterAll(() => ctx.close());

  test('from the stored history and the benchmark, as worked out by hand; live: own only; completed: anyone', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const rival = await createUser(ctx);
    const contest = await createContest(ctx, owner, {
      picksCount: 1,
      rules: { commission: { perTrade: 1, perShare: 0 } },
    });
    await joinContest(ctx, player, contest._id, ['AAPL']);
    await joinContest(ctx, rival, contest._id, ['MSFT']);
    const path = (url: string) => `/contest/${contest._id}/analytics/${url}`;
    const get = (token: string, url: string) => call(ctx, 'GET', path(url), { token });
    expect((await get(player.token, player.id)).statusCode).toBe(409);

    feed.set({ AAPL: 100, XOM: 100, MSFT: 100 });
    const start = new Date(contest.startsAt).getTime();
    await tickAt(ctx, start);
    for (const [symbol, side, quantity] of [
      ['AAPL', 'sell', 40],
      ['XOM', 'buy', 30],
    ] as const) {
      const response = await call(ctx, 'POST', '/contest/trading', {
        token: player.token,
        body: { contestId: contest._id, symbol, side, quantity },
      });
      expect(response.statusCode).toBe(200);
    }
    const walk = [104, 101, 107, 103, 99, 102, 108, 105, 110, 106];
    for (const [i, price] of walk.entries()) {
      feed.set({ AAPL: price });
      await tickAt(ctx, start + (i + 1) * 15_000);
    }
    const live = await get(player.token, player.id);
    expect(live.statusCode).toBe(200);
    expect(live.json().analytics).toMatchObject({ maxDrawdownPct: -0.046074, turnover: 0.7, commissions: 2 });
    // Ten returns, but 150 s are 1 h of market time: too little to annualise, so no risk figure yet, here or on the board.
    expect(live.json().analytics).toMatchObject({ volatilityPct: null, sharpe: null, beta: null, alphaPct: null });
    const liveBoard = (await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token })).json();
    expect(liveBoard.standings.find((s: { userId: string }) => s.userId === player.id)?.sharpe).toBeNull();
    expect((await get(rival.token, player.id)).statusCode).toBe(403);

    feed.set({ AAPL: 112 });
    await tickAt(ctx, contest.endsAt);
    const done = await get(rival.token, player.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().analytics).toEqual({
      asOf: contest.endsAt,
      returnPct: 0.0718,
      benchmarkReturnPct: 0.001165,
      volatilityPct: 1.702067,
      sharpe: 15.696933,
      maxDrawdownPct: -0.046074,
      beta: 60.264971,
      alphaPct: 0.001591,
      sectors: [
        { sector: 'Technology', value: 6720, weight: 0.691358 },
        { sector: 'Energy', value: 3000, weight: 0.308642 },
      ],
      turnover: 0.7,
      commissions: 2,
    });
    // The rival held MSFT flat all along: no variation, no Sharpe; no fall, no drawdown.
    const flat = (await get(player.token, rival.id)).json().analytics;
    expect(flat).toMatchObject({ returnPct: 0, volatilityPct: 0, maxDrawdownPct: 0, turnover: 0, commissions: 0 });
    expect((await get(player.token, owner.id)).statusCode).toBe(404);
    expect((await get(player.token, 'not-a-player')).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/contest/nope/analytics/${player.id}`, { token: player.token })).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'GET', path(player.id))).statusCode).toBe(401);

    // The board carries the same Sharpe and drawdown, kept by the clock as it went.
    const board = (await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: rival.token })).json();
    const row = board.standings.find((s: { userId: string }) => s.userId === player.id);
    expect(row).toMatchObject({ sharpe: 15.696933, maxDrawdownPct: -0.046074 });
  });
});
