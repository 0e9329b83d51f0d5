// The NYSE trading calendar: regular sessions 9:30–16:00 New York time, the exchange's full-day holidays and its 13:00
// early closes, as NYSE published them for 2026 and 2027 (nyse-holidays.json). It decides the session wherever the
// provider's market status cannot, and the provider's own list of upcoming closures (/v1/marketstatus/upcoming)
// overrides it date by date, so a closure announced after this table was written (a national day of mourning) or a
// changed early close still counts. Outside the table's years only weekends and the provider's closures are known.
//
// Pure: dates in, dates out. Wall-clock times become instants through Intl's America/New_York rules, so a session is
// 14:30–21:00 UTC in winter and 13:30–20:00 UTC in summer, whichever side of a daylight-saving change it falls.
import shipped from './nyse-holidays.json';

export interface MarketSession {
  opensAt: Date;
  closesAt: Date;
  earlyClose: boolean;
}

export type DayKind = 'trading' | 'early-close' | 'holiday' | 'weekend';

/** One entry of Massive's /v1/marketstatus/upcoming. */
export interface UpcomingEntry {
  /** YYYY-MM-DD, New York's date. */
  date: string;
  status: 'closed' | 'early-close';
  /** ISO: when an early close closes. */
  close?: string;
  /** Massive lists each exchange's closures; only NYSE's (or an entry naming none) count here. */
  exchange?: string;
}

const NYSE_TIME_ZONE = 'America/New_York';
const OPEN = '09:30';
const CLOSE = '16:00';
const EARLY_CLOSE = '13:00';
const DAY_MS = 86_400_000;
/** nextOpenAfter looks this far ahead: longer than any closure the exchange has had. */
const SEARCH_DAYS = 30;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const HOLIDAYS: ReadonlyMap<string, string> = new Map(Object.entries(shipped.holidays));
const EARLY_CLOSES: ReadonlyMap<string, string> = new Map(Object.entries(shipped.earlyCloses));

const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: NYSE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of newYorkParts.formatToParts(at)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** Minutes New York is ahead of UTC at `at`: -300 (EST) or -240 (EDT). */
function offsetMinutes(at: Date): number {
  const w = wallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function parseDate(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  }
  return [year, month, day];
}

/** The instant New York's clocks read `time` (HH:MM) on `date`. */
export function newYorkInstant(date: string, time: string): Date {
  const [year, month, day] = parseDate(date);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess corrected by the offset there: exact except inside the skipped or repeated hour of a
  // change (02:00–03:00), where no session time falls.
  const offset = offsetMinutes(new Date(naive - offsetMinutes(new Date(naive)) * 60_000));
  return new Date(naive - offset * 60_000);
}

/** New York's date (YYYY-MM-DD) at `at`. */
export function newYorkDate(at: Date): string {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

function isWeekend(date: string): boolean {
  const [year, month, day] = parseDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export class NyseCalendar {
  /** The provider's entries by date, the later of two for one date winning. */
  private readonly overrides: ReadonlyMap<string, UpcomingEntry>;

  constructor(private readonly upcoming: readonly UpcomingEntry[] = []) {
    const overrides = new Map<string, UpcomingEntry>();
    for (const entry of upcoming) {
      if (entry.exchange !== undefined && entry.exchange.toUpperCase() !== 'NYSE') continue;
      parseDate(entry.date);
      overrides.set(entry.date, entry);
    }
    this.overrides = overrides;
  }

  /** A calendar with `entries` over this one's: a fresh read of the provider's upcoming closures. */
  withUpcoming(entries: readonly UpcomingEntry[]): NyseCalendar {
    return new NyseCalendar([...this.upcoming, ...entries]);
  }

  dayKind(date: string): DayKind {
    if (isWeekend(date)) return 'weekend';
    const override = this.overrides.get(date);
    if (override) return override.status === 'closed' ? 'holiday' : 'early-close';
    if (HOLIDAYS.has(date)) return 'holiday';
    if (EARLY_CLOSES.has(date)) return 'early-close';
    return 'trading';
  }

  /** The session of New York's `date`, or null on a weekend or holiday. */
  sessionOn(date: string): MarketSession | null {
    const kind = this.dayKind(date);
    if (kind === 'weekend' || kind === 'holiday') return null;
    const opensAt = newYorkInstant(date, OPEN);
    if (kind === 'trading') return { opensAt, closesAt: newYorkInstant(date, CLOSE), earlyClose: false };
    const close = this.overrides.get(date)?.close;
    const closesAt = close && !Number.isNaN(Date.parse(close)) ? new Date(close) : newYorkInstant(date, EARLY_CLOSE);
    return { opensAt, closesAt, earlyClose: true };
  }

  /** Whether New York's day at `at` is an exchange holiday (a weekend is not one). */
  isHoliday(at: Date): boolean {
    return this.dayKind(newYorkDate(at)) === 'holiday';
  }

  /** The session `at` falls in (from its open, up to but not including its close), or null. */
  sessionAt(at: Date): MarketSession | null {
    const session = this.sessionOn(newYorkDate(at));
    if (!session) return null;
    return at >= session.opensAt && at < session.closesAt ? session : null;
  }

  /** The regular sessions that overlap [from, to), each cut to that span, oldest first. */
  sessionsBetween(from: Date, to: Date): { opensAt: Date; closesAt: Date }[] {
    const sessions: { opensAt: Date; closesAt: Date }[] = [];
    const last = newYorkDate(to);
    for (let date = newYorkDate(from); date <= last; date = addDays(date, 1)) {
      const session = this.sessionOn(date);
      if (!session) continue;
      const opensAt = session.opensAt > from ? session.opensAt : from;
      const closesAt = session.closesAt < to ? session.closesAt : to;
      if (closesAt > opensAt) sessions.push({ opensAt, closesAt });
    }
    return sessions;
  }

  /** The first session opening strictly after `at`. */
  nextOpenAfter(at: Date): MarketSession {
    let date = newYorkDate(at);
    for (let day = 0; day <= SEARCH_DAYS; day++, date = addDays(date, 1)) {
      const session = this.sessionOn(date);
      if (session && session.opensAt > at) return session;
    }
    throw new Error(`no NYSE session within ${SEARCH_DAYS} days of ${at.toISOString()}`);
  }
}
