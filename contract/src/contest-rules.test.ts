import * as fc from 'fast-check';
import {
  commissionCents,
  commissionRateOf,
  positionCapMessage,
  rulesInCents,
  sharesWithinCap,
  withinPositionCap,
} from './contest-rules';
import { LIMITS, RULE_LIMITS } from './limits';

const rate = (perTrade: number, perShare: number) => commissionRateOf({ perTrade, perShare });

/** a/b ≤ c/d for positive denominators, in exact integers. */
const ratioAtMost = (a: bigint, b: bigint, c: bigint, d: bigint) => a * d <= c * b;

// Every rate a creator may set: whole cents per trade, hundredths of a cent per share.
const perTradeCents = fc.integer({ min: 0, max: RULE_LIMITS.commissionPerTrade.max * 100 });
const perShareTenThousandths = fc.integer({ min: 0, max: RULE_LIMITS.commissionPerShare.max * 10_000 });
const quantity = fc.integer({ min: 1, max: LIMITS.tradeQuantity.max });

describe('commission', () => {
  it('is perTrade + perShare × quantity, rounded up to the cent', () => {
    expect(commissionCents(rate(0, 0), 1000)).toBe(0);
    expect(commissionCents(rate(4.95, 0), 1)).toBe(495);
    // $0.004 a share: one share is a cent, not nothing; 100 shares are $0.40, 101 are $0.41 ($0.404 up).
    expect(commissionCents(rate(0, 0.004), 1)).toBe(1);
    expect(commissionCents(rate(0, 0.004), 100)).toBe(40);
    expect(commissionCents(rate(0, 0.004), 101)).toBe(41);
    expect(commissionCents(rate(0, 0.005), 3)).toBe(2);
    expect(commissionCents(rate(1, 0.0037), 1000)).toBe(470);
    expect(commissionCents(rate(1, 0.0049), 100)).toBe(149);
  });

  it('reads the dollars of the rules without float drift', () => {
    expect(rate(4.95, 0.0037)).toEqual({ perTradeCents: 495, perShareTenThousandths: 37 });
    expect(
      rulesInCents({ shortSelling: true, commission: { perTrade: 0.07, perShare: 0.0001 }, maxPositionPct: 12.5 }),
    ).toEqual({ shortSelling: true, perTradeCents: 7, perShareTenThousandths: 1, maxPositionBp: 1250 });
    expect(rulesInCents(null)).toEqual({
      shortSelling: false,
      perTradeCents: 0,
      perShareTenThousandths: 0,
      maxPositionBp: null,
    });
  });

  it('is never less than the exact amount and less than a cent above it', () => {
    fc.assert(
      fc.property(perTradeCents, perShareTenThousandths, quantity, (perTrade, perShare, n) => {
        const charged = commissionCents({ perTradeCents: perTrade, perShareTenThousandths: perShare }, n);
        // In hundredths of a cent, where the exact amount is a whole number.
        const exact = BigInt(perTrade) * 100n + BigInt(perShare) * BigInt(n);
        const paid = BigInt(charged) * 100n;
        return Number.isInteger(charged) && paid >= exact && paid < exact + 100n;
      }),
      { seed: 37, numRuns: 2000 },
    );
  });

  it('never costs less for more shares', () => {
    fc.assert(
      fc.property(perTradeCents, perShareTenThousandths, quantity, (perTrade, perShare, n) => {
        const r = { perTradeCents: perTrade, perShareTenThousandths: perShare };
        return commissionCents(r, n + 1) >= commissionCents(r, n);
      }),
      { seed: 37 },
    );
  });
});

describe('position cap', () => {
  const capBp = fc.integer({ min: RULE_LIMITS.maxPositionPct.min * 100, max: RULE_LIMITS.maxPositionPct.max * 100 });
  // Prices up to the highest order price ($1,000,000) and values up to trillions of cents: products beyond 2^53.
  const priceCents = fc.integer({ min: 1, max: 100_000_000 });
  const shares = fc.integer({ min: 0, max: 10 * LIMITS.tradeQuantity.max });
  const valueCents = fc.oneof(fc.integer({ min: -1_000_000, max: 100_000_000 }), fc.maxSafeNat());

  it('agrees with exact rational arithmetic: |shares × price| / value ≤ cap / 100', () => {
    fc.assert(
      fc.property(capBp, shares, priceCents, valueCents, (bp, n, price, value) => {
        const exact = value <= 0 ? n === 0 : ratioAtMost(BigInt(n) * BigInt(price), BigInt(value), BigInt(bp), 10_000n);
        return withinPositionCap(bp, n, price, value) === exact;
      }),
      { seed: 37, numRuns: 2000 },
    );
  });

  it('is exact where floating point is not', () => {
    // 8,800,786 shares at $9,544.28 against 5.01 % of $1,676,590,135,809.98: over by two ten-thousandths of a cent, in
    // products beyond 2^53, where doubles round both sides to the same number and would let the position through.
    const [shares, price, value] = [8_800_786, 954_428, 167_659_013_580_998];
    expect(shares * price * 10_000 <= 501 * value).toBe(true);
    expect(withinPositionCap(501, shares, price, value)).toBe(false);
    expect(withinPositionCap(501, shares - 1, price, value)).toBe(true);
    expect(withinPositionCap(null, 1, 1, 0)).toBe(true);
    expect(withinPositionCap(500, 1, 1, 0)).toBe(false);
    expect(withinPositionCap(500, 0, 1, -5)).toBe(true);
  });

  it('counts the most shares that pass the cap with their commission, whatever the rates', () => {
    fc.assert(
      fc.property(
        capBp,
        perTradeCents,
        perShareTenThousandths,
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (bp, perTrade, perShare, price, held, value) => {
          const cap = { maxPositionBp: bp, perTradeCents: perTrade, perShareTenThousandths: perShare };
          const fits = (n: number) => {
            const after = BigInt(value) - BigInt(commissionCents(cap, n));
            const owned = BigInt(held + n) * BigInt(price);
            return after > 0n ? ratioAtMost(owned, after, BigInt(bp), 10_000n) : held + n === 0;
          };
          const n = sharesWithinCap(cap, held, price, value);
          return n === 0 ? !fits(1) : fits(n) && !fits(n + 1);
        },
      ),
      { seed: 37, numRuns: 1000 },
    );
  });

  it('has no bound without a cap, and says the cap in its words', () => {
    expect(sharesWithinCap({ ...rate(0, 0), maxPositionBp: null }, 10, 100, 1000)).toBe(Number.MAX_SAFE_INTEGER);
    // 25 % of $10,000 at $100: 25 shares; a $4.95 commission lowers the value after the trade, so 24.
    expect(sharesWithinCap({ ...rate(0, 0), maxPositionBp: 2500 }, 0, 10_000, 1_000_000)).toBe(25);
    expect(sharesWithinCap({ ...rate(4.95, 0), maxPositionBp: 2500 }, 0, 10_000, 1_000_000)).toBe(24);
    expect(sharesWithinCap({ ...rate(0, 0), maxPositionBp: 2500 }, 20, 10_000, 1_000_000)).toBe(5);
    expect(sharesWithinCap({ ...rate(0, 0), maxPositionBp: 2500 }, 30, 10_000, 1_000_000)).toBe(0);
    expect(positionCapMessage(1000)).toBe('At most 10% of your portfolio in one stock');
    expect(positionCapMessage(1250)).toBe('At most 12.5% of your portfolio in one stock');
  });
});
