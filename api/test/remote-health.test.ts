import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEALTH_LIMITS } from '@bullpen/contract';
import { openReleaseStore } from '@bullpen/release-store';
import { CanaryWatch, judgeCanary, WATCH_OPERATOR } from '../src/clock/canary-watch';
import type { AppConfig } from '../src/config';
import { HEALTH_WINDOW_MS } from '../src/db/remote-health';
import { issuePass, PASS_LIFETIME_MS } from '../src/health/reporters';
import { createTestContext, createUser, DRIVERS, type TestContext, type TestUser } from './support/harness';

// Health must be a count of real page loads: these tests are the attacks that once decided a canary with one request.

const APP_ORIGIN = 'http://localhost:3000';
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

const report = (release: string, views: number, loadFailures = 0, errors = 0, remote = 'contests') => ({
  remote,
  release,
  views,
  loadFailures,
  errors,
});
type Report = ReturnType<typeof report>;

/** A live release and a canary of remote-contests, as `npm run remote -- rollout` writes them. */
const canaryState = (autoRollback: boolean, since: string) => ({
  remotes: {
    'remote-contests': {
      live: '1.0.0-live',
      since,
      by: 'op',
      previous: [null],
      canary: { version: '1.0.0-canary', percent: 50, autoRollback, since, by: 'op' },
    },
  },
});

async function healthContext(driver: (typeof DRIVERS)[number], overrides: Partial<AppConfig['health']> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-store-'));
  const releases = { store: dir, checkMs: 1000, minViews: 4, minFailingReporters: 3, thresholdPoints: 2 };
  const ctx = await createTestContext(driver, {
    releases,
    health: { opsToken: OPS_TOKEN, passesPerHour: 1000, ...overrides },
  });
  const setState = (state: object) => writeFileSync(path.join(dir, 'live.json'), JSON.stringify(state));
  setState(canaryState(true, ctx.clock.now().toISOString()));
  // The store's pointer is read at most once a second: move past it so the state just written is the one used.
  ctx.clock.advance(1500);
  const watch = () =>
    new CanaryWatch({
      db: ctx.database.db,
      store: openReleaseStore(dir),
      clock: ctx.clock,
      settings: releases,
      log: ctx.app.log,
    });
  return {
    ctx,
    dir,
    setState,
    watch,
    async close() {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(DRIVERS)('POST /telemetry/remote-health (%s)', (driver) => {
  let env: Awaited<ReturnType<typeof healthContext>>;
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    env = await healthContext(driver);
    ctx = env.ctx;
    admin = await createUser(ctx, { groups: ['admins'] });
  });
  afterAll(() => env.close());

  /** As navigator.sendBeacon sends a string from a page of the app: text/plain, Origin, no Authorization. */
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/telemetry/remote-health',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: APP_ORIGIN, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const totals = async (minutes = 60) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/telemetry/remote-health?minutes=${minutes}`,
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().releases as (Report & { failingReporters: number })[];
  };
  const rowOf = async (release: string) => (await totals()).find((row) => row.release === release);
  const newPass = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry/health-pass',
      headers: { origin: APP_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    return response.json().pass as string;
  };

  it('counts one signed-in user once per release and window, whatever numbers it claims and however often', async () => {
    const user = await createUser(ctx);
    const claims = { idToken: user.token, reports: [report('1.0.0-canary', 1000, 1000, 1000)] };
    for (let i = 0; i < 20; i += 1) expect((await beacon(claims)).statusCode).toBe(204);
    // Two at once change nothing more either.
    await Promise.all([beacon(claims), beacon(claims)]);
    expect(await rowOf('1.0.0-canary')).toEqual({
      ...report('1.0.0-canary', 1, 1, 1),
      failingReporters: 1,
    });
    // The next window: the same user counts again, once.
    ctx.clock.advance(HEALTH_WINDOW_MS);
    await beacon(claims);
    await beacon(claims);
    expect(await rowOf('1.0.0-canary')).toEqual({ ...report('1.0.0-canary', 2, 2, 2), failingReporters: 1 });
  });

  it('counts a browser with nobody signed in by its health pass, once; a pass it made itself counts nothing', async () => {
    const pass = await newPass();
    for (let i = 0; i < 5; i += 1)
      expect((await beacon({ pass, reports: [report('1.0.0-live', 1000, 0, 0)] })).statusCode).toBe(204);
    const live = await rowOf('1.0.0-live');
    expect(live?.views).toBe(1);
    const forged = [
      pass.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), // another signature
      pass.replace(/^(p1\.)[^.]+/, '$1AAAAAAAAAAAAAAAAAAAAA'), // another browser under the same signature
      issuePass('not-the-server-key', ctx.clock.now()),
      issuePass('x', new Date(ctx.clock.now().getTime() - PASS_LIFETIME_MS - 60_000)),
      'p1.x.1.z',
    ];
    for (const bad of forged) {
      const response = await beacon({ pass: bad, reports: [report('1.0.0-live', 1000)] });
      expect(response.statusCode).toBe(401);
    }
    expect((await rowOf('1.0.0-live'))?.views).toBe(1);
  });

  it('refuses a report with neither token nor pass (400), or with a token that fails verification (401)', async () => {
    expect((await beacon({ reports: [report('1.0.0-live', 1)] })).statusCode).toBe(400);
    // The old shape: a browser id anyone can make up.
    expect((await beacon({ browserId: 'b-11111111', reports: [report('1.0.0-live', 1)] })).statusCode).toBe(400);
    const expired = await ctx.issuer.idToken('someone', { exp: Math.floor(ctx.clock.now().getTime() / 1000) - 10 });
    expect((await beacon({ idToken: expired, reports: [report('1.0.0-live', 1)] })).statusCode).toBe(401);
    expect((await beacon({ idToken: 'not.a.jwt', reports: [report('1.0.0-live', 1)] })).statusCode).toBe(401);
  });

  it('refuses a page of another site, and a request that names no origin, with 403', async () => {
    const user = await createUser(ctx);
    const before = await totals();
    const body = { idToken: user.token, reports: [report('1.0.0-canary', 1, 1)] };
    expect((await beacon(body, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await beacon(body, { origin: 'null' })).statusCode).toBe(403);
    const noOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry/remote-health',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    });
    expect(noOrigin.statusCode).toBe(403);
    const pass = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry/health-pass',
      headers: { origin: 'https://evil.example' },
    });
    expect(pass.statusCode).toBe(403);
    expect(await totals()).toEqual(before);
  });

  it('keeps no row for a release no page loads now: the table holds the live release and the canary only', async () => {
    const user = await createUser(ctx);
    const junk = Array.from({ length: 8 }, (_, i) => report(`9.9.${i}-junk`, 1, 1));
    for (let i = 0; i < 20; i += 1) expect((await beacon({ idToken: user.token, reports: junk })).statusCode).toBe(204);
    // Not contests' own build (a release is live), nor a release of contests under trading's name.
    await beacon({ idToken: user.token, reports: [report('base', 1), report('1.0.0-live', 1, 0, 0, 'trading')] });
    // remote-trading has no release in the store: its own build is what its pages load.
    await beacon({ idToken: user.token, reports: [report('base', 1, 0, 0, 'trading')] });
    const kept = (await totals()).map((row) => `${row.remote} ${row.release}`);
    expect(kept).toContain('trading base');
    expect(
      kept.filter((name) => !['contests 1.0.0-live', 'contests 1.0.0-canary', 'trading base'].includes(name)),
    ).toEqual([]);
  });

  it.each([
    ['not JSON', '{"idToken":'],
    ['no reports', { pass: 'p', reports: [] }],
    ['an unknown remote', { pass: 'p', reports: [report('base', 1, 0, 0, 'admin')] }],
    ['a release that is a path', { pass: 'p', reports: [report('../../etc', 1)] }],
    ['a negative count', { pass: 'p', reports: [report('base', -1)] }],
    [
      'a field of its own (personal data has no place)',
      { pass: 'p', phone: '+15550000000', reports: [report('base', 1)] },
    ],
    ['too many reports', { pass: 'p', reports: Array.from({ length: 9 }, () => report('base', 1)) }],
  ])('refuses %s with 400 and records nothing', async (_name, body) => {
    const before = await totals();
    const response = await beacon(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errMessage');
    expect(await totals()).toEqual(before);
  });

  it('refuses a body above its bound with 413, naming that bound', async () => {
    const response = await beacon({ pass: 'p', padding: 'x'.repeat(HEALTH_LIMITS.bodyBytes) });
    expect(response.statusCode).toBe(413);
    expect(response.json().errMessage).toBe('Request body is too large (4 KiB at most)');
  });

  it('is read by operators only: the operators’ token or an admin', async () => {
    const read = (authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/telemetry/remote-health',
        headers: authorization ? { authorization } : {},
      });
    expect((await read()).statusCode).toBe(401);
    expect((await read(`Bearer ${OPS_TOKEN}x`)).statusCode).toBe(401);
    expect((await read('Bearer ')).statusCode).toBe(401);
    const user = await createUser(ctx);
    expect((await read(user.token)).statusCode).toBe(403);
    expect((await read(admin.token)).statusCode).toBe(200);
    const ops = await read(`Bearer ${OPS_TOKEN}`);
    expect(ops.statusCode).toBe(200);
    expect(ops.json()).toMatchObject({ minutes: 60, windowMinutes: HEALTH_WINDOW_MS / 60_000 });
  });
});

describe.each(DRIVERS)('health passes (%s)', (driver) => {
  it('are issued to one address a bounded number of times an hour', async () => {
    const env = await healthContext(driver, { passesPerHour: 3 });
    try {
      const ask = () =>
        env.ctx.app.inject({ method: 'POST', url: '/telemetry/health-pass', headers: { origin: APP_ORIGIN } });
      for (let i = 0; i < 3; i += 1) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address is another budget.
      const other = await env.ctx.app.inject({
        method: 'POST',
        url: '/telemetry/health-pass',
        headers: { origin: APP_ORIGIN },
        remoteAddress: '127.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await env.close();
    }
  });
});

describe('judgeCanary', () => {
  const settings = { minViews: 200, minFailingReporters: 5, thresholdPoints: 2 };
  const counts = (release: string, views: number, failures: number, failingReporters = failures) => ({
    ...report(release, views, failures),
    failingReporters,
  });
  it('waits for enough views', () => {
    expect(judgeCanary(counts('c', 199, 199), counts('base', 1000, 0), settings).rollBack).toBe(false);
  });
  it('waits for failures from enough distinct users or browsers', () => {
    expect(judgeCanary(counts('c', 200, 200, 4), counts('base', 1000, 0), settings)).toEqual({
      rollBack: false,
      reason: 'failures from 4 of 5 distinct users or browsers needed to judge',
    });
  });
  it('rolls back above the threshold, not at or below it', () => {
    // 5 % against 1 %: 4 points.
    expect(judgeCanary(counts('c', 200, 10), counts('base', 1000, 10), settings)).toMatchObject({
      rollBack: true,
      reason: expect.stringContaining('4.0 points above'),
    });
    // 3 % against 1 %: exactly 2 points is not above 2.
    expect(judgeCanary(counts('c', 200, 6), counts('base', 1000, 10), settings).rollBack).toBe(false);
  });
  it('compares with a live release that has no views as 0 %', () => {
    expect(judgeCanary(counts('c', 200, 5), undefined, settings).rollBack).toBe(true);
    expect(judgeCanary(counts('c', 200, 4, 5), undefined, settings).rollBack).toBe(false);
  });
  it('does not let a few reporters raise the live release’s rate to shield a canary', () => {
    // 1,000 failures of the live release from 4 reporters: below the distinct minimum, so the live rate is 0 %.
    expect(judgeCanary(counts('c', 200, 200), counts('base', 1000, 1000, 4), settings)).toMatchObject({
      rollBack: true,
    });
  });
});

describe.each(DRIVERS)('the canary watch (%s)', (driver) => {
  let env: Awaited<ReturnType<typeof healthContext>>;
  beforeEach(async () => {
    env = await healthContext(driver);
  });
  afterEach(() => env.close());

  const send = (token: string, reports: Report[]) =>
    env.ctx.app.inject({
      method: 'POST',
      url: '/telemetry/remote-health',
      headers: { 'content-type': 'text/plain', origin: APP_ORIGIN },
      payload: JSON.stringify({ idToken: token, reports }),
    });
  const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(env.ctx)));

  it('rolls a canary back when distinct users meet its failures, and the log says why', async () => {
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1, 1), report('1.0.0-live', 1)]);
    const rolledBack = await env.watch().tick();
    expect(rolledBack).toHaveLength(1);
    const store = openReleaseStore(env.dir);
    expect(store.readState().remotes['remote-contests']).toMatchObject({ live: '1.0.0-live', canary: null });
    const [entry] = store.readLog();
    expect(entry).toMatchObject({
      action: 'auto-rollback',
      remote: 'remote-contests',
      from: '1.0.0-canary',
      version: '1.0.0-live',
      by: WATCH_OPERATOR,
      at: env.ctx.clock.now().toISOString(),
      reason: expect.stringMatching(/^error rate 100\.0% \(4 failures in 4 views, from 4 users or browsers\)/),
    });
    // Once: the next look finds no canary.
    expect(await env.watch().tick()).toEqual([]);
  });

  it('is not moved by one account: its failures of a healthy canary roll nothing back, window after window', async () => {
    const [attacker, ...others] = await users(5);
    for (const user of others) await send(user.token, [report('1.0.0-canary', 1)]);
    for (let window = 0; window < 6; window += 1) {
      await send((attacker as TestUser).token, [report('1.0.0-canary', 1000, 1000, 1000)]);
      env.ctx.clock.advance(HEALTH_WINDOW_MS);
    }
    // 6 failing views of 10: 60 %, but from one account.
    expect(await env.watch().tick()).toEqual([]);
    expect(openReleaseStore(env.dir).readLog()).toEqual([]);
  });

  it('is not stopped by one account: its failures of the live release shield no failing canary', async () => {
    const [attacker, ...others] = await users(5);
    for (let window = 0; window < 6; window += 1) {
      await send((attacker as TestUser).token, [report('1.0.0-live', 1000, 1000, 1000)]);
      env.ctx.clock.advance(HEALTH_WINDOW_MS);
    }
    for (const user of others) await send(user.token, [report('1.0.0-canary', 1, 1)]);
    expect(await env.watch().tick()).toHaveLength(1);
  });

  it('leaves alone a canary without auto-rollback, a healthy one, and one with too few views', async () => {
    const startNow = (autoRollback: boolean) => {
      env.ctx.clock.advance(HEALTH_WINDOW_MS);
      env.setState(canaryState(autoRollback, env.ctx.clock.now().toISOString()));
      env.ctx.clock.advance(1500);
    };
    startNow(false);
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1, 1)]);
    expect(await env.watch().tick()).toEqual([]);
    // Healthy: nobody failed.
    startNow(true);
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1)]);
    expect(await env.watch().tick()).toEqual([]);
    // Failing, but 3 views are too few to tell.
    startNow(true);
    for (const user of await users(3)) await send(user.token, [report('1.0.0-canary', 1, 1)]);
    expect(await env.watch().tick()).toEqual([]);
    expect(openReleaseStore(env.dir).readLog()).toEqual([]);
  });

  it('counts only what arrived since the canary started', async () => {
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1, 1)]);
    env.ctx.clock.advance(2 * HEALTH_WINDOW_MS);
    env.setState(canaryState(true, env.ctx.clock.now().toISOString()));
    env.ctx.clock.advance(1500);
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1)]);
    expect(await env.watch().tick()).toEqual([]);
    expect(openReleaseStore(env.dir).readLog()).toEqual([]);
  });

  it('does nothing when a person changed the canary between its look and its write', async () => {
    for (const user of await users(4)) await send(user.token, [report('1.0.0-canary', 1, 1)]);
    const real = openReleaseStore(env.dir);
    const seen = real.readState();
    // A person promotes the canary after the watch read live.json.
    const promoted = canaryState(true, env.ctx.clock.now().toISOString());
    env.setState({
      remotes: { 'remote-contests': { ...promoted.remotes['remote-contests'], live: '1.0.0-canary', canary: null } },
    });
    const watch = new CanaryWatch({
      db: env.ctx.database.db,
      store: { ...real, readState: () => seen },
      clock: env.ctx.clock,
      settings: { store: env.dir, checkMs: 1000, minViews: 4, minFailingReporters: 3, thresholdPoints: 2 },
      log: env.ctx.app.log,
    });
    expect(await watch.tick()).toEqual([]);
    expect(real.readState().remotes['remote-contests']).toMatchObject({ live: '1.0.0-canary', canary: null });
    expect(real.readLog()).toEqual([]);
  });
});
