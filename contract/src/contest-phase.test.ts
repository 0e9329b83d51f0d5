import * as fc from 'fast-check';
import { type ContestPhase, contestPhaseAt } from './contest-phase';

const ORDER: ContestPhase[] = ['upcoming', 'active', 'completed'];

/** A contest's timing in milliseconds, start before end, within a few years of 2030. */
const timing = fc
  .tuple(fc.integer({ min: 1_800_000_000_000, max: 2_000_000_000_000 }), fc.integer({ min: 1, max: 400 * 86_400_000 }))
  .map(([startsAt, length]) => ({ startsAt, endsAt: startsAt + length }));
const instant = fc.integer({ min: 1_700_000_000_000, max: 2_100_000_000_000 });

describe('a contest’s phase from the clock', () => {
  it('is upcoming before the start, active from the start, completed from the end', () => {
    const contest = { startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T12:00:00Z' };
    expect(contestPhaseAt(contest, '2030-01-01T09:59:59.999Z')).toBe('upcoming');
    expect(contestPhaseAt(contest, '2030-01-01T10:00:00Z')).toBe('active');
    expect(contestPhaseAt(contest, '2030-01-01T11:59:59.999Z')).toBe('active');
    expect(contestPhaseAt(contest, '2030-01-01T12:00:00Z')).toBe('completed');
  });

  it('stays upcoming when a time is not a date', () => {
    expect(contestPhaseAt({ startsAt: 'soon', endsAt: 'later' }, Date.parse('2030-01-01T00:00:00Z'))).toBe('upcoming');
  });

  it('never goes back as time passes', () => {
    fc.assert(
      fc.property(timing, instant, instant, (t, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        return ORDER.indexOf(contestPhaseAt(t, earlier)) <= ORDER.indexOf(contestPhaseAt(t, later));
      }),
    );
  });

  it('is active exactly while start ≤ now < end', () => {
    fc.assert(
      fc.property(timing, instant, (t, now) => {
        const expected = now < t.startsAt ? 'upcoming' : now < t.endsAt ? 'active' : 'completed';
        return contestPhaseAt(t, now) === expected;
      }),
    );
  });

  it('reads the same instant alike as a Date, an ISO string or milliseconds', () => {
    fc.assert(
      fc.property(timing, instant, (t, now) => {
        const phase = contestPhaseAt(t, now);
        const asDates = { startsAt: new Date(t.startsAt), endsAt: new Date(t.endsAt) };
        const asText = { startsAt: asDates.startsAt.toISOString(), endsAt: asDates.endsAt.toISOString() };
        return (
          contestPhaseAt(asDates, new Date(now)) === phase &&
          contestPhaseAt(asText, new Date(now).toISOString()) === phase
        );
      }),
    );
  });
});
