import { formatNumber } from '@bullpen/shared/format';
import type { Standing, TeamStanding } from '@bullpen/shared/schemas';
import { formatReturn, Trend } from '../../contests';
import { teamContributions } from '../lib/results-math';

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
    <div className="bpc-stack">
      {teams.map((team) => {
        const { members, missing } = teamContributions(team, rows);
        return (
          <details key={team.affiliation} open={team.affiliation === myTeam}>
            <summary>
              #{team.rank} {team.affiliation}: <Trend value={team.returnPct}>{formatReturn(team.returnPct)}</Trend> from{' '}
              {formatNumber(team.members)} member{team.members === 1 ? '' : 's'}
            </summary>
            {members.length === 0 ? (
              <p className="bpc-muted">No member of this team is among the rows shown.</p>
            ) : (
              <div className="bpc-table-wrap">
                <table className="bpc-table" aria-label={`${team.affiliation}: member contributions`}>
                  <thead>
                    <tr>
                      <th scope="col">Member</th>
                      <th scope="col" className="bpc-num">
                        Return
                      </th>
                      <th scope="col" className="bpc-num">
                        Contribution
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {members.map(({ standing, contribution }) => (
                      <tr key={standing.userId}>
                        <td>
                          #{standing.rank} {standing.ticker}
                        </td>
                        <td className="bpc-num">
                          <Trend value={standing.returnPct}>{formatReturn(standing.returnPct)}</Trend>
                        </td>
                        <td className="bpc-num">
                          <Trend value={contribution}>{formatReturn(contribution)}</Trend>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="bpc-small bpc-muted" style={{ margin: '8px 0 0' }}>
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
