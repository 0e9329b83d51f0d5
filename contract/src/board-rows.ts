// A board row in the fewest bytes an event can carry it: the `standings` event's compact form (`?rows=compact` on the
// event stream), one array per row instead of an object with eight keys, every figure a whole number of what the board
// prints (cents, basis points, hundredths of a Sharpe ratio). Zod-free: the API encodes and the live board decodes
// with the same functions. A client that does not ask for it gets the `standings` rows of API.md, unchanged.
import type { Standing } from './models';

/** `[rank, userId, ticker, affiliation, value in cents, returnPct in basis points, sharpe × 100 or null, maxDrawdownPct in basis points]`. */
export type CompactStandingRow = [
  rank: number,
  userId: string,
  ticker: string,
  affiliation: string | null,
  valueCents: number,
  returnBp: number,
  sharpeHundredths: number | null,
  maxDrawdownBp: number,
];

/**
 * `value × 10^digits` rounded half away from zero, as the boards print (`roundHalfAway` of `@bullpen/shared/format`).
 * The decimal is shifted in its text, not multiplied in binary: 0.012345 is 123.45 basis points, never 123.4499….
 */
export function shiftedHalfAway(value: number, digits: number): number {
  const decimal = Number(Math.abs(value).toPrecision(12));
  const rounded = Math.round(Number(`${decimal}e${digits}`));
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A ratio (0.0123 = 1.23 %) in basis points, the precision a board prints a percentage with two decimals. */
export const basisPoints = (ratio: number): number => shiftedHalfAway(ratio, 4);

/** A Sharpe ratio in hundredths, as the board prints it (`toFixed(2)`). */
export const sharpeHundredths = (sharpe: number): number => {
  const hundredths = Math.round(Number(sharpe.toFixed(2)) * 100);
  return hundredths === 0 ? 0 : hundredths;
};

export function compactStandingRow(row: Standing): CompactStandingRow {
  return [
    row.rank,
    row.userId,
    row.ticker,
    row.affiliation,
    Math.round(row.value * 100),
    basisPoints(row.returnPct),
    row.sharpe === null || row.sharpe === undefined ? null : sharpeHundredths(row.sharpe),
    basisPoints(row.maxDrawdownPct ?? 0),
  ];
}

/** The row a board draws, back from its compact form (each figure the nearest number to what the board prints). */
export function standingOfCompactRow(row: CompactStandingRow): Standing {
  const [rank, userId, ticker, affiliation, valueCents, returnBp, sharpe, maxDrawdownBp] = row;
  return {
    rank,
    userId,
    ticker,
    affiliation,
    value: valueCents / 100,
    returnPct: returnBp / 10_000,
    sharpe: sharpe === null ? null : sharpe / 100,
    maxDrawdownPct: maxDrawdownBp / 10_000,
  };
}
