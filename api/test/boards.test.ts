import {
  compactStandingRow,
  compactStandingsEventSchema,
  contestBoardResponseSchema,
  standingOfCompactRow,
  standingsEventSchema,
  standingsPageResponseSchema,
} from '@bullpen/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventRow } from '../src/live/boards';
import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  tickAt,
  type TestContext,
  type TestUser,
} from './support/harness';

/** Players seeded straight into the tables (the user pool and the API's join are not what is under test here). */
const SEEDED = 250;

/**
 * A live contest with SEEDED + 1 players: the seeded ones get more cash than the real `player`, who joined last, so the
 * player ranks last (outside the top 100) and every rank is distinct.
 */
async function bigLiveContest(ctx: TestContext, tag: string) {
  const owner = await createUser(ctx);
  const player = await createUser(ctx);
  const contest = await createContest(ctx, owner, { maxParticipants: 1000 });
  const db = ctx.app.deps.db;
  await db.execute(sql`
    INSERT INTO users (id, sub, phone_number, status, role, ticker, display_name, bio, created_at, updated_at)
    SELECT ${tag} || i, ${tag} || i, NULL, 'active', 'user', upper(${tag}) || i, 'Seeded ' || i, '', now(), now()
    FROM generate_series(1, ${SEEDED}) AS i`);
  await db.execute(sql`
    INSERT INTO participants (contest_id, user_id, picks, affiliation, joined_at)
    SELECT ${contest._id}, ${tag} || i, '["AAPL","MSFT"]'::jsonb, NULL, now() - interval '1 day' + (i || ' seconds')::interval
    FROM generate_series(1, ${SEEDED}) AS i`);
  await db.execute(sql`UPDATE contests SET participants_count = ${SEEDED} WHERE id = ${contest._id}`);
  await joinContest(ctx, player, contest._id);
  await tickAt(ctx, contest.startsAt);
  // Seeded player i gets i dollars more cash: distinct values, all above the real player's.
  await db.execute(sql`
    UPDATE participants SET cash_cents = cash_cents + 100 * CAST(substr(user_id, ${tag.length + 1}) AS integer)
    WHERE contest_id = ${contest._id} AND user_id LIKE ${`${tag}%`}`);
  const second = new Date(new Date(contest.startsAt).getTime() + 5_000);
  await tickAt(ctx, second);
  return { owner, player, contest, total: SEEDED + 1, asOf: second.toISOString() };
}

describe.each(DRIVERS)('bounded boards (%s)', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let contestId: string;
  let total: number;
  let asOf: string;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const big = await bigLiveContest(ctx, `b${driver[0]}`);
    ({ owner, player, total, asOf } = big);
    contestId = big.contest._id;
    stranger = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const get = (user: TestUser, url: string) => call(ctx, 'GET', url, { token: user.token });

  test('the live board carries the top 100 rows, the caller own row when outside them, and total', async () => {
    const forStranger = await get(stranger, `/contest/active/${contestId}`);
    expect(forStranger.statusCode).toBe(200);
    expect(forStranger.headers['content-type']).toMatch(/^application\/json/);
    const strangerBoard = contestBoardResponseSchema.parse(forStranger.json());
    expect(strangerBoard.standings).toHaveLength(100);
    expect(strangerBoard.total).toBe(total);
    expect(strangerBoard.asOf).toBe(asOf);
    expect(strangerBoard.contest).toMatchObject({
      _id: contestId,
      status: 'active',
      joined: false,
      participantsCount: total,
    });
    expect(strangerBoard.standings.map((s) => s.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));

    const forPlayer = contestBoardResponseSchema.parse((await get(player, `/contest/active/${contestId}`)).json());
    expect(forPlayer.contest.joined).toBe(true);
    expect(forPlayer.standings).toHaveLength(101);
    expect(forPlayer.standings.slice(0, 100)).toEqual(strangerBoard.standings);
    expect(forPlayer.standings[100]).toEqual({
      rank: total,
      userId: player.id,
      ticker: player.ticker,
      affiliation: null,
      value: expect.any(Number),
      returnPct: expect.any(Number),
      sharpe: null,
      maxDrawdownPct: expect.any(Number),
    });

    // A player inside the top 100 gets no extra row.
    const leader = strangerBoard.standings[0]?.userId as string;
    const mine = await get(owner, `/contest/active/${contestId}`);
    expect(mine.json().standings).toHaveLength(100);
    expect(leader).toBe(`b${driver[0]}${SEEDED}`);
  });

  test('standings pages: offset and limit, the last page, past the end, and around=me', async () => {
    const first = await get(stranger, `/contest/${contestId}/standings`);
    expect(first.statusCode).toBe(200);
    const page = standingsPageResponseSchema.parse(first.json());
    expect(page.standings).toHaveLength(50);
    expect(page).toMatchObject({ total, offset: 0, asOf });
    const board = contestBoardResponseSchema.parse((await get(stranger, `/contest/active/${contestId}`)).json());
    expect(page.standings).toEqual(board.standings.slice(0, 50));

    const all = [];
    for (let offset = 0; offset < total; offset += 200) {
      const response = await get(stranger, `/contest/${contestId}/standings?offset=${offset}&limit=200`);
      all.push(...response.json().standings);
    }
    expect(all).toHaveLength(total);
    expect(all.map((s) => s.rank)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(all.map((s) => s.userId)).size).toBe(total);

    const last = (await get(stranger, `/contest/${contestId}/standings?offset=240&limit=50`)).json();
    expect(last.standings).toHaveLength(total - 240);
    expect(last.standings.at(-1).userId).toBe(player.id);
    const beyond = (await get(stranger, `/contest/${contestId}/standings?offset=5000&limit=10`)).json();
    expect(beyond).toEqual({ standings: [], total, offset: 5000, asOf });

    // The player ranks last: the page centred on them is the last `limit` rows.
    const around = (await get(player, `/contest/${contestId}/standings?around=me&limit=11`)).json();
    expect(around.offset).toBe(total - 11);
    expect(around.standings.at(-1).userId).toBe(player.id);
    // A row in the middle is centred.
    const middle = all[120].userId as string;
    await ctx.app.deps.db.execute(sql`UPDATE users SET sub = ${`sub-${middle}`} WHERE id = ${middle}`);
    const middleToken = await ctx.issuer.idToken(`sub-${middle}`, {
      exp: Math.floor(ctx.clock.now().getTime() / 1000) + 86_400,
    });
    const centred = (
      await call(ctx, 'GET', `/contest/${contestId}/standings?around=me&limit=11`, { token: middleToken })
    ).json();
    expect(centred.offset).toBe(115);
    expect(centred.standings[5].userId).toBe(middle);
  });

  test('bad input: limit outside 1..200, negative or fractional offset, around=me for a non-participant, an unknown around → 400', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=2.5', 'offset'],
      ['around=you', 'around'],
      ['page=2', 'page'],
    ];
    for (const [query, field] of cases) {
      const response = await get(stranger, `/contest/${contestId}/standings?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toEqual({
        errMessage: expect.any(String),
        errors: [{ field, message: expect.any(String) }],
      });
    }
    const notOnBoard = await get(stranger, `/contest/${contestId}/standings?around=me`);
    expect(notOnBoard.statusCode).toBe(400);
    expect(notOnBoard.json()).toEqual({
      errMessage: expect.any(String),
      errors: [{ field: 'around', message: expect.any(String) }],
    });
    expect((await get(stranger, `/contest/${contestId}/standings?limit=1`)).json().standings).toHaveLength(1);
    expect((await get(stranger, `/contest/${contestId}/standings?limit=200`)).json().standings).toHaveLength(200);
    expect((await call(ctx, 'GET', `/contest/${contestId}/standings`)).statusCode).toBe(401);
  });

  test('404 unknown, 409 while upcoming or cancelled', async () => {
    const unknown = await get(stranger, '/contest/nope/standings');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errMessage: expect.any(String), errors: [] });
    const upcoming = await createContest(ctx, owner);
    await joinContest(ctx, player, upcoming._id);
    const early = await get(player, `/contest/${upcoming._id}/standings`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errMessage: expect.stringMatching(/upcoming/), errors: [] });
    // Joins change an upcoming contest at once (nothing cached until it is live).
    await joinContest(ctx, stranger, upcoming._id);
    expect(
      (await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: upcoming._id } })).json().contest
        .participantsCount,
    ).toBe(2);
    const cancelled = await createContest(ctx, owner);
    expect((await get(stranger, `/contest/${cancelled._id}/standings`)).statusCode).toBe(409);
    await call(ctx, 'POST', '/contest/cancel-contest', { token: owner.token, body: { contestId: cancelled._id } });
    const late = await get(stranger, `/contest/${cancelled._id}/standings`);
    expect(late.statusCode).toBe(409);
    expect(late.json().errMessage).toMatch(/cancelled/);
  });

  test('one board computation per contest per tick, whoever reads', async () => {
    const before = ctx.app.deps.boards.computed;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        get(
          i % 2 ? player : stranger,
          i % 3 ? `/contest/active/${contestId}` : `/contest/${contestId}/standings?offset=${i}`,
        ),
      ),
    );
    expect(ctx.app.deps.boards.computed - before).toBeLessThanOrEqual(1);
    await tickAt(ctx, new Date(asOf).getTime() + 5_000);
    const after = ctx.app.deps.boards.computed;
    const reads = await Promise.all(
      Array.from({ length: 10 }, () => get(stranger, `/contest/${contestId}/standings?limit=5`)),
    );
    expect(ctx.app.deps.boards.computed - after).toBe(1);
    expect(new Set(reads.map((r) => r.json().asOf))).toEqual(
      new Set([new Date(new Date(asOf).getTime() + 5_000).toISOString()]),
    );
    asOf = reads[0]?.json().asOf;
  });

  test('the completed board is bounded the same way', async () => {
    const row = await ctx.app.deps.boards.get(contestId);
    await tickAt(ctx, row?.row.endsAt as Date);
    const final = await get(player, `/contest/completed/${contestId}`);
    expect(final.statusCode).toBe(200);
    const board = contestBoardResponseSchema.parse(final.json());
    expect(board.standings).toHaveLength(101);
    expect(board.total).toBe(total);
    expect(board.standings[100]?.userId).toBe(player.id);
    expect((await get(stranger, `/contest/completed/${contestId}`)).json().standings).toHaveLength(100);
    const page = await get(stranger, `/contest/${contestId}/standings?offset=100&limit=100`);
    expect(page.statusCode).toBe(200);
    expect(page.json().standings[0].rank).toBe(101);
  });
});

describe('bounded standings events', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  async function firstEvent(token: string, contestId: string, query = '') {
    const response = await fetch(`${base}/contest/active/${contestId}/events${query}`, {
      headers: { authorization: token },
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let i = 0; i < 1000 && !/event: standings\ndata: .*\n\n/.test(text); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return /event: standings\ndata: (.*)\n\n/.exec(text)?.[1] as string;
  }
  async function firstStandings(token: string, contestId: string) {
    const raw = await firstEvent(token, contestId);
    return { raw, event: standingsEventSchema.parse(JSON.parse(raw)) };
  }

  test('every stream gets the same top rows and total; a viewer outside them gets their own row too', async () => {
    const { player, contest, total } = await bigLiveContest(ctx, 'ev');
    const stranger = await createUser(ctx);
    const [theirs, mine] = await Promise.all([
      firstStandings(stranger.token, contest._id),
      firstStandings(player.token, contest._id),
    ]);
    expect(theirs.event.standings).toHaveLength(100);
    expect(theirs.event.total).toBe(total);
    expect(mine.event.standings).toHaveLength(101);
    expect(mine.event.standings[100]).toMatchObject({ userId: player.id, rank: total });
    expect(mine.event.standings.slice(0, 100)).toEqual(theirs.event.standings);
    expect(Buffer.byteLength(mine.raw)).toBeLessThan(14_336);
    // The board response keeps full precision; the event carries the same rows as the board prints them.
    const board = contestBoardResponseSchema.parse(
      (await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token })).json(),
    );
    expect(mine.event.standings).toEqual(board.standings.map(eventRow));
    expect(mine.event.standings[0]).not.toHaveProperty('sharpe');

    // Asked for, the compact form: the same rows, half the bytes.
    const compactRaw = await firstEvent(player.token, contest._id, '?rows=compact');
    const compact = compactStandingsEventSchema.parse(JSON.parse(compactRaw));
    expect(compact).toMatchObject({ contestId: contest._id, total, teams: [], asOf: mine.event.asOf });
    expect(compact).not.toHaveProperty('standings');
    expect(compact.rows.map(standingOfCompactRow)).toEqual(
      mine.event.standings.map((row) => ({ ...row, sharpe: row.sharpe ?? null })),
    );
    expect(Buffer.byteLength(compactRaw)).toBeLessThan(Buffer.byteLength(mine.raw) * 0.75);
    const wrong = await fetch(`${base}/contest/active/${contest._id}/events?rows=wide`, {
      headers: { authorization: player.token },
    });
    expect(wrong.status).toBe(400);
  });
});

describe('a standings event row', () => {
  const row = {
    rank: 7,
    userId: 'u',
    ticker: 'T',
    affiliation: null,
    value: 10234.56,
    returnPct: 0.012345,
    sharpe: 1.234567,
    maxDrawdownPct: -0.001251,
  };

  test('carries every figure to the precision the board prints, under the same names', () => {
    expect(eventRow(row)).toEqual({ ...row, returnPct: 0.0123, sharpe: 1.23, maxDrawdownPct: -0.0013 });
    // Half away from zero on the decimal, as the board rounds (0.012345 is 1.2345 %: 1.23 %, 0.01235 is 1.24 %).
    expect(eventRow({ ...row, returnPct: 0.01235, maxDrawdownPct: -0.00005 })).toMatchObject({
      returnPct: 0.0124,
      maxDrawdownPct: -0.0001,
    });
    // Sharpe as toFixed(2) prints it (1.005 is 1.00499… in binary).
    expect(eventRow({ ...row, sharpe: 1.005 }).sharpe?.toFixed(2)).toBe((1.005).toFixed(2));
    expect(eventRow({ ...row, sharpe: -0.004 }).sharpe).toBe(0);
    expect(eventRow({ ...row, returnPct: -0.00004 }).returnPct).toBe(0);
    expect(eventRow({ ...row, sharpe: null })).not.toHaveProperty('sharpe');
  });

  test.each([
    ['bench/live', (i: number) => `live-user-${9_000 + i}`, (i: number) => `L${9_000 + i}`],
    ['UUIDs and 8-letter call signs', () => randomUUID(), (i: number) => `CALLS${100 + i}`],
  ])(
    'a compact standings event of the top 100 rows and the caller own row stays within 14 KB (%s)',
    (_, id, ticker) => {
      // Every figure present and at full length, on a board of 10,000 players.
      const rows = Array.from({ length: 101 }, (_, i) => ({
        rank: i === 100 ? 9_876 : i + 1,
        userId: id(i),
        ticker: ticker(i),
        affiliation: null,
        value: (1_234_567 - i) / 100,
        returnPct: (234_567 - i) / 1e6,
        sharpe: (-1_234_567 + i) / 1e6,
        maxDrawdownPct: (-123_457 + i) / 1e6,
      }));
      const event = (key: string, standings: unknown[]) =>
        `{"contestId":"${randomUUID()}","${key}":${JSON.stringify(standings)},"teams":[],"total":10000,"asOf":"2026-11-28T15:35:19.123Z"}`;
      expect(Buffer.byteLength(event('standings', rows))).toBeGreaterThan(14_336);
      expect(Buffer.byteLength(event('standings', rows.map(eventRow)))).toBeGreaterThan(14_336);
      const compact = event('rows', rows.map(compactStandingRow));
      expect(Buffer.byteLength(compact)).toBeLessThanOrEqual(14_336);
      expect(compactStandingsEventSchema.parse(JSON.parse(compact)).rows.map(standingOfCompactRow)).toEqual(
        rows.map(eventRow),
      );
    },
  );
});
