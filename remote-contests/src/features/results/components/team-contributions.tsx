import { formatNumber } from '@bullpen/shared/format';
import type { Standing, TeamStanding } from '@bullpen/contract';
import { type Column, DataTable, Trend } from '@bullpen/shared/ui';
import { teamContributions } from '../lib/results-math';

type Member = ReturnType<typeof teamContributions>['members'][number];

const COLUMNS: Column<Member>[] = [
  {
    key: 'member',
    header: 'Member',
    cell: ({ standing }) => `#${standing.rank} ${standing.ticker}`,
  },
  {
    key: 'return',
    header: 'Return',
    numeric: true,
    cell: ({ standing }) => <Trend value={standing.returnPct} />,
  },
  {
    key: 'contribution',
    header: 'Contribution',
    numeric: true,
    cell: ({ contribution }) => <Trend value={contribution} />,
  },
];

/** Each member's share of their team's return (their return ÷ the team's members), team by team; my team open. */
export function TeamContributions({
  teams,
  rows,
  myTeam,
}: {
  teams: readonly TeamStanding[];
  rows: readonly Standing[];
  myTeam: string | null;
}) {
  return (
    <div className="bp-stack">
      {teams.map((team) => {
        const { members, missing } = teamContributions(team, rows);
        return (
          <details key={team.affiliation} open={team.affiliation === myTeam}>
            <summary>
              #{team.rank} {team.affiliation}: <Trend value={team.returnPct} /> from {formatNumber(team.members)} member
              {team.members === 1 ? '' : 's'}
            </summary>
            <DataTable
              caption={`${team.affiliation}: member contributions`}
              hideCaption
              columns={COLUMNS}
              rows={members}
              rowKey={({ standing }) => standing.userId}
              empty="No member of this team is among the rows shown."
            />
            <p className="bp-small bp-muted">
              A team's return is the average of its members': each member adds their return ÷{' '}
              {formatNumber(team.members)}.
              {missing > 0
                ? ` ${formatNumber(missing)} more member${missing === 1 ? ' is' : 's are'} further down the board.`
                : ''}
            </p>
          </details>
        );
      })}
    </div>
  );
}
