import * as fc from 'fast-check';
import { LIMITS } from './limits';
import { INITIAL_MARGIN, initialMarginCents, reservedCashCents } from './margin';
import { ORDER_LIMITS, orderReservation } from './orders';

const quantity = fc.integer({ min: 1, max: LIMITS.tradeQuantity.max });
const priceCents = fc.integer({ min: 1, max: ORDER_LIMITS.maxPrice * 100 });
/** Any amount the rule is exact for: 3 × amount stays below 2^53 (thirty times the largest order). */
const amountCents = fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 3) });

describe('the initial margin', () => {
  it('is 150 %, rounded up to a cent', () => {
    expect(INITIAL_MARGIN.numerator / INITIAL_MARGIN.denominator).toBe(1.5);
    expect(initialMarginCents(0)).toBe(0);
    expect(initialMarginCents(100)).toBe(150);
    expect(initialMarginCents(101)).toBe(152);
    expect(initialMarginCents(60_003)).toBe(90_005);
  });

  it('is never below 150 % of the amount and never a cent or more above it', () => {
    fc.assert(
      fc.property(amountCents, (amount) => {
        const margin = BigInt(initialMarginCents(amount));
        // 2 × margin − 3 × amount is in [0, 2): the margin is in [1.5 × amount, 1.5 × amount + 1).
        const over = 2n * margin - 3n * BigInt(amount);
        return Number.isInteger(initialMarginCents(amount)) && over >= 0n && over < 2n;
      }),
    );
  });

  it('never holds back less for more', () => {
    fc.assert(
      fc.property(amountCents, fc.integer({ min: 1, max: 1_000_000 }), (amount, more) => {
        return initialMarginCents(amount + more) >= initialMarginCents(amount);
      }),
    );
  });
});

describe('what an order holds back', () => {
  it('is the amount for a buy or a cover, 150 % of it for a short, nothing for a sell', () => {
    fc.assert(
      fc.property(quantity, priceCents, (n, price) => {
        expect(reservedCashCents('buy', n, price)).toBe(n * price);
        expect(reservedCashCents('cover', n, price)).toBe(n * price);
        expect(reservedCashCents('sell', n, price)).toBe(0);
        expect(reservedCashCents('short', n, price)).toBe(initialMarginCents(n * price));
      }),
    );
  });

  it('is the same whether the order is given in dollars or in cents', () => {
    fc.assert(
      fc.property(fc.constantFrom('buy', 'sell', 'short', 'cover' as const), quantity, priceCents, (side, n, price) => {
        const { cashCents } = orderReservation({ side, quantity: n, limitPrice: price / 100 });
        expect(cashCents).toBe(reservedCashCents(side, n, price));
      }),
    );
  });

  it('holds back at least what a short of the whole order would need, split or not', () => {
    fc.assert(
      fc.property(quantity, quantity, priceCents, (a, b, price) => {
        const whole = reservedCashCents('short', a + b, price);
        const split = reservedCashCents('short', a, price) + reservedCashCents('short', b, price);
        return split >= whole && split - whole <= 1;
      }),
    );
  });
});
