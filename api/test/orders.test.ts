import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
import type { PriceModel } from '../src/market/price-feed';
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

/** Prices the test sets: each tick moves the named symbols to exactly these cents, the others stay where they are. */
class ScriptedFeed implements PriceModel {
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

interface OrderJson {
  _id: string;
  symbol: string;
  side: string;
  quantity: number;
  type: string;
  limitPrice: number | null;
  stopPrice: number | null;
  status: string;
  fill: {
    _id: string;
    price: number;
    quantity: number;
    amount: number;
    orderId: string | null;
    executedAt: string;
  } | null;
  reason: string | null;
}
interface PortfolioJson {
  cash: number;
  reservedCash: number;
  value: number;
  positions: { symbol: string; quantity: number; reservedQuantity: number }[];
}

describe.each(DRIVERS)('conditional orders (%s)', (driver) => {
  let ctx: TestContext;
  const feed = new ScriptedFeed();
  let step = 0;
  beforeAll(async () => {
    ctx = await createTestContext(driver, {}, { priceFeed: feed });
  });
  afterAll(() => ctx.close());
  // Contests of earlier tests stay live: their open orders are set aside so each test's tick reports count its own.
  afterEach(async () => {
    await ctx.app.deps.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE status = 'open'`);
  });

  /** The next tick, a second after the previous one, at these prices. */
  async function tickWith(prices: Record<string, number> = {}) {
    feed.set(prices);
    step += 1;
    return tickAt(ctx, ctx.clock.now().getTime() + 1000);
  }

  /**
   * A live contest: the player picked AAPL and MSFT at $100 each (50 shares each, no cash left), then sold the 50 MSFT,
   * so they hold 50 AAPL and $5,000 of cash. Every other symbol the test uses is at $100 too.
   */
  async function liveContest(): Promise<{ contestId: string; player: TestUser; endsAt: string }> {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    feed.set({ AAPL: 100, MSFT: 100, NVDA: 100, TSLA: 100 });
    await tickAt(ctx, contest.startsAt);
    const sold = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'MSFT', side: 'sell', quantity: 50 },
    });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().data.portfolio.cash).toBe(5000);
    return { contestId: contest._id, player, endsAt: contest.endsAt };
  }

  const place = (player: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(ctx, 'POST', '/contest/orders', { token: player.token, body, headers });
  const cancel = (player: TestUser, contestId: string, orderId: string) =>
    call(ctx, 'POST', '/contest/orders/cancel', { token: player.token, body: { contestId, orderId } });
  const listOrders = async (player: TestUser, contestId: string): Promise<OrderJson[]> => {
    const response = await call(ctx, 'GET', `/contest/${contestId}/orders`, { token: player.token });
    expect(response.statusCode).toBe(200);
    return response.json().orders;
  };
  const state = async (player: TestUser, contestId: string) =>
    (await call(ctx, 'GET', `/contest-user/${contestId}`, { token: player.token })).json().data as {
      portfolio: PortfolioJson;
      trades: { _id: string; symbol: string; side: string; quantity: number; price: number; orderId: string | null }[];
    };
  const market = (player: TestUser, contestId: string, symbol: string, side: 'buy' | 'sell', quantity: number) =>
    call(ctx, 'POST', '/contest/trading', { token: player.token, body: { contestId, symbol, side, quantity } });
  async function placed(
    player: TestUser,
    body: Record<string, unknown>,
  ): Promise<{ order: OrderJson; portfolio: PortfolioJson }> {
    const response = await place(player, body);
    if (response.statusCode !== 200) throw new Error(`place failed: ${response.statusCode} ${response.body}`);
    return response.json().data;
  }
  const orderOf = async (player: TestUser, contestId: string, id: string) =>
    (await listOrders(player, contestId)).find((o) => o._id === id);

  test('a limit buy reserves quantity × limit of cash, is listed open, and the cash cannot be spent twice', async () => {
    const { contestId, player, endsAt } = await liveContest();
    const { order, portfolio } = await placed(player, {
      contestId,
      symbol: 'nvda',
      side: 'buy',
      quantity: 40,
      type: 'limit',
      limitPrice: 95.5,
    });
    expect(order).toEqual({
      _id: expect.any(String),
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 40,
      type: 'limit',
      limitPrice: 95.5,
      stopPrice: null,
      status: 'open',
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: ctx.clock.now().toISOString(),
      fill: null,
      reason: null,
      trailAmount: null,
      trailPercent: null,
      expiresAt: endsAt,
      timeInForce: 'gtc',
    });
    expect(portfolio).toMatchObject({ cash: 5000, reservedCash: 3820, value: 10_000 });
    expect(await listOrders(player, contestId)).toEqual([order]);
    // $1,180 is free: 12 shares at $100 do not fit, 11 do.
    const tooMuch = await market(player, contestId, 'TSLA', 'buy', 12);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errMessage).toBe('Not enough cash for this order: $3,820.00 is held by your open orders');
    expect((await market(player, contestId, 'TSLA', 'buy', 11)).statusCode).toBe(200);
    // And another order cannot reserve it either.
    const second = await place(player, {
      contestId,
      symbol: 'TSLA',
      side: 'buy',
      quantity: 2,
      type: 'limit',
      limitPrice: 90.01,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errMessage).toBe('Not enough cash for this order: it reserves $180.02 and $80.00 is free');
    const after = await state(player, contestId);
    expect(after.portfolio).toMatchObject({ cash: 3900, reservedCash: 3820 });
  });

  test('a sell reserves the shares: a market sell and another order can only use the rest', async () => {
    const { contestId, player } = await liveContest();
    const { portfolio } = await placed(player, {
      contestId,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 30,
      type: 'limit',
      limitPrice: 120,
    });
    expect(portfolio.positions.find((p) => p.symbol === 'AAPL')).toMatchObject({ quantity: 50, reservedQuantity: 30 });
    const oversell = await market(player, contestId, 'AAPL', 'sell', 21);
    expect(oversell.statusCode).toBe(409);
    expect(oversell.json().errMessage).toBe(
      'You cannot sell more shares than you hold: 30 AAPL are held by your open orders',
    );
    const stop = await place(player, {
      contestId,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 21,
      type: 'stop',
      stopPrice: 80,
    });
    expect(stop.statusCode).toBe(409);
    expect(stop.json().errMessage).toBe('You cannot sell more shares than you hold: 20 AAPL are free to sell');
    expect((await market(player, contestId, 'AAPL', 'sell', 20)).statusCode).toBe(200);
    // The limit fills at its price: the 30 reserved shares were still there.
    const report = await tickWith({ AAPL: 120 });
    expect(report.orders.filled).toBe(1);
    const after = await state(player, contestId);
    expect(after.portfolio.positions.find((p) => p.symbol === 'AAPL')).toBeUndefined();
    expect(after.portfolio).toMatchObject({ cash: 5000 + 20 * 100 + 30 * 120, reservedCash: 0 });
  });

  const sellStop = 'A sell stop triggers when the price falls to it: set it below the current price ($100.00)';
  const buyStop = 'A buy stop triggers when the price rises to it: set it above the current price ($100.00)';
  test.each([
    ['a sell stop at the price', { side: 'sell', type: 'stop', stopPrice: 100 }, sellStop],
    ['a sell stop above the price', { side: 'sell', type: 'stop', stopPrice: 100.01 }, sellStop],
    [
      'a sell stop-limit triggered above the price',
      { side: 'sell', type: 'stop-limit', stopPrice: 105, limitPrice: 104 },
      sellStop,
    ],
    ['a buy stop at the price', { side: 'buy', type: 'stop', stopPrice: 100 }, buyStop],
    ['a buy stop below the price', { side: 'buy', type: 'stop', stopPrice: 99.99 }, buyStop],
    [
      'a buy stop-limit triggered below the price',
      { side: 'buy', type: 'stop-limit', stopPrice: 95, limitPrice: 96 },
      buyStop,
    ],
  ])('refuses %s with 409, saying which way a stop works, and places nothing', async (_name, order, message) => {
    const { contestId, player } = await liveContest();
    const response = await place(player, { contestId, symbol: 'AAPL', quantity: 1, ...order });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errMessage: message, errors: [{ field: 'stopPrice', message }] });
    expect(await listOrders(player, contestId)).toEqual([]);
  });

  // Each rule at its boundary: one cent short of the price does nothing, the price itself fills (API.md "Filling").
  test.each([
    ['buy limit fills at price ≤ limit', { side: 'buy', type: 'limit', limitPrice: 95 }, 95.01, 95],
    ['sell limit fills at price ≥ limit', { side: 'sell', type: 'limit', limitPrice: 105 }, 104.99, 105],
    ['buy stop triggers at price ≥ stop', { side: 'buy', type: 'stop', stopPrice: 105 }, 104.99, 105],
    ['sell stop triggers at price ≤ stop', { side: 'sell', type: 'stop', stopPrice: 95 }, 95.01, 95],
    [
      'buy stop-limit triggers at the stop and fills within the limit',
      { side: 'buy', type: 'stop-limit', stopPrice: 105, limitPrice: 105 },
      104.99,
      105,
    ],
    [
      'sell stop-limit triggers at the stop and fills within the limit',
      { side: 'sell', type: 'stop-limit', stopPrice: 95, limitPrice: 95 },
      95.01,
      95,
    ],
  ])('%s', async (_label, order, nearMiss, fillPrice) => {
    const { contestId, player } = await liveContest();
    const { order: open } = await placed(player, { contestId, symbol: 'AAPL', quantity: 10, ...order });
    const missed = await tickWith({ AAPL: nearMiss });
    expect(missed.orders.filled).toBe(0);
    expect((await orderOf(player, contestId, open._id))?.status).toBe('open');
    const before = await state(player, contestId);
    const report = await tickWith({ AAPL: fillPrice });
    expect(report.orders.filled).toBe(1);
    const filled = await orderOf(player, contestId, open._id);
    expect(filled).toMatchObject({ status: 'filled', reason: null });
    expect(filled?.fill).toEqual({
      _id: expect.any(String),
      contestId,
      symbol: 'AAPL',
      side: order.side,
      quantity: 10,
      price: fillPrice,
      amount: fillPrice * 10,
      executedAt: ctx.clock.now().toISOString(),
      orderId: open._id,
      commission: 0,
      reason: null,
    });
    // An ordinary trade, first in the history; the portfolio and this tick's standings count it.
    const after = await state(player, contestId);
    expect(after.trades[0]).toEqual(filled?.fill);
    const signed = order.side === 'buy' ? -1 : 1;
    expect(after.portfolio.cash).toBeCloseTo(before.portfolio.cash + signed * fillPrice * 10, 2);
    expect(after.portfolio.reservedCash).toBe(0);
    const aapl = after.portfolio.positions.find((p) => p.symbol === 'AAPL');
    expect(aapl).toMatchObject({ quantity: 50 - signed * 10, reservedQuantity: 0 });
    const board = (await call(ctx, 'GET', `/contest/active/${contestId}`, { token: player.token })).json();
    const mine = board.standings.find((s: { userId: string }) => s.userId === (player as TestUser).id);
    expect(mine.value).toBeCloseTo(after.portfolio.cash + (aapl?.quantity ?? 0) * fillPrice, 2);
    expect(board.asOf).toBe(ctx.clock.now().toISOString());
  });

  test('a stop-limit whose stop is reached above its limit waits, then fills as a limit even below the stop', async () => {
    const { contestId, player } = await liveContest();
    const { order: waiting } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 5,
      type: 'stop-limit',
      stopPrice: 105,
      limitPrice: 104,
    });
    // Not triggered yet: a price within the limit does nothing.
    const { order: untouched } = await placed(player, {
      contestId,
      symbol: 'TSLA',
      side: 'buy',
      quantity: 5,
      type: 'stop-limit',
      stopPrice: 105,
      limitPrice: 104,
    });
    await tickWith({ TSLA: 103 });
    expect((await orderOf(player, contestId, untouched._id))?.status).toBe('open');
    const triggered = await tickWith({ NVDA: 105 });
    expect(triggered.orders).toMatchObject({ filled: 0, triggered: 1 });
    expect((await orderOf(player, contestId, waiting._id))?.status).toBe('open');
    const filled = await tickWith({ NVDA: 103.5 });
    expect(filled.orders.filled).toBe(1);
    expect((await orderOf(player, contestId, waiting._id))?.fill).toMatchObject({ price: 103.5, quantity: 5 });
    expect((await orderOf(player, contestId, untouched._id))?.status).toBe('open');
  });

  test('oldest first: two buy stops triggered together compete for the cash, the younger is rejected with a reason', async () => {
    const { contestId, player } = await liveContest();
    // Each reserves $2,100; $800 stays free. At $140 a fill costs $2,800: the older may use its $2,100 + $800.
    const { order: older } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 20,
      type: 'stop',
      stopPrice: 105,
    });
    const { order: younger } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 20,
      type: 'stop',
      stopPrice: 105,
    });
    const report = await tickWith({ NVDA: 140 });
    expect(report.orders).toMatchObject({ filled: 1, rejected: 1 });
    expect((await orderOf(player, contestId, older._id))?.status).toBe('filled');
    const rejected = await orderOf(player, contestId, younger._id);
    expect(rejected).toMatchObject({ status: 'rejected', fill: null });
    expect(rejected?.reason).toBe(
      'Your stop order to buy 20 NVDA triggered at $140.00, but $2,800.00 is more than the $2,200.00 of cash it could use',
    );
    const after = await state(player, contestId);
    expect(after.portfolio).toMatchObject({ cash: 2200, reservedCash: 0 });
    expect(after.trades.filter((t) => t.orderId !== null)).toHaveLength(1);
  });

  test('a buy stop that costs exactly the cash it may use fills; a cent more is rejected and nothing is spent', async () => {
    const { contestId, player } = await liveContest();
    // 40 × $125 = $5,000: all the cash.
    const { order: exact } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 40,
      type: 'stop',
      stopPrice: 101,
    });
    await tickWith({ NVDA: 125 });
    expect((await orderOf(player, contestId, exact._id))?.status).toBe('filled');
    expect((await state(player, contestId)).portfolio.cash).toBe(0);
    // Sell back to $5,000 of cash, then a stop that would cost $5,000.40.
    expect((await market(player, contestId, 'NVDA', 'sell', 40)).statusCode).toBe(200);
    const { order: over } = await placed(player, {
      contestId,
      symbol: 'TSLA',
      side: 'buy',
      quantity: 40,
      type: 'stop',
      stopPrice: 101,
    });
    const report = await tickWith({ TSLA: 125.01 });
    expect(report.orders.rejected).toBe(1);
    const rejected = await orderOf(player, contestId, over._id);
    expect(rejected?.status).toBe('rejected');
    expect(rejected?.reason).toMatch(
      /triggered at \$125\.01, but \$5,000\.40 is more than the \$5,000\.00 of cash it could use/,
    );
    expect((await state(player, contestId)).portfolio).toMatchObject({ cash: 5000, reservedCash: 0 });
  });

  test('a fill and a market order for the same cash in the same instant: never both, cash never below zero', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { contestId, player } = await liveContest();
      // The limit holds all $5,000; the market order wants $100 of it while the tick fills the limit.
      await placed(player, { contestId, symbol: 'NVDA', side: 'buy', quantity: 50, type: 'limit', limitPrice: 100 });
      feed.set({ NVDA: 100 });
      const [tick, buy] = await Promise.all([tickWith(), market(player, contestId, 'TSLA', 'buy', 1)]);
      expect(tick.orders.filled).toBe(1);
      expect(buy.statusCode).toBe(409);
      const after = await state(player, contestId);
      expect(after.portfolio).toMatchObject({ cash: 0, reservedCash: 0 });
      expect(after.portfolio.positions.find((p) => p.symbol === 'NVDA')?.quantity).toBe(50);
      expect(after.portfolio.positions.find((p) => p.symbol === 'TSLA')).toBeUndefined();
    }
  });

  test('a market order first leaves the limit nothing to fill with only if it got there before the placement', async () => {
    const { contestId, player } = await liveContest();
    // Market buys and placements both lock the player: in parallel, whichever is second sees the other's effect.
    const [buy, order] = await Promise.all([
      market(player, contestId, 'TSLA', 'buy', 30),
      place(player, { contestId, symbol: 'NVDA', side: 'buy', quantity: 30, type: 'limit', limitPrice: 100 }),
    ]);
    expect([buy.statusCode, order.statusCode].sort()).toEqual([200, 409]);
    await tickWith({ NVDA: 100 });
    const after = await state(player, contestId);
    expect(after.portfolio.cash).toBe(2000);
    expect(after.portfolio.reservedCash).toBe(0);
  });

  test('cancel racing a fill: exactly one wins, and the reservation is released either way', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const { contestId, player } = await liveContest();
      const { order } = await placed(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 10,
        type: 'limit',
        limitPrice: 100,
      });
      feed.set({ NVDA: 99 });
      const racing =
        round % 2 === 0
          ? [tickWith(), cancel(player, contestId, order._id)]
          : [cancel(player, contestId, order._id), tickWith()];
      await Promise.all(racing);
      const final = await orderOf(player, contestId, order._id);
      const after = await state(player, contestId);
      const fills = after.trades.filter((t) => t.orderId === order._id);
      expect(after.portfolio.reservedCash).toBe(0);
      if (final?.status === 'filled') {
        expect(fills).toHaveLength(1);
        expect(after.portfolio.cash).toBe(5000 - 990);
      } else {
        expect(final?.status).toBe('cancelled');
        expect(fills).toHaveLength(0);
        expect(after.portfolio.cash).toBe(5000);
      }
      outcomes.add(final?.status ?? 'missing');
      // Whoever lost sees the winner's result: a second cancel is refused.
      const again = await cancel(player, contestId, order._id);
      expect(again.statusCode).toBe(409);
    }
    expect([...outcomes].every((s) => s === 'filled' || s === 'cancelled')).toBe(true);
  });

  test('cancel releases what the order reserved; only open orders can be cancelled', async () => {
    const { contestId, player } = await liveContest();
    const { order } = await placed(player, {
      contestId,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 50,
      type: 'stop',
      stopPrice: 90,
    });
    const cancelled = await cancel(player, contestId, order._id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.order).toMatchObject({
      status: 'cancelled',
      reason: null,
      updatedAt: ctx.clock.now().toISOString(),
    });
    expect(
      cancelled.json().data.portfolio.positions.find((p: { symbol: string }) => p.symbol === 'AAPL'),
    ).toMatchObject({ reservedQuantity: 0 });
    expect((await cancel(player, contestId, order._id)).json().errMessage).toBe(
      'Only an open order can be cancelled (this one is cancelled)',
    );
    // A cancelled stop never fills.
    const report = await tickWith({ AAPL: 80 });
    expect(report.orders.filled).toBe(0);
    expect((await market(player, contestId, 'AAPL', 'sell', 50)).statusCode).toBe(200);
  });

  test('50 open orders at most: the 51st is refused (409), and one cancelled makes room', async () => {
    const { contestId, player } = await liveContest();
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const { order } = await placed(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: 1 + i / 100,
      });
      ids.push(order._id);
    }
    const fiftyFirst = await place(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 2,
    });
    expect(fiftyFirst.statusCode).toBe(409);
    expect(fiftyFirst.json().errMessage).toBe('You already have 50 open orders in this contest: cancel one first');
    const orders = await listOrders(player, contestId);
    expect(orders).toHaveLength(50);
    // Open first, newest first.
    expect(orders[0]?._id).toBe(ids[49]);
    expect((await state(player, contestId)).portfolio.reservedCash).toBeCloseTo(50 + (49 * 50) / 2 / 100, 2);
    expect((await cancel(player, contestId, ids[0] as string)).statusCode).toBe(200);
    expect(
      (await place(player, { contestId, symbol: 'NVDA', side: 'buy', quantity: 1, type: 'limit', limitPrice: 2 }))
        .statusCode,
    ).toBe(200);
    const list = await listOrders(player, contestId);
    expect(list.map((o) => o.status).indexOf('cancelled')).toBe(50);
  });

  test('open orders expire when the contest ends, with a reason; then nothing can be placed or cancelled', async () => {
    const { contestId, player, endsAt } = await liveContest();
    const { order } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 10,
      type: 'limit',
      limitPrice: 50,
    });
    // At the final tick the price reaches the limit, but the contest is over: the order expires rather than fills.
    feed.set({ NVDA: 50 });
    const report = await tickAt(ctx, endsAt);
    expect(report.completed).toContain(contestId);
    expect(report.orders).toMatchObject({ filled: 0, expired: 1 });
    const expired = await orderOf(player, contestId, order._id);
    expect(expired).toMatchObject({
      status: 'expired',
      reason: 'The contest ended before the order filled',
      fill: null,
    });
    const late = await place(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 50,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errMessage).toBe('Orders can be placed only while the contest is live (it is completed)');
    expect((await cancel(player, contestId, order._id)).statusCode).toBe(409);
    const final = await state(player, contestId);
    expect(final.portfolio).toMatchObject({ cash: 5000, reservedCash: 0 });
  });

  test('upcoming contests take no orders (409)', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    const response = await place(player, {
      contestId: contest._id,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 50,
    });
    expect(response.statusCode).toBe(409);
    expect(await listOrders(player, contest._id)).toEqual([]);
  });

  test('a player who is not in the contest can neither place, list nor cancel (403); someone else’s order is not yours (403)', async () => {
    const { contestId, player } = await liveContest();
    const { order } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 50,
    });
    const stranger = await createUser(ctx);
    const placedByStranger = await place(stranger, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 50,
    });
    expect(placedByStranger.statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/contest/${contestId}/orders`, { token: stranger.token })).statusCode).toBe(403);
    expect((await cancel(stranger, contestId, order._id)).statusCode).toBe(403);
    // Another participant of the same contest: not their order.
    const { contestId: otherContest, player: rival } = await liveContest();
    expect((await cancel(rival, contestId, order._id)).statusCode).toBe(403);
    // In the rival's own contest the order does not exist at all.
    expect((await cancel(rival, otherContest, order._id)).statusCode).toBe(404);
    expect((await orderOf(player, contestId, order._id))?.status).toBe('open');
    expect((await state(player, contestId)).portfolio.reservedCash).toBe(50);
  });

  test('404 for an unknown contest, an unknown or malformed order id, and a well-formed unknown symbol', async () => {
    const { contestId, player } = await liveContest();
    expect(
      (
        await place(player, {
          contestId: 'nope',
          symbol: 'NVDA',
          side: 'buy',
          quantity: 1,
          type: 'limit',
          limitPrice: 50,
        })
      ).statusCode,
    ).toBe(404);
    expect((await cancel(player, contestId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await cancel(player, contestId, 'bad\u200bid')).statusCode).toBe(404);
    expect((await cancel(player, 'nope', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const unknown = await place(player, {
      contestId,
      symbol: 'ZZZZ',
      side: 'buy',
      quantity: 1,
      type: 'limit',
      limitPrice: 50,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await listOrders(player, contestId)).toEqual([]);
  });

  const base = { symbol: 'NVDA', side: 'buy', quantity: 1 };
  test.each([
    ['a limit order without its limit price', { type: 'limit' }, 'limitPrice'],
    ['a limit order with a stop price', { type: 'limit', limitPrice: 50, stopPrice: 60 }, 'stopPrice'],
    ['a stop order without its stop price', { type: 'stop' }, 'stopPrice'],
    ['a stop order with a limit price', { type: 'stop', stopPrice: 60, limitPrice: 50 }, 'limitPrice'],
    ['a stop-limit order without its limit price', { type: 'stop-limit', stopPrice: 60 }, 'limitPrice'],
    ['a stop-limit order without its stop price', { type: 'stop-limit', limitPrice: 60 }, 'stopPrice'],
    ['a price of zero', { type: 'limit', limitPrice: 0 }, 'limitPrice'],
    ['a negative price', { type: 'stop', stopPrice: -5 }, 'stopPrice'],
    ['a price with three decimals', { type: 'limit', limitPrice: 50.001 }, 'limitPrice'],
    ['a price as text', { type: 'limit', limitPrice: '50' }, 'limitPrice'],
    ['a null price', { type: 'limit', limitPrice: null }, 'limitPrice'],
    ['an absurd price', { type: 'limit', limitPrice: 1e12 }, 'limitPrice'],
    ['zero shares', { type: 'limit', limitPrice: 50, quantity: 0 }, 'quantity'],
    ['fractional shares', { type: 'limit', limitPrice: 50, quantity: 1.5 }, 'quantity'],
    ['an unknown type', { type: 'trailing-limit', stopPrice: 50 }, 'type'],
    ['a market type (that is POST /contest/trading)', { type: 'market' }, 'type'],
    ['a side that does not exist', { type: 'limit', limitPrice: 50, side: 'hold' }, 'side'],
    ['a malformed symbol', { type: 'limit', limitPrice: 50, symbol: 'not a symbol' }, 'symbol'],
    ['an unknown field', { type: 'limit', limitPrice: 50, allOrNone: true }, 'allOrNone'],
    ['a time in force that does not exist', { type: 'limit', limitPrice: 50, timeInForce: 'ioc' }, 'timeInForce'],
  ])('400 for %s, and nothing is reserved', async (_label, overrides, field) => {
    const { contestId, player } = await liveContest();
    const response = await place(player, { contestId, ...base, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await listOrders(player, contestId)).toEqual([]);
    expect((await state(player, contestId)).portfolio).toMatchObject({ cash: 5000, reservedCash: 0 });
  });

  test('400 for a price that is not finite (1e400 in the JSON)', async () => {
    const { contestId, player } = await liveContest();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/contest/orders',
      headers: { authorization: player.token, 'content-type': 'application/json' },
      payload: `{"contestId":"${contestId}","symbol":"NVDA","side":"buy","quantity":1,"type":"limit","limitPrice":1e400}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain('limitPrice');
    expect(await listOrders(player, contestId)).toEqual([]);
  });

  test('400 for a cancel without an order id or with an unknown field', async () => {
    const { contestId, player } = await liveContest();
    const missing = await call(ctx, 'POST', '/contest/orders/cancel', { token: player.token, body: { contestId } });
    expect(missing.statusCode).toBe(400);
    const extra = await call(ctx, 'POST', '/contest/orders/cancel', {
      token: player.token,
      body: { contestId, orderId: 'x', force: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  test('Idempotency-Key: the same order twice is placed once; the same key for another order is 409', async () => {
    const { contestId, player } = await liveContest();
    const body = { contestId, symbol: 'NVDA', side: 'buy', quantity: 3, type: 'limit', limitPrice: 90 };
    const headers = { 'idempotency-key': `order-${driver}-${step}` };
    const [first, second] = await Promise.all([place(player, body, headers), place(player, body, headers)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.order._id).toBe(first.json().data.order._id);
    expect(await listOrders(player, contestId)).toHaveLength(1);
    const other = await place(player, { ...body, limitPrice: 91 }, headers);
    expect(other.statusCode).toBe(409);
    // A market order with that key is another request too.
    const asMarket = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId, symbol: 'NVDA', side: 'buy', quantity: 3 },
      headers,
    });
    expect(asMarket.statusCode).toBe(409);
    expect((await state(player, contestId)).portfolio.reservedCash).toBe(270);
  });

  test('fills are stored as trades with their order id, and a market trade has none', async () => {
    const { contestId, player } = await liveContest();
    const { order } = await placed(player, {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 2,
      type: 'limit',
      limitPrice: 100,
    });
    await tickWith({ NVDA: 100 });
    const rows = await queryRows<{ order_id: string | null }>(
      ctx.app.deps.db,
      sql`SELECT order_id FROM trades WHERE contest_id = ${contestId} ORDER BY seq`,
    );
    expect(rows.map((r) => r.order_id)).toEqual([null, order._id]);
  });
});
