import { type StandIn, startStandIn, type UniverseEntry } from '@bullpen/massive-stand-in';
import { equitiesResponseSchema, healthResponseSchema, marketStatusResponseSchema } from '@bullpen/contract';
import { ManualClock } from '../src/lib/clock';
import { ManualScheduler } from '../src/lib/scheduler';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  MassiveFeed,
  type MassiveFeedOptions,
} from '../src/market/massive/massive-feed';
import type { PriceFeed } from '../src/market/price-feed';
import { call, createTestContext, createUser, DRIVERS, type TestContext, testConfig } from './support/harness';
import { until } from './support/until';

// The massive feed against a local stand-in that speaks Massive's REST subset and stocks socket: what the API reads
// from the provider, how it survives drops, refusals and slow or limited calls, and what it tells players and operators.
// Timers (backoff, polls) run on the test's clock; real waits are only for the network, on conditions.

const KEY = 'stand-in-key-7c1f2e9a04b3';
const START = '2030-01-07T14:30:00.000Z'; // a Monday, 09:30 in New York: the session opens
const MINUTE = 60_000;

const UNIVERSE: UniverseEntry[] = [
  { ticker: 'AAPL', name: 'Apple Inc. Common Stock', primary_exchange: 'XNAS', price: 230.1, prevClose: 228 },
  { ticker: 'MSFT', name: 'Microsoft Corp', primary_exchange: 'XNAS', price: 410.5, prevClose: 400 },
  { ticker: 'PLTR', name: 'Palantir Technologies Inc.', primary_exchange: 'XNAS', price: 171.2, prevClose: 170 },
  { ticker: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'ETF', primary_exchange: 'ARCX', price: 600, prevClose: 598 },
  { ticker: 'TSM', name: 'Taiwan Semiconductor ADR', type: 'ADRC', price: 291.1 },
  { ticker: 'BACpB', name: 'Bank of America Pfd', type: 'PFD', price: 24.9 },
];

interface Harness {
  ctx: TestContext;
  standIn: StandIn;
  clock: ManualClock;
  scheduler: ManualScheduler;
  logs: string[];
  token: string;
}

async function open(
  driver: (typeof DRIVERS)[number],
  standInOptions: Parameters<typeof startStandIn>[0] = {},
  feedFor?: (parts: { standIn: StandIn; clock: ManualClock; scheduler: ManualScheduler }) => PriceFeed,
) {
  const clock = new ManualClock(START);
  const scheduler = new ManualScheduler(clock);
  const standIn = await startStandIn({
    apiKey: KEY,
    universe: UNIVERSE,
    market: 'open',
    pageSize: 2,
    now: () => clock.now(),
    ...standInOptions,
  });
  const logs: string[] = [];
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
    {
      clock,
      scheduler,
      logger: { level: 'info', stream: { write: (line) => logs.push(line) } },
      ...(feedFor ? { priceFeed: feedFor({ standIn, clock, scheduler }) } : {}),
    },
  );
  const token = (await createUser(ctx)).token;
  return { ctx, standIn, clock, scheduler, logs, token } satisfies Harness;
}

async function close(h: Harness | undefined) {
  await h?.ctx.close();
  await h?.standIn.close();
}

const health = async (h: Harness) => {
  const response = await call(h.ctx, 'GET', '/health');
  return healthResponseSchema.parse(response.json()).market;
};
const status = async (h: Harness) =>
  marketStatusResponseSchema.parse((await call(h.ctx, 'GET', '/market/status')).json());
const equities = async (h: Harness, body: object = {}) =>
  equitiesResponseSchema.parse((await call(h.ctx, 'POST', '/equity/get-equities', { token: h.token, body })).json())
    .equities;
const bySymbol = async (h: Harness, symbols: string[]) =>
  new Map((await equities(h, { symbols })).map((e) => [e.symbol, e]));

describe.each(DRIVERS)('the massive feed against the stand-in (%s)', (driver) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await close(h);
    h = undefined;
  });

  test('start: the universe page by page, a snapshot of it, the socket subscribed; prices and names stored', async () => {
    h = await open(driver);
    const { ctx, standIn } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    await until('the snapshot', () => standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers').length > 0);
    const pages = standIn.requestsTo('/v3/reference/tickers');
    expect(pages.length).toBeGreaterThanOrEqual(3); // six tickers, two a page
    expect(pages[0]?.query).toMatchObject({ market: 'stocks', active: 'true', limit: '1000' });
    expect(pages.every((request) => request.keyVia === 'query')).toBe(true);
    await until(
      'the first prices',
      async () => (await ctx.app.deps.contestClock.tick()) && (await equities(h!)).length,
    );
    const stored = await bySymbol(h, ['AAPL', 'MSFT', 'PLTR', 'SPY', 'TSM', 'BACPB']);
    // Common stocks and ETFs trade; an ADR and a preferred share are left out.
    expect([...stored.keys()]).toEqual(['AAPL', 'MSFT', 'PLTR', 'SPY']);
    expect(stored.get('AAPL')).toMatchObject({ price: 230.1, previousClose: 228, sector: 'Technology', stale: false });
    // A symbol the shipped table lacks: the provider's name, sector Unclassified.
    expect(stored.get('PLTR')).toMatchObject({
      name: 'Palantir Technologies Inc.',
      sector: 'Unclassified',
      price: 171.2,
    });
    // The default list is still the shipped table's symbols (those priced): PLTR only when asked for.
    expect((await equities(h)).map((e) => e.symbol)).toEqual(['AAPL', 'MSFT', 'SPY']);
    expect((await equities(h, { query: 'palan' })).map((e) => e.symbol)).toEqual(['PLTR']);
    expect(await health(h)).toMatchObject({ feed: 'massive', connected: true, delayMinutes: 15, open: true });
    expect(await status(h)).toEqual({
      feed: 'massive',
      label: 'Prices delayed 15 min · Massive',
      delayMinutes: 15,
      open: true,
      session: { opensAt: START, closesAt: '2030-01-07T21:00:00.000Z' },
      nextOpenAt: '2030-01-08T14:30:00.000Z',
      holiday: false,
      timeZone: 'America/New_York',
    });
  });

  test('an instance that is not the market worker stands by: the session read, no universe, snapshot or socket', async () => {
    h = await open(driver);
    const { ctx, standIn } = h;
    const feed = ctx.app.deps.market.feed;
    // What the API does at start, before its first tick says whether it is the worker.
    feed.standBy?.(true);
    await feed.start();
    await until('the session', () => feed.status().session);
    expect(await status(h)).toMatchObject({ feed: 'massive', open: true, session: { opensAt: START } });
    expect(await health(h)).toMatchObject({ feed: 'massive', connected: false, standby: true });
    expect(standIn.sockets()).toEqual([]);
    expect(standIn.requestsTo('/v3/reference/tickers')).toEqual([]);
    expect(standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers')).toEqual([]);

    // Its tick takes the worker's lock (PGlite's one process always does; two instances: instances.test.ts): it streams.
    await ctx.app.deps.contestClock.tick();
    await standIn.waitForSubscription('AM.*');
    await until('the snapshot', () => standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers').length > 0);
    await until('the connection', async () => (await health(h!)).connected);
    expect(await health(h)).toMatchObject({ connected: true, standby: false });

    // Standing by again (another instance took the lock) closes its socket, for good: no reconnect follows.
    feed.standBy?.(true);
    await standIn.waitForSockets(0);
    h.scheduler.advance(5 * MINUTE);
    expect(standIn.sockets()).toEqual([]);
    expect(await health(h)).toMatchObject({ connected: false, standby: true });
  });

  test("the provider's coming closures move /market/status's session close and next open", async () => {
    h = await open(driver, {
      upcoming: [
        { date: '2030-01-07', name: 'Early close', status: 'early-close' },
        { date: '2030-01-08', name: 'Day of mourning', status: 'closed' },
      ],
    });
    await h.ctx.app.deps.market.feed.start();
    const read = await until('the closures', async () => {
      const now = await status(h!);
      return now.nextOpenAt === '2030-01-09T14:30:00.000Z' ? now : undefined;
    });
    expect(read.session).toEqual({ opensAt: START, closesAt: '2030-01-07T18:00:00.000Z' });
  });

  test('snapshot prices fall back from the last trade to the minute bar to the previous close, at their own time', async () => {
    h = await open(driver);
    const { ctx, standIn, clock } = h;
    const tradeAt = new Date(clock.now().getTime() - 16 * MINUTE);
    standIn.setSnapshot('AAPL', { lastTrade: { p: 231.25, t: tradeAt }, prevClose: 228 });
    standIn.setSnapshot('MSFT', { lastTrade: null, min: { c: 411.5, e: tradeAt }, prevClose: 400 });
    standIn.setSnapshot('SPY', { lastTrade: null, min: null, prevClose: 598.5 });
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    const stored = await until('the snapshot stored', async () => {
      await ctx.app.deps.contestClock.tick();
      const rows = await bySymbol(h!, ['AAPL', 'MSFT', 'SPY']);
      return rows.size === 3 ? rows : undefined;
    });
    expect(stored.get('AAPL')).toMatchObject({ price: 231.25, previousClose: 228, asOf: tradeAt.toISOString() });
    expect(stored.get('MSFT')).toMatchObject({ price: 411.5, previousClose: 400 });
    expect(stored.get('SPY')).toMatchObject({ price: 598.5, previousClose: 598.5 });
  });

  test('each AM bar sets its symbol to c as of e; a bar older than what is stored changes nothing', async () => {
    h = await open(driver);
    const { ctx, standIn, clock } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    await until('the snapshot', () => standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers').length > 0);
    // The stand-in stamps its snapshot now: the next minute's bars are newer.
    h.scheduler.advance(MINUTE);
    const e = clock.now().getTime();
    standIn.pushBars([
      { sym: 'AAPL', c: 232.4, e },
      { sym: 'MSFT', c: 415, e },
    ]);
    const stored = await until('the bars stored', async () => {
      await ctx.app.deps.contestClock.tick();
      const rows = await bySymbol(h!, ['AAPL', 'MSFT']);
      return rows.get('AAPL')?.price === 232.4 && rows.get('MSFT')?.price === 415 ? rows : undefined;
    });
    expect(stored.get('AAPL')?.asOf).toBe(new Date(e).toISOString());
    standIn.pushBar({ sym: 'AAPL', c: 1, e: e - MINUTE });
    standIn.pushBar({ sym: 'MSFT', c: 416, e: e + MINUTE });
    await until('the newer bar', async () => {
      await ctx.app.deps.contestClock.tick();
      return (await bySymbol(h!, ['MSFT'])).get('MSFT')?.price === 416;
    });
    expect((await bySymbol(h, ['AAPL'])).get('AAPL')?.price).toBe(232.4);
    const history = await call(
      ctx,
      'GET',
      `/equity/MSFT/history?from=${new Date(e - MINUTE).toISOString()}&to=${new Date(e + MINUTE).toISOString()}`,
      {
        token: h.token,
      },
    );
    expect(history.json().points).toEqual(
      expect.arrayContaining([
        { t: new Date(e).toISOString(), price: 415 },
        { t: new Date(e + MINUTE).toISOString(), price: 416 },
      ]),
    );
  });

  test('a dropped socket reconnects after 1 s, then 2 s, 4 s… at most 60 s, and reads a fresh snapshot each time', async () => {
    h = await open(driver);
    const { ctx, standIn, scheduler } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    const snapshots = () => standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers').length;
    await until('the first snapshot', () => snapshots() === 1);

    // The provider goes away and refuses connections for a while: waits double.
    const waits: number[] = [];
    for (let drop = 0; drop < 8; drop++) {
      await standIn.dropSockets();
      await until('the feed to see the drop', async () => !(await health(h!)).connected);
      const wait = await until('a reconnect timer', () => {
        const next = scheduler.nextIn();
        // The status poll is also pending: the reconnect is the sooner one until the backoff passes a minute.
        return next !== null && next <= BACKOFF_MAX_MS ? next : undefined;
      });
      waits.push(wait);
      scheduler.advance(wait);
      await standIn.waitForSockets(1, { authenticated: true });
      await until('the reconnected feed', async () => (await health(h!)).connected);
    }
    // Every reconnect that authenticated starts the backoff over: each drop waits the first step again…
    expect(waits.every((wait) => wait === BACKOFF_FIRST_MS)).toBe(true);
    // …and each is followed by a fresh snapshot.
    await until('a snapshot per reconnect', () => snapshots() === 9);
  });

  test('while the socket cannot connect, waits double from 1 s to 60 s', async () => {
    h = await open(driver);
    const { ctx, standIn, scheduler, logs } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    await standIn.close(); // nothing listens any more: every attempt fails at once
    const retries = () =>
      logs
        .map((line) => JSON.parse(line) as { msg: string; retryInMs?: number })
        .filter((line) => line.msg === 'market feed disconnected')
        .map((line) => line.retryInMs);
    for (let attempt = 1; attempt <= 8; attempt++) {
      const seen = await until(`disconnect ${attempt}`, () => (retries().length >= attempt ? retries() : undefined));
      scheduler.advance(seen[attempt - 1] ?? 0);
    }
    expect(retries().slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  });

  test('a refused key stops the feed: one log line without the key, /health says disconnected', async () => {
    h = await open(driver);
    const { ctx, standIn, logs } = h;
    standIn.refuseKey();
    await ctx.app.deps.market.feed.start();
    await until('the refusal', () => ctx.app.deps.market.feed.status().error);
    expect(ctx.app.deps.market.feed.status()).toMatchObject({
      connected: false,
      error: 'The provider refused the API key',
    });
    expect(await health(h)).toMatchObject({ feed: 'massive', connected: false });
    const refusals = logs.filter((line) => line.includes('refused the api key'));
    expect(refusals.length).toBe(1);
    expect(JSON.parse(refusals[0] ?? '{}')).toMatchObject({ level: 50, feed: 'massive' });
    // Stopped: no further call is made, whatever time passes.
    const calls = standIn.requests.length;
    h.scheduler.advance(10 * MINUTE);
    expect(standIn.requests.length).toBe(calls);
    // The key is nowhere: not in a log line, /health, /market/status or the equities a browser reads.
    const everything = [
      ...logs,
      JSON.stringify(await health(h)),
      JSON.stringify(await status(h)),
      JSON.stringify(await equities(h)),
      JSON.stringify(ctx.app.deps.market.feed.status()),
    ].join('\n');
    expect(everything).not.toContain(KEY);
  });

  test('a key refused by the socket alone stops the feed too', async () => {
    h = await open(driver);
    const { ctx, standIn } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    standIn.refuseKey();
    await standIn.dropSockets();
    await until('the feed to see the drop', () => !ctx.app.deps.market.feed.status().connected || undefined);
    h.scheduler.advance(BACKOFF_FIRST_MS);
    await until('the refusal', () => ctx.app.deps.market.feed.status().error);
    expect(h.logs.join('\n')).not.toContain(KEY);
  });

  test('429s and slow answers are retried (1 s doubling, or Retry-After) until the provider answers', async () => {
    h = await open(driver);
    const { ctx, standIn, scheduler, logs } = h;
    standIn.fail('/v3/reference/tickers', { status: 429, times: 2 });
    standIn.fail('/v2/snapshot/locale/us/markets/stocks/tickers', { status: 502, times: 1 });
    await ctx.app.deps.market.feed.start();
    for (const wait of [BACKOFF_FIRST_MS, 2 * BACKOFF_FIRST_MS]) {
      await until('a retry timer', () => logs.some((l) => l.includes(`"retryInMs":${wait}`)) || undefined);
      scheduler.advance(wait);
    }
    await standIn.waitForSubscription('AM.*');
    await until(
      'the failed snapshot',
      () => logs.some((l) => l.includes('snapshot: the provider answered 502')) || undefined,
    );
    scheduler.advance(BACKOFF_FIRST_MS);
    await until(
      'the snapshot',
      () =>
        standIn.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers').some((r) => r.status === 200) || undefined,
    );
    expect(logs.join('\n')).not.toContain(KEY);
  });

  test('a call slower than the timeout is abandoned and tried again', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    h = await open(driver, {}, ({ standIn, clock, scheduler }) => {
      return new MassiveFeed({
        apiKey: KEY,
        restUrl: standIn.restUrl,
        wsUrl: standIn.wsUrl,
        delayMinutes: 15,
        statusPollMs: MINUTE,
        clock,
        scheduler,
        log: { info: capture, warn: capture, error: capture } as unknown as MassiveFeedOptions['log'],
        restTimeoutMs: 200,
      });
    });
    const { ctx, standIn, scheduler } = h;
    standIn.slow('/v3/reference/tickers', 2000, { times: 1 });
    await ctx.app.deps.market.feed.start();
    await until('the timeout', () => lines.some((l) => l.includes('tickers: ECONNABORTED')) || undefined);
    scheduler.advance(BACKOFF_FIRST_MS);
    await standIn.waitForSubscription('AM.*');
    expect(lines.join('\n')).not.toContain(KEY);
  });

  test('the market status decides open; a symbol without a price for 5 minutes of an open session is stale', async () => {
    h = await open(driver, { market: 'closed' });
    const { ctx, standIn, clock, scheduler } = h;
    await ctx.app.deps.market.feed.start();
    await standIn.waitForSubscription('AM.*');
    await until('the closed status', async () => (await status(h!)).open === false || undefined);
    expect(await health(h)).toMatchObject({ open: false });
    await until('prices', async () => {
      await ctx.app.deps.contestClock.tick();
      return (await equities(h!)).length === 3 || undefined;
    });
    // Closed: nothing is stale, however old.
    scheduler.advance(30 * MINUTE);
    expect((await equities(h)).every((e) => !e.stale)).toBe(true);

    standIn.setMarket('open');
    await until('the open status', async () => {
      if ((await status(h!)).open) return true;
      // The next poll, once the last one has answered and set its timer.
      const next = scheduler.nextIn();
      if (next !== null && next <= MINUTE) scheduler.advance(next);
      return undefined;
    });
    // Six minutes of the session: AAPL has a new bar each minute, MSFT none.
    for (let minute = 0; minute < 6; minute++) {
      standIn.pushBar({ sym: 'AAPL', c: 230 + minute, e: clock.now().getTime() - 15 * MINUTE });
      await until('the bar', async () => {
        await ctx.app.deps.contestClock.tick();
        return (await bySymbol(h!, ['AAPL'])).get('AAPL')?.price === 230 + minute || undefined;
      });
      scheduler.advance(MINUTE);
    }
    const rows = await bySymbol(h, ['AAPL', 'MSFT']);
    expect(rows.get('AAPL')?.stale).toBe(false);
    expect(rows.get('MSFT')?.stale).toBe(true);
    expect(await health(h)).toMatchObject({ open: true, connected: true });
  });
});
