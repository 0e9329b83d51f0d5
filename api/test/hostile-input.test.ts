import { randomUUID } from 'node:crypto';
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

// Text the database cannot store (NUL: PostgreSQL and PGlite answer "invalid byte sequence for encoding UTF8"), other
// control characters, unpaired surrogates, invisible-only names and far-future dates: every field that takes text or an
// id, on both drivers. Text fields refuse such input with a 400 naming the field; an id that could never have been
// issued is an unknown id (404), whether it comes in a body or a path.

const NUL = '\u0000';
/** Zero-width and invisible characters only: nothing a reader can see. */
const INVISIBLE = ' \u200b\u200c\u200d\u2060\ufeff\u00ad\t ';

interface ErrorBody {
  errMessage: string;
  errors: { field: string; message: string }[];
}

describe.each(DRIVERS)('hostile input (%s)', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let player: TestUser;
  type Created = Awaited<ReturnType<typeof createContest>>;
  let upcoming: Created;
  let live: Created;
  let completed: Created;

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    owner = await createUser(ctx);
    player = await createUser(ctx);
    // A contest that starts, runs and completes; then one that goes live; everything created afterwards is upcoming.
    completed = await createContest(ctx, owner);
    await joinContest(ctx, player, completed._id);
    await tickAt(ctx, completed.startsAt);
    await tickAt(ctx, completed.endsAt);
    const started = await createContest(ctx, owner);
    await joinContest(ctx, player, started._id);
    await tickAt(ctx, started.startsAt);
    live = started;
    upcoming = await createContest(ctx, owner, { affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true });
  });
  afterAll(() => ctx?.close());

  const errorsOf = (response: { json: () => unknown }) => (response.json() as ErrorBody).errors;
  const create = (overrides: Record<string, unknown>) =>
    call(ctx, 'POST', '/contest/create-contest', { token: owner.token, body: contestFields(ctx, overrides) });
  const edit = (overrides: Record<string, unknown>) =>
    call(ctx, 'POST', '/contest/edit-contest', {
      token: owner.token,
      body: { contestId: upcoming._id, ...contestFields(ctx, overrides) },
    });
  const freshToken = async () => {
    const token = await ctx.issuer.idToken(randomUUID());
    await call(ctx, 'POST', '/user/get-user', { token, body: {} });
    return token;
  };
  const freshSign = () =>
    `H${randomUUID()
      .replace(/[^A-F0-9]/gi, '')
      .slice(0, 6)
      .toUpperCase()}`;
  const initialize = async (fields: Record<string, unknown>) => {
    const sign = freshSign();
    return call(ctx, 'POST', '/user/initialize-user', {
      token: await freshToken(),
      body: { callSign: sign, ticker: sign, displayName: 'Hal', ...fields },
    });
  };
  const editProfile = (fields: Record<string, unknown>) =>
    call(ctx, 'POST', '/user-profile/edit-profile', {
      token: player.token,
      body: { callSign: player.ticker, ticker: player.ticker, displayName: 'Player', bio: '', ...fields },
    });

  describe('contest text fields: control characters are a 400 that names the field', () => {
    test.each([
      ['NUL in the name', { name: `Spring${NUL}Cup` }, 'name', 'Name: no control characters'],
      ['NUL alone as the name', { name: `${NUL}${NUL}${NUL}` }, 'name', 'Name: no control characters'],
      ['\\u0001 in the name', { name: 'Spring\u0001Cup' }, 'name', 'Name: no control characters'],
      ['\\u001f in the name', { name: 'Spring\u001fCup' }, 'name', 'Name: no control characters'],
      ['DEL in the name', { name: 'Spring\u007fCup' }, 'name', 'Name: no control characters'],
      ['a C1 control (NEL) in the name', { name: 'Spring\u0085Cup' }, 'name', 'Name: no control characters'],
      ['a newline inside the one-line name', { name: 'Spring\nCup' }, 'name', 'Name: no control characters'],
      ['a tab inside the name', { name: 'Spring\tCup' }, 'name', 'Name: no control characters'],
      ['an unpaired high surrogate in the name', { name: 'Spring \ud800 Cup' }, 'name', 'Name: invalid characters'],
      ['an unpaired low surrogate in the name', { name: 'Spring \udc00 Cup' }, 'name', 'Name: invalid characters'],
      [
        'NUL in the description',
        { description: `Friendly${NUL}` },
        'description',
        'Description: no control characters',
      ],
      [
        '\\u0085 in the description',
        { description: 'Friendly\u0085contest' },
        'description',
        'Description: no control characters',
      ],
      [
        'a tab in the description',
        { description: 'Friendly\tcontest' },
        'description',
        'Description: no control characters',
      ],
      [
        'an unpaired surrogate in the description',
        { description: 'Friendly \udfff' },
        'description',
        'Description: invalid characters',
      ],
      [
        'NUL in the first team',
        { affiliations: [`Bu${NUL}lls`, 'Bears'], isTeamCollaboration: true },
        'affiliations.0',
        'Team name: no control characters',
      ],
      [
        'NUL in the second team',
        { affiliations: ['Bulls', `Bears${NUL}`], isTeamCollaboration: true },
        'affiliations.1',
        'Team name: no control characters',
      ],
      [
        'an unpaired surrogate in a team',
        { affiliations: ['Bulls', 'Bears\ud83d'], isTeamCollaboration: true },
        'affiliations.1',
        'Team name: invalid characters',
      ],
    ])('create-contest: %s', async (_label, overrides, field, message) => {
      const response = await create(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errMessage: 'Validation failed',
        errors: expect.arrayContaining([{ field, message }]),
      });
      expect(errorsOf(response).every((e) => e.field === field)).toBe(true);
    });

    test('edit-contest refuses the same text', async () => {
      for (const [overrides, field] of [
        [{ name: `Spring${NUL}Cup` }, 'name'],
        [{ description: `x${NUL}y` }, 'description'],
        [{ affiliations: ['Bulls', `Be${NUL}ars`], isTeamCollaboration: true }, 'affiliations.1'],
      ] as const) {
        const response = await edit(overrides);
        expect(response.statusCode).toBe(400);
        expect(errorsOf(response).map((e) => e.field)).toEqual([field]);
      }
    });

    test('join-contest refuses a team name with NUL (400 on affiliation), not a 500', async () => {
      const joiner = await createUser(ctx);
      const response = await call(ctx, 'POST', '/contest/join-contest', {
        token: joiner.token,
        body: { contestId: upcoming._id, picks: ['AAPL', 'MSFT'], affiliation: `Bulls${NUL}` },
      });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual([{ field: 'affiliation', message: 'Team name: no control characters' }]);
    });

    test('line breaks stay allowed in the description (CRLF is stored as LF); a trailing newline on the name is trimmed', async () => {
      const response = await create({ name: 'Spring Cup\n', description: 'Line one\nLine two\r\nLine three\n\nEnd' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        name: 'Spring Cup',
        description: 'Line one\nLine two\nLine three\n\nEnd',
      });
      const edited = await edit({ description: 'Rules:\n- buy\n- hold' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data.description).toBe('Rules:\n- buy\n- hold');
    });

    test('emoji, accents and joined emoji sequences are ordinary text', async () => {
      const response = await create({
        name: 'Ünïcödé 🚀 Cup',
        description: 'Family: 👨‍👩‍👧 flag: 🇺🇸 heart: ❤️',
        affiliations: ['Équipe ❤️', '東京'],
        isTeamCollaboration: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        name: 'Ünïcödé 🚀 Cup',
        description: 'Family: 👨‍👩‍👧 flag: 🇺🇸 heart: ❤️',
        affiliations: ['Équipe ❤️', '東京'],
      });
    });
  });

  describe('invisible-only names count as empty', () => {
    test('a zero-width-only contest name gets the message of an empty one', async () => {
      const empty = await create({ name: '' });
      const invisible = await create({ name: INVISIBLE });
      expect(empty.statusCode).toBe(400);
      expect(invisible.statusCode).toBe(400);
      expect(errorsOf(invisible)).toEqual([{ field: 'name', message: 'Name: at least 3 characters' }]);
      expect(errorsOf(invisible)).toEqual(errorsOf(empty));
    });

    test('zero-width padding does not count towards the minimum and is trimmed off', async () => {
      const short = await create({ name: '\u200bab\u200b' });
      expect(errorsOf(short)).toEqual([{ field: 'name', message: 'Name: at least 3 characters' }]);
      const padded = await create({ name: '\ufeff\u200b Spring Cup \u2060\u00ad' });
      expect(padded.statusCode).toBe(200);
      expect(padded.json().data.name).toBe('Spring Cup');
    });

    test('a zero-width-only team name is a missing one; zero-width padding makes a duplicate', async () => {
      const invisible = await create({ affiliations: ['Bulls', '\u200b\u200d'], isTeamCollaboration: true });
      expect(errorsOf(invisible)).toEqual([{ field: 'affiliations.1', message: 'Team name is required' }]);
      const duplicate = await create({ affiliations: ['Bulls', 'Bulls\u200b'], isTeamCollaboration: true });
      expect(errorsOf(duplicate)).toEqual([{ field: 'affiliations.1', message: 'Team names must be different' }]);
    });

    test('a zero-width-only display name is a missing one (initialize-user and edit-profile)', async () => {
      const init = await initialize({ displayName: INVISIBLE });
      expect(init.statusCode).toBe(400);
      expect(errorsOf(init)).toEqual([{ field: 'displayName', message: 'Display name is required' }]);
      const edited = await editProfile({ displayName: '\u200b\u200c\u200d' });
      expect(edited.statusCode).toBe(400);
      expect(errorsOf(edited)).toEqual([{ field: 'displayName', message: 'Display name is required' }]);
    });
  });

  describe('profile text fields', () => {
    test.each([
      ['NUL in the display name', { displayName: `Ha${NUL}l` }, 'displayName', 'Display name: no control characters'],
      ['a newline in the display name', { displayName: 'Ha\nl' }, 'displayName', 'Display name: no control characters'],
      [
        'an unpaired surrogate in the display name',
        { displayName: 'Hal\ud800' },
        'displayName',
        'Display name: invalid characters',
      ],
      ['NUL in the bio', { bio: `Value${NUL}investor` }, 'bio', 'Bio: no control characters'],
      ['\\u001f in the bio', { bio: 'Value\u001finvestor' }, 'bio', 'Bio: no control characters'],
      ['an unpaired surrogate in the bio', { bio: '\udc00Value investor' }, 'bio', 'Bio: invalid characters'],
    ])('%s: 400 on initialize-user and on edit-profile', async (_label, fields, field, message) => {
      const init = await initialize(fields);
      expect(init.statusCode).toBe(400);
      expect(init.json()).toEqual({ errMessage: 'Validation failed', errors: [{ field, message }] });
      const edited = await editProfile(fields);
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toEqual({ errMessage: 'Validation failed', errors: [{ field, message }] });
    });

    test('NUL in the call sign or ticker is a validation error, not a 500', async () => {
      const sign = await initialize({ callSign: `AB${NUL}`, ticker: `AB${NUL}` });
      expect(sign.statusCode).toBe(400);
      expect(errorsOf(sign).map((e) => e.field)).toContain('callSign');
      const ticker = await editProfile({ ticker: `${player.ticker}${NUL}` });
      expect(ticker.statusCode).toBe(400);
      expect(errorsOf(ticker).map((e) => e.field)).toEqual(['ticker']);
    });

    test('line breaks stay allowed in the bio (initialize-user and edit-profile)', async () => {
      const init = await initialize({ bio: 'Value investor\nLong only\r\nSince 2020' });
      expect(init.statusCode).toBe(200);
      const edited = await editProfile({ bio: 'Line one\nLine two\r\n\r\nLine four' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().userProfile.bio).toBe('Line one\nLine two\n\nLine four');
      const read = await call(ctx, 'POST', '/user-profile/get-user-profile', {
        token: owner.token,
        body: { userId: player.id },
      });
      expect(read.json().userProfile.bio).toBe('Line one\nLine two\n\nLine four');
    });
  });

  describe('ids that could never have been issued are unknown ids (404)', () => {
    const hostileIds = () => [
      NUL,
      `${upcoming._id}${NUL}`,
      `${NUL}${upcoming._id}`,
      'a\u0001b',
      '\u007f',
      '\u0085',
      '\u200b',
      `${upcoming._id}\u200b`,
      '\ud800',
      `${upcoming._id}\udc00`,
      "' OR 1=1 --",
      '__proto__',
      'constructor',
      // Longer than any id we issue: unknown, like a mistyped one, not a validation error (a 300-character id in an
      // address must not show "Validation failed").
      'x'.repeat(300),
      `${upcoming._id}${'0'.repeat(300)}`,
    ];

    test('contestId in a body: every contest call answers 404 "Contest not found"', async () => {
      for (const contestId of hostileIds()) {
        const requests: [string, string, Record<string, unknown>][] = [
          ['/contest/get-contest', owner.token, { contestId }],
          ['/contest/edit-contest', owner.token, { contestId, ...contestFields(ctx) }],
          ['/contest/join-contest', player.token, { contestId, picks: ['AAPL', 'MSFT'] }],
          ['/contest/change-picks', player.token, { contestId, picks: ['AAPL', 'MSFT'] }],
          ['/contest/leave-contest', player.token, { contestId }],
          ['/contest/cancel-contest', owner.token, { contestId }],
          ['/contest/trading', player.token, { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 }],
        ];
        for (const [url, token, body] of requests) {
          const response = await call(ctx, 'POST', url, { token, body });
          expect([url, JSON.stringify(contestId), response.statusCode, response.json()]).toEqual([
            url,
            JSON.stringify(contestId),
            404,
            { errMessage: 'Contest not found', errors: [] },
          ]);
        }
      }
      // The public view answers the same without a token.
      const anonymous = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: `${live._id}${NUL}` } });
      expect(anonymous.statusCode).toBe(404);
    });

    test('contest id in a path: every GET /…/:id answers 404 "Contest not found"', async () => {
      const encoded = [
        '%00',
        `${live._id}%00`,
        `${completed._id}%00`,
        `%00${live._id}`,
        'a%01b',
        '%7F',
        '%C2%85',
        '%E2%80%8B',
        `${live._id}%E2%80%8B`,
        '%27%20OR%201%3D1%20--',
        '__proto__',
        'constructor',
        'x'.repeat(300),
      ];
      for (const id of encoded) {
        for (const url of [
          `/contest/active/${id}`,
          `/contest/completed/${id}`,
          `/contest-user/${id}`,
          `/contest/active/${id}/portfolio-history`,
          `/contest/active/${id}/events`,
        ]) {
          const response = await call(ctx, 'GET', url, { token: player.token });
          expect([url, response.statusCode, response.json()]).toEqual([
            url,
            404,
            { errMessage: 'Contest not found', errors: [] },
          ]);
        }
      }
    });

    test('a path id that is not even UTF-8 is refused below 500, with the API.md error body', async () => {
      for (const id of ['%ED%A0%80', '%C0%80', '%FF', '%', '%zz']) {
        const response = await call(ctx, 'GET', `/contest/active/${id}`, { token: player.token });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toEqual({ errMessage: expect.any(String), errors: expect.any(Array) });
      }
    });

    test('an Idempotency-Key with a control character is a 400, never stored', async () => {
      const response = await call(ctx, 'POST', '/contest/trading', {
        token: player.token,
        body: { contestId: live._id, symbol: 'AAPL', side: 'buy', quantity: 1 },
        headers: { 'idempotency-key': `key${NUL}1` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ message: 'Idempotency-Key: printable characters only' }),
      ]);
    });

    test('the well-formed ids still work', async () => {
      expect((await call(ctx, 'GET', `/contest/active/${live._id}`, { token: player.token })).statusCode).toBe(200);
      expect((await call(ctx, 'GET', `/contest/completed/${completed._id}`, { token: player.token })).statusCode).toBe(
        200,
      );
      expect((await call(ctx, 'GET', `/contest-user/${upcoming._id}`, { token: player.token })).statusCode).toBe(200);
      const padded = await call(ctx, 'POST', '/contest/get-contest', {
        token: player.token,
        body: { contestId: ` ${upcoming._id} ` },
      });
      expect(padded.statusCode).toBe(200);
    });

    test('userId in get-user-profile: 404 "User not found"', async () => {
      for (const userId of [
        NUL,
        `${owner.id}${NUL}`,
        `${owner.id}\u200b`,
        '\u0001',
        '\ud800',
        '__proto__',
        'toString',
      ]) {
        const response = await call(ctx, 'POST', '/user-profile/get-user-profile', {
          token: player.token,
          body: { userId },
        });
        expect([JSON.stringify(userId), response.statusCode, response.json()]).toEqual([
          JSON.stringify(userId),
          404,
          { errMessage: 'User not found', errors: [] },
        ]);
      }
      const real = await call(ctx, 'POST', '/user-profile/get-user-profile', {
        token: player.token,
        body: { userId: owner.id },
      });
      expect(real.statusCode).toBe(200);
    });
  });

  test('equity history: a date an offset carries outside years 1–9999 is a 400, not a 500', async () => {
    for (const [query, field] of [
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['to=0000-01-01T00:00:00Z', 'to'],
      ['from=0001-01-01T00:00:00%2B01:00', 'from'],
      ['to=9999-12-31T23:59:59-23:59', 'to'],
    ]) {
      const response = await call(ctx, 'GET', `/equity/AAPL/history?${query}`, { token: player.token });
      expect([query, response.statusCode, response.json()]).toEqual([
        query,
        400,
        { errMessage: 'Validation failed', errors: [{ field, message: 'Enter a date between the years 1 and 9999' }] },
      ]);
    }
    const edge = await call(ctx, 'GET', '/equity/AAPL/history?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59.999Z', {
      token: player.token,
    });
    expect(edge.statusCode).toBe(200);
  });

  describe('the start of a contest is at most a year away', () => {
    const DAY = 86_400_000;
    const at = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();

    test('create-contest: a start in the year 9999 → 400 on startsAt', async () => {
      const response = await create({ startsAt: '9999-01-01T00:00:00.000Z', endsAt: '9999-01-08T00:00:00.000Z' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errMessage: 'Validation failed',
        errors: [{ field: 'startsAt', message: 'The start must be within 1 year from now' }],
      });
    });

    test('edit-contest: the same bound', async () => {
      const response = await edit({ startsAt: '9999-12-31T00:00:00.000Z', endsAt: '9999-12-31T12:00:00.000Z' });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toEqual([{ field: 'startsAt', message: 'The start must be within 1 year from now' }]);
    });

    test('exactly 365 days ahead is accepted, a minute more is not', async () => {
      const edge = await create({ startsAt: at(365 * DAY), endsAt: at(365 * DAY + 3_600_000) });
      expect(edge.statusCode).toBe(200);
      const beyond = await create({ startsAt: at(365 * DAY + 60_000), endsAt: at(365 * DAY + 60_000 + 3_600_000) });
      expect(beyond.statusCode).toBe(400);
      expect(errorsOf(beyond).map((e) => e.field)).toEqual(['startsAt']);
    });
  });
});
