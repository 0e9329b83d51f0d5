import {
  call,
  contestFields,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  tickAt,
  type TestContext,
} from './support/harness';

describe.each(DRIVERS)('contest calls (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  const fieldsOf = (response: { json: () => { errors: { field: string }[] } }) =>
    response.json().errors.map((e) => e.field);

  describe('create-contest', () => {
    test('returns { data: Contest } with every field', async () => {
      const owner = await createUser(ctx);
      const body = contestFields(ctx, {
        affiliations: ['Red', 'Blue'],
        isTeamCollaboration: true,
        visibility: 'private',
        startingCash: 25_000.5,
      });
      const response = await call(ctx, 'POST', '/contest/create-contest', { token: owner.token, body });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        _id: expect.any(String),
        name: 'Spring Cup',
        description: 'A friendly contest',
        status: 'upcoming',
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        picksCount: 2,
        startingCash: 25_000.5,
        maxParticipants: 10,
        visibility: 'private',
        affiliations: ['Red', 'Blue'],
        isTeamCollaboration: true,
        createdBy: { _id: owner.id, ticker: owner.ticker },
        participantsCount: 0,
        rules: { shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: null },
        joined: false,
        createdAt: ctx.clock.now().toISOString(),
        updatedAt: ctx.clock.now().toISOString(),
      });
    });

    test.each([
      ['isTeamCollaboration true without affiliations', { isTeamCollaboration: true }, 'isTeamCollaboration'],
      ['isTeamCollaboration false with affiliations', { affiliations: ['Red', 'Blue'] }, 'isTeamCollaboration'],
      ['a team collaboration of one team', { affiliations: ['Red'], isTeamCollaboration: true }, 'affiliations'],
      ['a name written right to left by an override', { name: 'Desk \u202eraW' }, 'name'],
      ['a description with an isolate', { description: 'Buy \u2067low\u2069' }, 'description'],
      ['name too short', { name: 'ab' }, 'name'],
      ['picksCount 0', { picksCount: 0 }, 'picksCount'],
      ['picksCount 11', { picksCount: 11 }, 'picksCount'],
      ['startingCash below 1,000', { startingCash: 999 }, 'startingCash'],
      ['startingCash with fractions of cents', { startingCash: 1000.001 }, 'startingCash'],
      ['maxParticipants 1', { maxParticipants: 1 }, 'maxParticipants'],
      ['wrong type', { maxParticipants: '10' }, 'maxParticipants'],
      ['duplicate teams', { affiliations: ['Red', 'red'], isTeamCollaboration: true }, 'affiliations.1'],
      [
        'teams that differ only by a zero-width space',
        { affiliations: ['ZeroWidth', 'Zero\u200bWidth'], isTeamCollaboration: true },
        'affiliations.1',
      ],
      [
        'teams that differ only by compatibility forms (NFKC)',
        { affiliations: ['Bears', 'Ｂｅａｒｓ'], isTeamCollaboration: true },
        'affiliations.1',
      ],
      ['unknown field', { colour: 'blue' }, 'colour'],
      ['bad visibility', { visibility: 'secret' }, 'visibility'],
    ])('400 when %s', async (_label, overrides, field) => {
      const owner = await createUser(ctx);
      const response = await call(ctx, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields(ctx, overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toContain(field);
      expect(response.json().errMessage).toEqual(expect.any(String));
    });

    test('400 when the start is sooner than the minimum lead or the duration is out of bounds', async () => {
      const owner = await createUser(ctx);
      const now = ctx.clock.now().getTime();
      const soon = await call(ctx, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields(ctx, {
          startsAt: new Date(now + 10_000).toISOString(),
          endsAt: new Date(now + 10_000 + 3_600_000).toISOString(),
        }),
      });
      expect(soon.statusCode).toBe(400);
      expect(fieldsOf(soon)).toEqual(['startsAt']);
      const short = await call(ctx, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields(ctx, {
          startsAt: new Date(now + 60_000).toISOString(),
          endsAt: new Date(now + 60_000 + 60_000).toISOString(),
        }),
      });
      expect(short.statusCode).toBe(400);
      expect(fieldsOf(short)).toEqual(['endsAt']);
      const long = await call(ctx, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields(ctx, { endsAt: new Date(now + 400 * 86_400_000).toISOString() }),
      });
      expect(long.statusCode).toBe(400);
      expect(fieldsOf(long)).toEqual(['endsAt']);
    });

    test('malformed JSON and a non-object body are 400, never 500', async () => {
      const owner = await createUser(ctx);
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/contest/create-contest',
        headers: { authorization: owner.token, 'content-type': 'application/json' },
        payload: '{"name": "x",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        errMessage: expect.any(String),
        errors: [{ field: 'body', message: 'Malformed JSON' }],
      });
      const array = await call(ctx, 'POST', '/contest/create-contest', { token: owner.token, body: [1, 2] });
      expect(array.statusCode).toBe(400);
      expect(array.json().errors.length).toBeGreaterThan(0);
      expect(array.body).not.toMatch(/at .*\.ts|SELECT|stack/i);
    });
  });

  describe('edit-contest', () => {
    test('the creator edits an upcoming contest and gets it back', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      const response = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: { contestId: contest._id, ...contestFields(ctx, { name: 'Summer Cup', maxParticipants: 50 }) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ _id: contest._id, name: 'Summer Cup', maxParticipants: 50 });
    });

    test('404 for an unknown contest', async () => {
      const owner = await createUser(ctx);
      const response = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: { contestId: 'nope', ...contestFields(ctx) },
      });
      expect(response.statusCode).toBe(404);
    });

    test('maxParticipants below participantsCount → 409', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner, { maxParticipants: 3 });
      for (let i = 0; i < 3; i++) await joinContest(ctx, await createUser(ctx), contest._id);
      const response = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: { contestId: contest._id, ...contestFields(ctx, { maxParticipants: 2 }) },
      });
      expect(response.statusCode).toBe(409);
      expect(fieldsOf(response)).toEqual(['maxParticipants']);
    });

    test('picksCount and startingCash are locked once someone joined (409); other fields still change', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      await joinContest(ctx, await createUser(ctx), contest._id);
      for (const overrides of [{ picksCount: 3 }, { startingCash: 20_000 }]) {
        const response = await call(ctx, 'POST', '/contest/edit-contest', {
          token: owner.token,
          body: { contestId: contest._id, ...contestFields(ctx, overrides) },
        });
        expect(response.statusCode).toBe(409);
      }
      const renamed = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: { contestId: contest._id, ...contestFields(ctx, { name: 'Renamed', description: 'new' }) },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data.participantsCount).toBe(1);
    });

    test('team names are stored as seen (NFKC, no invisible characters) and joined by that name', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner, {
        affiliations: ['Zero\u200bWidth', 'Ｂｅａｒｓ\u2060'],
        isTeamCollaboration: true,
      });
      expect(contest.affiliations).toEqual(['ZeroWidth', 'Bears']);
      const edit = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: {
          contestId: contest._id,
          ...contestFields(ctx, { affiliations: ['ZeroWidth', 'Bears', 'Zero\u200dWidth'], isTeamCollaboration: true }),
        },
      });
      expect(edit.statusCode).toBe(400);
      expect(fieldsOf(edit)).toEqual(['affiliations.2']);
      const player = await createUser(ctx);
      const joined = await call(ctx, 'POST', '/contest/join-contest', {
        token: player.token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'], affiliation: 'Zero\u200bWidth' },
      });
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data.affiliation).toBe('ZeroWidth');
    });

    test('an affiliation chosen by a participant cannot be removed (409); an unchosen one can', async () => {
      const owner = await createUser(ctx);
      const teams = { affiliations: ['Red', 'Blue', 'Green'], isTeamCollaboration: true };
      const contest = await createContest(ctx, owner, teams);
      await joinContest(ctx, await createUser(ctx), contest._id, ['AAPL', 'MSFT'], 'Red');
      const removeRed = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: {
          contestId: contest._id,
          ...contestFields(ctx, { affiliations: ['Blue', 'Green'], isTeamCollaboration: true }),
        },
      });
      expect(removeRed.statusCode).toBe(409);
      expect(fieldsOf(removeRed)).toEqual(['affiliations']);
      const removeGreen = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: {
          contestId: contest._id,
          ...contestFields(ctx, { affiliations: ['Red', 'Blue'], isTeamCollaboration: true }),
        },
      });
      expect(removeGreen.statusCode).toBe(200);
      expect(removeGreen.json().data.affiliations).toEqual(['Red', 'Blue']);
    });
  });

  describe('join-contest, change-picks, leave-contest', () => {
    test('join returns the ContestUser; joined shows in get-contest and lists', async () => {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      const response = await call(ctx, 'POST', '/contest/join-contest', {
        token: player.token,
        body: { contestId: contest._id, picks: ['nvda', 'AAPL'] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        contestId: contest._id,
        userId: player.id,
        joined: true,
        picks: ['NVDA', 'AAPL'],
        affiliation: null,
        joinedAt: ctx.clock.now().toISOString(),
        portfolio: null,
        rank: null,
        trades: [],
        tradesTotal: 0,
        actions: [],
      });
      const got = await call(ctx, 'POST', '/contest/get-contest', {
        token: player.token,
        body: { contestId: contest._id },
      });
      expect(got.json().contest).toMatchObject({ joined: true, participantsCount: 1 });
      const state = await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: player.token });
      expect(state.json().data.picks).toEqual(['NVDA', 'AAPL']);
    });

    test('already joined → 409; full → 409', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner, { maxParticipants: 2 });
      const a = await createUser(ctx);
      await joinContest(ctx, a, contest._id);
      const again = await call(ctx, 'POST', '/contest/join-contest', {
        token: a.token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
      });
      expect(again.statusCode).toBe(409);
      await joinContest(ctx, await createUser(ctx), contest._id);
      const full = await call(ctx, 'POST', '/contest/join-contest', {
        token: (await createUser(ctx)).token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().errMessage).toBe('The contest is full');
    });

    test.each([
      ['too few picks', { picks: ['AAPL'] }, 'picks'],
      ['too many picks', { picks: ['AAPL', 'MSFT', 'NVDA'] }, 'picks'],
      ['duplicate picks', { picks: ['AAPL', 'AAPL'] }, 'picks'],
      ['unknown symbol', { picks: ['AAPL', 'ZZZZ'] }, 'picks.1'],
      ['affiliation on a contest without teams', { picks: ['AAPL', 'MSFT'], affiliation: 'Red' }, 'affiliation'],
      ['unknown field', { picks: ['AAPL', 'MSFT'], team: 'Red' }, 'team'],
    ])('join 400: %s', async (_label, body, field) => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      const response = await call(ctx, 'POST', '/contest/join-contest', {
        token: (await createUser(ctx)).token,
        body: { contestId: contest._id, ...body },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toContain(field);
    });

    test('team contest: affiliation required and one of the teams', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner, { affiliations: ['Red', 'Blue'], isTeamCollaboration: true });
      const player = await createUser(ctx);
      const missing = await call(ctx, 'POST', '/contest/join-contest', {
        token: player.token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
      });
      expect(missing.statusCode).toBe(400);
      expect(fieldsOf(missing)).toEqual(['affiliation']);
      const wrong = await call(ctx, 'POST', '/contest/join-contest', {
        token: player.token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'], affiliation: 'Green' },
      });
      expect(wrong.statusCode).toBe(400);
      const ok = await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT'], 'Blue');
      expect(ok.affiliation).toBe('Blue');
    });

    test('join 404 for an unknown contest', async () => {
      const response = await call(ctx, 'POST', '/contest/join-contest', {
        token: (await createUser(ctx)).token,
        body: { contestId: 'missing', picks: ['AAPL', 'MSFT'] },
      });
      expect(response.statusCode).toBe(404);
    });

    test('change-picks replaces picks under the same rules; leave removes the participant', async () => {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      await joinContest(ctx, player, contest._id);
      const changed = await call(ctx, 'POST', '/contest/change-picks', {
        token: player.token,
        body: { contestId: contest._id, picks: ['SPY', 'QQQ'] },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.picks).toEqual(['SPY', 'QQQ']);
      const bad = await call(ctx, 'POST', '/contest/change-picks', {
        token: player.token,
        body: { contestId: contest._id, picks: ['SPY'] },
      });
      expect(bad.statusCode).toBe(400);
      const left = await call(ctx, 'POST', '/contest/leave-contest', {
        token: player.token,
        body: { contestId: contest._id },
      });
      expect(left.statusCode).toBe(200);
      expect(left.json().data).toMatchObject({ joined: false, picks: [], joinedAt: null });
      const got = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: contest._id } });
      expect(got.json().contest.participantsCount).toBe(0);
      const leaveAgain = await call(ctx, 'POST', '/contest/leave-contest', {
        token: player.token,
        body: { contestId: contest._id },
      });
      expect(leaveAgain.statusCode).toBe(403);
    });

    test('cancel: status cancelled for everyone, and nothing can be joined', async () => {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      await joinContest(ctx, player, contest._id);
      const cancelled = await call(ctx, 'POST', '/contest/cancel-contest', {
        token: owner.token,
        body: { contestId: contest._id },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data.status).toBe('cancelled');
      const seen = await call(ctx, 'POST', '/contest/get-contest', {
        token: player.token,
        body: { contestId: contest._id },
      });
      expect(seen.json().contest.status).toBe('cancelled');
      const join = await call(ctx, 'POST', '/contest/join-contest', {
        token: (await createUser(ctx)).token,
        body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
      });
      expect(join.statusCode).toBe(409);
      const upcoming = await call(ctx, 'GET', '/contest/upcoming', { token: player.token });
      expect(upcoming.json().contests.map((c: { _id: string }) => c._id)).not.toContain(contest._id);
    });
  });

  describe('lists and boards', () => {
    test('upcoming: public ones plus private ones the caller created or joined, soonest first', async () => {
      const owner = await createUser(ctx);
      const stranger = await createUser(ctx);
      const member = await createUser(ctx);
      const now = ctx.clock.now().getTime();
      const later = await createContest(ctx, owner, {
        name: 'Later',
        startsAt: new Date(now + 7_200_000).toISOString(),
        endsAt: new Date(now + 10_800_000).toISOString(),
      });
      const sooner = await createContest(ctx, owner, {
        name: 'Sooner',
        startsAt: new Date(now + 120_000).toISOString(),
        endsAt: new Date(now + 3_720_000).toISOString(),
      });
      const hidden = await createContest(ctx, owner, { name: 'Hidden', visibility: 'private' });
      await joinContest(ctx, member, hidden._id);
      const ids = async (user: { token: string }) =>
        (await call(ctx, 'GET', '/contest/upcoming', { token: user.token }))
          .json()
          .contests.map((c: { _id: string }) => c._id) as string[];
      const strangers = await ids(stranger);
      expect(strangers).not.toContain(hidden._id);
      expect(strangers.indexOf(sooner._id)).toBeLessThan(strangers.indexOf(later._id));
      expect(await ids(owner)).toContain(hidden._id);
      expect(await ids(member)).toContain(hidden._id);
      // Anyone with the link can still open a private contest.
      expect((await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: hidden._id } })).statusCode).toBe(
        200,
      );
    });

    test('active and completed lists, the live board (409 unless live) and final standings (409 unless completed)', async () => {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const stranger = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      await joinContest(ctx, player, contest._id);
      expect((await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token })).statusCode).toBe(409);
      expect((await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: player.token })).statusCode).toBe(
        409,
      );
      expect((await call(ctx, 'GET', '/contest/active/unknown-id', { token: player.token })).statusCode).toBe(404);

      await tickAt(ctx, contest.startsAt);
      const active = await call(ctx, 'GET', '/contest/active', { token: player.token });
      expect(active.json().contests).toEqual([
        expect.objectContaining({
          _id: contest._id,
          status: 'active',
          rank: 1,
          returnPct: expect.any(Number),
          joined: true,
        }),
      ]);
      const ownerView = await call(ctx, 'GET', '/contest/active', { token: owner.token });
      expect(ownerView.json().contests.find((c: { _id: string }) => c._id === contest._id)).toMatchObject({
        rank: null,
        returnPct: null,
        joined: false,
      });
      expect(
        (await call(ctx, 'GET', '/contest/active', { token: stranger.token }))
          .json()
          .contests.map((c: { _id: string }) => c._id),
      ).not.toContain(contest._id);
      const board = await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: stranger.token });
      expect(board.statusCode).toBe(200);
      expect(board.json()).toEqual({
        contest: expect.objectContaining({ _id: contest._id, status: 'active' }),
        standings: [
          {
            rank: 1,
            userId: player.id,
            ticker: player.ticker,
            affiliation: null,
            value: expect.any(Number),
            returnPct: expect.any(Number),
            sharpe: null,
            maxDrawdownPct: 0,
          },
        ],
        teams: [],
        total: 1,
        asOf: contest.startsAt,
      });
      expect((await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: player.token })).statusCode).toBe(
        409,
      );

      await tickAt(ctx, contest.endsAt);
      const completed = await call(ctx, 'GET', '/contest/completed', { token: player.token });
      expect(completed.json().contests[0]).toMatchObject({ _id: contest._id, status: 'completed', rank: 1 });
      const final = await call(ctx, 'GET', `/contest/completed/${contest._id}`, { token: player.token });
      expect(final.statusCode).toBe(200);
      expect(final.json().asOf).toBe(contest.endsAt);
      expect((await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token })).statusCode).toBe(409);
    });
  });

  describe('unknown contests and smaller rules', () => {
    test('404 for every call that names an unknown contest', async () => {
      const user = await createUser(ctx);
      const contestId = 'does-not-exist';
      const attempts = [
        await call(ctx, 'POST', '/contest/get-contest', { body: { contestId } }),
        await call(ctx, 'POST', '/contest/change-picks', {
          token: user.token,
          body: { contestId, picks: ['AAPL', 'MSFT'] },
        }),
        await call(ctx, 'POST', '/contest/leave-contest', { token: user.token, body: { contestId } }),
        await call(ctx, 'POST', '/contest/cancel-contest', { token: user.token, body: { contestId } }),
        await call(ctx, 'GET', `/contest/completed/${contestId}`, { token: user.token }),
        await call(ctx, 'GET', `/contest-user/${contestId}`, { token: user.token }),
        await call(ctx, 'GET', `/contest/active/${contestId}/portfolio-history`, { token: user.token }),
        await call(ctx, 'GET', `/contest/active/${contestId}/events`, { token: user.token }),
        await call(ctx, 'GET', '/equity/NOPE/history', { token: user.token }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual(Array(attempts.length).fill(404));
      for (const r of attempts) expect(r.json()).toEqual({ errMessage: expect.any(String), errors: [] });
    });

    test('400 for missing or mistyped ids and edit bodies', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      expect((await call(ctx, 'POST', '/contest/get-contest', { body: {} })).json().errors).toEqual([
        { field: 'contestId', message: expect.any(String) },
      ]);
      expect((await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: 42 } })).statusCode).toBe(400);
      const unknownField = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: { contestId: contest._id, ...contestFields(ctx), status: 'active' },
      });
      expect(unknownField.statusCode).toBe(400);
      expect(fieldsOf(unknownField)).toEqual(['status']);
      const now = ctx.clock.now().getTime();
      const tooSoon = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: {
          contestId: contest._id,
          ...contestFields(ctx, {
            startsAt: new Date(now + 1000).toISOString(),
            endsAt: new Date(now + 7_200_000).toISOString(),
          }),
        },
      });
      expect(tooSoon.statusCode).toBe(400);
      expect(fieldsOf(tooSoon)).toEqual(['startsAt']);
    });

    test('teams cannot be added once someone has joined (409)', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      await joinContest(ctx, await createUser(ctx), contest._id);
      const response = await call(ctx, 'POST', '/contest/edit-contest', {
        token: owner.token,
        body: {
          contestId: contest._id,
          ...contestFields(ctx, { affiliations: ['Red', 'Blue'], isTeamCollaboration: true }),
        },
      });
      expect(response.statusCode).toBe(409);
      expect(fieldsOf(response)).toEqual(['affiliations']);
    });

    test('contest-user for someone who has not joined: joined false and nothing else', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      const response = await call(ctx, 'GET', `/contest-user/${contest._id}`, { token: owner.token });
      expect(response.json()).toEqual({
        data: {
          contestId: contest._id,
          userId: owner.id,
          joined: false,
          picks: [],
          affiliation: null,
          joinedAt: null,
          portfolio: null,
          rank: null,
          trades: [],
          tradesTotal: 0,
          actions: [],
        },
      });
    });

    test('parallel joins never overfill a contest', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner, { maxParticipants: 3 });
      const players = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
      const responses = await Promise.all(
        players.map((p) =>
          call(ctx, 'POST', '/contest/join-contest', {
            token: p.token,
            body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const got = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: contest._id } });
      expect(got.json().contest.participantsCount).toBe(3);
    });

    test('the same player joining twice at once joins once', async () => {
      const owner = await createUser(ctx);
      const contest = await createContest(ctx, owner);
      const player = await createUser(ctx);
      const responses = await Promise.all(
        [1, 2, 3].map(() =>
          call(ctx, 'POST', '/contest/join-contest', {
            token: player.token,
            body: { contestId: contest._id, picks: ['AAPL', 'MSFT'] },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const got = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: contest._id } });
      expect(got.json().contest.participantsCount).toBe(1);
    });
  });
});
