import { MarketSession } from './market-session';
import { NyseCalendar } from './nyse-calendar';
import { ModelFeed, type PriceFeed } from './price-feed';

// The session rules waiting orders rest on (API.md "Market orders that wait"): which prices are an open session's,
// the latest session a conditional order may trigger in, and when a day order ends.

const feed = {
  name: 'massive',
  label: 'Prices delayed 15 min · Massive',
  status: () => ({ connected: true, asOf: null, error: null, session: null }),
} as unknown as PriceFeed;

const nyse = new MarketSession({ feed, hours: 'nyse', delayMinutes: 15, calendar: () => new NyseCalendar() });
const always = new MarketSession({ feed, hours: 'always', delayMinutes: 0, calendar: () => new NyseCalendar() });
const at = (iso: string) => new Date(iso);

describe('prices of an open session', () => {
  it.each([
    ['2026-11-23T14:29:59.999Z', false], // Monday, 9:29:59.999 in New York
    ['2026-11-23T14:30:00.000Z', true], // the open
    ['2026-11-23T21:00:00.000Z', true], // the close: the last minute bar ends there
    ['2026-11-23T21:00:00.001Z', false], // after hours
    ['2026-11-26T15:00:00.000Z', false], // Thanksgiving
    ['2026-11-27T18:00:00.000Z', true], // the day after: open until 13:00
    ['2026-11-27T18:00:00.001Z', false],
    ['2026-11-28T15:00:00.000Z', false], // a Saturday
  ])('%s: %s', (stamp, inSession) => {
    expect(nyse.isSessionPrice(at(stamp))).toBe(inSession);
    // Around the clock, every price counts.
    expect(always.isSessionPrice(at(stamp))).toBe(true);
  });
});

describe('the latest session', () => {
  it('is the one open now, else the last one that opened', () => {
    const iso = (now: string) => {
      const session = nyse.latestSession(at(now));
      return session && [session.opensAt.toISOString(), session.closesAt.toISOString()];
    };
    expect(iso('2026-11-23T15:00:00.000Z')).toEqual(['2026-11-23T14:30:00.000Z', '2026-11-23T21:00:00.000Z']);
    // Monday before the open: Friday's.
    expect(iso('2026-11-23T13:00:00.000Z')).toEqual(['2026-11-20T14:30:00.000Z', '2026-11-20T21:00:00.000Z']);
    // Saturday: Friday's early close.
    expect(iso('2026-11-28T15:00:00.000Z')).toEqual(['2026-11-27T14:30:00.000Z', '2026-11-27T18:00:00.000Z']);
    expect(always.latestSession(at('2026-11-28T15:00:00.000Z'))).toBeNull();
  });
});

describe('when a day order ends', () => {
  it("at its session's close plus the delay; placed while closed, at the next session's", () => {
    expect(nyse.dayOrderEnds(at('2026-11-23T15:00:00.000Z'))?.toISOString()).toBe('2026-11-23T21:15:00.000Z');
    expect(nyse.dayOrderEnds(at('2026-11-23T22:00:00.000Z'))?.toISOString()).toBe('2026-11-24T21:15:00.000Z');
    expect(nyse.dayOrderEnds(at('2026-11-26T15:00:00.000Z'))?.toISOString()).toBe('2026-11-27T18:15:00.000Z');
    // Around the clock there is no session: a day order lasts as a good-till-cancelled one.
    expect(always.dayOrderEnds(at('2026-11-23T15:00:00.000Z'))).toBeNull();
  });

  it('waits for the next open after a price stamped outside a session', () => {
    expect(nyse.nextOpenAfter(at('2026-11-23T21:00:00.001Z'))?.toISOString()).toBe('2026-11-24T14:30:00.000Z');
    expect(always.nextOpenAfter(at('2026-11-23T21:00:00.001Z'))).toBeNull();
  });
});

const modelFeed = new ModelFeed({ label: 'Simulated prices', next: async () => new Map() });
const session = (hours: 'always' | 'nyse') =>
  new MarketSession({ feed: modelFeed, hours, delayMinutes: 0, calendar: () => new NyseCalendar() });

describe('market time, the measure of a trading day', () => {
  it('around the clock is real time × MARKET_TIME_SCALE, and a day is 24 simulated hours back', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const always = session('always');
    expect(always.marketSecondsBetween(new Date('2026-11-25T11:00:00Z'), now, 24)).toBe(86_400);
    expect(always.tradingDayStartedBy(now, 1).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(always.tradingDayStartedBy(now, 24).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });

  it('with exchange hours counts open sessions only: nights, weekends and Thanksgiving do not count', () => {
    const nyse = session('nyse');
    // Monday 2026-11-30 11:00 New York: 1.5 h today, so 5 h come from Friday's early close (3.5 h) and Wednesday's end.
    const now = new Date('2026-11-30T16:00:00Z');
    expect(nyse.tradingDayStartedBy(now, 1).toISOString()).toBe('2026-11-25T19:30:00.000Z');
    expect(nyse.marketSecondsBetween(new Date('2026-11-25T19:30:00Z'), now, 1)).toBe(6.5 * 3600);
    // A weekend adds nothing: from Friday's close to Monday's open is no market time.
    expect(nyse.marketSecondsBetween(new Date('2026-11-27T18:00:00Z'), new Date('2026-11-30T14:30:00Z'), 1)).toBe(0);
  });
});
