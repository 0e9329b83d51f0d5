import { formatMoney, formatPercent, Link, trend } from '@bullpen/shared';
import type { Standing, TeamStanding } from '@bullpen/shared/schemas';
import { type Ref, useRef } from 'react';

/** Rank change since the previous update (the board's asOf before this one): positive means the player climbed.
 *  Recording is idempotent per asOf, so re-renders never shift the baseline. */
export function useMovement(standings: Standing[], asOf: string): Map<string, number> {
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

/** A row that stands for the players not shown between two shown rows. */
function Gap({ columns }: { columns: number }) {
  return (
    <tr className="lc-gap">
      <td colSpan={columns}>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">More players not shown here</span>
      </td>
    </tr>
  );
}

/**
 * Rows of the board: the top (or a page of it), and the viewer's own row when it is not among them, after (or
 * before) a gap. The viewer's row is highlighted and can take focus, so "Jump to me" can bring it into view.
 */
export function Leaderboard({
  rows,
  mine = null,
  me,
  teams,
  movement,
  meRowRef,
}: {
  rows: readonly Standing[];
  /** The viewer's row when `rows` does not hold it. */
  mine?: Standing | null;
  me: string | null;
  teams: boolean;
  /** Rank changes since the previous tick, for the rows that come with every tick. */
  movement: Map<string, number>;
  meRowRef?: Ref<HTMLTableRowElement>;
}) {
  const columns = teams ? 6 : 5;
  const first = rows[0];
  const mineFirst = mine !== null && first !== undefined && mine.rank < first.rank;
  const row = (standing: Standing) => {
    const own = standing.userId === me;
    const delta = movement.get(standing.userId);
    return (
      <tr
        key={standing.userId}
        ref={own ? meRowRef : undefined}
        tabIndex={own ? -1 : undefined}
        className={own ? 'lc-me' : undefined}
        aria-current={own ? 'true' : undefined}
      >
        <td className="lc-num">#{standing.rank}</td>
        <td>
          <Link to={`/profile?userId=${encodeURIComponent(standing.userId)}`}>{standing.ticker}</Link>
          {own ? <span className="lc-you"> you</span> : null}
        </td>
        {teams ? <td>{standing.affiliation ?? '—'}</td> : null}
        <td className="lc-right lc-num">{formatMoney(standing.value)}</td>
        <td className={`lc-right lc-num lc-${trend(standing.returnPct)}`}>{formatPercent(standing.returnPct)}</td>
        <td className="lc-right lc-num">
          {delta === undefined ? (
            <span className="lc-muted">
              <span aria-hidden="true">·</span>
              <span className="visually-hidden">not followed on this page</span>
            </span>
          ) : (
            <Movement delta={delta} />
          )}
        </td>
      </tr>
    );
  };
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
        {mine && mineFirst ? (
          <>
            {row(mine)}
            <Gap columns={columns} />
          </>
        ) : null}
        {rows.map(row)}
        {mine && !mineFirst ? (
          <>
            <Gap columns={columns} />
            {row(mine)}
          </>
        ) : null}
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
