import { planAllocation } from '@bullpen/contract';
import { queryRows, sql } from '../src/db/database';
import { rankPlayers } from '../src/domain/ranking';
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

describe.each(DRIVERS)('contest clock (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  const pricesNow = async (token: string) => {
    const response = await call(ctx, 'POST', '/equity/get-equities', { token });
    return new Map<string, number>(
      response.json().equities.map((e: { symbol: string; price: number }) => [e.symbol, Math.round(e.price * 100)]),
    );
  };
  const board = async (user: TestUser, id: string, phase: 'active' | 'completed') =>
    (await call(ctx, 'GET', `/contest/${phase}/${id}`, { token: user.token })).json();

  test('start: cash split equally across the picks, whole shares at the start price, remainder stays cash', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner, { picksCount: 3, startingCash: 25_000 });
    await joinContest(ctx, player, contest._id, ['BKNG', 'NVDA', 'KO']);
    const report = await tickAt(ctx, contest.startsAt);
    expect(report.worker).toBe(true);
    expect(report.started).toContain(contest._id);
    const prices = await pricesNow(player.token);
    const state = (await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token })).json().data;
    const budget = Math.floor(2_500_000 / 3);
    let spent = 0;
    for (const symbol of ['BKNG', 'NVDA', 'KO']) {
      const price = prices.get(symbol) as number;
      const quantity = Math.floor(budget / price);
      spent += quantity * price;
      expect(state.portfolio.positions.find((p: { symbol: string }) => p.symbol === symbol)).toMatchObject({
        quantity,
        avgCost: price / 100,
      });
    }
    expect(Math.round(state.portfolio.cash * 100)).toBe(2_500_000 - spent);
    expect(state.portfolio.value).toBe(25_000);
    expect(state.rank).toBe(1);
  });

  test('start: the portfolio a contest starts with is the picks screen preview of the same prices, to the cent', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    // An odd amount and a pick too dear for its share: the server and the preview must apply one rule, not two copies.
    const contest = await createContest(ctx, owner, { picksCount: 3, startingCash: 12_345.67 });
    const picks = ['BKNG', 'T', 'NVDA'];
    await joinContest(ctx, player, contest._id, picks);
    await tickAt(ctx, contest.startsAt);
    const prices = await pricesNow(player.token);
    const preview = planAllocation(
      12_345.67,
      picks.map((symbol) => ({ symbol, price: (prices.get(symbol) as number) / 100 })),
    );
    const { portfolio } = (await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token })).json().data;
    const held = (symbol: string) =>
      portfolio.positions.find((p: { symbol: string }) => p.symbol === symbol)?.quantity ?? 0;
    expect(picks.map(held)).toEqual(preview.rows.map((row) => row.shares));
    expect(portfolio.cash).toBe(preview.cash);
  });

  test('start: a position cap below the equal split bounds each pick at the cap and keeps the rest as cash', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner, {
      picksCount: 3,
      startingCash: 100_000,
      rules: { maxPositionPct: 25 },
    });
    const picks = ['AAPL', 'MSFT', 'KO'];
    await joinContest(ctx, player, contest._id, picks);
    await tickAt(ctx, contest.startsAt);
    const prices = await pricesNow(player.token);
    const preview = planAllocation(
      100_000,
      picks.map((symbol) => ({ symbol, price: (prices.get(symbol) as number) / 100 })),
      25,
    );
    const { portfolio } = (await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token })).json().data;
    for (const position of portfolio.positions as { value: number }[]) {
      expect(position.value).toBeLessThanOrEqual(25_000);
    }
    expect(portfolio.cash).toBe(preview.cash);
    expect(portfolio.cash).toBeGreaterThanOrEqual(25_000);
    // The cash the cap kept back buys a stock that is not a pick.
    const bought = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'XOM', side: 'buy', quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
  });

  test('ranking: ties share the better rank and are listed by earlier join; stored ranks follow the domain rule', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const early = await createUser(ctx);
    const other = await createUser(ctx);
    const late = await createUser(ctx);
    await joinContest(ctx, early, contest._id, ['AAPL', 'MSFT']);
    ctx.clock.advance(1000);
    await joinContest(ctx, other, contest._id, ['TSLA', 'KO']);
    ctx.clock.advance(1000);
    await joinContest(ctx, late, contest._id, ['MSFT', 'AAPL']);
    await tickAt(ctx, contest.startsAt);
    await tickAt(ctx, new Date(contest.startsAt).getTime() + 5_000);
    const { standings } = await board(owner, contest._id, 'active');
    const byUser = new Map(standings.map((s: { userId: string }) => [s.userId, s]));
    // Same picks, same allocation: early and late tie exactly.
    expect((byUser.get(early.id) as { value: number }).value).toBe((byUser.get(late.id) as { value: number }).value);
    expect((byUser.get(early.id) as { rank: number }).rank).toBe((byUser.get(late.id) as { rank: number }).rank);
    expect(standings.findIndex((s: { userId: string }) => s.userId === early.id)).toBeLessThan(
      standings.findIndex((s: { userId: string }) => s.userId === late.id),
    );
    const expected = rankPlayers(
      standings.map((s: { userId: string; value: number }, index: number) => ({
        userId: s.userId,
        valueCents: Math.round(s.value * 100),
        joinedAt: new Date(index),
      })),
    );
    expect(standings.map((s: { rank: number }) => s.rank)).toEqual(expected.map((r) => r.rank));
    for (const s of standings) expect(s.returnPct).toBeCloseTo(s.value / 10_000 - 1, 5);
  });

  test('teams: the mean of the members’ returns, ranked', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner, {
      affiliations: ['Red', 'Blue', 'Idle'],
      isTeamCollaboration: true,
      maxParticipants: 10,
    });
    const members: [TestUser, string, string[]][] = [
      [await createUser(ctx), 'Red', ['NVDA', 'TSLA']],
      [await createUser(ctx), 'Red', ['KO', 'PG']],
      [await createUser(ctx), 'Blue', ['SPY', 'TLT']],
    ];
    for (const [user, team, picks] of members) await joinContest(ctx, user, contest._id, picks, team);
    await tickAt(ctx, contest.startsAt);
    await tickAt(ctx, new Date(contest.startsAt).getTime() + 5_000);
    const { standings, teams } = await board(owner, contest._id, 'active');
    const mean = (team: string) => {
      const rows = standings.filter((s: { affiliation: string }) => s.affiliation === team);
      return rows.reduce((sum: number, s: { returnPct: number }) => sum + s.returnPct, 0) / rows.length;
    };
    expect(teams.map((t: { affiliation: string }) => t.affiliation).sort()).toEqual(['Blue', 'Red']);
    for (const t of teams) {
      expect(t.returnPct).toBeCloseTo(mean(t.affiliation), 5);
      expect(t.members).toBe(t.affiliation === 'Red' ? 2 : 1);
    }
    const [first, second] = teams;
    expect(first.returnPct).toBeGreaterThanOrEqual(second.returnPct);
    expect(first.rank).toBe(1);
    expect(second.rank).toBe(first.returnPct === second.returnPct ? 1 : 2);
  });

  test('final standings are frozen at the end and never change afterwards', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const rival = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id, ['NVDA', 'AMD']);
    await joinContest(ctx, rival, contest._id, ['KO', 'XOM']);
    await tickAt(ctx, contest.startsAt);
    const end = new Date(contest.endsAt).getTime();
    const report = await tickAt(ctx, end);
    expect(report.completed).toContain(contest._id);
    const final = await board(player, contest._id, 'completed');
    expect(final.contest.status).toBe('completed');
    expect(final.standings).toHaveLength(2);
    for (let i = 1; i <= 5; i++) await tickAt(ctx, end + i * 60_000);
    expect(await board(player, contest._id, 'completed')).toEqual(final);
    const trade = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'AAPL', side: 'buy', quantity: 1 },
    });
    expect(trade.statusCode).toBe(409);
    const state = (await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token })).json().data;
    expect(state.rank).toBe(final.standings.find((s: { userId: string }) => s.userId === player.id).rank);
  });

  test('a contest that starts with no participants completes with empty standings', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const report = await tickAt(ctx, contest.startsAt);
    expect(report.completed).toContain(contest._id);
    const final = await board(owner, contest._id, 'completed');
    expect(final.standings).toEqual([]);
    expect(final.teams).toEqual([]);
  });

  test('a cancelled contest is never started; a contest whose start has passed takes no joins before the tick', async () => {
    const owner = await createUser(ctx);
    const cancelled = await createContest(ctx, owner);
    await joinContest(ctx, await createUser(ctx), cancelled._id);
    await call(ctx, 'POST', '/contest/cancel-contest', { token: owner.token, body: { contestId: cancelled._id } });
    const pending = await createContest(ctx, owner);
    ctx.clock.set(new Date(pending.startsAt).getTime() + 1);
    const late = await call(ctx, 'POST', '/contest/join-contest', {
      token: (await createUser(ctx)).token,
      body: { contestId: pending._id, picks: ['AAPL', 'MSFT'] },
    });
    expect(late.statusCode).toBe(409);
    const report = await ctx.app.deps.contestClock.tick();
    expect(report.started).not.toContain(cancelled._id);
    expect(
      (await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: cancelled._id } })).json().contest.status,
    ).toBe('cancelled');
  });

  test('after downtime a contest whose whole window passed starts and completes in one tick', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    const report = await tickAt(ctx, new Date(contest.endsAt).getTime() + 3_600_000);
    expect(report.started).toContain(contest._id);
    expect(report.completed).toContain(contest._id);
    const final = await board(player, contest._id, 'completed');
    expect(final.standings).toEqual([expect.objectContaining({ userId: player.id, rank: 1 })]);
  });

  test('the tick analyses the tables when the live population has grown past what they were last analysed for', async () => {
    // 1,000 players written straight into the tables (as by an import, or joins the clock never saw start): PGlite has
    // no autovacuum, and a planner that still expects a handful of live rows probes each contest's rows in turn.
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const id = `analyse-${ctx.driver}`;
    await db.execute(sql`
      INSERT INTO users (id, sub, phone_number, status, role, ticker, display_name, bio, created_at, updated_at)
      SELECT ${id} || '-' || i, ${id} || '-' || i, NULL, 'active', 'user', 'A' || i, 'Analysed ' || i, '', ${now}, ${now}
      FROM generate_series(0, 999) AS i`);
    await db.execute(sql`
      INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents, max_participants, visibility,
                            affiliations, created_by, phase, participants_count, created_at, updated_at)
      VALUES (${id}, 'Analysed', '', ${now}, ${new Date(now.getTime() + 86_400_000)}, 2, 1000000, 1000, 'public', '[]'::jsonb,
              ${`${id}-0`}, 'active', 1000, ${now}, ${now})`);
    await db.execute(sql`
      INSERT INTO participants (contest_id, user_id, picks, affiliation, joined_at, cash_cents)
      SELECT ${id}, ${id} || '-' || i, '["AAPL","MSFT"]'::jsonb, NULL, ${now}, 1000000 FROM generate_series(0, 999) AS i`);
    const estimated = async () =>
      Number(
        (await queryRows<{ n: number }>(db, sql`SELECT reltuples AS n FROM pg_class WHERE relname = 'participants'`))[0]
          ?.n,
      );
    // PostgreSQL's autovacuum may analyse first: only PGlite shows the estimate before the tick.
    if (ctx.driver === 'pglite') expect(await estimated()).toBeLessThan(1000);
    const report = await tickAt(ctx, now.getTime() + 5_000);
    expect(report.valued).toBeGreaterThanOrEqual(1000);
    expect(await estimated()).toBeGreaterThanOrEqual(1000);
  });

  test('each tick moves the market and records price history', async () => {
    const user = await createUser(ctx);
    const before = await pricesNow(user.token);
    const t = ctx.clock.now().getTime() + 10_000;
    await tickAt(ctx, t);
    const after = await pricesNow(user.token);
    expect([...after].filter(([symbol, cents]) => before.get(symbol) !== cents).length).toBeGreaterThan(50);
    const history = await call(
      ctx,
      'GET',
      `/equity/AAPL/history?from=${new Date(t - 1000).toISOString()}&to=${new Date(t).toISOString()}`,
      { token: user.token },
    );
    expect(history.json()).toEqual({
      symbol: 'AAPL',
      points: [{ t: new Date(t).toISOString(), price: (after.get('AAPL') as number) / 100 }],
    });
  });
  test('one valuation per tick: my portfolio is my board row while the next tick has stored its prices but not yet valued', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner, { picksCount: 2, startingCash: 100_000 });
    await joinContest(ctx, player, contest._id, ['NVDA', 'TSLA']);
    const start = new Date(contest.startsAt).getTime();
    await tickAt(ctx, start);
    await tickAt(ctx, start + 5_000);
    const mine = async () => {
      const state = (await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token })).json().data;
      const row = (await board(player, contest._id, 'active')).standings.find(
        (s: { userId: string }) => s.userId === player.id,
      );
      return { portfolio: state.portfolio, row };
    };
    const settled = await mine();
    expect(settled.portfolio.value).toBe(settled.row.value);

    // The next tick's first step, its market move, is stored; its valuation of the boards has not run yet.
    const before = await pricesNow(player.token);
    ctx.clock.set(start + 10_000);
    await ctx.database.db.transaction((tx) => ctx.app.deps.market.advance(tx, ctx.clock.now()));
    expect(await pricesNow(player.token)).not.toEqual(before);
    const between = await mine();
    expect(between.row.value).toBe(settled.row.value);
    expect(between.portfolio.value).toBe(between.row.value);
    expect(between.portfolio.returnPct).toBe(between.row.returnPct);
    expect(between.portfolio.positions.map((p: { price: number }) => Math.round(p.price * 100))).toEqual(
      between.portfolio.positions.map((p: { symbol: string }) => before.get(p.symbol)),
    );

    // The tick's valuation: both move to its prices together.
    await ctx.app.deps.contestClock.tick();
    const after = await mine();
    expect(after.portfolio.value).toBe(after.row.value);
  });
  test('the start: the board is refused as "not live (it is upcoming)" until the tick that starts the contest, then served with the contest live', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    // Past the start time, before the clock's tick: still upcoming everywhere, in the words the live page retries on.
    ctx.clock.set(new Date(contest.startsAt).getTime() + 1_000);
    const early = await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().errMessage).toMatch(/\(it is upcoming\)/);
    const status = async () =>
      (await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: contest._id } })).json().contest.status;
    expect(await status()).toBe('upcoming');
    await ctx.app.deps.contestClock.tick();
    // The contest view, the board and the stream agree from the tick on.
    expect(await status()).toBe('active');
    const live = await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token });
    expect(live.statusCode).toBe(200);
    expect(live.json().contest.status).toBe('active');
    expect(live.json().standings.map((s: { userId: string }) => s.userId)).toEqual([player.id]);
  });
});
