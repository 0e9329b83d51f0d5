import {
  type DayKind,
  type MarketSession,
  NyseCalendar,
  newYorkDate,
  newYorkInstant,
  type UpcomingEntry,
} from './nyse-calendar';
import shipped from './nyse-holidays.json';

const calendar = new NyseCalendar();

/** A session as ISO strings, to compare in one expectation. */
const iso = (session: MarketSession | null) =>
  session && {
    opensAt: session.opensAt.toISOString(),
    closesAt: session.closesAt.toISOString(),
    earlyClose: session.earlyClose,
  };

describe('sessions across daylight-saving changes', () => {
  it.each([
    // 2026-03-08: clocks go forward; the session is an hour earlier in UTC the Monday after.
    ['2026-03-06', '2026-03-06T14:30:00.000Z', '2026-03-06T21:00:00.000Z'],
    ['2026-03-09', '2026-03-09T13:30:00.000Z', '2026-03-09T20:00:00.000Z'],
    // 2026-11-01: clocks go back.
    ['2026-10-30', '2026-10-30T13:30:00.000Z', '2026-10-30T20:00:00.000Z'],
    ['2026-11-02', '2026-11-02T14:30:00.000Z', '2026-11-02T21:00:00.000Z'],
    // 2027's changes: March 14 and November 7.
    ['2027-03-12', '2027-03-12T14:30:00.000Z', '2027-03-12T21:00:00.000Z'],
    ['2027-03-15', '2027-03-15T13:30:00.000Z', '2027-03-15T20:00:00.000Z'],
    ['2027-11-05', '2027-11-05T13:30:00.000Z', '2027-11-05T20:00:00.000Z'],
    ['2027-11-08', '2027-11-08T14:30:00.000Z', '2027-11-08T21:00:00.000Z'],
  ])('%s opens at 9:30 and closes at 16:00 New York time', (date, opensAt, closesAt) => {
    expect(calendar.dayKind(date)).toBe('trading');
    expect(iso(calendar.sessionOn(date))).toEqual({ opensAt, closesAt, earlyClose: false });
  });
});

describe('holidays, early closes and weekends', () => {
  const kinds: [string, DayKind][] = [
    ['2026-04-03', 'holiday'], // Good Friday
    ['2026-04-02', 'trading'],
    ['2026-06-19', 'holiday'], // Juneteenth, a Friday
    ['2027-06-18', 'holiday'], // Juneteenth observed: June 19, 2027 is a Saturday
    ['2026-07-03', 'holiday'], // Independence Day observed: July 4, 2026 is a Saturday
    ['2026-07-02', 'trading'], // no early close the day before an observed holiday
    ['2027-07-05', 'holiday'], // observed: July 4, 2027 is a Sunday
    ['2026-11-26', 'holiday'], // Thanksgiving
    ['2026-11-27', 'early-close'],
    ['2026-12-24', 'early-close'],
    ['2026-12-25', 'holiday'],
    ['2027-01-01', 'holiday'], // New Year's Day, a Friday
    ['2027-11-26', 'early-close'],
    ['2027-12-24', 'holiday'], // Christmas observed: December 25, 2027 is a Saturday
    ['2027-12-23', 'trading'],
    ['2026-11-28', 'weekend'],
    ['2026-11-29', 'weekend'],
    ['2027-12-25', 'weekend'],
  ];
  it.each(kinds)('%s is %s', (date, kind) => {
    expect(calendar.dayKind(date)).toBe(kind);
  });

  it('ships the ten full-day holidays of each year, all on weekdays, and three early closes', () => {
    for (const year of ['2026', '2027']) {
      const holidays = Object.keys(shipped.holidays).filter((date) => date.startsWith(year));
      expect([year, holidays.length]).toEqual([year, 10]);
      for (const date of holidays) expect([date, calendar.dayKind(date)]).toEqual([date, 'holiday']);
    }
    expect(Object.keys(shipped.earlyCloses)).toEqual(['2026-11-27', '2026-12-24', '2027-11-26']);
  });

  it('has no session on a holiday or a weekend', () => {
    expect(calendar.sessionOn('2026-04-03')).toBeNull();
    expect(calendar.sessionOn('2026-06-19')).toBeNull();
    expect(calendar.sessionOn('2026-11-28')).toBeNull();
    expect(calendar.sessionOn('2027-01-01')).toBeNull();
  });

  it('closes at 13:00 New York time on an early close: 18:00Z the day after Thanksgiving 2026', () => {
    expect(iso(calendar.sessionOn('2026-11-27'))).toEqual({
      opensAt: '2026-11-27T14:30:00.000Z',
      closesAt: '2026-11-27T18:00:00.000Z',
      earlyClose: true,
    });
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => calendar.dayKind('2026-02-30')).toThrow(RangeError);
    expect(() => calendar.sessionOn('27/11/2026')).toThrow(RangeError);
  });
});

describe('sessionAt', () => {
  it('is the session from its open up to, not including, its close', () => {
    const session = calendar.sessionAt(new Date('2026-11-27T14:30:00Z'));
    expect(iso(session)?.closesAt).toBe('2026-11-27T18:00:00.000Z');
    expect(calendar.sessionAt(new Date('2026-11-27T17:59:59Z'))).not.toBeNull();
    expect(calendar.sessionAt(new Date('2026-11-27T18:00:00Z'))).toBeNull();
    expect(calendar.sessionAt(new Date('2026-11-27T14:29:59Z'))).toBeNull();
  });

  it('reads the date in New York: 01:00Z on a Tuesday is Monday evening there, after the close', () => {
    expect(newYorkDate(new Date('2026-11-03T01:00:00Z'))).toBe('2026-11-02');
    expect(calendar.sessionAt(new Date('2026-11-03T01:00:00Z'))).toBeNull();
    expect(iso(calendar.sessionAt(new Date('2026-03-09T19:59:00Z')))?.opensAt).toBe('2026-03-09T13:30:00.000Z');
  });

  it('is null all day on a holiday and a weekend', () => {
    expect(calendar.sessionAt(new Date('2026-04-03T15:00:00Z'))).toBeNull();
    expect(calendar.sessionAt(new Date('2026-11-28T15:00:00Z'))).toBeNull();
  });
});

describe('nextOpenAfter', () => {
  it('skips a holiday weekend: after Thursday 2026-04-02 comes Monday 2026-04-06, over Good Friday', () => {
    expect(iso(calendar.nextOpenAfter(new Date('2026-04-02T20:00:00Z')))).toEqual({
      opensAt: '2026-04-06T13:30:00.000Z',
      closesAt: '2026-04-06T20:00:00.000Z',
      earlyClose: false,
    });
  });

  it('skips New Year 2027 and its weekend, and Christmas observed before it', () => {
    expect(iso(calendar.nextOpenAfter(new Date('2026-12-31T22:00:00Z')))?.opensAt).toBe('2027-01-04T14:30:00.000Z');
    expect(iso(calendar.nextOpenAfter(new Date('2027-12-23T21:00:00Z')))?.opensAt).toBe('2027-12-27T14:30:00.000Z');
  });

  it("is today's open before it, and the next day's from the open on", () => {
    expect(iso(calendar.nextOpenAfter(new Date('2026-11-02T12:00:00Z')))?.opensAt).toBe('2026-11-02T14:30:00.000Z');
    expect(iso(calendar.nextOpenAfter(new Date('2026-11-02T14:30:00Z')))?.opensAt).toBe('2026-11-03T14:30:00.000Z');
  });

  it('is an early-close session when that comes next', () => {
    expect(iso(calendar.nextOpenAfter(new Date('2026-11-25T21:00:00Z')))).toEqual({
      opensAt: '2026-11-27T14:30:00.000Z',
      closesAt: '2026-11-27T18:00:00.000Z',
      earlyClose: true,
    });
  });

  it('crosses a daylight-saving change: Friday evening 2026-03-06 to Monday 13:30Z', () => {
    expect(iso(calendar.nextOpenAfter(new Date('2026-03-06T22:00:00Z')))?.opensAt).toBe('2026-03-09T13:30:00.000Z');
  });
});

describe('sessionsBetween', () => {
  const seconds = (from: string, to: string) =>
    calendar
      .sessionsBetween(new Date(from), new Date(to))
      .reduce((sum, s) => sum + (s.closesAt.getTime() - s.opensAt.getTime()) / 1000, 0);

  it('counts only open market time: a week with Thanksgiving and its early close is 3 × 6.5 h + 3.5 h', () => {
    // Monday 2026-11-23 00:00 New York to Saturday: Mon–Wed full, Thursday closed, Friday 9:30–13:00.
    expect(seconds('2026-11-23T05:00:00Z', '2026-11-28T05:00:00Z')).toBe((3 * 6.5 + 3.5) * 3600);
  });

  it('cuts the sessions at both ends, and is empty over a weekend', () => {
    expect(seconds('2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z')).toBe(3600);
    expect(seconds('2026-11-24T20:00:00Z', '2026-11-25T15:30:00Z')).toBe(3600 + 3600);
    expect(calendar.sessionsBetween(new Date('2026-11-28T12:00:00Z'), new Date('2026-11-30T12:00:00Z'))).toEqual([]);
  });
});

describe("the provider's upcoming closures", () => {
  it('override the shipped calendar for their dates: a closure, an early close at its own time, a moved holiday', () => {
    const upcoming: UpcomingEntry[] = [
      { date: '2026-12-02', status: 'closed' },
      { date: '2026-12-31', status: 'early-close', close: '2026-12-31T19:00:00.000Z' },
      { date: '2026-12-24', status: 'closed' },
    ];
    const withProvider = new NyseCalendar(upcoming);
    expect(withProvider.dayKind('2026-12-02')).toBe('holiday');
    expect(withProvider.dayKind('2026-12-24')).toBe('holiday');
    expect(iso(withProvider.sessionOn('2026-12-31'))).toEqual({
      opensAt: '2026-12-31T14:30:00.000Z',
      closesAt: '2026-12-31T19:00:00.000Z',
      earlyClose: true,
    });
    expect(iso(withProvider.nextOpenAfter(new Date('2026-12-01T21:00:00Z')))?.opensAt).toBe('2026-12-03T14:30:00.000Z');
    // Dates it does not name keep the shipped calendar.
    expect(withProvider.dayKind('2026-12-25')).toBe('holiday');
    expect(withProvider.dayKind('2026-11-27')).toBe('early-close');
    // The shipped calendar itself is unchanged.
    expect(calendar.dayKind('2026-12-02')).toBe('trading');
  });

  it("close early at 13:00 when the entry gives no time, and count NYSE's entries only", () => {
    const withProvider = new NyseCalendar([
      { date: '2027-07-02', status: 'early-close', exchange: 'NYSE' },
      { date: '2027-07-01', status: 'closed', exchange: 'OTC' },
    ]);
    expect(iso(withProvider.sessionOn('2027-07-02'))?.closesAt).toBe('2027-07-02T17:00:00.000Z');
    expect(withProvider.dayKind('2027-07-01')).toBe('trading');
  });

  it('withUpcoming layers a fresh read over the earlier one', () => {
    const first = new NyseCalendar([{ date: '2026-12-02', status: 'closed' }]);
    const second = first.withUpcoming([
      { date: '2026-12-02', status: 'early-close' },
      { date: '2026-12-03', status: 'closed' },
    ]);
    expect(second.dayKind('2026-12-02')).toBe('early-close');
    expect(second.dayKind('2026-12-03')).toBe('holiday');
    expect(first.dayKind('2026-12-03')).toBe('trading');
  });
});

test('newYorkInstant turns a New York wall clock into its instant in either offset', () => {
  expect(newYorkInstant('2026-01-15', '09:30').toISOString()).toBe('2026-01-15T14:30:00.000Z');
  expect(newYorkInstant('2026-07-15', '16:00').toISOString()).toBe('2026-07-15T20:00:00.000Z');
});
