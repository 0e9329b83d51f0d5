import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { call, contestFields, createScratchDatabase, DRIVERS, type Driver, testConfig } from './support/harness';
import { TestIssuer } from './support/tokens';

async function onboard(app: FastifyInstance, issuer: TestIssuer, sub: string, ticker: string) {
  const token = await issuer.idToken(sub, { exp: Math.floor(Date.UTC(2031, 0, 1) / 1000) });
  const init = await call({ app }, 'POST', '/user/initialize-user', { token, body: { callSign: ticker, ticker, displayName: ticker } });
  if (init.statusCode !== 200) throw new Error(init.body);
  return token;
}

describe.each(DRIVERS)('restart (%s)', (driver: Driver) => {
  test('trades acknowledged before a restart are all there after it', async () => {
    const clock = new ManualClock('2030-03-02T10:00:00.000Z');
    const issuer = await TestIssuer.create(() => clock.now());
    const dir = driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-api-')) : null;
    const scratch = driver === 'postgres' ? await createScratchDatabase() : null;
    const open = () => openDatabase({ url: scratch?.url ?? null, dataDir: dir });
    try {
      let database: Database = await open();
      let app = await buildApp({ config: testConfig(), database, clock, getKey: issuer.getKey });
      const owner = await onboard(app, issuer, 'owner-sub', 'OWNER');
      const player = await onboard(app, issuer, 'player-sub', 'PLAYER');
      const created = await call({ app }, 'POST', '/contest/create-contest', { token: owner, body: contestFields({ clock } as never) });
      const contestId = created.json().data._id as string;
      await call({ app }, 'POST', '/contest/join-contest', { token: player, body: { contestId, picks: ['AAPL', 'MSFT'] } });
      clock.set(created.json().data.startsAt);
      await app.deps.contestClock.tick();
      const acknowledged: string[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await call({ app }, 'POST', '/contest/trading', {
          token: player,
          body: { contestId, symbol: i % 2 ? 'AAPL' : 'T', side: i % 2 ? 'sell' : 'buy', quantity: 1 },
        });
        expect(response.statusCode).toBe(200);
        acknowledged.push(response.json().data.trade._id);
      }
      const before = (await call({ app }, 'GET', `/contest-user/${contestId}`, { token: player })).json().data;
      await app.close();
      await database.close();

      database = await open();
      app = await buildApp({ config: testConfig(), database, clock, getKey: issuer.getKey });
      const after = (await call({ app }, 'GET', `/contest-user/${contestId}`, { token: player })).json().data;
      expect(after.trades.map((t: { _id: string }) => t._id).sort()).toEqual([...acknowledged].sort());
      expect(after.portfolio).toEqual(before.portfolio);
      // The market continues from the stored prices rather than starting over.
      const equities = (await call({ app }, 'POST', '/equity/get-equities', { token: player, body: {} })).json().equities;
      const aapl = equities.find((e: { symbol: string }) => e.symbol === 'AAPL');
      expect(aapl.price).toBe(before.portfolio.positions.find((p: { symbol: string }) => p.symbol === 'AAPL').price);
      await app.close();
      await database.close();
    } finally {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});

const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgresOnly('two API instances on one PostgreSQL', () => {
  test('exactly one runs the clock; when it stops, the other takes over', async () => {
    const scratch = await createScratchDatabase();
    const clock = new ManualClock('2030-04-01T10:00:00.000Z');
    const issuer = await TestIssuer.create(() => clock.now());
    const databases = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    const apps = await Promise.all(databases.map((database) => buildApp({ config: testConfig(), database, clock, getKey: issuer.getKey })));
    try {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const owner = await onboard(a, issuer, 'two-owner', 'TWOOWN');
      const player = await onboard(b, issuer, 'two-player', 'TWOPLY');
      const created = await call({ app: a }, 'POST', '/contest/create-contest', { token: owner, body: contestFields({ clock } as never) });
      const contestId = created.json().data._id as string;
      await call({ app: b }, 'POST', '/contest/join-contest', { token: player, body: { contestId, picks: ['AAPL', 'MSFT'] } });
      clock.set(created.json().data.startsAt);

      const reports = await Promise.all([a.deps.contestClock.tick(), b.deps.contestClock.tick()]);
      expect(reports.filter((r) => r.worker)).toHaveLength(1);
      expect(reports.flatMap((r) => r.started)).toEqual([contestId]);
      for (let i = 0; i < 3; i++) {
        clock.advance(5000);
        const again = await Promise.all([a.deps.contestClock.tick(), b.deps.contestClock.tick()]);
        expect(again.map((r) => r.worker)).toEqual(reports.map((r) => r.worker));
      }
      // Positions were allocated once, not once per instance.
      const state = (await call({ app: a }, 'GET', `/contest-user/${contestId}`, { token: player })).json().data;
      expect(state.portfolio.value).toBeGreaterThan(9_000);
      expect(state.portfolio.value).toBeLessThan(11_000);
      expect(state.portfolio.positions.map((p: { symbol: string }) => p.symbol)).toEqual(['AAPL', 'MSFT']);
      const tickCount = await databases[0]?.db.execute('SELECT tick_index FROM market_state WHERE id = 1');
      expect(Number((tickCount as unknown as { rows: { tick_index: string }[] }).rows[0]?.tick_index)).toBe(4);

      // The worker goes away: its session lock is released and the other instance becomes the worker.
      const workerIndex = reports.findIndex((r) => r.worker);
      await apps[workerIndex]?.close();
      await databases[workerIndex]?.close();
      const survivor = apps[1 - workerIndex] as FastifyInstance;
      clock.advance(5000);
      expect((await survivor.deps.contestClock.tick()).worker).toBe(true);
    } finally {
      for (const app of apps) await app.close().catch(() => undefined);
      for (const database of databases) await database.close().catch(() => undefined);
      await scratch.drop();
    }
  });
});

test('under PGlite the single instance is always the worker', async () => {
  const database = await openDatabase({ url: null });
  try {
    expect(await database.tryAcquireWorkerLock()).toBe(true);
    expect(await database.tryAcquireWorkerLock()).toBe(true);
  } finally {
    await database.close();
  }
});
