import {
  contestToFormValues,
  defaultContestFormValues,
  formValuesToBody,
  serverFieldErrors,
  validateContestForm,
} from './contest-form-values';
import { fromLocalInputValue, toLocalInputValue } from './local-date-time';

const now = new Date('2030-03-10T12:00:00.000Z');
const inMinutes = (minutes: number) => toLocalInputValue(new Date(now.getTime() + minutes * 60_000));

const valid = () => ({
  ...defaultContestFormValues(now),
  name: 'Spring Sprint',
  startsAtLocal: inMinutes(10),
  endsAtLocal: inMinutes(70),
});

describe('local date-time conversion', () => {
  it('round-trips an instant through the datetime-local value', () => {
    const iso = '2030-03-10T15:45:00.000Z';
    expect(fromLocalInputValue(toLocalInputValue(iso))).toBe(iso);
    expect(fromLocalInputValue('not a date')).toBe('');
  });
});

describe('validateContestForm', () => {
  it('accepts valid values and derives isTeamCollaboration from the affiliations', () => {
    const solo = validateContestForm(valid(), now);
    expect(solo.errors).toEqual({});
    expect(solo.body.isTeamCollaboration).toBe(false);
    const team = validateContestForm({ ...valid(), affiliations: [' Bulls ', 'Bears'] }, now);
    expect(team.errors).toEqual({});
    expect(team.body).toMatchObject({ affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true });
  });

  it('uses the shared schema messages on the fields they concern', () => {
    const { errors } = validateContestForm(
      { ...valid(), name: 'ab', picksCount: '11', startingCash: '500', maxParticipants: '' },
      now,
    );
    expect(errors).toEqual({
      name: 'Name: at least 3 characters',
      picksCount: 'Picks: at most 10',
      startingCash: 'Starting cash: at least $1,000',
      maxParticipants: 'Participants: enter a number',
    });
    expect(validateContestForm({ ...valid(), affiliations: ['Bulls', 'bulls'] }, now).errors).toEqual({
      affiliations: 'Team names must be different',
    });
  });

  it('checks timing against the demo limits as an early hint', () => {
    const tooSoon = validateContestForm({ ...valid(), startsAtLocal: inMinutes(0), endsAtLocal: inMinutes(60) }, now);
    expect(tooSoon.errors.startsAtLocal).toBe('The start must be at least 30 seconds from now');
    const tooShort = validateContestForm({ ...valid(), endsAtLocal: inMinutes(11) }, now);
    expect(tooShort.errors.endsAtLocal).toBe('A contest lasts at least 2 minutes');
    const backwards = validateContestForm({ ...valid(), endsAtLocal: inMinutes(5) }, now);
    expect(backwards.errors.endsAtLocal).toBe('The end must be after the start');
  });

  it('reports a missing date', () => {
    expect(validateContestForm({ ...valid(), startsAtLocal: '' }, now).errors.startsAtLocal).toBe(
      'Enter a date and time',
    );
  });
});

describe('server field errors', () => {
  it('lands each API field on its form field', () => {
    expect(
      serverFieldErrors([
        { field: 'startsAt', message: 'The start must be at least 5 minutes from now' },
        { field: 'affiliations.1', message: 'Team name: at most 40 characters' },
        { field: 'unknown', message: 'ignored' },
      ]),
    ).toEqual({
      startsAtLocal: 'The start must be at least 5 minutes from now',
      affiliations: 'Team name: at most 40 characters',
    });
  });
});

describe('contestToFormValues', () => {
  it('fills the form from a contest and builds the same body back', () => {
    const values = contestToFormValues({
      _id: 'c1',
      name: 'Tech',
      description: 'd',
      status: 'upcoming',
      startsAt: '2030-03-11T09:00:00.000Z',
      endsAt: '2030-03-12T09:00:00.000Z',
      picksCount: 3,
      startingCash: 25_000,
      maxParticipants: 10,
      visibility: 'private',
      affiliations: ['Red'],
      isTeamCollaboration: true,
      createdBy: { _id: 'u1', ticker: 'ACE' },
      participantsCount: 0,
      createdAt: '2030-03-10T09:00:00.000Z',
      updatedAt: '2030-03-10T09:00:00.000Z',
    });
    expect(formValuesToBody(values)).toEqual({
      name: 'Tech',
      description: 'd',
      startsAt: '2030-03-11T09:00:00.000Z',
      endsAt: '2030-03-12T09:00:00.000Z',
      picksCount: 3,
      startingCash: 25_000,
      maxParticipants: 10,
      visibility: 'private',
      affiliations: ['Red'],
      isTeamCollaboration: true,
      // A contest from before the rules existed has today's game: the defaults.
      rules: { shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: null },
    });
  });
});

describe('the rules', () => {
  it('start as today’s game: no short selling, no commission, no cap', () => {
    const values = defaultContestFormValues(now);
    expect(values).toMatchObject({
      shortSelling: false,
      commissionPerTrade: '0',
      commissionPerShare: '0',
      maxPositionPct: '',
    });
    expect(validateContestForm(valid(), now).body.rules).toEqual({
      shortSelling: false,
      commission: { perTrade: 0, perShare: 0 },
      maxPositionPct: null,
    });
  });

  it('are sent as chosen, and an empty cap is no cap', () => {
    const { body, errors } = validateContestForm(
      { ...valid(), shortSelling: true, commissionPerTrade: '4.95', commissionPerShare: '0.005', maxPositionPct: '25' },
      now,
    );
    expect(errors).toEqual({});
    expect(body.rules).toEqual({
      shortSelling: true,
      commission: { perTrade: 4.95, perShare: 0.005 },
      maxPositionPct: 25,
    });
  });

  it('are checked with the server’s messages, each on its field', () => {
    expect(
      validateContestForm(
        { ...valid(), commissionPerTrade: '51', commissionPerShare: '0.00001', maxPositionPct: '4' },
        now,
      ).errors,
    ).toEqual({
      commissionPerTrade: 'Commission per trade: at most $50',
      commissionPerShare: 'Commission per share: at most 4 decimals',
      maxPositionPct: 'Maximum position: at least 5%',
    });
    expect(validateContestForm({ ...valid(), commissionPerTrade: '', maxPositionPct: '101' }, now).errors).toEqual({
      commissionPerTrade: 'Commission per trade: enter an amount in dollars',
      maxPositionPct: 'Maximum position: at most 100%',
    });
  });

  it('are prefilled from the contest, and left out of an edit when locked', () => {
    const contest = {
      _id: 'c-1',
      name: 'Spring Sprint',
      description: '',
      status: 'upcoming' as const,
      startsAt: '2030-03-11T12:00:00.000Z',
      endsAt: '2030-03-12T12:00:00.000Z',
      picksCount: 3,
      startingCash: 100_000,
      maxParticipants: 10,
      visibility: 'public' as const,
      affiliations: [],
      isTeamCollaboration: false,
      createdBy: { _id: 'u', ticker: 'ACE' },
      participantsCount: 2,
      rules: { shortSelling: true, commission: { perTrade: 1, perShare: 0 }, maxPositionPct: 30 },
      createdAt: '2030-03-10T12:00:00.000Z',
      updatedAt: '2030-03-10T12:00:00.000Z',
    };
    const values = contestToFormValues(contest);
    expect(values).toMatchObject({ shortSelling: true, commissionPerTrade: '1', maxPositionPct: '30' });
    expect(formValuesToBody(values, { withRules: false })).not.toHaveProperty('rules');
  });

  it('shows the server’s rule errors on the rule fields', () => {
    expect(
      serverFieldErrors([
        { field: 'rules.commission.perShare', message: 'Commission per share: at most $1' },
        { field: 'rules', message: 'Cannot change once someone has joined' },
      ]),
    ).toEqual({
      commissionPerShare: 'Commission per share: at most $1',
      shortSelling: 'Cannot change once someone has joined',
    });
  });
});
