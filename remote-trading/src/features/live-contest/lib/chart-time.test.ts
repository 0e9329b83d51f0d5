import { crosshairLabel, EXCHANGE_TIME_ZONE, tickMarkLabel, wallClockSeconds } from './chart-time';

// A reader in Los Angeles: the chart's times are theirs, not the server's UTC.
const at = (iso: string) => wallClockSeconds(Date.parse(iso), 'America/Los_Angeles');

it('labels the time axis in the viewer’s zone, 12-hour, as the rest of Bullpen does', () => {
  // 18:22 UTC is 10:22 AM in Los Angeles in November (PST, UTC−8).
  expect(tickMarkLabel(at('2026-11-27T18:22:00Z'), 3)).toBe('10:22 AM');
  expect(tickMarkLabel(at('2026-11-27T18:22:05Z'), 4)).toBe('10:22:05 AM');
  // 02:00 UTC on the 28th is still the 27th in Los Angeles: the day mark says so.
  expect(tickMarkLabel(at('2026-11-28T02:00:00Z'), 2)).toBe('Nov 27');
  expect(tickMarkLabel(at('2026-11-28T02:00:00Z'), 1)).toBe('Nov');
  expect(tickMarkLabel(at('2026-11-28T02:00:00Z'), 0)).toBe('2026');
  expect(crosshairLabel(at('2026-11-27T18:22:05Z'))).toBe('Nov 27, 10:22:05 AM');
});

it('follows daylight saving time: the same UTC hour reads an hour later in July', () => {
  expect(tickMarkLabel(at('2026-07-01T18:22:00Z'), 3)).toBe('11:22 AM');
});

it('uses the viewer’s own zone by default', () => {
  const ms = Date.parse('2026-11-27T18:22:00Z');
  const local = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(ms);
  expect(tickMarkLabel(wallClockSeconds(ms), 3)).toBe(local);
});

it('keeps the order of instants a second apart, and says nothing of what is not a time', () => {
  expect(at('2026-11-27T18:22:01Z') - at('2026-11-27T18:22:00Z')).toBe(1);
  expect(tickMarkLabel('2026-11-27', 3)).toBeNull();
  expect(tickMarkLabel(at('2026-11-27T18:22:00Z'), 9)).toBeNull();
  expect(crosshairLabel({ year: 2026, month: 11, day: 27 })).toBe('');
});

it('reads a real market on the exchange’s clock, the crosshair naming it', () => {
  // 14:31 UTC on a November day is 9:31 AM in New York (EST, UTC−5), whatever the viewer's zone.
  const open = wallClockSeconds(Date.parse('2026-11-27T14:31:00Z'), EXCHANGE_TIME_ZONE);
  expect(tickMarkLabel(open, 3)).toBe('9:31 AM');
  expect(crosshairLabel(open, 'ET')).toBe('Nov 27, 9:31:00 AM ET');
});
