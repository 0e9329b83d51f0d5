import type { Standing, TeamStanding } from '@bullpen/shared/schemas';
import { Link } from '@bullpen/shared';
import type { Ref } from 'react';
import { contestPaths, formatMoney, formatReturn, Trend } from '../../contests';

const PODIUM_ORDER = [1, 0, 2]; // second, first, third: the winner stands in the middle
const STEP_HEIGHT = [120, 88, 64];
const STEP_COLOUR = ['#f5c451', '#c9d1d9', '#d08c5b'];
const PLACE = ['1st', '2nd', '3rd'];

export function Podium({ standings, myUserId }: { standings: readonly Standing[]; myUserId: string | null }) {
  const top = standings.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <ol className="bpc-podium" aria-label="Podium" style={{ margin: 0, padding: 0 }}>
      {PODIUM_ORDER.map((index) => {
        const row = top[index];
        if (!row) return <li key={`empty-${index}`} aria-hidden="true" />;
        return (
          <li key={row.userId} aria-label={`${PLACE[index]}: ${row.ticker}, ${formatReturn(row.returnPct)}`}>
            <Link to={contestPaths.profile(row.userId)} style={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {row.ticker}
            </Link>
            {row.userId === myUserId ? <span className="bpc-small bpc-tone-primary">You</span> : null}
            <span>
              <Trend value={row.returnPct}>{formatReturn(row.returnPct)}</Trend>
            </span>
            <div className="bpc-step" style={{ height: STEP_HEIGHT[index], background: STEP_COLOUR[index] }}>
              {row.rank}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A row that stands for the players not shown between two shown rows. */
function Gap({ columns }: { columns: number }) {
  return (
    <tr className="bpc-gap">
      <td colSpan={columns}>
        <span aria-hidden="true">⋯</span>
        <span className="bpc-sr">More players not shown here</span>
      </td>
    </tr>
  );
}

/** Rows of the final board (its top, or a page of it), and my own row when they do not hold it, after (or before) a
 *  gap. My row is highlighted and can take focus, so "Jump to me" can bring it into view. */
export function StandingsTable({
  standings,
  mine = null,
  myUserId,
  showTeams,
  myRowRef,
  playerHref,
}: {
  standings: readonly Standing[];
  /** My row when `standings` does not hold it. */
  mine?: Standing | null;
  myUserId: string | null;
  showTeams: boolean;
  myRowRef?: Ref<HTMLTableRowElement>;
  /** Where a row's player's final portfolio opens (completed contests): adds a Portfolio column. */
  playerHref?: (row: Standing) => string;
}) {
  const columns = (showTeams ? 5 : 4) + (playerHref ? 1 : 0);
  const first = standings[0];
  const mineFirst = mine !== null && first !== undefined && mine.rank < first.rank;
  const line = (row: Standing) => {
    const own = row.userId === myUserId;
    return (
      <tr
        key={row.userId}
        ref={own ? myRowRef : undefined}
        tabIndex={own ? -1 : undefined}
        className={own ? 'bpc-mine' : undefined}
        aria-current={own ? 'true' : undefined}
      >
        <td className="bpc-num">{row.rank}</td>
        <td>
          <Link to={contestPaths.profile(row.userId)}>{row.ticker}</Link>
          {own ? <span className="bpc-small bpc-tone-primary"> (you)</span> : null}
        </td>
        {showTeams ? <td className="bpc-muted">{row.affiliation ?? '—'}</td> : null}
        <td className="bpc-num bpc-hide-narrow">{formatMoney(row.value)}</td>
        <td className="bpc-num">
          <Trend value={row.returnPct}>{formatReturn(row.returnPct)}</Trend>
        </td>
        {playerHref ? (
          <td className="bpc-num">
            <Link to={playerHref(row)}>
              View<span className="bpc-sr"> {own ? 'your portfolio' : `${row.ticker}'s portfolio`}</span>
            </Link>
          </td>
        ) : null}
      </tr>
    );
  };
  return (
    <div className="bpc-table-wrap">
      <table className="bpc-table" aria-label="Final standings">
        <thead>
          <tr>
            <th scope="col" className="bpc-num" style={{ width: 56 }}>
              Rank
            </th>
            <th scope="col">Call sign</th>
            {showTeams ? <th scope="col">Team</th> : null}
            <th scope="col" className="bpc-num bpc-hide-narrow">
              Value
            </th>
            <th scope="col" className="bpc-num">
              Return
            </th>
            {playerHref ? (
              <th scope="col" className="bpc-num">
                {/* A phone has no room for the word above "View": it stays for screen readers. */}
                <span className="bpc-hide-narrow">Portfolio</span>
                <span className="bpc-show-narrow bpc-sr">Portfolio</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {mine && mineFirst ? (
            <>
              {line(mine)}
              <Gap columns={columns} />
            </>
          ) : null}
          {standings.map(line)}
          {mine && !mineFirst ? (
            <>
              <Gap columns={columns} />
              {line(mine)}
            </>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

export function TeamStandingsTable({ teams, myTeam }: { teams: readonly TeamStanding[]; myTeam: string | null }) {
  return (
    <div className="bpc-table-wrap">
      <table className="bpc-table" aria-label="Team standings">
        <thead>
          <tr>
            <th scope="col" className="bpc-num" style={{ width: 56 }}>
              Rank
            </th>
            <th scope="col">Team</th>
            <th scope="col" className="bpc-num">
              Members
            </th>
            <th scope="col" className="bpc-num">
              Return
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => {
            const mine = team.affiliation === myTeam;
            return (
              <tr key={team.affiliation} className={mine ? 'bpc-mine' : undefined}>
                <td className="bpc-num">{team.rank}</td>
                <td>
                  {team.affiliation}
                  {mine ? <span className="bpc-small bpc-tone-primary"> (your team)</span> : null}
                </td>
                <td className="bpc-num">{team.members}</td>
                <td className="bpc-num">
                  <Trend value={team.returnPct}>{formatReturn(team.returnPct)}</Trend>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
