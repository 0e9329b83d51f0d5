export interface FieldProblem {
  field: string;
  message: string;
}

/** Picks rule of DESIGN §5: exactly `picksCount` distinct symbols of the equity universe. */
export function picksProblems(
  picks: readonly string[],
  picksCount: number,
  isKnown: (symbol: string) => boolean,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (picks.length !== picksCount) {
    problems.push({ field: 'picks', message: `Choose exactly ${picksCount} pick${picksCount === 1 ? '' : 's'}` });
  }
  if (new Set(picks).size !== picks.length)
    problems.push({ field: 'picks', message: 'Picks must be different symbols' });
  picks.forEach((symbol, index) => {
    if (!isKnown(symbol)) problems.push({ field: `picks.${index}`, message: `Unknown symbol ${symbol}` });
  });
  return problems;
}

/** A team collaboration needs one of its affiliations; any other contest must not get one. */
export function affiliationProblems(affiliation: string | undefined, affiliations: readonly string[]): FieldProblem[] {
  if (affiliations.length === 0) {
    return affiliation === undefined ? [] : [{ field: 'affiliation', message: 'This contest has no teams' }];
  }
  if (affiliation === undefined) return [{ field: 'affiliation', message: 'Choose a team' }];
  if (!affiliations.includes(affiliation))
    return [{ field: 'affiliation', message: 'Choose one of the contest teams' }];
  return [];
}
