import {
  benchmarkResponseSchema,
  completedPlayerResponseSchema,
  contestBoardResponseSchema,
  livePublicResponseSchema,
} from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  tickAt,
  type TestContext,
  type TestUser,
} from './support/harness';

const cents = (dollars: number) => Math.round(dollars * 100);
const at = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

describe.each(DRIVERS)('results and insight (%s)', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let stranger: TestUser;
  /** Public, alice and bob: plays to the end. */
  let main: { _id: string; startsAt: string; endsAt: string };
  /** Public, three players: live when main is live, so it comes first in "Live now". */
  let crowded: { _id: string; startsAt: string; endsAt: string };
  /** Private and live: never in "Live now". */
  let hidden: { _id: string; startsAt: string; endsAt: string };
  /** Still upcoming. */
  let later: { _id: string };

  const get = (user: TestUser | null, url: string) => call(ctx, 'GET', url, user ? { token: user.token } : {});

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    [owner, alice, bob, carol, stranger] = await Promise.all([
      createUser(ctx),
      createUser(ctx),
      createUser(ctx),
      createUser(ctx),
      createUser(ctx),
    ]);
    // A one-hour contest records history every 15 s (240 points), so a 5 s tick is not always a history tick.
    main = await createContest(ctx, owner, { name: 'Weekly Tech Sprint' });
    crowded = await createContest(ctx, owner, {
      name: 'Crowded Cup',
      endsAt: at(main.endsAt, 3_600_000).toISOString(),
    });
    hidden = await createContest(ctx, owner, { name: 'Secret Cup', visibility: 'private' });
    later = await createContest(ctx, owner, {
      name: 'Later Cup',
      startsAt: at(main.startsAt, 86_400_000).toISOString(),
      endsAt: at(main.startsAt, 90_000_000).toISOString(),
    });
    await joinContest(ctx, alice, main._id, ['NVDA', 'TSLA']);
    await joinContest(ctx, bob, main._id, ['AAPL', 'MSFT']);
    for (const user of [alice, bob, carol]) await joinContest(ctx, user, crowded._id, ['AAPL', 'MSFT']);
    for (const user of [alice, bob, carol]) await joinContest(ctx, user, hidden._id, ['AAPL', 'MSFT']);
  });
  afterAll(() => ctx.close());

  test('signed out → 401 on every call', async () => {
    for (const url of [
      '/contest/live-public',
      `/contest/${main._id}/benchmark`,
      `/contest/completed/${main._id}/players/${alice.id}`,
    ]) {
      const response = await get(null, url);
      expect([url, response.statusCode, response.json().errMessage]).toEqual([url, 401, 'Unauthorized']);
    }
  });

  test('before the start: no benchmark and no player results (409); unknown contest → 404; nothing live', async () => {
    expect((await get(alice, `/contest/${main._id}/benchmark`)).statusCode).toBe(409);
    expect((await get(alice, `/contest/completed/${main._id}/players/${alice.id}`)).statusCode).toBe(409);
    expect((await get(alice, '/contest/nope/benchmark')).statusCode).toBe(404);
    expect((await get(alice, `/contest/completed/nope/players/${alice.id}`)).statusCode).toBe(404);
    expect(livePublicResponseSchema.parse((await get(stranger, '/contest/live-public')).json()).contests).toEqual([]);
  });

  test('live: "Live now" lists public live contests, most players first, each with its leader; never a private one', async () => {
    await tickAt(ctx, main.startsAt);
    for (let i = 1; i <= 4; i += 1) await tickAt(ctx, at(main.startsAt, i * 5_000));
    const response = await get(stranger, '/contest/live-public');
    expect(response.statusCode).toBe(200);
    const { contests } = livePublicResponseSchema.parse(response.json());
    expect(contests.map((c) => c.name)).toEqual(['Crowded Cup', 'Weekly Tech Sprint']);
    expect(contests.map((c) => c.participantsCount)).toEqual([3, 2]);
    expect(contests.every((c) => c.status === 'active' && c.visibility === 'public' && c.joined === false)).toBe(true);
    // The leader is the board's first row, to the cent.
    const board = contestBoardResponseSchema.parse((await get(stranger, `/contest/active/${main._id}`)).json());
    expect(contests[1]?.leader).toEqual(board.standings[0]);
    // A participant sees `joined`.
    const forAlice = livePublicResponseSchema.parse((await get(alice, '/contest/live-public')).json()).contests;
    expect(forAlice.map((c) => c.joined)).toEqual([true, true]);
    expect(forAlice.some((c) => c._id === hidden._id || c._id === later._id)).toBe(false);
  });

  test('live: a non-participant can watch the board read-only, but cannot trade; player results wait for the end (409)', async () => {
    expect((await get(stranger, `/contest/active/${main._id}`)).statusCode).toBe(200);
    const trade = await call(ctx, 'POST', '/contest/trading', {
      token: stranger.token,
      body: { contestId: main._id, symbol: 'AAPL', side: 'buy', quantity: 1 },
    });
    expect(trade.statusCode).toBe(403);
    const early = await get(stranger, `/contest/completed/${main._id}/players/${alice.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errMessage).toBe('The contest is not completed (it is live)');
  });

  /** The index recomputed here from the stored price history of every symbol (GET /equity/{symbol}/history). */
  async function indexFromPriceHistory(ticks: string[]): Promise<number[]> {
    const equities = (await call(ctx, 'POST', '/equity/get-equities', { token: stranger.token, body: {} })).json()
      .equities as { symbol: string }[];
    const from = ticks[0] as string;
    const to = ticks[ticks.length - 1] as string;
    const sums = ticks.map(() => 0);
    for (const { symbol } of equities) {
      const { points } = (await get(stranger, `/equity/${symbol}/history?from=${from}&to=${to}`)).json() as {
        points: { t: string; price: number }[];
      };
      const price = new Map(points.map((p) => [p.t, p.price]));
      const base = price.get(from) as number;
      ticks.forEach((t, i) => {
        sums[i] = (sums[i] as number) + (price.get(t) as number) / base;
      });
    }
    return sums.map((sum) => sum / equities.length - 1);
  }

  test('live: the benchmark is the equal-weight index of the universe, on the ticks of portfolio history, from 0 at the start', async () => {
    const response = await get(stranger, `/contest/${main._id}/benchmark`);
    expect(response.statusCode).toBe(200);
    const benchmark = benchmarkResponseSchema.parse(response.json());
    expect(benchmark.name).toMatch(/equal-weight index/i);
    const history = (await get(alice, `/contest/active/${main._id}/portfolio-history`)).json().points as {
      t: string;
    }[];
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(benchmark.points.map((p) => p.t)).toEqual(history.map((p) => p.t));
    expect(benchmark.points[0]).toEqual({ t: main.startsAt, returnPct: 0 });
    const expected = await indexFromPriceHistory(history.map((p) => p.t));
    for (const [i, point] of benchmark.points.entries()) expect(point.returnPct).toBeCloseTo(expected[i] as number, 6);
    expect(benchmark.points.some((p) => p.returnPct !== 0)).toBe(true);
  });

  test('completed: each player opens to a final portfolio that adds up to the board to the cent, every trade, and value and rank over time', async () => {
    const sold = await call(ctx, 'POST', '/contest/trading', {
      token: alice.token,
      body: { contestId: main._id, symbol: 'TSLA', side: 'sell', quantity: 1 },
    });
    expect(sold.statusCode).toBe(200);
    const bought = await call(ctx, 'POST', '/contest/trading', {
      token: alice.token,
      body: { contestId: main._id, symbol: 'AAPL', side: 'buy', quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    for (let i = 5; i <= 8; i += 1) await tickAt(ctx, at(main.startsAt, i * 5_000));
    await tickAt(ctx, main.endsAt);
    const board = contestBoardResponseSchema.parse((await get(stranger, `/contest/completed/${main._id}`)).json());
    expect(board.standings).toHaveLength(2);
    // The market moves on after the end; the results do not.
    await tickAt(ctx, at(main.endsAt, 5_000));
    await tickAt(ctx, at(main.endsAt, 10_000));

    for (const user of [alice, bob]) {
      const response = await get(stranger, `/contest/completed/${main._id}/players/${user.id}`);
      expect(response.statusCode).toBe(200);
      const result = completedPlayerResponseSchema.parse(response.json());
      const row = board.standings.find((s) => s.userId === user.id);
      expect(result.player).toEqual(row);
      expect(result.player.ticker).toBe(user.ticker);
      // Cash plus each position at the final price is the board's value, to the cent.
      const total = result.positions.reduce((sum, p) => sum + cents(p.value), cents(result.cash));
      expect(total).toBe(cents(row?.value as number));
      for (const p of result.positions) expect(cents(p.value)).toBe(p.quantity * cents(p.price));
      // Value history ends at the final value, with the rank of the final board; it starts at the start tick.
      const last = result.history[result.history.length - 1];
      expect(last).toEqual({ t: board.asOf, value: row?.value, rank: row?.rank });
      expect(result.history[0]?.t).toBe(main.startsAt);
      expect(result.history.every((p) => p.rank === 1 || p.rank === 2)).toBe(true);
      // Pick returns: start tick to final tick prices.
      expect(result.pickReturns.map((p) => p.symbol)).toEqual(result.picks);
      for (const pick of result.pickReturns) expect(pick.returnPct).toBeCloseTo(pick.endPrice / pick.startPrice - 1, 5);
    }
    const aliceResult = completedPlayerResponseSchema.parse(
      (await get(bob, `/contest/completed/${main._id}/players/${alice.id}`)).json(),
    );
    expect(aliceResult.picks).toEqual(['NVDA', 'TSLA']);
    expect(aliceResult.trades.map((t) => [t.side, t.symbol, t.quantity])).toEqual([
      ['buy', 'AAPL', 1],
      ['sell', 'TSLA', 1],
    ]);
    expect(aliceResult.positions.map((p) => p.symbol)).toEqual(['AAPL', 'NVDA', 'TSLA']);
    // The ranks over time agree with the two players' values on each tick.
    const bobResult = completedPlayerResponseSchema.parse(
      (await get(alice, `/contest/completed/${main._id}/players/${bob.id}`)).json(),
    );
    aliceResult.history.forEach((point, i) => {
      const other = bobResult.history[i];
      expect(other?.t).toBe(point.t);
      const expectedRank = point.value >= (other?.value as number) ? 1 : 2;
      expect(point.rank).toBe(expectedRank);
    });
  });

  test('completed: unknown or absent player → 404; the benchmark stays on the history ticks and ends at the final tick', async () => {
    for (const userId of [stranger.id, owner.id, 'nobody', '%00', 'a'.repeat(300)]) {
      const response = await get(alice, `/contest/completed/${main._id}/players/${userId}`);
      expect([userId, response.statusCode]).toEqual([userId, 404]);
    }
    const benchmark = benchmarkResponseSchema.parse((await get(stranger, `/contest/${main._id}/benchmark`)).json());
    const history = completedPlayerResponseSchema.parse(
      (await get(alice, `/contest/completed/${main._id}/players/${alice.id}`)).json(),
    ).history;
    expect(benchmark.points.map((p) => p.t)).toEqual(history.map((p) => p.t));
    const expected = await indexFromPriceHistory(history.map((p) => p.t));
    expect(benchmark.points[benchmark.points.length - 1]?.returnPct).toBeCloseTo(
      expected[expected.length - 1] as number,
      6,
    );
    // Asked again (served from memory once final), the same answer.
    expect(benchmarkResponseSchema.parse((await get(bob, `/contest/${main._id}/benchmark`)).json())).toEqual(benchmark);
  });

  test('an upcoming or cancelled contest has no benchmark (409); "Live now" drops ended contests', async () => {
    expect((await get(alice, `/contest/${later._id}/benchmark`)).statusCode).toBe(409);
    const cancelled = await createContest(ctx, owner, {
      startsAt: at(ctx.clock.now().toISOString(), 120_000).toISOString(),
      endsAt: at(ctx.clock.now().toISOString(), 3_720_000).toISOString(),
    });
    await call(ctx, 'POST', '/contest/cancel-contest', { token: owner.token, body: { contestId: cancelled._id } });
    expect((await get(alice, `/contest/${cancelled._id}/benchmark`)).statusCode).toBe(409);
    expect((await get(alice, `/contest/completed/${cancelled._id}/players/${alice.id}`)).statusCode).toBe(409);
    const live = livePublicResponseSchema.parse((await get(alice, '/contest/live-public')).json()).contests;
    expect(live.map((c) => c._id)).not.toContain(main._id);
    expect(live.map((c) => c._id)).toEqual([crowded._id]);
  });

  test('a contest nobody joined completes with an empty benchmark', async () => {
    const empty = await createContest(ctx, owner, {
      startsAt: at(ctx.clock.now().toISOString(), 60_000).toISOString(),
      endsAt: at(ctx.clock.now().toISOString(), 3_660_000).toISOString(),
    });
    await tickAt(ctx, empty.startsAt);
    const benchmark = benchmarkResponseSchema.parse((await get(alice, `/contest/${empty._id}/benchmark`)).json());
    expect(benchmark.points).toEqual([]);
    expect((await get(alice, `/contest/completed/${empty._id}/players/${alice.id}`)).statusCode).toBe(404);
    // Stored rows of another contest never leak into this one.
    const rows = await ctx.app.deps.db.execute(
      sql`SELECT count(*) AS n FROM portfolio_history h JOIN participants p ON p.id = h.participant_id
          WHERE p.contest_id = ${empty._id}`,
    );
    expect(Number((rows as unknown as { rows: { n: string }[] }).rows[0]?.n)).toBe(0);
  });
});
