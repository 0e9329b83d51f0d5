import * as fc from 'fast-check';
import { spansTradingDay, type TRADING_DAY_SECONDS } from './risk-window';

describe('one trading day of market time', () => {
  it('is a regular session with exchange hours and a whole day around the clock', () => {
    expect(spansTradingDay(6.5 * 3600 - 1, 'nyse')).toBe(false);
    expect(spansTradingDay(6.5 * 3600, 'nyse')).toBe(true);
    expect(spansTradingDay(86_399, 'always')).toBe(false);
    expect(spansTradingDay(86_400, 'always')).toBe(true);
    expect(spansTradingDay(Number.NaN, 'always')).toBe(false);
  });

  it('once reached, stays reached as market time grows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('always', 'nyse') as fc.Arbitrary<keyof typeof TRADING_DAY_SECONDS>,
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (hours, seconds, more) => !spansTradingDay(seconds, hours) || spansTradingDay(seconds + more, hours),
      ),
    );
  });
});
