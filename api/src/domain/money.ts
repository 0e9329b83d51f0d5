// Money crosses the API as dollars rounded to cents and lives everywhere else as integer cents.

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Ratios (returns, changes) are fractions: 0.0523 means +5.23%. Six decimals keep four of a percentage. */
export function roundRatio(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}
