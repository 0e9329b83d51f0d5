import { MarketSession } from './market-session';
import { NyseCalendar } from './nyse-calendar';
import { ModelFeed } from './price-feed';

const feed = new ModelFeed({ label: 'Simulated prices', next: async () => new Map() });
const session = (hours: 'always' | 'nyse') =>
  new MarketSession({ feed, hours, delayMinutes: 0, calendar: () => new NyseCalendar() });

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
