import { formatPercent, roundHalfAway } from '@bullpen/shared/format';
import type { BenchmarkPoint, PickReturn, Standing, TeamStanding } from '@bullpen/contract';

// What a finished contest teaches: plain functions over the API's numbers, so the screens and their tests agree.

export interface ValuePoint {
  t: string;
  value: number;
}

/** The best and the worst pick by how their price moved over the contest; one pick is only "best". */
export function bestAndWorst(picks: readonly PickReturn[]): { best: PickReturn | null; worst: PickReturn | null } {
  if (picks.length === 0) return { best: null, worst: null };
  const sorted = [...picks].sort((a, b) => b.returnPct - a.returnPct || a.symbol.localeCompare(b.symbol));
  return { best: sorted[0] ?? null, worst: sorted.length > 1 ? (sorted[sorted.length - 1] ?? null) : null };
}

/** The benchmark as the value the starting cash would have had in it, to the cent, on each tick. */
export function benchmarkValues(points: readonly BenchmarkPoint[], startingCash: number): ValuePoint[] {
  return points.map((p) => ({ t: p.t, value: Math.round(startingCash * (1 + p.returnPct) * 100) / 100 }));
}

/** The benchmark's return at the last tick (the contest's end once it is over), or null before any tick. */
export const lastReturn = (points: readonly BenchmarkPoint[]): number | null =>
  points[points.length - 1]?.returnPct ?? null;

/** "ahead of", "behind" or "level with" the market, compared on what the screen shows (two decimals of percent). */
export function versusMarket(returnPct: number, marketPct: number): 'ahead' | 'behind' | 'level' {
  const mine = roundHalfAway(returnPct * 100, 2);
  const market = roundHalfAway(marketPct * 100, 2);
  if (mine > market) return 'ahead';
  if (mine < market) return 'behind';
  return 'level';
}

/** "I finished #2 of 14 in Weekly Tech Sprint, +4.32% vs the market's +1.10%": the page's own precision (two decimals
 *  of percent), so a shared +0.14% is not "+0.1%" and a +0.01% is not "0.0%". */
export function resultShareText(input: {
  rank: number;
  total: number;
  name: string;
  returnPct: number;
  marketPct: number | null;
}): string {
  const market = input.marketPct === null ? '' : ` vs the market's ${formatPercent(input.marketPct)}`;
  return `I finished #${input.rank} of ${input.total} in ${input.name}, ${formatPercent(input.returnPct)}${market}`;
}

/** The results page's own address, to share. */
export const resultsUrl = (contestId: string, origin: string = window.location.origin) =>
  `${origin}/contest-completed/${encodeURIComponent(contestId)}`;

export interface Contribution {
  standing: Standing;
  /** The member's share of the team's return: their return divided by the team's member count (DESIGN §5: the mean). */
  contribution: number;
}

/**
 * Each member's contribution to a team's return. A team's return is the mean of its members' returns, so each member
 * adds their return ÷ members; the contributions of every member add up to the team's return. `rows` may hold only part
 * of the board (the top rows and mine): `missing` says how many members are not among them.
 */
export function teamContributions(
  team: TeamStanding,
  rows: readonly Standing[],
): { members: Contribution[]; missing: number } {
  const members = rows
    .filter((row) => row.affiliation === team.affiliation)
    .map((standing) => ({ standing, contribution: team.members > 0 ? standing.returnPct / team.members : 0 }))
    .sort((a, b) => b.contribution - a.contribution || a.standing.rank - b.standing.rank);
  return { members, missing: Math.max(0, team.members - members.length) };
}
