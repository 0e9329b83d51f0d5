// Number and time formatting of the contest screens (en-US, tabular figures come from the monospace theme). Returns
// and countdowns go through @bullpen/shared's rules, so every screen rounds and counts the same way.
import { formatCountdown as countdownTo, roundHalfAway } from '@bullpen/shared/format';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US');

export const formatMoney = (value: number) => money.format(value);
export const formatWholeMoney = (value: number) =>
  Number.isInteger(value) ? wholeMoney.format(value) : money.format(value);
export const formatInteger = (value: number) => integer.format(value);

/** A fraction (0.0123) as a signed percentage ("+1.23%"); the API gives returnPct, pnlPct and changePct as fractions. */
export function formatReturn(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '—';
  return formatSignedPercent(fraction * 100);
}

/** A number already in percent (1.23) as "+1.23%". */
export function formatSignedPercent(percent: number): string {
  const rounded = roundHalfAway(percent, 2);
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${Math.abs(rounded).toFixed(2)}%`;
}

export function trendOf(value: number | null | undefined): 'gain' | 'loss' | 'flat' {
  if (value === null || value === undefined || value === 0 || Number.isNaN(value)) return 'flat';
  return value > 0 ? 'gain' : 'loss';
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** "2d 04h 10m", "3h 05m 09s", "42s"; "now" once the moment has passed. */
export function formatCountdown(milliseconds: number): string {
  const now = Date.now();
  return countdownTo(new Date(now + milliseconds).toISOString(), now);
}

export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const count = Math.round((seconds / size) * 10) / 10;
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}
