import { formatMoney, formatPercent, Link, trend } from '@bullpen/shared';
import type { Standing, TeamStanding } from '@bullpen/shared/schemas';
import { useRef } from 'react';

/** Rank change since the previous update (the board's asOf before this one): positive means the player climbed.
 *  Recording is idempotent per asOf, so re-renders never shift the baseline. */
function useMovement(standings: Standing[], asOf: string): Map<string, number> {
  const updates = useRef<{ asOf: string; ranks: Map<string, number> }[]>([]);
  const seen = updates.current;
  if (seen.at(-1)?.asOf !== asOf) {
    seen.push({ asOf, ranks: new Map(standings.map((row) => [row.userId, row.rank])) });
    if (seen.length > 2) seen.shift();
  }
  const before = seen.length === 2 ? seen[0]?.ranks : undefined;
  return new Map(
    standings.map((row) => {
      const previous = before?.get(row.userId);
      return [row.userId, previous === undefined ? 0 : previous - row.rank];
    }),
  );
}

function Movement({ delta }: { delta: number }) {
  const [className, mark, words] =
    delta > 0
      ? ['lc-up', `▲${delta}`, `up ${delta}`]
      : delta < 0
        ? ['lc-down', `▼${-delta}`, `down ${-delta}`]
        : ['lc-muted', '–', 'no change'];
  return (
    <span className={className}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

export function Leaderboard({
  standings,
  asOf,
  me,
  teams,
}: {
  standings: Standing[];
  asOf: string;
  me: string | null;
  teams: boolean;
}) {
  const movement = useMovement(standings, asOf);
  if (standings.length === 0) return <p className="lc-muted">No players in this contest.</p>;
  return (
    <table className="lc-table">
      <caption className="visually-hidden">Leaderboard</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          {teams ? <th scope="col">Team</th> : null}
          <th scope="col" className="lc-right">
            Value
          </th>
          <th scope="col" className="lc-right">
            Return
          </th>
          <th scope="col" className="lc-right">
            Move
          </th>
        </tr>
      </thead>
      <tbody>
        {standings.map((row) => (
          <tr
            key={row.userId}
            className={row.userId === me ? 'lc-me' : undefined}
            aria-current={row.userId === me ? 'true' : undefined}
          >
            <td className="lc-num">#{row.rank}</td>
            <td>
              <Link to={`/profile?userId=${encodeURIComponent(row.userId)}`}>{row.ticker}</Link>
              {row.userId === me ? <span className="lc-you"> you</span> : null}
            </td>
            {teams ? <td>{row.affiliation ?? '—'}</td> : null}
            <td className="lc-right lc-num">{formatMoney(row.value)}</td>
            <td className={`lc-right lc-num lc-${trend(row.returnPct)}`}>{formatPercent(row.returnPct)}</td>
            <td className="lc-right lc-num">
              <Movement delta={movement.get(row.userId) ?? 0} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TeamStandings({ teams }: { teams: TeamStanding[] }) {
  return (
    <table className="lc-table">
      <caption className="visually-hidden">Team standings</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Team</th>
          <th scope="col" className="lc-right">
            Players
          </th>
          <th scope="col" className="lc-right">
            Return
          </th>
        </tr>
      </thead>
      <tbody>
        {teams.map((team) => (
          <tr key={team.affiliation}>
            <td className="lc-num">#{team.rank}</td>
            <td>{team.affiliation}</td>
            <td className="lc-right lc-num">{team.members}</td>
            <td className={`lc-right lc-num lc-${trend(team.returnPct)}`}>{formatPercent(team.returnPct)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
