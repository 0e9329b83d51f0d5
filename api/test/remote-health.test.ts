import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openReleaseStore } from '../../scripts/lib/release-store.mjs';
import { CanaryWatch, judgeCanary, WATCH_OPERATOR } from '../src/clock/canary-watch';
import { HEALTH_BODY_LIMIT, MAX_COUNT } from '../src/routes/telemetry';
import { createTestContext, DRIVERS, type TestContext } from './support/harness';

const report = (release: string, views: number, loadFailures = 0, errors = 0, remote = 'contests') => ({
  remote,
  release,
  views,
  loadFailures,
  errors,
});

describe.each(DRIVERS)('POST /telemetry/remote-health (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  /** As navigator.sendBeacon sends a string: text/plain, no token. */
  const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') =>
    ctx.app.inject({
      method: 'POST',
      url: '/telemetry/remote-health',
      headers: { 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const totals = async (minutes = 60) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/telemetry/remote-health?minutes=${minutes}` });
    expect(response.statusCode).toBe(200);
    return response.json().releases as ReturnType<typeof report>[];
  };

  it('adds up beacons per release, without a token, as text/plain or JSON', async () => {
    const first = await beacon({ browserId: 'b-11111111', reports: [report('1.0.0-aaa', 3, 1, 0)] });
    expect(first.statusCode).toBe(204);
    const second = await beacon(
      { browserId: 'b-22222222', reports: [report('1.0.0-aaa', 2, 0, 1), report('base', 5)] },
      'application/json',
    );
    expect(second.statusCode).toBe(204);
    ctx.clock.advance(90_000); // the next minute: another row, the same totals
    await beacon({ browserId: 'b-33333333', reports: [report('1.0.0-aaa', 1), report('1.0.0-aaa', 1, 1)] });
    expect(await totals()).toEqual([report('1.0.0-aaa', 7, 2, 1), report('base', 5)]);
    // Only what arrived within the window counts.
    ctx.clock.advance(10 * 60_000);
    expect(await totals(5)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"browserId":'],
    ['no browser id', { reports: [report('base', 1)] }],
    ['a browser id that is not one', { browserId: 'me@example.com', reports: [report('base', 1)] }],
    ['no reports', { browserId: 'b-44444444', reports: [] }],
    ['an unknown remote', { browserId: 'b-44444444', reports: [report('base', 1, 0, 0, 'admin')] }],
    ['a release that is a path', { browserId: 'b-44444444', reports: [report('../../etc', 1)] }],
    ['a negative count', { browserId: 'b-44444444', reports: [report('base', -1)] }],
    ['a count above the bound', { browserId: 'b-44444444', reports: [report('base', MAX_COUNT + 1)] }],
    [
      'a field of its own (personal data has no place)',
      { browserId: 'b-44444444', phone: '+15550000000', reports: [report('base', 1)] },
    ],
    ['too many reports', { browserId: 'b-44444444', reports: Array.from({ length: 17 }, () => report('base', 1)) }],
  ])('refuses %s with 400 and records nothing', async (_name, body) => {
    const before = await totals();
    const response = await beacon(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errMessage');
    expect(await totals()).toEqual(before);
  });

  it('refuses a body above its bound with 413', async () => {
    const response = await beacon({ browserId: 'b-55555555', padding: 'x'.repeat(HEALTH_BODY_LIMIT) });
    expect(response.statusCode).toBe(413);
  });
});

describe('judgeCanary', () => {
  const settings = { minViews: 200, thresholdPoints: 2 };
  it('waits for enough views', () => {
    expect(judgeCanary(report('c', 199, 199), report('base', 1000), settings).rollBack).toBe(false);
  });
  it('rolls back above the threshold, not at or below it', () => {
    // 5 % against 1 %: 4 points.
    expect(judgeCanary(report('c', 200, 6, 4), report('base', 1000, 10), settings)).toMatchObject({
      rollBack: true,
      reason: expect.stringContaining('4.0 points above'),
    });
    // 3 % against 1 %: exactly 2 points is not above 2.
    expect(judgeCanary(report('c', 200, 6), report('base', 1000, 10), settings).rollBack).toBe(false);
  });
  it('compares with a live release that has no views as 0 %', () => {
    expect(judgeCanary(report('c', 200, 5), undefined, settings).rollBack).toBe(true);
    expect(judgeCanary(report('c', 200, 4), undefined, settings).rollBack).toBe(false);
  });
});

describe.each(DRIVERS)('the canary watch (%s)', (driver) => {
  let ctx: TestContext;
  let dir: string;
  beforeEach(async () => {
    ctx = await createTestContext(driver);
    dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-store-'));
  });
  afterEach(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

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
  const watchOf = () =>
    new CanaryWatch({
      db: ctx.database.db,
      store: openReleaseStore(dir),
      clock: ctx.clock,
      settings: { store: dir, checkMs: 1000, minViews: 200, thresholdPoints: 2 },
      log: ctx.app.log,
    });
  const send = (reports: ReturnType<typeof report>[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/telemetry/remote-health',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ browserId: 'b-66666666', reports }),
    });

  it('rolls a failing canary back by its clock, and the log says why', async () => {
    writeFileSync(path.join(dir, 'live.json'), JSON.stringify(canaryState(true, ctx.clock.now().toISOString())));
    await send([report('1.0.0-canary', 250, 20, 5), report('1.0.0-live', 250, 1)]);
    const rolledBack = await watchOf().tick();
    expect(rolledBack).toHaveLength(1);
    const store = openReleaseStore(dir);
    expect(store.readState().remotes['remote-contests']).toMatchObject({ live: '1.0.0-live', canary: null });
    const [entry] = store.readLog();
    expect(entry).toMatchObject({
      action: 'auto-rollback',
      remote: 'remote-contests',
      from: '1.0.0-canary',
      version: '1.0.0-live',
      by: WATCH_OPERATOR,
      at: ctx.clock.now().toISOString(),
      reason: expect.stringContaining('error rate 10.0% (25 failures in 250 views)'),
    });
    // Once: the next look finds no canary.
    expect(await watchOf().tick()).toEqual([]);
  });

  it('leaves alone a canary without auto-rollback, a healthy one, and one with too few views', async () => {
    const startNow = (autoRollback: boolean) => {
      ctx.clock.advance(60_000);
      writeFileSync(
        path.join(dir, 'live.json'),
        JSON.stringify(canaryState(autoRollback, ctx.clock.now().toISOString())),
      );
    };
    startNow(false);
    await send([report('1.0.0-canary', 250, 100), report('1.0.0-live', 250)]);
    expect(await watchOf().tick()).toEqual([]);
    // 2 % against 1 %: healthy.
    startNow(true);
    await send([report('1.0.0-canary', 250, 5), report('1.0.0-live', 250, 2, 0)]);
    expect(await watchOf().tick()).toEqual([]);
    // Failing, but 199 views are too few to tell.
    startNow(true);
    await send([report('1.0.0-canary', 199, 150), report('1.0.0-live', 250)]);
    expect(await watchOf().tick()).toEqual([]);
    expect(openReleaseStore(dir).readLog()).toEqual([]);
  });

  it('counts only what arrived since the canary started', async () => {
    await send([report('1.0.0-canary', 250, 100)]);
    ctx.clock.advance(120_000);
    writeFileSync(path.join(dir, 'live.json'), JSON.stringify(canaryState(true, ctx.clock.now().toISOString())));
    await send([report('1.0.0-canary', 250)]);
    expect(await watchOf().tick()).toEqual([]);
    expect(openReleaseStore(dir).readLog()).toEqual([]);
  });

  it('does nothing when a person changed the canary between its look and its write', async () => {
    writeFileSync(path.join(dir, 'live.json'), JSON.stringify(canaryState(true, ctx.clock.now().toISOString())));
    await send([report('1.0.0-canary', 250, 100)]);
    const real = openReleaseStore(dir);
    const seen = real.readState();
    // A person promotes the canary after the watch read live.json.
    const promoted = canaryState(true, ctx.clock.now().toISOString());
    writeFileSync(
      path.join(dir, 'live.json'),
      JSON.stringify({
        remotes: { 'remote-contests': { ...promoted.remotes['remote-contests'], live: '1.0.0-canary', canary: null } },
      }),
    );
    const watch = new CanaryWatch({
      db: ctx.database.db,
      store: { ...real, readState: () => seen },
      clock: ctx.clock,
      settings: { store: dir, checkMs: 1000, minViews: 200, thresholdPoints: 2 },
      log: ctx.app.log,
    });
    expect(await watch.tick()).toEqual([]);
    expect(real.readState().remotes['remote-contests']).toMatchObject({ live: '1.0.0-canary', canary: null });
    expect(real.readLog()).toEqual([]);
  });
});
