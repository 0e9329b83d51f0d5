import {
  contestTimingErrors,
  createContestBodySchema,
  initializeUserBodySchema,
  joinContestBodySchema,
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
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, affiliations: ['Bulls'] }))).toEqual([
      'isTeamCollaboration',
    ]);
    expect(issuePaths(createContestBodySchema.safeParse({ ...validContest, isTeamCollaboration: true }))).toEqual([
      'isTeamCollaboration',
    ]);
    expect(
      createContestBodySchema.safeParse({ ...validContest, affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true })
        .success,
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
    expect(contestTimingErrors({ startsAt: '2030-01-01T12:00:30.000Z', endsAt: '2030-01-01T12:02:30.000Z' }, limits, now)).toEqual([]);
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
});

describe('user and contest actions', () => {
  it('upper-cases the call sign and requires ticker to equal it', () => {
    const ok = initializeUserBodySchema.safeParse({ callSign: 'ace1', ticker: 'ACE1', displayName: 'Ace' });
    expect(ok.success && ok.data.callSign).toBe('ACE1');
    expect(issuePaths(initializeUserBodySchema.safeParse({ callSign: 'ACE1', ticker: 'ACE2', displayName: 'Ace' }))).toEqual([
      'ticker',
    ]);
    expect(issuePaths(initializeUserBodySchema.safeParse({ callSign: '1ACE', ticker: '1ACE', displayName: 'Ace' }))).toContain(
      'callSign',
    );
  });

  it('rejects repeated picks and fractional or zero quantities', () => {
    expect(joinContestBodySchema.safeParse({ contestId: 'c1', picks: ['AAPL', 'aapl'] }).success).toBe(false);
    expect(joinContestBodySchema.safeParse({ contestId: 'c1', picks: ['AAPL', 'MSFT'] }).success).toBe(true);
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 1.5 }).success).toBe(false);
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'sell', quantity: 0 }).success).toBe(false);
    expect(tradeBodySchema.safeParse({ contestId: 'c1', symbol: 'AAPL', side: 'hold', quantity: 1 }).success).toBe(false);
  });
});
