import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
import { valueLiveContests } from '../src/db/valuation';
import {
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  tickAt,
} from './support/harness';

const at = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

describe.each(DRIVERS)('portfolio-history points spread over ticks (%s)', (driver) => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  /** Each contest's count of points (distinct instants) in the stored history. */
  async function pointsByContest(): Promise<Record<string, number>> {
    const rows = await queryRows<{ contest_id: string; n: string | number }>(
      ctx.database.db,
      sql`SELECT p.contest_id, COUNT(DISTINCT h.t) AS n
          FROM portfolio_history h JOIN participants p ON p.id = h.participant_id GROUP BY p.contest_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.contest_id, Number(row.n)]));
  }

  /** One valuation at `now` with room for `share` players' points, as the clock runs it. */
  const value = (now: Date, share: number) =>
    ctx.database.db.transaction((tx) => valueLiveContests(tx, now, 1, undefined, undefined, share));

  test("contests due together take turns, longest due first, a tick's share at a time; a final point never waits", async () => {
    ctx = await createTestContext(driver);
    const [owner, ann, ben] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx)]);
    // Two one-hour contests (a point every 15 s) and a two-minute one (every 0.5 s), two players each, all starting
    // together: their first points are written at the start tick.
    const hourA = await createContest(ctx, owner, { name: 'Hour A' });
    const hourB = await createContest(ctx, owner, { name: 'Hour B' });
    const sprint = await createContest(ctx, owner, {
      name: 'Sprint',
      endsAt: at(hourA.startsAt, 120_000).toISOString(),
    });
    for (const contest of [hourA, hourB, sprint])
      for (const player of [ann, ben]) await joinContest(ctx, player, contest._id);
    const start = hourA.startsAt;
    await tickAt(ctx, start);
    expect(await pointsByContest()).toEqual({ [hourA._id]: 1, [hourB._id]: 1, [sprint._id]: 1 });

    // All three due, room for three players: the sprint (due since 0.5 s) and one hour contest (due since 15 s) take
    // their points; the other, with the same due time, waits.
    await value(at(start, 20_000), 3);
    let points = await pointsByContest();
    expect(points[sprint._id]).toBe(2);
    expect([points[hourA._id], points[hourB._id]].sort()).toEqual([1, 2]);
    const waited = points[hourA._id] === 1 ? hourA._id : hourB._id;
    const wrote = waited === hourA._id ? hourB._id : hourA._id;

    // A second later the one that waited is the longest due and goes first; the sprint is due again and fits too.
    await value(at(start, 21_000), 3);
    points = await pointsByContest();
    expect(points).toEqual({ [hourA._id]: 2, [hourB._id]: 2, [sprint._id]: 3 });

    // All three due again, with room for three players: the sprint, then the hour contest due longest, and the other
    // waits once more.
    await value(at(start, 119_800), 3);
    points = await pointsByContest();
    expect(points).toEqual({ [wrote]: 3, [waited]: 2, [sprint._id]: 4 });

    // At the sprint's end, with room for one player: the hour contest that waited takes it, and the sprint's final
    // point, last in line, is written anyway.
    await value(at(start, 120_000), 1);
    points = await pointsByContest();
    expect(points).toEqual({ [wrote]: 3, [waited]: 3, [sprint._id]: 5 });
  });
});
