// Number and time formatting shared by every screen. Percentages from the API are fractions (0.0123 = +1.23%).

// Intl's formatters are made on first use, not when this module loads: the first Intl object a page makes costs about
// 50 ms on a phone's CPU (the bench's 4x slowdown; ICU loads its locale data), and a cold /home evaluated three of them
// before it drew anything (bench/web --profile). A whole number (a count, a round amount of cash: what
// /home's cards show) is grouped here without Intl, to the same text, so that first screen makes none at all.
let money: Intl.NumberFormat | undefined;
let compactMoney: Intl.NumberFormat | undefined;
let wholeMoney: Intl.NumberFormat | undefined;
let plainNumber: Intl.NumberFormat | undefined;

/** en-US grouping of a safe integer ("1,234,567"), as Intl.NumberFormat('en-US') writes it; null for any other. */
function groupedInteger(value: number): string | null {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return null;
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** `whole`: a round amount without its cents ("$100,000", a contest's starting cash); any other keeps them. */
export function formatMoney(value: number, options: { compact?: boolean; whole?: boolean } = {}): string {
  if (options.compact) {
    compactMoney ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return compactMoney.format(value);
  }
  if (options.whole && Number.isInteger(value)) {
    const grouped = groupedInteger(value);
    if (grouped !== null) return grouped.startsWith('-') ? `-$${grouped.slice(1)}` : `$${grouped}`;
    wholeMoney ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    return wholeMoney.format(value);
  }
  money ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return money.format(value);
}

/**
 * Rounds half away from zero on the decimal value: 0.01055 → 1.06 (%), where `toFixed` on the binary product
 * (1.05499…) would give 1.05 on one screen and `Math.round` 1.06 on another. Every screen rounds through here.
 */
export function roundHalfAway(value: number, digits: number): number {
  const decimal = Number(Math.abs(value).toPrecision(12));
  const rounded = Number(`${Math.round(Number(`${decimal}e${digits}`))}e-${digits}`);
  return value < 0 ? -rounded : rounded;
}

/** Signed by default (+1.23% / −0.50%), because a return without its sign is ambiguous; "—" when there is none yet. */
export function formatPercent(
  fraction: number | null | undefined,
  options: { signed?: boolean; digits?: number } = {},
): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '\u2014';
  const { signed = true, digits = 2 } = options;
  const rounded = roundHalfAway(fraction * 100, digits);
  const body = `${Math.abs(rounded).toFixed(digits)}%`;
  if (rounded === 0) return `${(0).toFixed(digits)}%`;
  if (rounded < 0) return `\u2212${body}`;
  return signed ? `+${body}` : body;
}

/**
 * The gap between two fractions in percentage points ("+3.40 pts", "3.40 pts" unsigned): a difference of two returns
 * is not itself a return, and "3.40%" would read as one.
 */
export function formatPoints(fraction: number, options: { signed?: boolean } = {}): string {
  return `${formatPercent(fraction, { signed: options.signed ?? true }).slice(0, -1)} pts`;
}

/** 'up', 'down' or 'flat': the colour of a change. */
export function trend(value: number): 'up' | 'down' | 'flat' {
  if (value > 0) return 'up';
  if (value < 0) return 'down';
  return 'flat';
}

/** The colour of a fraction as formatPercent writes it (two decimals): one that rounds to 0.00% is flat. */
export function percentTrend(fraction: number): 'up' | 'down' | 'flat' {
  return trend(roundHalfAway(fraction * 100, 2));
}

export function formatNumber(value: number): string {
  const grouped = groupedInteger(value);
  if (grouped !== null) return grouped;
  plainNumber ??= new Intl.NumberFormat('en-US');
  return plainNumber.format(value);
}

/**
 * A date and time in the viewer's zone, with the zone named (e.g. "Jan 5, 2030, 3:00 PM UTC"); `seconds` adds them
 * ("3:00:05 PM UTC") where two moments a minute apart or less must not read the same.
 */
export function formatDateTime(iso: string, timeZone?: string, options: { seconds?: boolean } = {}): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName: spell the fields out.
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: options.seconds ? '2-digit' : undefined,
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** "2d 03h 04m", "3h 04m 05s", "4m 05s" or "42s" until the target; "now" once it has passed. */
/** A moment in few characters, for a phone's table: "Nov 25, 1:49 AM" (local time, no year, no zone). */
export function formatShortDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

export function formatCountdown(targetIso: string, now: number = Date.now()): string {
  let seconds = Math.floor((Date.parse(targetIso) - now) / 1000);
  if (!(seconds > 0)) return 'now';
  const days = Math.floor(seconds / 86_400);
  seconds -= days * 86_400;
  const hours = Math.floor(seconds / 3_600);
  seconds -= hours * 3_600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/** A calendar date, e.g. "Nov 22, 2026". */
export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** The length of a span in its largest unit, to a tenth: "2 days", "1.5 hours", "30 minutes", "45 seconds". */
export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const count = roundHalfAway(seconds / size, 1);
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

let quoteTime: Intl.DateTimeFormat | undefined;
let quoteDay: Intl.DateTimeFormat | undefined;

/**
 * A price's own time, on the exchange's clock: "3:59 PM ET" on the day it is read, "Nov 25, 3:59 PM ET" before. A
 * delayed price says when it was the price, so no one takes it for the price now.
 */
export function formatQuoteTime(iso: string, now: Date = new Date()): string {
  const timeZone = 'America/New_York';
  quoteTime ??= new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  quoteDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone });
  const at = new Date(iso);
  const day = quoteDay.format(at);
  const time = quoteTime.format(at).replace(/\u202f/g, ' ');
  return day === quoteDay.format(now) ? `${time} ET` : `${day}, ${time} ET`;
}
