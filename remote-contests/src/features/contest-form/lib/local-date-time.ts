// <input type="datetime-local"> speaks local wall-clock time without a zone; the API speaks UTC ISO strings.

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant → "YYYY-MM-DDTHH:mm" in the browser's time zone. */
export function toLocalInputValue(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "YYYY-MM-DDTHH:mm" read as local time → ISO instant, or '' when the value is not a date. */
export function fromLocalInputValue(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return '';
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s || 0);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

/** A short zone label for a moment, e.g. "GMT+2" or "EST". */
export function timeZoneLabel(at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
