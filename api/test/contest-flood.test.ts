import { upcomingContestsResponseSchema } from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import {
  call,
  contestFields,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  type TestUser,
  tickAt,
} from './support/harness';

// One account (or a few) creating contests by the hundred must not push anyone's own contests off their list, nor
// fill the public list: a player's own upcoming contests are always listed, public ones are paged and each creator
// shows at most a few of theirs there, and a creator has a budget of upcoming contests.

interface Page {
  contests: { _id: string; startsAt: string; createdBy: { _id: string }; visibility: string; joined?: boolean }[];
  total: number;
  nextCursor: string | null;
}

describe.each(DRIVERS)('contest lists under a flood (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx?.close());

  const upcoming = async (user: TestUser, query = ''): Promise<Page> => {
    const response = await call(ctx, 'GET', `/contest/upcoming${query}`, { token: user.token });
    expect(response.statusCode).toBe(200);
    // The shared schema is the contract the front end reads.
    upcomingContestsResponseSchema.parse(response.json());
    return response.json();
  };

  /** `creators` accounts with `each` public upcoming contests, all starting before anything the test creates itself. */
  async function flood(tag: string, creators: number, each: number) {
    const db = ctx.app.deps.db;
    const now = ctx.clock.now();
    await db.execute(sql`
      INSERT INTO users (id, sub, phone_number, status, role, ticker, display_name, bio, created_at, updated_at)
      SELECT ${tag} || i, ${tag} || i, NULL, 'active', 'user', upper(${tag}) || i, 'Flood ' || i, '', ${now}, ${now}
      FROM generate_series(1, ${creators}) AS i`);
    await db.execute(sql`
      INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents,
        max_participants, visibility, affiliations, created_by, created_at, updated_at)
      SELECT ${tag} || 'c' || c.i || '-' || k.j, 'Flood', '', ${now}::timestamptz + interval '40 seconds',
        ${now}::timestamptz + interval '2 hours', 2, 1000000, 10, 'public', '[]'::jsonb, ${tag} || c.i, ${now}, ${now}
      FROM generate_series(1, ${creators}) AS c(i), generate_series(1, ${each}) AS k(j)`);
  }

  test("a player's own upcoming contests, public and private, created or joined, are listed whatever others create", async () => {
    const victim = await createUser(ctx);
    const friend = await createUser(ctx);
    const now = ctx.clock.now().getTime();
    const late = {
      startsAt: new Date(now + 86_400_000).toISOString(),
      endsAt: new Date(now + 90_000_000).toISOString(),
    };
    const ownPublic = await createContest(ctx, victim, { ...late, name: 'Mine, public' });
    const ownPrivate = await createContest(ctx, victim, { ...late, name: 'Mine, private', visibility: 'private' });
    const friends = await createContest(ctx, friend, { ...late, name: 'Joined', visibility: 'private' });
    await joinContest(ctx, victim, friends._id);
    // The attack: 505 public contests starting sooner than the victim's.
    await flood(`fl${driver[1]}`, 101, 5);

    const page = await upcoming(victim);
    const ids = page.contests.map((c) => c._id);
    expect(ids).toEqual(expect.arrayContaining([ownPublic._id, ownPrivate._id, friends._id]));
    // Soonest first, as before; the public list beside them is one bounded page.
    const starts = page.contests.map((c) => c.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(page.contests.length).toBeLessThanOrEqual(3 + 50);
    expect(page.total).toBeGreaterThanOrEqual(505);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  test('the public list is paged with a cursor and a total: every listed contest exactly once, soonest first, at most 5 per creator', async () => {
    const viewer = await createUser(ctx);
    const busy = await createUser(ctx);
    const now = ctx.clock.now().getTime();
    const created: string[] = [];
    for (let i = 0; i < 8; i++) {
      const startsAt = new Date(now + 3_600_000 + i * 60_000).toISOString();
      const endsAt = new Date(now + 7_200_000 + i * 60_000).toISOString();
      created.push((await createContest(ctx, busy, { startsAt, endsAt, name: `Busy ${i}` }))._id);
    }
    const seen: Page['contests'] = [];
    let page = await upcoming(viewer, '?limit=40');
    const total = page.total;
    seen.push(...page.contests);
    let pages = 1;
    while (page.nextCursor) {
      expect(page.contests).toHaveLength(40);
      page = await upcoming(viewer, `?limit=40&cursor=${encodeURIComponent(page.nextCursor)}`);
      expect(page.total).toBe(total);
      seen.push(...page.contests);
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    const ids = seen.map((c) => c._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(total);
    const keys = seen.map((c) => `${c.startsAt}|${c._id}`);
    expect(keys).toEqual([...keys].sort());
    expect(seen.every((c) => c.visibility === 'public')).toBe(true);
    const perCreator = new Map<string, number>();
    for (const c of seen) perCreator.set(c.createdBy._id, (perCreator.get(c.createdBy._id) ?? 0) + 1);
    expect(Math.max(...perCreator.values())).toBeLessThanOrEqual(5);
    // The busy creator's five soonest are in the public list; the creator sees all eight of their own.
    expect(ids.filter((id) => created.includes(id))).toEqual(created.slice(0, 5));
    const own = (await upcoming(busy)).contests.map((c) => c._id);
    expect(own).toEqual(expect.arrayContaining(created));
  });

  test('a bad page size or cursor → 400 naming the field', async () => {
    const viewer = await createUser(ctx);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=nonsense', 'cursor'],
      [`?cursor=${'x'.repeat(600)}`, 'cursor'],
      ['?page=2', ''],
    ]) {
      const response = await call(ctx, 'GET', `/contest/upcoming${query}`, { token: viewer.token });
      expect([query, response.statusCode]).toEqual([query, 400]);
      if (field) expect(response.json().errors).toEqual([expect.objectContaining({ field })]);
    }
  });

  test('at most 20 upcoming contests per creator: 409 beyond, a cancelled or started one frees a place, and a burst cannot overshoot', async () => {
    const creator = await createUser(ctx);
    const create = (overrides: Record<string, unknown> = {}) =>
      call(ctx, 'POST', '/contest/create-contest', { token: creator.token, body: contestFields(ctx, overrides) });
    const burst = await Promise.all(Array.from({ length: 26 }, () => create()));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const refused = burst.find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual({
      errMessage: expect.stringMatching(/20 upcoming contests/),
      errors: [],
    });
    const first = burst.find((r) => r.statusCode === 200)?.json().data._id as string;
    const cancel = await call(ctx, 'POST', '/contest/cancel-contest', {
      token: creator.token,
      body: { contestId: first },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(409);
    // Someone else is not affected by this creator's budget.
    const other = await createUser(ctx);
    const theirs = await call(ctx, 'POST', '/contest/create-contest', {
      token: other.token,
      body: contestFields(ctx),
    });
    expect(theirs.statusCode).toBe(200);
    // Once the contests start they are no longer upcoming: the budget is free again.
    await tickAt(ctx, new Date(ctx.clock.now().getTime() + 61_000));
    expect((await create()).statusCode).toBe(200);
  });
});
