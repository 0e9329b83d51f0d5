import * as fc from 'fast-check';
import { RULE_LIMITS } from './limits';
import type { TradeSide } from './models';
import { ORDER_LIMITS } from './orders';
import { nextTrailingStopCents, stopsBelowPrice, trailingStopCents } from './trailing-stop';

const side = fc.constantFrom<TradeSide>('buy', 'sell', 'short', 'cover');
const priceCents = fc.integer({ min: 1, max: ORDER_LIMITS.maxPrice * 100 });
const amountCents = fc.integer({ min: 1, max: ORDER_LIMITS.maxPrice * 100 });
/** A percent as the API accepts it: more than 0, at most 50, two decimals; as hundredths of a percent. */
const percentHundredths = fc.integer({ min: 1, max: RULE_LIMITS.trailPercent.max * 100 });
/** Amount or percent, exactly one. */
const trail = fc.oneof(
  amountCents.map((amount) => ({ amount, percent: null })),
  percentHundredths.map((k) => ({ amount: null, percent: k / 100 })),
);

/** The exact stop of a percent trail, in rational arithmetic: price × (1 ∓ k / 10,000), rounded away from the price. */
function exactPercentStop(below: boolean, price: number, k: number): number {
  const scaled = BigInt(price) * BigInt(below ? 10_000 - k : 10_000 + k);
  const whole = scaled / 10_000n;
  return Number(below || scaled % 10_000n === 0n ? whole : whole + 1n);
}

describe('a trailing stop', () => {
  it('trails the price by the amount or the percent, below for a sell or short, above for a buy or cover', () => {
    expect(trailingStopCents('sell', 10_000, 500, null)).toBe(9500);
    expect(trailingStopCents('buy', 10_000, 500, null)).toBe(10_500);
    expect(trailingStopCents('sell', 300, 500, null)).toBe(0);
    expect(trailingStopCents('cover', 5000, null, 10)).toBe(5500);
    expect(trailingStopCents('short', 10_001, null, 10)).toBe(9000);
    // 100 × 1.1 is 110.00000000000001 in floating point: the stop is still 110, not 111.
    expect(trailingStopCents('buy', 100, null, 10)).toBe(110);
    expect(trailingStopCents('sell', 170, null, 30)).toBe(119);
  });

  it('sits on the side of the price it guards, never below zero', () => {
    fc.assert(
      fc.property(side, priceCents, trail, (s, price, t) => {
        const stop = trailingStopCents(s, price, t.amount, t.percent);
        expect(Number.isInteger(stop)).toBe(true);
        if (stopsBelowPrice(s)) expect(stop >= 0 && stop < price).toBe(true);
        else expect(stop).toBeGreaterThan(price);
      }),
    );
  });

  it('is the exact percent, rounded to a cent away from the price', () => {
    fc.assert(
      fc.property(side, fc.integer({ min: 1, max: 1_000_000 }), percentHundredths, (s, price, k) => {
        expect(trailingStopCents(s, price, null, k / 100)).toBe(exactPercentStop(stopsBelowPrice(s), price, k));
      }),
    );
  });

  it('never shortens a percent trail at any price, and lengthens it by at most a cent', () => {
    fc.assert(
      fc.property(side, priceCents, percentHundredths, (s, price, k) => {
        const below = stopsBelowPrice(s);
        const stop = trailingStopCents(s, price, null, k / 100);
        const exact = exactPercentStop(below, price, k);
        const further = below ? exact - stop : stop - exact;
        expect(further === 0 || further === 1).toBe(true);
      }),
    );
  });

  it('never moves against the holder, whatever the prices do', () => {
    fc.assert(
      fc.property(side, priceCents, trail, fc.array(priceCents, { maxLength: 30 }), (s, first, t, prices) => {
        let stop = trailingStopCents(s, first, t.amount, t.percent);
        for (const price of prices) {
          const next = nextTrailingStopCents(s, stop, price, t.amount, t.percent);
          if (stopsBelowPrice(s)) expect(next).toBeGreaterThanOrEqual(stop);
          else expect(next).toBeLessThanOrEqual(stop);
          // It is the better of where it was and where this price puts it.
          const here = trailingStopCents(s, price, t.amount, t.percent);
          expect(next).toBe(stopsBelowPrice(s) ? Math.max(stop, here) : Math.min(stop, here));
          stop = next;
        }
      }),
    );
  });
});
