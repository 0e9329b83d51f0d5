// New York wall-clock time from and to instants, through Intl alone: the stand-in answers in the exchange's time zone
// the way Massive does (serverTime with its offset, early closes at 13:00 ET), on either side of a daylight-saving change.

const TIME_ZONE = 'America/New_York';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** New York's wall clock at `at`, as numbers. */
function wallClock(at) {
  const out = {};
  for (const part of parts.formatToParts(at)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** Minutes New York is ahead of UTC at `at` (-300 in winter, -240 in summer). */
function newYorkOffsetMinutes(at) {
  const w = wallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant New York's clocks read `time` (HH:MM) on `date` (YYYY-MM-DD). */
export function newYorkInstant(date, time) {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offset a few hours either side of the guess settles it: market hours are never within a change's hour.
  const offset = newYorkOffsetMinutes(new Date(naive - newYorkOffsetMinutes(new Date(naive)) * 60_000));
  return new Date(naive - offset * 60_000);
}

/** YYYY-MM-DD of `at` in New York. */
export function newYorkDate(at) {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** `at` as Massive's serverTime writes it: New York wall clock with its offset, e.g. 2026-11-27T13:00:00-05:00. */
export function newYorkIso(at) {
  const w = wallClock(at);
  const offset = newYorkOffsetMinutes(at);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n) => String(n).padStart(2, '0');
  return (
    `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
