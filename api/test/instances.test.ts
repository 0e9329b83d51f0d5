import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import {
  call,
  contestFields,
  createScratchDatabase,
  createTwoInstances,
  DRIVERS,
  type Driver,
  onboard,
  testConfig,
} from './support/harness';
import { readServerEvents } from './support/server-events';
import { until } from './support/until';
import { TestIssuer } from './support/tokens';

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
      const created = await call({ app }, 'POST', '/contest/create-contest', {
        token: owner,
        body: contestFields({ clock } as never),
      });
      const contestId = created.json().data._id as string;
      await call({ app }, 'POST', '/contest/join-contest', {
        token: player,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
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
      const equities = (await call({ app }, 'POST', '/equity/get-equities', { token: player, body: {} })).json()
        .equities;
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
    const two = await createTwoInstances('2030-04-01T10:00:00.000Z');
    const { a, b, apps, clock, databases, issuer } = two;
    try {
      const owner = await onboard(a, issuer, 'two-owner', 'TWOOWN');
      const player = await onboard(b, issuer, 'two-player', 'TWOPLY');
      const created = await call({ app: a }, 'POST', '/contest/create-contest', {
        token: owner,
        body: contestFields({ clock } as never),
      });
      const contestId = created.json().data._id as string;
      await call({ app: b }, 'POST', '/contest/join-contest', {
        token: player,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
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
      await two.close();
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

/**
 * An event-stream client like the live screen's: reads `standings` events, and when its connection ends or fails
 * reconnects to the next instance in `bases` (as a load balancer would send it elsewhere).
 */
function watch(bases: string[], contestId: string, token: string) {
  const seen: { asOf: string; base: string; userRows: number }[] = [];
  let stopped = false;
  const controller = new AbortController();
  const done = (async () => {
    for (let attempt = 0; attempt < 20 && !stopped; attempt++) {
      const base = bases[Math.min(attempt, bases.length - 1)] as string;
      try {
        const response = await fetch(`${base}/contest/active/${contestId}/events`, {
          headers: { authorization: token },
          signal: controller.signal,
        });
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        await readServerEvents(response.body as ReadableStream<Uint8Array>, (name, data) => {
          if (name !== 'standings') return;
          const event = data as { asOf: string; standings: unknown[] };
          seen.push({ asOf: event.asOf, base, userRows: event.standings.length });
        });
      } catch {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    seen,
    asOfs: () => [...new Set(seen.map((s) => s.asOf))],
    async stop() {
      stopped = true;
      controller.abort();
      await done;
    },
  };
}

/** Two API instances on one scratch PostgreSQL database, listening on loopback, sharing a manual clock and issuer;
 *  everything (streams opened through `watchers` included) is closed and dropped afterwards. */
async function withTwoInstances(
  startIso: string,
  run: (context: {
    a: FastifyInstance;
    b: FastifyInstance;
    bases: string[];
    clock: ManualClock;
    issuer: TestIssuer;
    databases: Database[];
    watchers: ReturnType<typeof watch>[];
  }) => Promise<void>,
) {
  const two = await createTwoInstances(startIso);
  const { a, b, clock, issuer, databases } = two;
  const watchers: ReturnType<typeof watch>[] = [];
  try {
    const bases = [await a.listen({ port: 0, host: '127.0.0.1' }), await b.listen({ port: 0, host: '127.0.0.1' })];
    await run({ a, b, bases, clock, issuer, databases, watchers });
  } finally {
    for (const w of watchers) await w.stop();
    await two.close();
  }
}

postgresOnly('event streams across instances (LISTEN/NOTIFY)', () => {
  test('a stream on either instance gets every tick; a trade on one shows on the other at the next tick', async () => {
    await withTwoInstances('2030-05-01T10:00:00.000Z', async ({ a, b, bases, clock, issuer, watchers }) => {
      const owner = await onboard(a, issuer, 'ln-owner', 'LNOWN');
      const player = await onboard(b, issuer, 'ln-player', 'LNPLY');
      const created = await call({ app: a }, 'POST', '/contest/create-contest', {
        token: owner,
        body: contestFields({ clock } as never),
      });
      const contestId = created.json().data._id as string;
      await call({ app: a }, 'POST', '/contest/join-contest', {
        token: owner,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
      await call({ app: b }, 'POST', '/contest/join-contest', {
        token: player,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
      clock.set(created.json().data.startsAt);
      // `a` is the worker: it ticks first and keeps the lock; `b`'s own timer finds the lock taken and does nothing.
      expect((await a.deps.contestClock.tick()).worker).toBe(true);
      expect((await b.deps.contestClock.tick()).worker).toBe(false);

      watchers.push(watch([bases[0] as string], contestId, owner), watch([bases[1] as string], contestId, player));
      await until('the first boards', () => watchers.every((w) => w.seen.length >= 1));
      const ticks: string[] = [];
      for (let i = 1; i <= 3; i++) {
        clock.advance(5000);
        ticks.push(clock.now().toISOString());
        // Only the worker ticks: `b` hears of it through NOTIFY alone.
        await a.deps.contestClock.tick();
        await until(`tick ${i} on both instances`, () =>
          watchers.every((w) => w.asOfs().includes(clock.now().toISOString())),
        );
      }
      for (const w of watchers) expect(w.asOfs()).toEqual([created.json().data.startsAt, ...ticks]);

      // The read on the non-worker serves the new board too (its board store heard the tick).
      const boardOnB = await call({ app: b }, 'GET', `/contest/active/${contestId}`, { token: player });
      expect(boardOnB.json().asOf).toBe(clock.now().toISOString());

      // A trade on `b` changes the player's value on the board seen by the stream on `a` at the next tick.
      const rowOf = (board: { standings: { userId: string; value: number }[] }, ticker: string) =>
        board.standings.find((s) => (s as unknown as { ticker: string }).ticker === ticker);
      const sold = await call({ app: b }, 'POST', '/contest/trading', {
        token: player,
        body: { contestId, symbol: 'AAPL', side: 'sell', quantity: 1 },
      });
      expect(sold.statusCode).toBe(200);
      clock.advance(5000);
      await a.deps.contestClock.tick();
      const seenOnA = await call({ app: a }, 'GET', `/contest/active/${contestId}`, { token: owner });
      const afterTick = (await call({ app: b }, 'GET', `/contest-user/${contestId}`, { token: player })).json().data
        .portfolio;
      expect(afterTick.positions.find((p: { symbol: string }) => p.symbol === 'AAPL').quantity).toBe(
        sold.json().data.portfolio.positions.find((p: { symbol: string }) => p.symbol === 'AAPL').quantity,
      );
      expect(rowOf(seenOnA.json(), 'LNPLY')?.value).toBe(afterTick.value);
      await until('the trade tick on a', () => watchers[0]?.asOfs().includes(clock.now().toISOString()) === true);
    });
  });

  test('an instance killed with streams open: its clients reconnect to the other and miss at most one tick', async () => {
    await withTwoInstances('2030-05-02T10:00:00.000Z', async ({ a, b, bases, clock, issuer, watchers, databases }) => {
      const owner = await onboard(a, issuer, 'kill-owner', 'KLOWN');
      const created = await call({ app: a }, 'POST', '/contest/create-contest', {
        token: owner,
        body: contestFields({ clock } as never),
      });
      const contestId = created.json().data._id as string;
      await call({ app: a }, 'POST', '/contest/join-contest', {
        token: owner,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
      clock.set(created.json().data.startsAt);
      expect((await a.deps.contestClock.tick()).worker).toBe(true);
      // Streams on the worker, which is about to die, and one on the survivor.
      const viewers = await Promise.all([1, 2, 3].map((i) => onboard(b, issuer, `kill-viewer-${i}`, `KLV${i}`)));
      watchers.push(...viewers.map((token) => watch(bases, contestId, token)));
      watchers.push(watch([bases[1] as string], contestId, owner));
      await until('the first boards', () => watchers.every((w) => w.seen.length >= 1));
      const ticks = [created.json().data.startsAt as string];
      clock.advance(5000);
      ticks.push(clock.now().toISOString());
      await a.deps.contestClock.tick();
      await until('tick 1', () => watchers.every((w) => w.asOfs().includes(ticks[1] as string)));

      // Killed: connections cut without a goodbye, its database session (and the worker lock) gone.
      a.server.closeAllConnections();
      await databases[0]?.close();
      await a.close().catch(() => undefined);

      // The survivor takes the clock over at the next tick.
      for (let i = 0; i < 3; i++) {
        clock.advance(5000);
        ticks.push(clock.now().toISOString());
        expect((await b.deps.contestClock.tick()).worker).toBe(true);
        await until(`tick ${ticks.length - 1} after the kill`, () =>
          watchers.every((w) => w.asOfs().includes(ticks.at(-1) as string)),
        );
      }
      for (const w of watchers) {
        const missed = ticks.filter((t) => !w.asOfs().includes(t));
        expect(missed.length).toBeLessThanOrEqual(1);
        expect(w.seen.at(-1)?.base).toBe(bases[1]);
      }
    });
  });
});

postgresOnly('notices between two instances on one PostgreSQL', () => {
  test('a payload published on a channel reaches every listener of that channel on both instances, once each', async () => {
    const scratch = await createScratchDatabase();
    const databases = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
    try {
      const [a, b] = databases as [Database, Database];
      const heard: string[] = [];
      await a.listen('bullpen_test_one', (payload) => heard.push(`a:${payload}`));
      await b.listen('bullpen_test_one', (payload) => heard.push(`b:${payload}`));
      // A channel added after the connection already listens on another one.
      await b.listen('bullpen_test_two', (payload) => heard.push(`b2:${payload}`));
      await a.publish('bullpen_test_one', 'hello');
      await b.publish('bullpen_test_two', 'there');
      await until('both notices', () => heard.length >= 3);
      // Published last, heard last: a stray duplicate of either notice would be heard before it.
      await a.publish('bullpen_test_one', 'end');
      await until('the closing notice', () => heard.filter((entry) => entry.endsWith(':end')).length === 2);
      expect(heard.sort()).toEqual(['a:end', 'a:hello', 'b2:there', 'b:end', 'b:hello']);
      await expect(a.publish('Bad channel; DROP', 'x')).rejects.toThrow('not a notice channel name');
    } finally {
      for (const database of databases) await database.close().catch(() => undefined);
      await scratch.drop();
    }
  });
});

test('under PGlite a notice reaches the listeners of its channel in process, and no other channel', async () => {
  const database = await openDatabase({ url: null });
  try {
    const heard: string[] = [];
    const stop = await database.listen('bullpen_test_one', (payload) => heard.push(payload));
    await database.listen('bullpen_test_two', (payload) => heard.push(`two:${payload}`));
    await database.publish('bullpen_test_one', 'hello');
    stop();
    await database.publish('bullpen_test_one', 'unheard');
    expect(heard).toEqual(['hello']);
  } finally {
    await database.close();
  }
});
