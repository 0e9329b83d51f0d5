import { roundRatio } from './money';

export interface PlayerScore {
  userId: string;
  valueCents: number;
  joinedAt: Date;
}

export interface RankedPlayer extends PlayerScore {
  rank: number;
}

/**
 * Rank by return, best first. Everyone in one contest starts with the same cash, so comparing values in cents is
 * the same as comparing returns — exactly, with no floating-point ties missed. Ties share the better rank
 * (1, 1, 3) and are listed by earlier joinedAt.
 */
export function rankPlayers(players: readonly PlayerScore[]): RankedPlayer[] {
  const sorted = [...players].sort(
    (a, b) =>
      b.valueCents - a.valueCents || a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId),
  );
  const ranked: RankedPlayer[] = [];
  sorted.forEach((player, index) => {
    const previous = ranked[index - 1];
    const rank = previous && previous.valueCents === player.valueCents ? previous.rank : index + 1;
    ranked.push({ ...player, rank });
  });
  return ranked;
}

export interface TeamMemberScore {
  affiliation: string;
  valueCents: number;
}

export interface RankedTeam {
  rank: number;
  affiliation: string;
  members: number;
  /** Mean of the members' returns, as a fraction. */
  returnPct: number;
}

export interface TeamTotal {
  affiliation: string;
  totalCents: number;
  members: number;
}

/** Sum and count per team, from member scores. */
export function teamTotals(members: readonly TeamMemberScore[]): TeamTotal[] {
  const totals = new Map<string, TeamTotal>();
  for (const member of members) {
    const total = totals.get(member.affiliation) ?? { affiliation: member.affiliation, totalCents: 0, members: 0 };
    total.totalCents += member.valueCents;
    total.members += 1;
    totals.set(member.affiliation, total);
  }
  return [...totals.values()];
}

/**
 * A team's return is the mean of its members' returns (DESIGN §5); with equal starting cash that is the mean value
 * over the starting cash. Ties (compared exactly as fractions total/members) share the better rank; teams without
 * members are not ranked. Tied teams keep the contest's order of affiliations.
 */
export function rankTeams(
  totals: readonly TeamTotal[],
  affiliations: readonly string[],
  startingCashCents: number,
): RankedTeam[] {
  const order = new Map(affiliations.map((name, index) => [name, index]));
  const teams = totals.filter((t) => t.members > 0).map((t) => ({ ...t, sum: BigInt(t.totalCents) }));
  // a.sum / a.members vs b.sum / b.members, compared by cross-multiplying.
  const compare = (a: (typeof teams)[number], b: (typeof teams)[number]) => {
    const left = a.sum * BigInt(b.members);
    const right = b.sum * BigInt(a.members);
    return left === right ? 0 : left > right ? -1 : 1;
  };
  teams.sort((a, b) => compare(a, b) || (order.get(a.affiliation) ?? 0) - (order.get(b.affiliation) ?? 0));
  const ranked: RankedTeam[] = [];
  teams.forEach((team, index) => {
    const previous = teams[index - 1];
    const rank = previous && compare(previous, team) === 0 ? (ranked[index - 1]?.rank ?? index + 1) : index + 1;
    const meanValue = team.totalCents / team.members;
    ranked.push({
      rank,
      affiliation: team.affiliation,
      members: team.members,
      returnPct: roundRatio(startingCashCents > 0 ? meanValue / startingCashCents - 1 : 0),
    });
  });
  return ranked;
}
