import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  call,
  contestFields,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  tickAt,
  type TestContext,
} from './support/harness';
import { ScriptedFeed } from './support/scripted-feed';

/**
 * A contest with default rules behaves exactly as it did before contest rules existed. The responses were recorded on
 * the second release's code (first as a jest snapshot, then kept as this fixture so both drivers compare with the one
 * recording); the fields the third release adds to every response (API.md "Third release": `rules`,
 * `commission`, a trade's `reason`, `buyingPower`, `trailAmount`, `trailPercent`, `expiresAt`, `sharpe`, `maxDrawdownPct`,
 * and the fourth release's `timeInForce`) are
 * checked for their default values and then left out, so everything else must match byte for byte. One call was
 * re-recorded: the sell stop-limit at $210 with the price at $200, which the fourth release refuses (API.md
 * "Corrections found in use": a stop already crossed), so its 409 replaces the order and what its fill led to.
 */
const SECOND_RELEASE: unknown = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'fixtures', 'second-release-responses.json'), 'utf8'),
);

const ADDED_FIELDS = new Set([
  'rules',
  'commission',
  'buyingPower',
  'trailAmount',
  'trailPercent',
  'expiresAt',
  'sharpe',
  'maxDrawdownPct',
  // The fourth release's (API.md "Market orders that wait", "Corporate actions").
  'timeInForce',
  'actions',
]);

/** Ids and call signs differ from run to run: each distinct one becomes a stable placeholder. */
function normalise(responses: { status: number; body: unknown }[], names: Map<string, string>) {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  let text = JSON.stringify(responses);
  for (const [value, name] of names) text = text.split(value).join(name);
  const ids = new Map<string, string>();
  text = text.replace(uuid, (id) => {
    if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
    return ids.get(id) as string;
  });
  return JSON.parse(text);
}

/** Drops the third release's fields, after checking each holds its default. */
function withoutAddedFields(value: unknown, seen: Record<string, unknown[]>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutAddedFields(item, seen));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      // Orders had a `reason` already; trades (the objects with `executedAt`) gain one. The upcoming list gained its
      // paging (`total`, `nextCursor`) beside its `contests`.
      const added =
        key === 'reason'
          ? 'executedAt' in value
          : key === 'total' || key === 'nextCursor'
            ? 'contests' in value
            : ADDED_FIELDS.has(key);
      if (added) {
        seen[key] = [...(seen[key] ?? []), field];
        continue;
      }
      out[key] = withoutAddedFields(field, seen);
    }
    return out;
  }
  return value;
}

describe.each(DRIVERS)('a contest with default rules (%s)', (driver) => {
  let ctx: TestContext;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    ctx = await createTestContext(driver, {}, { priceFeed: feed });
  });
  afterAll(() => ctx.close());

  test('answers every second-release call exactly as before', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const rival = await createUser(ctx);
    const names = new Map([
      [owner.id, '<owner>'],
      [player.id, '<player>'],
      [rival.id, '<rival>'],
      [owner.ticker, '<OWNER>'],
      [player.ticker, '<PLAYER>'],
      [rival.ticker, '<RIVAL>'],
    ]);
    const log: { status: number; body: unknown }[] = [];
    const record = (response: LightMyRequestResponse) => {
      log.push({ status: response.statusCode, body: response.json() });
      return response.json();
    };
    const as = (user: { token: string }) => ({
      get: async (url: string) => record(await call(ctx, 'GET', url, { token: user.token })),
      post: async (url: string, body: unknown) => record(await call(ctx, 'POST', url, { token: user.token, body })),
    });
    feed.set({ AAPL: 100, MSFT: 200, NVDA: 50, TSLA: 250.37, BKNG: 3000 });
    await tickAt(ctx, ctx.clock.now());

    const created = await as(owner).post('/contest/create-contest', contestFields(ctx, { startingCash: 10_000 }));
    const contestId = created.data._id as string;
    names.set(contestId, '<contest>');
    await as(owner).post('/contest/edit-contest', {
      contestId,
      ...contestFields(ctx, { name: 'Spring Cup II', startingCash: 12_345.67 }),
    });
    record(await call(ctx, 'POST', '/contest/get-contest', { body: { contestId } }));
    await joinContest(ctx, player, contestId, ['AAPL', 'MSFT']);
    await joinContest(ctx, rival, contestId, ['NVDA', 'TSLA']);
    await as(player).get(`/contest-user/${contestId}`);
    await as(player).get('/contest/upcoming');

    await tickAt(ctx, created.data.startsAt);
    await as(player).get(`/contest-user/${contestId}`);
    await as(player).post('/contest/trading', { contestId, symbol: 'NVDA', side: 'buy', quantity: 3 });
    await as(player).post('/contest/trading', { contestId, symbol: 'AAPL', side: 'sell', quantity: 7 });
    await as(player).post('/contest/trading', { contestId, symbol: 'BKNG', side: 'buy', quantity: 100 });
    await as(player).post('/contest/trading', { contestId, symbol: 'TSLA', side: 'sell', quantity: 1 });
    await as(player).post('/contest/trading', { contestId, symbol: 'MSFT', side: 'sell', quantity: 100_000 });
    const limit = await as(player).post('/contest/orders', {
      contestId,
      symbol: 'NVDA',
      side: 'buy',
      quantity: 10,
      type: 'limit',
      limitPrice: 45.5,
    });
    await as(player).post('/contest/orders', {
      contestId,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 5,
      type: 'stop',
      stopPrice: 90,
    });
    await as(player).post('/contest/orders', {
      contestId,
      symbol: 'MSFT',
      side: 'sell',
      quantity: 2,
      type: 'stop-limit',
      stopPrice: 210,
      limitPrice: 205,
    });
    await as(player).post('/contest/orders', {
      contestId,
      symbol: 'TSLA',
      side: 'buy',
      quantity: 1_000,
      type: 'stop',
      stopPrice: 260,
    });
    await as(player).post('/contest/orders', {
      contestId,
      symbol: 'TSLA',
      side: 'buy',
      quantity: 1,
      type: 'stop',
      stopPrice: 255,
    });
    await as(player).get(`/contest/${contestId}/orders`);
    await as(player).post('/contest/orders/cancel', { contestId, orderId: limit.data.order._id });

    const startsAt = new Date(created.data.startsAt).getTime();
    feed.set({ AAPL: 89.99, MSFT: 211, NVDA: 45, TSLA: 256 });
    await tickAt(ctx, startsAt + 60_000);
    feed.set({ AAPL: 95, MSFT: 206, NVDA: 47.13, TSLA: 240 });
    await tickAt(ctx, startsAt + 120_000);
    await as(player).get(`/contest/${contestId}/orders`);
    await as(player).get(`/contest-user/${contestId}`);
    await as(player).get(`/contest/active/${contestId}`);
    await as(player).get(`/contest/${contestId}/standings?offset=0&limit=50`);
    await as(player).get('/contest/active');
    await as(player).get(`/contest/active/${contestId}/portfolio-history`);
    await as(player).get(`/contest/${contestId}/benchmark`);

    await tickAt(ctx, created.data.endsAt);
    await as(player).get(`/contest/completed/${contestId}`);
    await as(rival).get(`/contest/completed/${contestId}/players/${player.id}`);
    await as(player).get('/contest/completed');
    await as(player).get(`/contest/${contestId}/orders`);

    const seen: Record<string, unknown[]> = {};
    const stripped = withoutAddedFields(normalise(log, names), seen);
    expect(stripped).toEqual(SECOND_RELEASE);
    // What the stripped fields held: the defaults, nothing else.
    for (const rules of seen.rules ?? []) {
      expect(rules).toEqual({ shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: null });
    }
    for (const commission of seen.commission ?? []) expect(commission).toBe(0);
    for (const value of seen.trailAmount ?? []) expect(value).toBeNull();
    for (const value of seen.trailPercent ?? []) expect(value).toBeNull();
    for (const value of seen.reason ?? []) expect(value).toBeNull();
    for (const value of seen.timeInForce ?? []) expect(value).toBe('gtc');
    // The simulator has no corporate actions.
    for (const value of seen.actions ?? []) expect(value).toEqual([]);
  });
});
