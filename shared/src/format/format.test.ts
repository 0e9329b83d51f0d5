import fc from 'fast-check';
import {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatShortDateTime,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPoints,
  percentTrend,
  trend,
} from './format';

describe('formatting', () => {
  it('formats dollars to cents', () => {
    expect(formatMoney(100_000)).toBe('$100,000.00');
    expect(formatMoney(-12.345)).toBe('-$12.35');
    expect(formatMoney(1_500_000, { compact: true })).toBe('$1.5M');
    expect(formatMoney(100_000, { whole: true })).toBe('$100,000');
    expect(formatMoney(2_500.5, { whole: true })).toBe('$2,500.50');
  });

  it('writes whole numbers and whole dollars as Intl does, without making an Intl formatter', () => {
    const wholeDollars = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const plain = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((n) => -n),
          fc.double(),
        ),
        (value) => {
          expect(formatNumber(value)).toBe(plain.format(value));
          expect(formatMoney(value, { whole: true })).toBe(
            Number.isInteger(value) ? wholeDollars.format(value) : formatMoney(value),
          );
        },
      ),
    );
    expect([formatNumber(0), formatNumber(999), formatNumber(1_000), formatNumber(-1_234_567)]).toEqual([
      '0',
      '999',
      '1,000',
      '-1,234,567',
    ]);
  });

  it('says the length of a span in its largest unit', () => {
    expect(formatDuration('2030-01-01T00:00:00Z', '2030-01-03T00:00:00Z')).toBe('2 days');
    expect(formatDuration('2030-01-01T00:00:00Z', '2030-01-01T01:30:00Z')).toBe('1.5 hours');
    expect(formatDuration('2030-01-01T00:00:00Z', '2030-01-01T00:01:00Z')).toBe('1 minute');
    expect(formatDuration('2030-01-01T00:00:00Z', '2030-01-01T00:00:45Z')).toBe('45 seconds');
  });

  it('says the gap between two returns in percentage points', () => {
    expect(formatPoints(0.034)).toBe('+3.40 pts');
    expect(formatPoints(-0.0002)).toBe('\u22120.02 pts');
    expect(formatPoints(0.034, { signed: false })).toBe('3.40 pts');
    expect(formatPoints(0)).toBe('0.00 pts');
  });

  it('signs percentages given as fractions', () => {
    expect(formatPercent(0.01234)).toBe('+1.23%');
    expect(formatPercent(-0.005)).toBe('\u22120.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(0.00001)).toBe('0.00%');
    expect(formatPercent(0.25, { signed: false, digits: 0 })).toBe('25%');
    // Halves round away from zero on the decimal value, whatever the binary product is.
    expect(formatPercent(0.01055)).toBe('+1.06%');
    expect(formatPercent(-0.01055)).toBe('\u22121.06%');
    expect(formatPercent(0.00005)).toBe('+0.01%');
    expect(formatPercent(0.012345)).toBe('+1.23%');
    expect(formatPercent(null)).toBe('\u2014');
    expect(trend(-1)).toBe('down');
  });

  it('colours a fraction as formatPercent writes it: one that rounds to 0.00% is flat', () => {
    expect([percentTrend(0.00004), percentTrend(-0.00004), percentTrend(0)]).toEqual(['flat', 'flat', 'flat']);
    expect([percentTrend(0.00005), percentTrend(-0.00005)]).toEqual(['up', 'down']);
    expect([percentTrend(0.0123), percentTrend(-0.0123)]).toEqual(['up', 'down']);
  });

  it('counts down in the largest useful units and stops at zero', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(formatCountdown('2030-01-03T03:04:05Z', now)).toBe('2d 03h 04m');
    expect(formatCountdown('2030-01-01T03:04:05Z', now)).toBe('3h 04m 05s');
    expect(formatCountdown('2030-01-01T00:04:05Z', now)).toBe('4m 05s');
    expect(formatCountdown('2030-01-01T00:00:42Z', now)).toBe('42s');
    expect(formatCountdown('2029-12-31T00:00:00Z', now)).toBe('now');
  });
});

describe('dates', () => {
  it('names the time zone with the date and time', () => {
    expect(formatDateTime('2030-01-05T15:00:00Z', 'UTC')).toBe('Jan 5, 2030, 3:00 PM UTC');
    expect(formatDateTime('2030-01-05T15:00:00Z', 'America/New_York')).toBe('Jan 5, 2030, 10:00 AM EST');
    // A phone's table: no year, no zone.
    expect(formatShortDateTime('2030-01-05T15:00:00Z', 'UTC')).toBe('Jan 5, 3:00 PM');
    expect(formatDate('2030-01-05T15:00:00Z', 'UTC')).toBe('Jan 5, 2030');
    expect(formatDateTime('2030-01-05T15:00:05Z', 'UTC', { seconds: true })).toBe('Jan 5, 2030, 3:00:05 PM UTC');
  });
});
