import { type MarketHoursState, marketStateLabel } from './market-hours';

const regular = { opensAt: '2026-11-02T14:30:00.000Z', closesAt: '2026-11-02T21:00:00.000Z' };
const summer = { opensAt: '2026-07-15T13:30:00.000Z', closesAt: '2026-07-15T20:00:00.000Z' };
const earlyClose = { opensAt: '2026-11-27T14:30:00.000Z', closesAt: '2026-11-27T18:00:00.000Z' };

describe('marketStateLabel', () => {
  it('says when an open market closes, in New York time whichever the offset', () => {
    const state: MarketHoursState = { open: true, session: regular, nextOpenAt: '2026-11-03T14:30:00.000Z' };
    expect(marketStateLabel(state, new Date('2026-11-02T15:00:00Z'))).toBe('Open · closes 4:00 PM ET');
    expect(marketStateLabel({ ...state, session: summer }, new Date('2026-07-15T15:00:00Z'))).toBe(
      'Open · closes 4:00 PM ET',
    );
  });

  it('says an early close while open, read from the close or from the flag', () => {
    const state: MarketHoursState = { open: true, session: earlyClose, nextOpenAt: '2026-11-30T14:30:00.000Z' };
    expect(marketStateLabel(state, new Date('2026-11-27T15:00:00Z'))).toBe('Early close 1:00 PM ET');
    expect(
      marketStateLabel({ ...state, session: { ...regular, earlyClose: true } }, new Date('2026-11-02T15:00:00Z')),
    ).toBe('Early close 4:00 PM ET');
  });

  it('says when a closed market opens: today before the open, tomorrow overnight, the weekday over a weekend', () => {
    const at = (now: string, nextOpenAt: string) =>
      marketStateLabel({ open: false, session: null, nextOpenAt }, new Date(now));
    // 8:00 AM New York on Monday.
    expect(at('2026-11-02T13:00:00Z', '2026-11-02T14:30:00.000Z')).toBe('Closed · opens Today 9:30 AM ET');
    // 8:00 PM Monday New York is already Tuesday in UTC: still "Tomorrow".
    expect(at('2026-11-03T01:00:00Z', '2026-11-03T14:30:00.000Z')).toBe('Closed · opens Tomorrow 9:30 AM ET');
    // Friday after the close, to Monday.
    expect(at('2026-11-27T19:00:00Z', '2026-11-30T14:30:00.000Z')).toBe('Closed · opens Mon 9:30 AM ET');
    // Over Good Friday: Thursday evening to Monday, across no offset change.
    expect(at('2026-04-02T21:00:00Z', '2026-04-06T13:30:00.000Z')).toBe('Closed · opens Mon 9:30 AM ET');
    // A week or more away names the date too.
    expect(at('2026-12-20T15:00:00Z', '2026-12-28T14:30:00.000Z')).toBe('Closed · opens Mon Dec 28 9:30 AM ET');
  });

  it('says Holiday on an exchange holiday', () => {
    expect(
      marketStateLabel(
        { open: false, session: null, nextOpenAt: '2026-11-27T14:30:00.000Z', holiday: true },
        new Date('2026-11-26T15:00:00Z'),
      ),
    ).toBe('Holiday');
  });

  it('says Open or Closed alone when there is no session or next open to name', () => {
    expect(marketStateLabel({ open: true, session: null, nextOpenAt: null })).toBe('Open');
    expect(marketStateLabel({ open: false, session: null, nextOpenAt: null })).toBe('Closed');
  });

  it('takes Dates as well as ISO strings', () => {
    expect(
      marketStateLabel(
        { open: false, session: null, nextOpenAt: new Date('2026-11-30T14:30:00Z') },
        new Date('2026-11-28T12:00:00Z'),
      ),
    ).toBe('Closed · opens Mon 9:30 AM ET');
  });
});
