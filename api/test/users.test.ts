import { randomUUID } from 'node:crypto';
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

describe.each(DRIVERS)('users and profiles (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  const fresh = async () => {
    const token = await ctx.issuer.idToken(randomUUID());
    await call(ctx, 'POST', '/user/get-user', { token, body: {} });
    return token;
  };
  const callSign = () =>
    `Q${randomUUID()
      .replace(/[^A-F0-9]/gi, '')
      .slice(0, 6)
      .toUpperCase()}`;

  test('initialize-user makes the user active with the call sign as ticker', async () => {
    const token = await fresh();
    const sign = callSign();
    const response = await call(ctx, 'POST', '/user/initialize-user', {
      token,
      body: { callSign: sign.toLowerCase(), ticker: sign, displayName: '  Ada  ', bio: 'Value investor' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { status: 'active', _id: expect.any(String), ticker: sign, role: 'user' },
    });
    const again = await call(ctx, 'POST', '/user/initialize-user', {
      token,
      body: { callSign: sign, ticker: sign, displayName: 'Ada' },
    });
    expect(again.statusCode).toBe(409);
  });

  test.each([
    ['ticker differs from callSign', { callSign: 'ABC', ticker: 'ABD', displayName: 'A' }, 'ticker'],
    ['call sign starting with a digit', { callSign: '1ABC', ticker: '1ABC', displayName: 'A' }, 'callSign'],
    ['call sign too long', { callSign: 'ABCDEFGHI', ticker: 'ABCDEFGHI', displayName: 'A' }, 'callSign'],
    ['call sign with symbols', { callSign: 'AB-C', ticker: 'AB-C', displayName: 'A' }, 'callSign'],
    ['empty display name', { callSign: 'ABC', ticker: 'ABC', displayName: '   ' }, 'displayName'],
    ['bio too long', { callSign: 'ABC', ticker: 'ABC', displayName: 'A', bio: 'x'.repeat(281) }, 'bio'],
    ['unknown field', { callSign: 'ABC', ticker: 'ABC', displayName: 'A', email: 'a@b.c' }, 'email'],
  ])('initialize-user 400: %s', async (_label, body, field) => {
    const response = await call(ctx, 'POST', '/user/initialize-user', { token: await fresh(), body });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test('a taken call sign → 409 "Call sign is already taken"', async () => {
    const taken = await createUser(ctx);
    const response = await call(ctx, 'POST', '/user/initialize-user', {
      token: await fresh(),
      body: { callSign: taken.ticker, ticker: taken.ticker, displayName: 'Copycat' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      errMessage: 'Call sign is already taken',
      errors: [{ field: 'callSign', message: 'Call sign is already taken' }],
    });
  });

  test('get-user-profile: any signed-in user reads an active profile with stats; 404 otherwise', async () => {
    const owner = await createUser(ctx);
    const winner = await createUser(ctx);
    const loser = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, winner, contest._id, ['NVDA', 'TSLA']);
    await joinContest(ctx, loser, contest._id, ['KO', 'PG']);
    await tickAt(ctx, contest.startsAt);
    await tickAt(ctx, contest.endsAt);
    const board = (await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: owner.token })).json();
    const top = board.standings[0];
    const profile = await call(ctx, 'POST', '/user-profile/get-user-profile', {
      token: owner.token,
      body: { userId: top.userId },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().userProfile).toEqual({
      userId: top.userId,
      ticker: top.ticker,
      displayName: expect.any(String),
      bio: '',
      createdAt: expect.any(String),
      stats: {
        contestsJoined: 1,
        contestsCompleted: 1,
        wins: 1,
        bestReturnPct: top.returnPct,
        averageReturnPct: top.returnPct,
      },
      recentContests: [
        { contestId: contest._id, name: 'Spring Cup', status: 'completed', rank: 1, returnPct: top.returnPct },
      ],
    });
    expect(
      (await call(ctx, 'POST', '/user-profile/get-user-profile', { token: owner.token, body: { userId: 'nobody' } }))
        .statusCode,
    ).toBe(404);
    const newcomer = await createUser(ctx, { initialize: false });
    expect(
      (await call(ctx, 'POST', '/user-profile/get-user-profile', { token: owner.token, body: { userId: newcomer.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, 'POST', '/user-profile/get-user-profile', { token: owner.token, body: {} })).statusCode,
    ).toBe(400);
  });

  test('"contests joined" counts what the recent contests list: a cancelled contest is in both', async () => {
    const host = await createUser(ctx);
    const player = await createUser(ctx);
    const kept = await createContest(ctx, host, { name: 'Kept Cup' });
    const called = await createContest(ctx, host, { name: 'Called Off Cup' });
    const played = await createContest(ctx, host, { name: 'Played Cup' });
    for (const contest of [kept, called, played]) await joinContest(ctx, player, contest._id);
    const cancel = await call(ctx, 'POST', '/contest/cancel-contest', {
      token: host.token,
      body: { contestId: called._id },
    });
    expect(cancel.statusCode).toBe(200);
    const profile = (
      await call(ctx, 'POST', '/user-profile/get-user-profile', { token: host.token, body: { userId: player.id } })
    ).json().userProfile;
    expect(
      profile.recentContests.map((c: { name: string; status: string }) => `${c.name}: ${c.status}`).sort(),
    ).toEqual(['Called Off Cup: cancelled', 'Kept Cup: upcoming', 'Played Cup: upcoming']);
    expect(profile.stats.contestsJoined).toBe(profile.recentContests.length);
  });

  test('a private contest shows on a profile only to its creator and participants (recent contests and stats)', async () => {
    const host = await createUser(ctx);
    const player = await createUser(ctx);
    const teammate = await createUser(ctx);
    const stranger = await createUser(ctx);
    const secret = await createContest(ctx, host, { visibility: 'private', name: 'Secret Cup' });
    const open = await createContest(ctx, host, { name: 'Open Cup' });
    await joinContest(ctx, player, secret._id);
    await joinContest(ctx, teammate, secret._id);
    await joinContest(ctx, player, open._id);
    const profileOf = async (viewer: TestUser) =>
      (
        await call(ctx, 'POST', '/user-profile/get-user-profile', { token: viewer.token, body: { userId: player.id } })
      ).json().userProfile;
    const seenByStranger = await profileOf(stranger);
    expect(seenByStranger.recentContests.map((c: { contestId: string }) => c.contestId)).toEqual([open._id]);
    expect(JSON.stringify(seenByStranger)).not.toContain(secret._id);
    expect(JSON.stringify(seenByStranger)).not.toContain('Secret Cup');
    expect(seenByStranger.stats.contestsJoined).toBe(1);
    for (const insider of [host, teammate, player]) {
      const seen = await profileOf(insider);
      expect(seen.recentContests.map((c: { contestId: string }) => c.contestId).sort()).toEqual(
        [open._id, secret._id].sort(),
      );
      expect(seen.stats.contestsJoined).toBe(2);
    }
    // The player's own edit sees everything too.
    const own = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: player.token,
      body: { callSign: player.ticker, ticker: player.ticker, displayName: 'Player', bio: '' },
    });
    expect(own.json().userProfile.stats.contestsJoined).toBe(2);
  });

  test('edit-profile changes the caller’s own profile; taken call sign 409; before onboarding 403', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const sign = callSign();
    const edited = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: user.token,
      body: { callSign: sign, ticker: sign, displayName: 'New Name', bio: 'Hi' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().userProfile).toMatchObject({
      userId: user.id,
      ticker: sign,
      displayName: 'New Name',
      bio: 'Hi',
    });
    const me = await call(ctx, 'POST', '/user/get-user', { token: user.token, body: {} });
    expect(me.json().user.ticker).toBe(sign);
    const taken = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: user.token,
      body: { callSign: other.ticker, ticker: other.ticker, displayName: 'X', bio: '' },
    });
    expect(taken.statusCode).toBe(409);
    const keep = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: user.token,
      body: { callSign: sign, ticker: sign, displayName: 'Same sign', bio: '' },
    });
    expect(keep.statusCode).toBe(200);
    const newcomer = await createUser(ctx, { initialize: false });
    const early = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: newcomer.token,
      body: { callSign: 'ZZZ1', ticker: 'ZZZ1', displayName: 'X', bio: '' },
    });
    expect(early.statusCode).toBe(403);
    const missingBio = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: user.token,
      body: { callSign: sign, ticker: sign, displayName: 'X' },
    });
    expect(missingBio.statusCode).toBe(400);
  });

  test('get-equities: the whole universe sorted by symbol', async () => {
    const user = await createUser(ctx);
    const response = await call(ctx, 'POST', '/equity/get-equities', { token: user.token, body: {} });
    expect(response.statusCode).toBe(200);
    const { equities } = response.json();
    expect(equities.length).toBeGreaterThan(95);
    expect(equities.map((e: { symbol: string }) => e.symbol)).toEqual(
      [...equities.map((e: { symbol: string }) => e.symbol)].sort(),
    );
    expect(equities[0]).toEqual({
      symbol: expect.any(String),
      name: expect.any(String),
      sector: expect.any(String),
      exchange: expect.any(String),
      price: expect.any(Number),
      previousClose: expect.any(Number),
      change: expect.any(Number),
      changePct: expect.any(Number),
      updatedAt: expect.any(String),
      // The price's own time, and whether it is stale: never, on the simulator.
      asOf: expect.any(String),
      stale: false,
    });
    expect(
      (await call(ctx, 'POST', '/equity/get-equities', { token: user.token, body: { all: true } })).statusCode,
    ).toBe(400);
  });
});
