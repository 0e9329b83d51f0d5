import { type StandIn, startStandIn, type UniverseEntry } from '@bullpen/massive-stand-in';
import { ManualClock } from '../src/lib/clock';
import { ManualScheduler } from '../src/lib/scheduler';
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
} from './support/harness';
import { until } from './support/until';

// Market orders that wait (API.md "Market orders that wait"), on the massive feed against the stand-in and the manual
// clock: with a delayed feed a market order fills at the first price stamped at or after it was placed, never at one
// the player had already seen; while the exchange is closed it waits for the open; conditional orders trigger only on
// prices of an open session. Bars are pushed with the stamps the test chooses; real waits are only for the network.

const KEY = 'stand-in-key-pending-orders';
const MINUTE = 60_000;
const DELAY = 15 * MINUTE;

// AAPL at $300 and MSFT at $2,600: $10,000 split over the two buys 16 AAPL and 1 MSFT and leaves $2,600 of cash.
const UNIVERSE: UniverseEntry[] = [
  { ticker: 'AAPL', name: 'Apple Inc. Common Stock', primary_exchange: 'XNAS', price: 300, prevClose: 298 },
  { ticker: 'MSFT', name: 'Microsoft Corp', primary_exchange: 'XNAS', price: 2600, prevClose: 2590 },
];

interface Trade {
  price: number;
  quantity: number;
  side: string;
  orderId: string | null;
}
interface Order {
  _id: string;
  type: string;
  status: string;
  side: string;
  quantity: number;
  reason: string | null;
  timeInForce?: string;
  expiresAt?: string;
  fill: Trade | null;
}
interface Portfolio {
  cash: number;
  reservedCash: number;
  positions: { symbol: string; quantity: number; reservedQuantity: number }[];
}

interface Harness {
  ctx: TestContext;
  standIn: StandIn;
  clock: ManualClock;
  scheduler: ManualScheduler;
  owner: TestUser;
}

async function open(driver: (typeof DRIVERS)[number], start: string, market: 'open' | 'closed'): Promise<Harness> {
  const clock = new ManualClock(start);
  const scheduler = new ManualScheduler(clock);
  const standIn = await startStandIn({ apiKey: KEY, universe: UNIVERSE, market, now: () => clock.now() });
  const base = testConfig().market;
  const ctx = await createTestContext(
    driver,
    {
      market: {
        ...base,
        feed: 'massive',
        massive: { apiKey: KEY, restUrl: standIn.restUrl, wsUrl: standIn.wsUrl },
        delayMinutes: 15,
        hours: 'nyse',
        statusPollMs: MINUTE,
      },
    },
    { clock, scheduler },
  );
  await ctx.app.deps.market.feed.start();
  await standIn.waitForSubscription('AM.*');
  await until('the market status', () => ctx.app.deps.market.feed.status().session?.open === (market === 'open'));
  await until('the first prices', async () => {
    await ctx.app.deps.contestClock.tick();
    return ctx.app.deps.market.isKnown('AAPL') && ctx.app.deps.market.isKnown('MSFT');
  });
  const h = { ctx, standIn, clock, scheduler, owner: await createUser(ctx) };
  // The snapshot is stamped now: the feed's first bars come a delay later.
  scheduler.advance(DELAY);
  return h;
}

async function close(h: Harness | undefined) {
  await h?.ctx.close();
  await h?.standIn.close();
}

/** A contest that has started, with `players` joined (AAPL and MSFT picked): each holds 16 AAPL, 1 MSFT, $2,600. */
async function liveContest(h: Harness, players: number, lastsMs = 3 * 3_600_000) {
  // AAPL back at $300 (the clock is always a delay past the newest stamp: this one is newer).
  await bar(h, 'AAPL', 300, h.clock.now().getTime() - DELAY + MINUTE);
  const now = h.clock.now().getTime();
  const contest = await createContest(h.ctx, h.owner, {
    startsAt: new Date(now + MINUTE).toISOString(),
    endsAt: new Date(now + MINUTE + lastsMs).toISOString(),
  });
  const joined: TestUser[] = [];
  for (let i = 0; i < players; i++) {
    const player = await createUser(h.ctx);
    await joinContest(h.ctx, player, contest._id, ['AAPL', 'MSFT']);
    joined.push(player);
  }
  h.scheduler.advance(MINUTE);
  await h.ctx.app.deps.contestClock.tick();
  const first = joined[0] as TestUser;
  expect((await portfolioOf(h, first, contest._id)).cash).toBe(2600);
  return { contestId: contest._id, endsAt: contest.endsAt, players: joined };
}

const trade = (h: Harness, user: TestUser, body: object, key?: string) =>
  call(h.ctx, 'POST', '/contest/trading', {
    token: user.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function ordersOf(h: Harness, user: TestUser, contestId: string): Promise<Order[]> {
  const response = await call(h.ctx, 'GET', `/contest/${contestId}/orders`, { token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json().orders;
}

async function portfolioOf(h: Harness, user: TestUser, contestId: string): Promise<Portfolio> {
  const response = await call(h.ctx, 'GET', `/contest-user/${contestId}`, { token: user.token });
  return response.json().data.portfolio;
}

/**
 * Pushes a minute bar stamped `e` when a delayed feed would deliver it (the clock moves to `e` + 15 minutes unless it
 * is later already) and ticks until the market has stored it.
 */
async function bar(h: Harness, sym: string, c: number, e: number) {
  const due = e + DELAY - h.clock.now().getTime();
  if (due > 0) h.scheduler.advance(due);
  h.standIn.pushBar({ sym, c, e });
  await until(`the ${sym} bar of ${new Date(e).toISOString()}`, async () => {
    await h.ctx.app.deps.contestClock.tick();
    const response = await call(h.ctx, 'POST', '/equity/get-equities', {
      token: h.owner.token,
      body: { symbols: [sym] },
    });
    const equity = response.json().equities[0];
    return equity?.asOf === new Date(e).toISOString() && equity.price === c;
  });
}

describe.each(DRIVERS)('market orders on a delayed feed, market open (%s)', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    // A Monday, 09:30 in New York.
    h = await open(driver, '2030-01-07T14:30:00.000Z', 'open');
  });
  afterAll(() => close(h));

  test('waits (202) and fills at the first price stamped at or after it was placed, never one before', async () => {
    const { contestId, endsAt, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    const placedAt = h.clock.now().getTime();
    const body = { contestId, symbol: 'AAPL', side: 'buy', quantity: 2 };
    const response = await trade(h, player, body, 'delayed-1');
    expect(response.statusCode).toBe(202);
    const { order, portfolio } = response.json().data as { order: Order; portfolio: Portfolio };
    expect(order).toMatchObject({
      type: 'market',
      status: 'pending',
      side: 'buy',
      quantity: 2,
      reason: 'Waiting for the delayed price',
      fill: null,
      timeInForce: 'gtc',
      expiresAt: endsAt,
    });
    // It holds back 2 × the last price, as a limit order would.
    expect(portfolio).toMatchObject({ cash: 2600, reservedCash: 600 });

    // A retry with the same key is the stored 202 answer, and places nothing more.
    const retry = await trade(h, player, body, 'delayed-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data.order._id).toBe(order._id);
    expect(await ordersOf(h, player, contestId)).toHaveLength(1);

    // A price stamped a millisecond before the order arrives: the player could have seen it; no fill.
    await bar(h, 'AAPL', 305, placedAt - 1);
    expect((await ordersOf(h, player, contestId))[0]).toMatchObject({ status: 'pending', fill: null });

    // The first price stamped after it fills it, at that price.
    await bar(h, 'AAPL', 310, placedAt + MINUTE);
    const [filled] = await ordersOf(h, player, contestId);
    expect(filled).toMatchObject({ _id: order._id, type: 'market', status: 'filled', reason: null });
    expect(filled?.fill).toMatchObject({ price: 310, quantity: 2, side: 'buy', orderId: order._id });
    const after = await portfolioOf(h, player, contestId);
    expect(after).toMatchObject({ cash: 2600 - 620, reservedCash: 0 });
    expect(after.positions.find((p) => p.symbol === 'AAPL')?.quantity).toBe(18);
    // A later bar changes nothing.
    await bar(h, 'AAPL', 320, placedAt + 2 * MINUTE);
    expect((await ordersOf(h, player, contestId))[0]?.fill?.price).toBe(310);
  });

  test('a pending order can be cancelled by its owner only, which frees what it held back', async () => {
    const { contestId, players } = await liveContest(h, 2);
    const [player, rival] = players as [TestUser, TestUser];
    const stranger = await createUser(h.ctx);
    h.scheduler.advance(MINUTE);
    const placedAt = h.clock.now().getTime();
    const placed = await trade(h, player, { contestId, symbol: 'AAPL', side: 'sell', quantity: 10 });
    expect(placed.statusCode).toBe(202);
    const order = placed.json().data.order as Order;
    expect(placed.json().data.portfolio.positions).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'AAPL', quantity: 16, reservedQuantity: 10 })]),
    );
    // The shares it holds back cannot be sold again meanwhile.
    const again = await trade(h, player, { contestId, symbol: 'AAPL', side: 'sell', quantity: 7 });
    expect(again.statusCode).toBe(409);

    const cancel = (user: TestUser) =>
      call(h.ctx, 'POST', '/contest/orders/cancel', { token: user.token, body: { contestId, orderId: order._id } });
    const byRival = await cancel(rival);
    expect(byRival.statusCode).toBe(403);
    expect(byRival.json().errMessage).toBe('This order is not yours');
    expect((await cancel(stranger)).statusCode).toBe(403);

    const cancelled = await cancel(player);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.order).toMatchObject({ type: 'market', status: 'cancelled', reason: null });
    expect(cancelled.json().data.portfolio.positions).toEqual(
      expect.arrayContaining([expect.objectContaining({ symbol: 'AAPL', quantity: 16, reservedQuantity: 0 })]),
    );
    expect((await cancel(player)).statusCode).toBe(409);
    // Its price comes: nothing happens to a cancelled order.
    await bar(h, 'AAPL', 301, placedAt + MINUTE);
    expect((await ordersOf(h, player, contestId))[0]).toMatchObject({ status: 'cancelled', fill: null });
    expect((await portfolioOf(h, player, contestId)).positions.find((p) => p.symbol === 'AAPL')?.quantity).toBe(16);
  });

  test('two pending orders at once never spend the same cash', async () => {
    const { contestId, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    // $2,600 of cash: 5 shares at $300 fit once, not twice.
    const body = { contestId, symbol: 'AAPL', side: 'buy', quantity: 5 };
    const answers = await Promise.all([trade(h, player, body), trade(h, player, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().errMessage).toMatch(/^Not enough cash for this order/);
    expect(await ordersOf(h, player, contestId)).toHaveLength(1);
  });

  test('an order the player can no longer afford at its fill is rejected with a reason', async () => {
    const { contestId, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    const placedAt = h.clock.now().getTime();
    // 8 × $300 = $2,400 held back, $200 free.
    const placed = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 8 });
    expect(placed.statusCode).toBe(202);
    await bar(h, 'AAPL', 330, placedAt + MINUTE);
    const [order] = await ordersOf(h, player, contestId);
    expect(order).toMatchObject({
      status: 'rejected',
      fill: null,
      reason:
        'Your market order to buy 8 AAPL came to $330.00, but $2,640.00 is more than the $2,600.00 of cash it could use',
    });
    expect(await portfolioOf(h, player, contestId)).toMatchObject({ cash: 2600, reservedCash: 0 });
  });

  test('a limit order never fills on a price stamped before it was placed', async () => {
    const { contestId, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    const placedAt = h.clock.now().getTime();
    // Far above the price: on the simulator it would fill at the next tick at the current (already seen) price.
    const placed = await call(h.ctx, 'POST', '/contest/orders', {
      token: player.token,
      body: { contestId, symbol: 'AAPL', side: 'buy', quantity: 1, type: 'limit', limitPrice: 500 },
    });
    expect(placed.statusCode).toBe(200);
    await h.ctx.app.deps.contestClock.tick();
    expect((await ordersOf(h, player, contestId))[0]).toMatchObject({ status: 'open' });
    await bar(h, 'AAPL', 340, placedAt + MINUTE);
    expect((await ordersOf(h, player, contestId))[0]?.fill?.price).toBe(340);
  });

  test('a day order expires at the close, once the delayed close has arrived; a gtc one keeps waiting', async () => {
    // 15:50 in New York: the session closes at 16:00 (21:00Z), its last prices arrive 15 minutes later.
    h.scheduler.advance(Date.parse('2030-01-07T20:48:00.000Z') - h.clock.now().getTime());
    const { contestId, endsAt, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    expect(Date.parse(endsAt)).toBeGreaterThan(Date.parse('2030-01-07T21:15:00.000Z'));
    const day = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1, timeInForce: 'day' });
    expect(day.statusCode).toBe(202);
    expect(day.json().data.order).toMatchObject({ timeInForce: 'day', expiresAt: '2030-01-07T21:15:00.000Z' });
    const dayLimit = await call(h.ctx, 'POST', '/contest/orders', {
      token: player.token,
      body: { contestId, symbol: 'MSFT', side: 'buy', quantity: 1, type: 'limit', limitPrice: 1, timeInForce: 'day' },
    });
    expect(dayLimit.statusCode).toBe(200);
    expect(dayLimit.json().data.order).toMatchObject({ timeInForce: 'day', expiresAt: '2030-01-07T21:15:00.000Z' });
    const gtc = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 });
    expect(gtc.statusCode).toBe(202);

    h.scheduler.advance(Date.parse('2030-01-07T21:14:59.000Z') - h.clock.now().getTime());
    await h.ctx.app.deps.contestClock.tick();
    expect((await ordersOf(h, player, contestId)).map((o) => o.status)).toEqual(['pending', 'open', 'pending']);
    h.scheduler.advance(1000);
    await h.ctx.app.deps.contestClock.tick();
    const orders = await ordersOf(h, player, contestId);
    const reason = 'A day order ends with its session: the market closed before it filled';
    expect(orders.find((o) => o._id === day.json().data.order._id)).toMatchObject({ status: 'expired', reason });
    expect(orders.find((o) => o._id === dayLimit.json().data.order._id)).toMatchObject({ status: 'expired', reason });
    expect(orders.find((o) => o._id === gtc.json().data.order._id)).toMatchObject({ status: 'pending' });
    expect((await portfolioOf(h, player, contestId)).reservedCash).toBe(300);
  });

  test('placed just before the close with no later session price, it fills at the next open, not after hours', async () => {
    // Tuesday, 15:40 in New York.
    h.scheduler.advance(Date.parse('2030-01-08T20:40:00.000Z') - h.clock.now().getTime());
    const { contestId, players } = await liveContest(h, 1, 24 * 3_600_000);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    const placed = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 });
    expect(placed.statusCode).toBe(202);
    // The next price is an after-hours one: stamped after the order, but not of a session.
    await bar(h, 'AAPL', 280, Date.parse('2030-01-08T21:05:00.000Z'));
    await h.ctx.app.deps.contestClock.tick();
    expect((await ordersOf(h, player, contestId))[0]).toMatchObject({ status: 'pending' });
    // Wednesday's first minute bar.
    await bar(h, 'AAPL', 303, Date.parse('2030-01-09T14:31:00.000Z'));
    expect((await ordersOf(h, player, contestId))[0]?.fill?.price).toBe(303);
  });
});

describe.each(DRIVERS)('orders while the exchange is closed (%s)', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    // A Monday, 08:00 in New York: the session opens at 09:30 (14:30Z).
    h = await open(driver, '2030-01-07T13:00:00.000Z', 'closed');
  });
  afterAll(() => close(h));

  test('a market order is queued for the open and fills at the first price of the session; a limit waits too', async () => {
    const { contestId, players } = await liveContest(h, 1);
    const [player] = players as [TestUser];
    h.scheduler.advance(MINUTE);
    const queued = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 }, 'closed-1');
    expect(queued.statusCode).toBe(202);
    expect(queued.json().data.order).toMatchObject({
      type: 'market',
      status: 'pending',
      reason: 'Queued for the open',
    });
    // A limit above the price: it would fill at once in a session, but not on prices of a closed market.
    const limit = await call(h.ctx, 'POST', '/contest/orders', {
      token: player.token,
      body: { contestId, symbol: 'AAPL', side: 'buy', quantity: 1, type: 'limit', limitPrice: 320 },
    });
    expect(limit.statusCode).toBe(200);
    expect(limit.json().data.portfolio).toMatchObject({ reservedCash: 300 + 320 });

    // Pre-market prices, stamped after both orders: neither fills.
    await bar(h, 'AAPL', 299, Date.parse('2030-01-07T13:20:00.000Z'));
    await bar(h, 'AAPL', 298, Date.parse('2030-01-07T14:29:59.000Z'));
    expect((await ordersOf(h, player, contestId)).map((o) => [o.type, o.status])).toEqual([
      ['limit', 'open'],
      ['market', 'pending'],
    ]);

    // The open: the session's first price fills both.
    h.standIn.setMarket('open');
    await bar(h, 'AAPL', 302, Date.parse('2030-01-07T14:31:00.000Z'));
    const orders = await ordersOf(h, player, contestId);
    expect(orders.map((o) => [o.type, o.status, o.fill?.price])).toEqual([
      ['limit', 'filled', 302],
      ['market', 'filled', 302],
    ]);
    expect(await portfolioOf(h, player, contestId)).toMatchObject({ cash: 2600 - 604, reservedCash: 0 });
    // The retry of the queued order, after its fill, is still its stored 202 answer.
    const retry = await trade(h, player, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 }, 'closed-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data.order).toMatchObject({ _id: queued.json().data.order._id, status: 'pending' });
  });
});

describe.each(DRIVERS)('market orders on the simulator (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  test('fill at once at the current price (200), as before: nothing waits', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    ctx.clock.set(contest.startsAt);
    await ctx.app.deps.contestClock.tick();
    const response = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'AAPL', side: 'sell', quantity: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.trade).toMatchObject({ symbol: 'AAPL', side: 'sell', quantity: 1 });
    expect(Object.keys(response.json().data).sort()).toEqual(['portfolio', 'trade']);
    const orders = await call(ctx, 'GET', `/contest/${contest._id}/orders`, { token: player.token });
    expect(orders.json().orders).toEqual([]);
    // timeInForce is accepted and changes nothing here.
    const day = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'AAPL', side: 'sell', quantity: 1, timeInForce: 'day' },
    });
    expect(day.statusCode).toBe(200);
    const bad = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'AAPL', side: 'sell', quantity: 1, timeInForce: 'ioc' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
