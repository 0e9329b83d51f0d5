// The benchmark the clock keeps (db/benchmark.ts): each first point's prices while a live contest rests on them, and
// the level at every point for as long as the contest's results are read.
import { benchmarkResponseSchema } from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  tickAt,
} from './support/harness';

const at = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

const countOf = async (ctx: TestContext, table: 'benchmark_bases' | 'benchmark_levels', firstAt: string) =>
  Number(
    (
      await queryRows<{ n: string }>(
        ctx.database.db,
        sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE first_at = ${new Date(firstAt)}`,
      )
    )[0]?.n,
  );

describe.each(DRIVERS)('the benchmark kept by the clock (%s)', (driver) => {
  test('a first point keeps the prices until no live contest rests on them; the levels outlive the contest', async () => {
    const ctx = await createTestContext(driver);
    try {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      // An hour's contest has a point every 15 s.
      const contest = await createContest(ctx, owner, { name: 'Kept Cup' });
      await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
      await tickAt(ctx, new Date(contest.startsAt));
      const symbols = Number(
        (
          await queryRows<{ n: string }>(ctx.database.db, sql`SELECT count(*) AS n FROM equities WHERE price_cents > 0`)
        )[0]?.n,
      );
      expect(symbols).toBeGreaterThan(1);
      expect(await countOf(ctx, 'benchmark_bases', contest.startsAt)).toBe(symbols);
      for (let s = 20; s <= 60; s += 20) await tickAt(ctx, at(contest.startsAt, s * 1000));
      const live = benchmarkResponseSchema.parse(
        (await call(ctx, 'GET', `/contest/${contest._id}/benchmark`, { token: player.token })).json(),
      );
      expect(live.points.length).toBeGreaterThanOrEqual(4);
      expect(live.points[0]).toEqual({ t: contest.startsAt, returnPct: 0 });
      expect(live.points.some((p) => p.returnPct !== 0)).toBe(true);

      await tickAt(ctx, new Date(contest.endsAt));
      // The clock's hourly cleanup, an hour on: the ended contest's base is forgotten, its levels are not.
      await tickAt(ctx, at(contest.endsAt, 3_600_000));
      expect(await countOf(ctx, 'benchmark_bases', contest.startsAt)).toBe(0);
      const final = benchmarkResponseSchema.parse(
        (await call(ctx, 'GET', `/contest/${contest._id}/benchmark`, { token: player.token })).json(),
      );
      expect(final.points.length).toBeGreaterThan(live.points.length);
      expect(final.points.slice(0, live.points.length - 1)).toEqual(live.points.slice(0, -1));
      expect(await countOf(ctx, 'benchmark_levels', contest.startsAt)).toBe(final.points.length);
    } finally {
      await ctx.close();
    }
  });
});
