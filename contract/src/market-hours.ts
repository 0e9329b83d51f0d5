// The market-hours label the screens show beside prices, from GET /market/status: "Open · closes 4:00 PM ET",
// "Early close 1:00 PM ET", "Closed · opens Mon 9:30 AM ET", "Holiday". It lives in the contract so the server and
// every app word it the same way. Times are the exchange's (New York), whatever the reader's own time zone: Intl gives
// New York's wall clock, and the words around it are built here rather than by the locale, so every runtime prints
// the same characters.

const TIME_ZONE = 'America/New_York';
/** A regular session's close, minutes after New York midnight: a session closing earlier is an early close. */
const REGULAR_CLOSE_MINUTES = 16 * 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 86_400_000;

type Instant = string | Date;

export interface MarketHoursState {
  /** Whether the market trades now. */
  open: boolean;
  /** Today's session; `earlyClose` when known, else read from its close (before 4:00 PM New York). */
  session: { opensAt: Instant; closesAt: Instant; earlyClose?: boolean } | null;
  nextOpenAt: Instant | null;
  /** Today is an exchange holiday. */
  holiday?: boolean;
}

let newYorkParts: Intl.DateTimeFormat | undefined;

/** New York's date and wall-clock time at `at`. */
function newYork(at: Instant) {
  newYorkParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of newYorkParts.formatToParts(new Date(at))) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  // Some runtimes write midnight as 24 with h23.
  out.hour %= 24;
  return { ...out, dayNumber: Date.UTC(out.year, out.month - 1, out.day) / DAY_MS };
}

/** "9:30 AM", "1:00 PM", in New York. */
function clock(at: Instant): string {
  const { hour, minute } = newYork(at);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Today", "Tomorrow", a weekday within the week ahead ("Mon"), else a weekday and date ("Mon Jan 4"). */
function dayOf(at: Instant, now: Date): string {
  const then = newYork(at);
  const days = then.dayNumber - newYork(now).dayNumber;
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  const weekday = WEEKDAYS[new Date(then.dayNumber * DAY_MS).getUTCDay()] ?? '';
  return days < 7 ? weekday : `${weekday} ${MONTHS[then.month - 1] ?? ''} ${then.day}`;
}

function isEarlyClose(session: NonNullable<MarketHoursState['session']>): boolean {
  if (session.earlyClose !== undefined) return session.earlyClose;
  const { hour, minute } = newYork(session.closesAt);
  return hour * 60 + minute < REGULAR_CLOSE_MINUTES;
}

/** The label for the market's state at `now`. */
export function marketStateLabel(
  { open, session, nextOpenAt, holiday = false }: MarketHoursState,
  now: Date = new Date(),
): string {
  if (open) {
    if (!session) return 'Open';
    if (isEarlyClose(session)) return `Early close ${clock(session.closesAt)} ET`;
    return `Open · closes ${clock(session.closesAt)} ET`;
  }
  if (holiday) return 'Holiday';
  if (!nextOpenAt) return 'Closed';
  return `Closed · opens ${nextOpenWords(nextOpenAt, now)}`;
}

/** When the market next opens, as the screens say it: "Mon 9:30 AM ET", "Today 9:30 AM ET". */
export function nextOpenWords(nextOpenAt: Instant, now: Date = new Date()): string {
  return `${dayOf(nextOpenAt, now)} ${clock(nextOpenAt)} ET`;
}
