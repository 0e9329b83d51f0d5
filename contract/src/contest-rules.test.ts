import * as fc from 'fast-check';
import { commissionCents, commissionRateOf, rulesInCents } from './contest-rules';
import { LIMITS, RULE_LIMITS } from './limits';

const rate = (perTrade: number, perShare: number) => commissionRateOf({ perTrade, perShare });

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
