// The chart library draws and labels its time axis in UTC, 24-hour ("18:00" for a player in Los Angeles at 10 AM). Its
// documented way to show another zone is to shift each time by that zone's offset: the times handed to it are the
// viewer's wall-clock times written as if they were UTC, so its ticks fall on the viewer's hours and days. The labels
// are then spelled as every other time in Bullpen is (en-US, 12-hour), reading the shifted time back in UTC.

/** The exchange's zone: a real market's prices are read on its clock, as their quote times are ("3:59 PM ET"). */
export const EXCHANGE_TIME_ZONE = 'America/New_York';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The parts of a wall-clock time in `timeZone` (undefined: the viewer's own), 24-hour so midnight is hour 0. */
function wallClockIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = wallClocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(key, format);
  }
  return format;
}

/** An instant (ms) as the wall-clock time of `timeZone` (default: the viewer's), in whole seconds, written as UTC. */
export function wallClockSeconds(ms: number, timeZone?: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of wallClockIn(timeZone).formatToParts(ms)) part[type] = Number(value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
}

const FORMATS = {
  year: new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }),
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  seconds: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'UTC' }),
  full: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
  }),
} as const;

/** The library's tick mark kinds, in its order (TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds). */
const TICK_FORMATS = [FORMATS.year, FORMATS.month, FORMATS.day, FORMATS.time, FORMATS.seconds] as const;

const asDate = (time: unknown) => new Date(typeof time === 'number' ? time * 1000 : Number.NaN);

/** A label of the time axis for a shifted time (wallClockSeconds) of the given kind. */
export function tickMarkLabel(time: unknown, kind: number): string | null {
  const format = TICK_FORMATS[kind];
  const date = asDate(time);
  return format && !Number.isNaN(date.getTime()) ? format.format(date) : null;
}

/** The crosshair's time for a shifted time: "Nov 27, 10:22:05 AM", followed by the zone's name when given ("… ET"). */
export function crosshairLabel(time: unknown, zoneName?: string): string {
  const date = asDate(time);
  if (Number.isNaN(date.getTime())) return '';
  const label = FORMATS.full.format(date);
  return zoneName ? `${label} ${zoneName}` : label;
}
