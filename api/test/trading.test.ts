import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
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

describe.each(DRIVERS)('trading (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  /** A live contest with one participant who picked AAPL and MSFT. */
  async function liveContest(): Promise<{ contestId: string; player: TestUser }> {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    await tickAt(ctx, contest.startsAt);
    return { contestId: contest._id, player };
  }

  const trade = (player: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(ctx, 'POST', '/contest/trading', { token: player.token, body, headers });

  const state = async (player: TestUser, contestId: string) =>
    (await call(ctx, 'GET', `/contest-user/${contestId}`, { token: player.token })).json().data;

  test('a buy returns the trade and the new portfolio; a sell returns cash', async () => {
    const { contestId, player } = await liveContest();
    const before = (await state(player, contestId)).portfolio;
    const msft = before.positions.find((p: { symbol: string }) => p.symbol === 'MSFT');
    const bought = await trade(player, { contestId, symbol: 'nvda', side: 'buy', quantity: 2 });
    expect(bought.statusCode).toBe(200);
    const { trade: executed, portfolio } = bought.json().data;
    expect(executed).toEqual({
      _id: expect.any(String),
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 2,
      price: expect.any(Number),
      amount: Math.round(executed.price * 2 * 100) / 100,
      executedAt: ctx.clock.now().toISOString(),
      orderId: null,
      commission: 0,
      reason: null,
    });
    expect(portfolio.cash).toBeCloseTo(before.cash - executed.amount, 2);
    expect(portfolio.positions.find((p: { symbol: string }) => p.symbol === 'NVDA')).toMatchObject({
      quantity: 2,
      avgCost: executed.price,
    });
    const sold = await trade(player, { contestId, symbol: 'MSFT', side: 'sell', quantity: msft.quantity });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().data.portfolio.positions.map((p: { symbol: string }) => p.symbol)).toEqual(['AAPL', 'NVDA']);
    const after = await state(player, contestId);
    expect(after.trades.map((t: { side: string }) => t.side)).toEqual(['sell', 'buy']);
  });

  test('not enough cash → 409; selling more than held or what is not held → 409; unknown symbol → 404', async () => {
    const { contestId, player } = await liveContest();
    const tooMuch = await trade(player, { contestId, symbol: 'BKNG', side: 'buy', quantity: 100 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errMessage).toBe('Not enough cash for this order');
    const oversell = await trade(player, { contestId, symbol: 'AAPL', side: 'sell', quantity: 1000 });
    expect(oversell.statusCode).toBe(409);
    const shortSell = await trade(player, { contestId, symbol: 'TSLA', side: 'sell', quantity: 1 });
    expect(shortSell.statusCode).toBe(409);
    const unknown = await trade(player, { contestId, symbol: 'ZZZZ', side: 'buy', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    const missingContest = await trade(player, { contestId: 'nope', symbol: 'AAPL', side: 'buy', quantity: 1 });
    expect(missingContest.statusCode).toBe(404);
    expect((await state(player, contestId)).trades).toEqual([]);
  });

  test.each([
    ['zero shares', { quantity: 0 }, 'quantity'],
    ['fractional shares', { quantity: 1.5 }, 'quantity'],
    ['a side that does not exist', { side: 'hold' }, 'side'],
    ['an unknown field', { limitPrice: 10 }, 'limitPrice'],
  ])('400 for %s', async (_label, overrides, field) => {
    const { contestId, player } = await liveContest();
    const response = await trade(player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test('20 parallel buys that together exceed cash: exactly the affordable ones succeed and cash never goes negative', async () => {
    const { contestId, player } = await liveContest();
    // Turn the AAPL position into cash so the budget is known exactly.
    const aapl = (await state(player, contestId)).portfolio.positions.find(
      (p: { symbol: string }) => p.symbol === 'AAPL',
    );
    await trade(player, { contestId, symbol: 'AAPL', side: 'sell', quantity: aapl.quantity });
    const { portfolio } = await state(player, contestId);
    const cashCents = Math.round(portfolio.cash * 100);
    const priceCents = Math.round(portfolio.positions.find((p: { symbol: string }) => p.symbol === 'MSFT').price * 100);
    const perOrder = 2;
    const affordable = Math.floor(cashCents / (perOrder * priceCents));
    expect(affordable).toBeGreaterThan(0);
    expect(affordable).toBeLessThan(20);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => trade(player, { contestId, symbol: 'MSFT', side: 'buy', quantity: perOrder })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(affordable);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - affordable);
    const after = await state(player, contestId);
    expect(Math.round(after.portfolio.cash * 100)).toBe(cashCents - affordable * perOrder * priceCents);
    expect(after.portfolio.cash).toBeGreaterThanOrEqual(0);
    expect(after.trades.filter((t: { side: string }) => t.side === 'buy')).toHaveLength(affordable);
  });

  test('parallel sells never sell more than held', async () => {
    const { contestId, player } = await liveContest();
    const held = (await state(player, contestId)).portfolio.positions.find(
      (p: { symbol: string }) => p.symbol === 'MSFT',
    ).quantity as number;
    const responses = await Promise.all(
      Array.from({ length: held + 8 }, () => trade(player, { contestId, symbol: 'MSFT', side: 'sell', quantity: 1 })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(held);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(8);
    const after = await state(player, contestId);
    expect(after.portfolio.positions.find((p: { symbol: string }) => p.symbol === 'MSFT')).toBeUndefined();
  });

  test('the same Idempotency-Key executes once, sequentially and in parallel, and returns the first result', async () => {
    const { contestId, player } = await liveContest();
    const body = { contestId, symbol: 'T', side: 'buy', quantity: 1 };
    const first = await trade(player, body, { 'idempotency-key': 'order-1' });
    const again = await trade(player, body, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => trade(player, body, { 'idempotency-key': 'order-2' })),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(parallel.map((r) => r.json().data.trade._id)).size).toBe(1);

    const trades = (await state(player, contestId)).trades.filter((t: { symbol: string }) => t.symbol === 'T');
    expect(trades).toHaveLength(2);

    const reused = await trade(player, { ...body, quantity: 2 }, { 'idempotency-key': 'order-1' });
    expect(reused.statusCode).toBe(409);

    // Keys are per user: another player may use the same key for their own order.
    const otherLive = await liveContest();
    const theirs = await trade(
      otherLive.player,
      { ...body, contestId: otherLive.contestId },
      { 'idempotency-key': 'order-1' },
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.trade._id).not.toBe(first.json().data.trade._id);
  });

  test('a failed order does not consume its Idempotency-Key', async () => {
    const { contestId, player } = await liveContest();
    const failed = await trade(
      player,
      { contestId, symbol: 'BKNG', side: 'buy', quantity: 1000 },
      { 'idempotency-key': 'k' },
    );
    expect(failed.statusCode).toBe(409);
    const retried = await trade(
      player,
      { contestId, symbol: 'BKNG', side: 'buy', quantity: 1000 },
      { 'idempotency-key': 'k' },
    );
    expect(retried.statusCode).toBe(409);
    const ok = await trade(player, { contestId, symbol: 'T', side: 'buy', quantity: 1 }, { 'idempotency-key': 'k2' });
    expect(ok.statusCode).toBe(200);
  });

  test('the trade list says how many trades there are when it shows only the newest', async () => {
    const { contestId, player } = await liveContest();
    // Sells of a held pick always go through, whatever the prices: the leftover cash may not buy anything.
    for (let i = 0; i < 3; i++)
      expect((await trade(player, { contestId, symbol: 'AAPL', side: 'sell', quantity: 1 })).statusCode).toBe(200);
    const few = await state(player, contestId);
    expect(few.trades).toHaveLength(3);
    expect(few.tradesTotal).toBe(3);
    // Past the shown 500, the list keeps the newest and the total counts them all (502 via the API would be slow:
    // the rows are copied in the database instead).
    await queryRows(
      ctx.database.db,
      sql`INSERT INTO trades (id, contest_id, user_id, symbol, side, quantity, price_cents, amount_cents, executed_at)
          SELECT gen_random_uuid()::text, contest_id, user_id, symbol, side, quantity, price_cents, amount_cents, executed_at - make_interval(secs => n)
          FROM trades, generate_series(1, 199) AS n WHERE contest_id = ${contestId} AND user_id = ${player.id}`,
    );
    const many = await state(player, contestId);
    expect(many.tradesTotal).toBe(600);
    expect(many.trades).toHaveLength(500);
    expect(many.trades[0]).toEqual(few.trades[0]);
  });

  test('portfolio history: points for the participant of a live contest; 403 for others', async () => {
    const { contestId, player } = await liveContest();
    const start = ctx.clock.now().getTime();
    await tickAt(ctx, start + 60_000);
    const history = await call(ctx, 'GET', `/contest/active/${contestId}/portfolio-history`, { token: player.token });
    expect(history.statusCode).toBe(200);
    expect(history.json().points.length).toBeGreaterThanOrEqual(2);
    expect(history.json().points[0]).toEqual({ t: new Date(start).toISOString(), value: expect.any(Number) });
    const stranger = await createUser(ctx);
    expect(
      (await call(ctx, 'GET', `/contest/active/${contestId}/portfolio-history`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });

  test('portfolio history of a live contest ends on the value the screen shows, at the last tick, between stored points', async () => {
    const { contestId, player } = await liveContest();
    // An hour-long contest stores a point every 15 s: a tick 5 s later stores none, yet its value is the headline.
    const tick = new Date(ctx.clock.now().getTime() + 5_000);
    await tickAt(ctx, tick);
    const points = (
      await call(ctx, 'GET', `/contest/active/${contestId}/portfolio-history`, { token: player.token })
    ).json().points;
    const headline = (await state(player, contestId)).portfolio.value;
    expect(points).toHaveLength(2);
    expect(points.at(-1)).toEqual({ t: tick.toISOString(), value: headline });
  });

  test('Idempotency-Keys are forgotten after a day', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const start = ctx.clock.now().getTime() + 60_000;
    const contest = await createContest(ctx, owner, {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 86_400_000).toISOString(),
    });
    await joinContest(ctx, player, contest._id);
    await tickAt(ctx, start);
    const body = { contestId: contest._id, symbol: 'T', side: 'buy', quantity: 1 };
    const first = await trade(player, body, { 'idempotency-key': 'daily' });
    await tickAt(ctx, start + 23 * 3_600_000);
    expect((await trade(player, body, { 'idempotency-key': 'daily' })).json().data.trade._id).toBe(
      first.json().data.trade._id,
    );
    await tickAt(ctx, start + 25 * 3_600_000);
    const later = await trade(player, body, { 'idempotency-key': 'daily' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.trade._id).not.toBe(first.json().data.trade._id);
  });
});
