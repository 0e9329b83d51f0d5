import { equitiesResponseSchema, healthResponseSchema, marketStatusResponseSchema } from '@bullpen/contract';
import { UNIVERSE } from '../src/market/universe';
import {
  call,
  createTestContext,
  createUser,
  DRIVERS,
  type TestContext,
  type TestUser,
  testConfig,
} from './support/harness';

// Where prices come from and whether the market trades, as the simulator (the default) tells it; finding symbols among
// many without changing what a client of the third release sees.

describe.each(DRIVERS)('market status and equity search on the simulator (%s)', (driver) => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    user = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const equities = async (body: object) => {
    const response = await call(ctx, 'POST', '/equity/get-equities', { token: user.token, body });
    expect(response.statusCode).toBe(200);
    return equitiesResponseSchema.parse(response.json()).equities;
  };

  test('GET /market/status is public: simulated prices, no delay, open around the clock', async () => {
    const response = await call(ctx, 'GET', '/market/status');
    expect(response.statusCode).toBe(200);
    expect(marketStatusResponseSchema.parse(response.json())).toEqual({
      feed: 'simulated',
      label: 'Simulated prices',
      delayMinutes: 0,
      open: true,
      session: null,
      nextOpenAt: null,
      holiday: false,
      timeZone: 'America/New_York',
    });
  });

  test('a browser may keep the answer for the status poll (MARKET_STATUS_POLL_MS), as the API keeps it', async () => {
    const response = await call(ctx, 'GET', '/market/status');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  test('/health tells the feed, whether it is connected, its delay and whether the market is open', async () => {
    await ctx.app.deps.contestClock.tick();
    const response = await call(ctx, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    const health = healthResponseSchema.parse(response.json());
    expect(health.market).toEqual({
      asOf: ctx.clock.now().toISOString(),
      feed: 'simulated',
      connected: true,
      delayMinutes: 0,
      open: true,
    });
  });

  test('an empty body lists the shipped table, each price with its own time and not stale', async () => {
    const list = await equities({});
    expect(list.map((e) => e.symbol)).toEqual(UNIVERSE.map((e) => e.symbol));
    for (const equity of list) {
      expect(equity.asOf).toBe(equity.updatedAt);
      expect(equity.stale).toBe(false);
    }
  });

  test('a search finds symbols or names by their start, whatever the case; symbols names them; limit caps', async () => {
    expect((await equities({ query: 'aap' })).map((e) => e.symbol)).toEqual(['AAPL']);
    expect((await equities({ query: 'Apple' })).map((e) => e.symbol)).toEqual(['AAPL']);
    // A name's middle does not match, and neither do LIKE's wildcards.
    expect(await equities({ query: 'Inc' })).toEqual([]);
    expect(await equities({ query: '%' })).toEqual([]);
    expect(await equities({ query: '_' })).toEqual([]);
    expect((await equities({ symbols: ['msft', 'AAPL', 'NOPE'] })).map((e) => e.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(await equities({ query: 'A', limit: 3 })).toHaveLength(3);
    expect(await equities({ limit: 2 })).toHaveLength(2);
  });

  test.each([
    [{ query: 'A', symbols: ['AAPL'] }],
    [{ query: '' }],
    [{ query: 'A\u0000' }],
    [{ query: '\ud800' }],
    [{ limit: 0 }],
    [{ limit: 10_000 }],
    [{ symbols: ['not a symbol'] }],
    [{ sector: 'Technology' }],
  ])('refuses %j with 400', async (body) => {
    const response = await call(ctx, 'POST', '/equity/get-equities', { token: user.token, body });
    expect(response.statusCode).toBe(400);
  });

  test('a price with no new one for 5 minutes of an open market is stale, until the next arrives', async () => {
    await ctx.app.deps.contestClock.tick();
    ctx.clock.advance(5 * 60_000 + 1000);
    expect((await equities({ symbols: ['AAPL'] }))[0]?.stale).toBe(true);
    await ctx.app.deps.contestClock.tick();
    expect((await equities({ symbols: ['AAPL'] }))[0]?.stale).toBe(false);
  });
});

describe('GET /market/status on a market with hours', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = testConfig().market;
    // Monday 2030-01-07 9:30 AM New York: the session opens as the clock starts.
    ctx = await createTestContext('pglite', { market: { ...base, hours: 'nyse', statusPollMs: 60_000 } });
  });
  afterAll(() => ctx.close());

  const read = async () => {
    const response = await call(ctx, 'GET', '/market/status');
    expect(response.statusCode).toBe(200);
    return { status: marketStatusResponseSchema.parse(response.json()), cache: response.headers['cache-control'] };
  };

  test('is never kept past the next change of state: the close, then the next open', async () => {
    let { status, cache } = await read();
    expect(status).toMatchObject({ open: true, session: { closesAt: '2030-01-07T21:00:00.000Z' } });
    expect(cache).toBe('public, max-age=60');

    ctx.clock.set(new Date('2030-01-07T20:59:35.000Z'));
    ({ status, cache } = await read());
    expect(status.open).toBe(true);
    expect(cache).toBe('public, max-age=25');

    ctx.clock.set(new Date('2030-01-08T14:29:50.500Z'));
    ({ status, cache } = await read());
    expect(status).toMatchObject({ open: false, session: null, nextOpenAt: '2030-01-08T14:30:00.000Z' });
    expect(cache).toBe('public, max-age=9');
  });

  test('says a holiday is one (closed all day), and an early close closes early', async () => {
    ctx.clock.set(new Date('2026-11-26T15:00:00.000Z')); // Thanksgiving, 10:00 AM New York
    let { status } = await read();
    expect(status).toMatchObject({
      open: false,
      holiday: true,
      session: null,
      nextOpenAt: '2026-11-27T14:30:00.000Z',
    });
    ctx.clock.set(new Date('2026-11-27T15:00:00.000Z')); // the day after, closing at 1:00 PM
    ({ status } = await read());
    expect(status).toMatchObject({
      open: true,
      holiday: false,
      session: { opensAt: '2026-11-27T14:30:00.000Z', closesAt: '2026-11-27T18:00:00.000Z' },
    });
    ctx.clock.set(new Date('2026-11-28T15:00:00.000Z')); // a Saturday: closed, not a holiday
    ({ status } = await read());
    expect(status).toMatchObject({ open: false, holiday: false, nextOpenAt: '2026-11-30T14:30:00.000Z' });
  });
});
