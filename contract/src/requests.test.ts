import {
  contestTimingErrors,
  createContestBodySchema,
  editProfileBodySchema,
  equityHistoryQuerySchema,
  getUserProfileBodySchema,
  initializeUserBodySchema,
  joinContestBodySchema,
  LIMITS,
  normalizeTeamName,
  teamNameKey,
  tradeBodySchema,
} from './index';

const validContest = {
  name: '  Tech Titans  ',
  description: 'Big tech only',
  startsAt: '2030-01-01T15:00:00.000Z',
  endsAt: '2030-01-08T15:00:00.000Z',
  picksCount: 5,
  startingCash: 100_000,
  maxParticipants: 50,
  visibility: 'public',
  affiliations: [],
  isTeamCollaboration: false,
};

const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('createContestBodySchema', () => {
  it('accepts a valid contest and trims its name', () => {
    const result = createContestBodySchema.safeParse(validContest);
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Tech Titans');
  });

  it('requires isTeamCollaboration to be true exactly when there are affiliations', () => {
    expect(
      issuePaths(createContestBodySchema.safeParse({ ...validContest, affiliations: ['Bulls', 'Bears'] })),
    ).toEqual(['isTeamCollaboration']);
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, isTeamCollaboration: true }))).toEqual([
      'isTeamCollaboration',
    ]);
    expect(
      createContestBodySchema.safeParse({
        ...validContest,
        affiliations: ['Bulls', 'Bears'],
        isTeamCollaboration: true,
      }).success,
    ).toBe(true);
  });

  it('rejects duplicate team names regardless of case and spacing', () => {
    const result = createContestBodySchema.safeParse({
      ...validContest,
      affiliations: ['Bulls', ' bulls '],
      isTeamCollaboration: true,
    });
    expect(issuePaths(result)).toEqual(['affiliations.1']);
  });

  it('rejects unknown fields, an end before the start, and out-of-range numbers', () => {
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, status: 'active' }))).toEqual(['']);
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, endsAt: validContest.startsAt }))).toEqual([
      'endsAt',
    ]);
    const bounds = createContestBodySchema.safeParse({
      ...validContest,
      picksCount: 11,
      startingCash: 999.99,
      maxParticipants: 1,
    });
    expect(issuePaths(bounds).sort()).toEqual(['maxParticipants', 'picksCount', 'startingCash']);
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, startingCash: 1000.001 }))).toEqual([
      'startingCash',
    ]);
  });
});

describe('contestTimingErrors', () => {
  const limits = { minLeadSeconds: 30, minDurationSeconds: 120, maxDurationSeconds: 86_400 };
  const now = new Date('2030-01-01T12:00:00.000Z');

  it('accepts the exact minimum lead and duration', () => {
    expect(
      contestTimingErrors({ startsAt: '2030-01-01T12:00:30.000Z', endsAt: '2030-01-01T12:02:30.000Z' }, limits, now),
    ).toEqual([]);
  });

  it('names the field that breaks each rule', () => {
    expect(
      contestTimingErrors({ startsAt: '2030-01-01T12:00:29.000Z', endsAt: '2030-01-01T12:02:00.000Z' }, limits, now),
    ).toEqual([
      { field: 'startsAt', message: 'The start must be at least 30 seconds from now' },
      { field: 'endsAt', message: 'A contest lasts at least 2 minutes' },
    ]);
    expect(
      contestTimingErrors({ startsAt: '2030-01-01T13:00:00.000Z', endsAt: '2030-01-02T13:00:01.000Z' }, limits, now),
    ).toEqual([{ field: 'endsAt', message: 'A contest lasts at most 1 day' }]);
  });

  it('bounds the start to one year from now: exactly 365 days is fine, later is not', () => {
    expect(LIMITS.contestStart.maxLeadDays).toBe(365);
    const inAYear = new Date(now.getTime() + 365 * 86_400_000);
    const plus = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();
    expect(
      contestTimingErrors({ startsAt: inAYear.toISOString(), endsAt: plus(inAYear, 3_600_000) }, limits, now),
    ).toEqual([]);
    expect(contestTimingErrors({ startsAt: plus(inAYear, 1), endsAt: plus(inAYear, 3_600_000) }, limits, now)).toEqual([
      { field: 'startsAt', message: 'The start must be within 1 year from now' },
    ]);
    expect(
      contestTimingErrors({ startsAt: '9999-12-31T00:00:00.000Z', endsAt: '9999-12-31T01:00:00.000Z' }, limits, now),
    ).toEqual([{ field: 'startsAt', message: 'The start must be within 1 year from now' }]);
  });
});

/** Each issue as `path: message`, for exact comparisons. */
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('text fields: control characters, unpaired surrogates and invisible-only text', () => {
  const withTeams = (affiliations: string[]) => ({ ...validContest, affiliations, isTeamCollaboration: true });
  const profile = (fields: Record<string, unknown>) => ({
    callSign: 'ACE1',
    ticker: 'ACE1',
    displayName: 'Ace',
    bio: '',
    ...fields,
  });

  it.each([
    ['U+0000', '\u0000'],
    ['U+0001', '\u0001'],
    ['U+001F', '\u001f'],
    ['U+007F', '\u007f'],
    ['U+0085', '\u0085'],
    ['U+009F', '\u009f'],
    ['a newline', '\n'],
    ['a carriage return', '\r'],
    ['a tab', '\t'],
  ])('refuses %s inside a one-line field, naming the field', (_label, char) => {
    expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: `Tech${char}Titans` }))).toEqual([
      'name: Name: no control characters',
    ]);
    expect(issuesOf(createContestBodySchema.safeParse(withTeams(['Bulls', `Be${char}ars`])))).toEqual([
      'affiliations.1: Team name: no control characters',
    ]);
    expect(issuesOf(editProfileBodySchema.safeParse(profile({ displayName: `A${char}ce` })))).toEqual([
      'displayName: Display name: no control characters',
    ]);
  });

  it.each([
    ['U+202A', '\u202a'],
    ['U+202E (right-to-left override)', '\u202e'],
    ['U+2066', '\u2066'],
    ['U+2069', '\u2069'],
  ])(
    'refuses the text direction control %s in every free-text field, naming it (a team name drops it)',
    (_label, char) => {
      expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: `Tech${char}Titans` }))).toEqual([
        'name: Name: no text direction characters',
      ]);
      expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, description: `Big${char}tech` }))).toEqual([
        'description: Description: no text direction characters',
      ]);
      // A team name drops every character that draws nothing (normalizeTeamName): the control is stripped.
      expect(createContestBodySchema.safeParse(withTeams(['Bulls', `Be${char}ars`])).data?.affiliations).toEqual([
        'Bulls',
        'Bears',
      ]);
      expect(issuesOf(editProfileBodySchema.safeParse(profile({ displayName: `A${char}ce` })))).toEqual([
        'displayName: Display name: no text direction characters',
      ]);
      expect(issuesOf(editProfileBodySchema.safeParse(profile({ bio: `Value${char}investor` })))).toEqual([
        'bio: Bio: no text direction characters',
      ]);
    },
  );

  it('refuses a team collaboration of one team', () => {
    expect(issuesOf(createContestBodySchema.safeParse(withTeams(['Bulls'])))).toEqual([
      'affiliations: A team collaboration needs at least two teams',
    ]);
  });

  it.each([
    ['U+0000', '\u0000'],
    ['U+0007', '\u0007'],
    ['U+007F', '\u007f'],
    ['U+0085', '\u0085'],
    ['a tab', '\t'],
    ['a lone carriage return', 'x\ry'],
  ])('refuses %s inside a multi-line field', (_label, char) => {
    expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, description: `Big${char}tech` }))).toEqual([
      'description: Description: no control characters',
    ]);
    expect(issuesOf(editProfileBodySchema.safeParse(profile({ bio: `Value${char}investor` })))).toEqual([
      'bio: Bio: no control characters',
    ]);
  });

  it('keeps line breaks in multi-line fields, as LF', () => {
    const contest = createContestBodySchema.safeParse({ ...validContest, description: 'One\nTwo\r\nThree\n\nFive' });
    expect(contest.data?.description).toBe('One\nTwo\nThree\n\nFive');
    const user = initializeUserBodySchema.safeParse({
      callSign: 'ACE1',
      ticker: 'ACE1',
      displayName: 'Ace',
      bio: 'Value\r\ninvestor',
    });
    expect(user.data?.bio).toBe('Value\ninvestor');
  });

  it('refuses unpaired surrogates but keeps paired ones (emoji)', () => {
    for (const bad of ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83db', '\ude00\ud83d']) {
      expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: `Tech ${bad} Titans` }))).toEqual([
        'name: Name: invalid characters',
      ]);
      expect(issuesOf(editProfileBodySchema.safeParse(profile({ bio: bad })))).toEqual([
        'bio: Bio: invalid characters',
      ]);
    }
    const emoji = createContestBodySchema.safeParse({ ...validContest, name: 'Rocket 🚀 👨‍👩‍👧 ❤️ 🇺🇸' });
    expect(emoji.data?.name).toBe('Rocket 🚀 👨‍👩‍👧 ❤️ 🇺🇸');
  });

  it('counts invisible-only text as empty, with the message of an empty field', () => {
    const invisible = [
      '\u200b',
      '\u200c\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      ' \u200b\t\u3000\u00a0 ',
      '\u3164',
      '\u202e\u2066',
      '\ufe0f',
    ];
    for (const text of invisible) {
      expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: text }))).toEqual(
        issuesOf(createContestBodySchema.safeParse({ ...validContest, name: '' })),
      );
      expect(issuesOf(createContestBodySchema.safeParse(withTeams(['Bulls', text])))).toEqual([
        'affiliations.1: Team name is required',
      ]);
      expect(issuesOf(editProfileBodySchema.safeParse(profile({ displayName: text })))).toEqual([
        'displayName: Display name is required',
      ]);
      expect(editProfileBodySchema.safeParse(profile({ bio: text })).data?.bio).toBe('');
      expect(createContestBodySchema.safeParse({ ...validContest, description: text }).data?.description).toBe('');
    }
    expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: '' }))).toEqual([
      'name: Name: at least 3 characters',
    ]);
  });

  it('trims zero-width characters at the edges, so they neither count towards a length nor make a team different', () => {
    expect(
      createContestBodySchema.safeParse({ ...validContest, name: '\u200b\ufeff Tech Titans \u2060\u00ad' }).data?.name,
    ).toBe('Tech Titans');
    expect(issuesOf(createContestBodySchema.safeParse({ ...validContest, name: '\u200bab\u200b' }))).toEqual([
      'name: Name: at least 3 characters',
    ]);
    expect(issuesOf(createContestBodySchema.safeParse(withTeams(['Bulls', 'Bulls\u200b'])))).toEqual([
      'affiliations.1: Team names must be different',
    ]);
    // Inside the text they stay: a zero-width joiner holds an emoji sequence together.
    expect(createContestBodySchema.safeParse({ ...validContest, name: 'Team 👨‍👩‍👧' }).data?.name).toBe('Team 👨‍👩‍👧');
  });

  it('leaves ids to the server: an id with a control character is well-typed (the lookup answers 404)', () => {
    expect(getUserProfileBodySchema.safeParse({ userId: 'u1\u0000' }).success).toBe(true);
    expect(joinContestBodySchema.safeParse({ contestId: 'c1\u200b', picks: ['AAPL'] }).success).toBe(true);
  });
});

describe('team names: one visible name, one team', () => {
  const teams = (affiliations: string[]) =>
    createContestBodySchema.safeParse({ ...validContest, affiliations, isTeamCollaboration: true });

  it.each([
    ['a zero-width space inside', 'Zero\u200bWidth'],
    ['a word joiner inside', 'Zero\u2060Width'],
    ['a zero-width non-joiner inside', 'Zero\u200cWidth'],
    ['a zero-width joiner between letters', 'Zero\u200dWidth'],
    ['a soft hyphen inside', 'Zero\u00adWidth'],
    ['a byte-order mark inside', 'Zero\ufeffWidth'],
    ['bidi controls inside', 'Zero\u202eWidth\u202c'],
    ['full-width letters (NFKC)', 'Ｚｅｒｏ Width'.replace(' ', '')],
    ['a variation selector after a letter', 'ZeroWidth\ufe0f'],
  ])('refuses "ZeroWidth" and the same name with %s as two teams', (_label, twin) => {
    expect(issuesOf(teams(['ZeroWidth', twin]))).toEqual(['affiliations.1: Team names must be different']);
    expect(issuesOf(teams([twin, 'zerowidth']))).toEqual(['affiliations.1: Team names must be different']);
  });

  it('stores the name as it is seen: NFKC, without the invisible characters inside', () => {
    expect(teams(['Zero\u200bWidth', 'Ｂｅａｒｓ', 'ﬁsh\u2060ers']).data?.affiliations).toEqual([
      'ZeroWidth',
      'Bears',
      'fishers',
    ]);
    expect(
      joinContestBodySchema.safeParse({ contestId: 'c1', picks: ['AAPL'], affiliation: 'Zero\u200bWidth' }).data,
    ).toMatchObject({ affiliation: 'ZeroWidth' });
  });

  it('keeps what draws something: emoji sequences, keycaps, flags; different visible names stay different', () => {
    const emoji = ['Team 👨‍👩‍👧', 'Love ❤️', 'No 1️⃣', 'Wales 🏴󠁧󠁢󠁷󠁬󠁳󠁿', 'Skin 👍🏽'];
    for (const name of emoji) expect(normalizeTeamName(name)).toBe(name);
    expect(teams(emoji).data?.affiliations).toEqual(emoji);
    expect(teams(['Red Team', 'RedTeam', 'Red-Team']).success).toBe(true);
    expect(teamNameKey(' Red \u200b Team ')).toBe(teamNameKey('red team'));
  });
});

describe('user and contest actions', () => {
  it('upper-cases the call sign and requires ticker to equal it', () => {
    const ok = initializeUserBodySchema.safeParse({ callSign: 'ace1', ticker: 'ACE1', displayName: 'Ace' });
    expect(ok.success && ok.data.callSign).toBe('ACE1');
    expect(
      issuePaths(initializeUserBodySchema.safeParse({ callSign: 'ACE1', ticker: 'ACE2', displayName: 'Ace' })),
    ).toEqual(['ticker']);
    expect(
      issuePaths(initializeUserBodySchema.safeParse({ callSign: '1ACE', ticker: '1ACE', displayName: 'Ace' })),
    ).toContain('callSign');
  });

  it('rejects repeated picks and fractional or zero quantities', () => {
    expect(joinContestBodySchema.safeParse({ contestId: 'c1', picks: ['AAPL', 'aapl'] }).success).toBe(false);
    expect(joinContestBodySchema.safeParse({ contestId: 'c1', picks: ['AAPL', 'MSFT'] }).success).toBe(true);
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 1.5 }).success).toBe(
      false,
    );
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'sell', quantity: 0 }).success).toBe(
      false,
    );
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'hold', quantity: 1 }).success).toBe(
      false,
    );
  });
});

describe('equityHistoryQuerySchema', () => {
  it('accepts instants from year 1 to year 9999 (UTC), and refuses the ones an offset pushes outside', () => {
    for (const ok of [
      '0001-01-01T00:00:00Z',
      '0001-01-01T00:00:00-01:00',
      '9999-12-31T23:59:59.999Z',
      '2030-01-07T14:30:00+02:00',
    ]) {
      expect([ok, equityHistoryQuerySchema.safeParse({ from: ok, to: ok }).success]).toEqual([ok, true]);
    }
    for (const bad of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-23:59']) {
      expect(issuesOf(equityHistoryQuerySchema.safeParse({ from: bad }))).toEqual([
        'from: Enter a date between the years 1 and 9999',
      ]);
      expect(issuesOf(equityHistoryQuerySchema.safeParse({ to: bad }))).toEqual([
        'to: Enter a date between the years 1 and 9999',
      ]);
    }
  });
});
