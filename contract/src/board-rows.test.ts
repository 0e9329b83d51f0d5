import * as fc from 'fast-check';
import { basisPoints, compactStandingRow, sharpeHundredths, standingOfCompactRow } from './board-rows';
import { standingSchema } from './models';

/** A ratio as the API keeps it on the board: six decimals (api/src/domain/money.ts roundRatio). */
const ratio = (max: number) => fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((n) => n / 1e6);
/** The board's percentage: two decimals, half away from zero on the decimal (shared/src/format roundHalfAway). */
const percentText = (value: number) => {
  const decimal = Number(Math.abs(value * 100).toPrecision(12));
  const rounded = Number(`${Math.round(Number(`${decimal}e2`))}e-2`);
  return (value < 0 && rounded !== 0 ? -rounded : rounded).toFixed(2);
};
const row = fc.record({
  rank: fc.integer({ min: 1, max: 100_000 }),
  userId: fc.uuid(),
  ticker: fc.stringMatching(/^[A-Z][A-Z0-9]{1,7}$/),
  affiliation: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
  value: fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100),
  returnPct: ratio(50),
  sharpe: fc.option(ratio(100), { nil: null }),
  maxDrawdownPct: ratio(1).map((x) => -Math.abs(x)),
});

describe('compact board rows', () => {
  it('decode to a valid row that a board prints exactly as the full row', () => {
    fc.assert(
      fc.property(row, (full) => {
        const shown = standingOfCompactRow(compactStandingRow(full));
        expect(standingSchema.parse(shown)).toEqual(shown);
        expect(shown).toMatchObject({
          rank: full.rank,
          userId: full.userId,
          ticker: full.ticker,
          affiliation: full.affiliation,
        });
        expect(shown.value).toBe(full.value);
        expect(percentText(shown.returnPct)).toBe(percentText(full.returnPct));
        expect(percentText(shown.maxDrawdownPct as number)).toBe(percentText(full.maxDrawdownPct));
        if (full.sharpe === null) expect(shown.sharpe).toBeNull();
        // toFixed(2) as the board prints it; "−0.00" for a tiny negative Sharpe becomes "0.00".
        else expect((shown.sharpe as number).toFixed(2)).toBe(full.sharpe.toFixed(2).replace(/^-0\.00$/, '0.00'));
      }),
    );
  });

  it('encode again to the same array (a decoded row is already as precise as it travels)', () => {
    fc.assert(
      fc.property(row, (full) => {
        const compact = compactStandingRow(full);
        expect(compactStandingRow(standingOfCompactRow(compact))).toEqual(compact);
      }),
    );
  });

  it('are whole numbers of cents, basis points and hundredths', () => {
    expect(basisPoints(0.012345)).toBe(123);
    expect(basisPoints(0.01235)).toBe(124);
    expect(basisPoints(-0.01235)).toBe(-124);
    expect(basisPoints(-0.00004)).toBe(0);
    expect(sharpeHundredths(1.005)).toBe(100);
    expect(sharpeHundredths(-0.004)).toBe(0);
    expect(
      compactStandingRow({
        rank: 3,
        userId: 'u',
        ticker: 'ACE',
        affiliation: null,
        value: 10234.56,
        returnPct: 0.023456,
      }),
    ).toEqual([3, 'u', 'ACE', null, 1_023_456, 235, null, 0]);
  });
});
