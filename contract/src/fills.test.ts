import * as fc from 'fast-check';
import { fairFillPrice, marketOrderWait, PENDING_REASONS, type StampedPrice } from './fills';

const MINUTE = 60_000;
const instant = fc.integer({ min: 0, max: 4_000_000_000_000 });
const stamps = fc.array(fc.record({ at: instant, priceCents: fc.integer({ min: 1, max: 100_000_000 }) }), {
  maxLength: 40,
});

describe('the fairness rule: a waiting market order fills at the first price stamped at or after it was placed', () => {
  it('never fills at a price stamped before the order, and at the earliest one stamped at or after it', () => {
    fc.assert(
      fc.property(stamps, instant, (prices, placedAt) => {
        const fill = fairFillPrice(prices, placedAt);
        const eligible = prices.filter((p) => p.at >= placedAt);
        if (eligible.length === 0) return fill === null;
        if (fill === null) return false;
        return (
          prices.includes(fill) &&
          fill.at >= placedAt &&
          eligible.every((p) => p.at >= fill.at) &&
          // Of equal stamps, the first listed.
          eligible.find((p) => p.at === fill.at) === fill
        );
      }),
    );
  });

  it('does not depend on the order the prices arrived in', () => {
    fc.assert(
      fc.property(stamps, instant, fc.nat(), (prices, placedAt, seed) => {
        const shuffled = [...prices].sort((a, b) => ((a.at * 31 + seed) % 97) - ((b.at * 31 + seed) % 97));
        return fairFillPrice(shuffled, placedAt)?.at === fairFillPrice(prices, placedAt)?.at;
      }),
    );
  });

  it('counts a price stamped exactly at the order, and none a millisecond before', () => {
    const prices: StampedPrice[] = [
      { at: 1000 - 1, priceCents: 100 },
      { at: 1000, priceCents: 101 },
      { at: 1000 + MINUTE, priceCents: 102 },
    ];
    expect(fairFillPrice(prices, 1000)).toEqual({ at: 1000, priceCents: 101 });
    expect(fairFillPrice(prices, 1001)).toEqual({ at: 1000 + MINUTE, priceCents: 102 });
    expect(fairFillPrice(prices, 1000 + MINUTE + 1)).toBeNull();
  });
});

describe('whether a market order waits', () => {
  const at = Date.parse('2030-01-07T15:00:00.000Z');

  it('fills at once on the simulator around the clock', () => {
    expect(marketOrderWait(at, { delayMinutes: 0, open: true, nextOpenAt: null })).toBeNull();
  });

  it('waits for the delayed price from the moment it was placed', () => {
    expect(marketOrderWait(at, { delayMinutes: 15, open: true, nextOpenAt: '2030-01-08T14:30:00.000Z' })).toEqual({
      fillAfter: at,
      reason: PENDING_REASONS.delayed,
    });
  });

  it('while closed, waits for the open, delayed or not', () => {
    for (const delayMinutes of [0, 15]) {
      expect(marketOrderWait(at, { delayMinutes, open: false, nextOpenAt: '2030-01-08T14:30:00.000Z' })).toEqual({
        fillAfter: Date.parse('2030-01-08T14:30:00.000Z'),
        reason: 'Queued for the open',
      });
    }
    // No calendar: from the moment it was placed, never from the past.
    expect(marketOrderWait(at, { delayMinutes: 0, open: false, nextOpenAt: null })?.fillAfter).toBe(at);
    expect(marketOrderWait(at, { delayMinutes: 0, open: false, nextOpenAt: at - MINUTE })?.fillAfter).toBe(at);
  });
});
