import '../ui/ui.css';
import './boards.css';
import { Link } from '@bullpen/shared';
import type { Standing, TeamStanding } from '@bullpen/contract';
import { NEEDS_TRADING_DAY } from '@bullpen/contract/risk-window';
import type { Ref } from 'react';
import { formatMoney, formatPercent } from '../format/format';
import type { BoardSort } from './board-sort';
import { type Column, DataTable } from '../ui/data-table';
import { TableScroller } from '../ui/table-scroller';
import { Trend } from '../ui/trend';

/** Where a player's profile opens, from any board. */
export const profileHref = (userId: string) => `/profile?userId=${encodeURIComponent(userId)}`;

function Movement({ delta }: { delta: number | undefined }) {
  if (delta === undefined) {
    return (
      <span className="bp-trend--flat">
        <span aria-hidden="true">·</span>
        <span className="visually-hidden">not followed on this page</span>
      </span>
    );
  }
  const [tone, mark, words] =
    delta > 0
      ? ['up', `▲${delta}`, `up ${delta}`]
      : delta < 0
        ? ['down', `▼${-delta}`, `down ${-delta}`]
        : ['flat', '–', 'no change'];
  return (
    <span className={`bp-trend--${tone}`}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/** A Sharpe ratio to two decimals; none until the contest has a trading day of prices (and 10 ticks). */
const sharpeText = (sharpe: number | null | undefined) =>
  sharpe === null || sharpe === undefined ? (
    <span className="bp-muted" title={NEEDS_TRADING_DAY}>
      n/a<span className="visually-hidden"> ({NEEDS_TRADING_DAY.toLowerCase()})</span>
    </span>
  ) : (
    sharpe.toFixed(2).replace('-', '\u2212')
  );

/** A row that stands for the players not shown between two shown rows. */
function Gap({ columns }: { columns: number }) {
  return (
    <tr className="bp-board__gap">
      <td colSpan={columns}>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">More players not shown here</span>
      </td>
    </tr>
  );
}

/**
 * Rows of a board (its top, or a page of it), and my own row when they do not hold it, after (or before) a gap. My
 * row is highlighted and can take focus, so "Jump to me" can bring it into view. Value is a secondary column: a
 * phone hides it (the return ranks the board), so a long call sign and a six-figure value still fit 390 px.
 */
export function StandingsTable({
  label,
  rows,
  mine = null,
  myUserId,
  teams,
  movement,
  playerHref,
  myRowRef,
  sort = 'return',
}: {
  /** The table's name: "Leaderboard" (live) or "Final standings". */
  label: string;
  rows: readonly Standing[];
  /** My row when `rows` does not hold it. */
  mine?: Standing | null;
  myUserId: string | null;
  teams: boolean;
  /** Rank changes since the previous tick (live boards): adds a Move column. */
  movement?: Map<string, number>;
  /** Where a row's final portfolio opens (completed contests): adds a Portfolio column. */
  playerHref?: (row: Standing) => string;
  myRowRef?: Ref<HTMLTableRowElement>;
  /** The order of `rows` (the caller sorts them): a figure other than the return gets its own column. */
  sort?: BoardSort;
}) {
  const metric = sort === 'return' ? null : sort;
  const columns = 4 + (teams ? 1 : 0) + (metric ? 1 : 0) + (movement ? 1 : 0) + (playerHref ? 1 : 0);
  const first = rows[0];
  const mineFirst = mine !== null && first !== undefined && mine.rank < first.rank;
  const line = (row: Standing) => {
    const own = row.userId === myUserId;
    return (
      <tr
        key={row.userId}
        ref={own ? myRowRef : undefined}
        tabIndex={own ? -1 : undefined}
        className={own ? 'bp-board__mine' : undefined}
        aria-current={own ? 'true' : undefined}
      >
        <td className="bp-table__num">#{row.rank}</td>
        <td className="bp-board__name">
          <Link to={profileHref(row.userId)}>{row.ticker}</Link>
          {own ? <span className="bp-board__you"> (you)</span> : null}
        </td>
        {teams ? <td className="bp-board__team">{row.affiliation ?? '—'}</td> : null}
        <td className="bp-table__end bp-table__num bp-board__secondary">{formatMoney(row.value)}</td>
        <td className="bp-table__end bp-table__num">
          <Trend value={row.returnPct} />
        </td>
        {metric === 'sharpe' ? (
          <td className="bp-table__end bp-table__num">{sharpeText(row.sharpe)}</td>
        ) : metric === 'drawdown' ? (
          <td className="bp-table__end bp-table__num">
            {row.maxDrawdownPct === undefined ? '—' : formatPercent(row.maxDrawdownPct)}
          </td>
        ) : null}
        {movement ? (
          <td className="bp-table__end bp-table__num">
            <Movement delta={movement.get(row.userId)} />
          </td>
        ) : null}
        {playerHref ? (
          <td className="bp-table__end">
            <Link to={playerHref(row)}>
              View<span className="visually-hidden"> {own ? 'your portfolio' : `${row.ticker}'s portfolio`}</span>
            </Link>
          </td>
        ) : null}
      </tr>
    );
  };
  return (
    <TableScroller label={label}>
      <table className="bp-table bp-board__table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {/* Sorted by another figure, the rows are no longer in rank order: the header says what the rank is. */}
            <th scope="col">
              {metric ? (
                <>
                  Rank <span className="bp-board__rank-basis">by return</span>
                </>
              ) : (
                'Rank'
              )}
            </th>
            <th scope="col">Call sign</th>
            {teams ? <th scope="col">Team</th> : null}
            <th scope="col" className="bp-table__end bp-board__secondary">
              Value
            </th>
            <th scope="col" className="bp-table__end" aria-sort={metric ? undefined : 'descending'}>
              Return
            </th>
            {metric ? (
              <th scope="col" className="bp-table__end" aria-sort="descending">
                {metric === 'sharpe' ? 'Sharpe' : 'Max drawdown'}
              </th>
            ) : null}
            {movement ? (
              <th scope="col" className="bp-table__end">
                Move
              </th>
            ) : null}
            {playerHref ? (
              <th scope="col" className="bp-table__end">
                {/* A phone has no room for the word above "View": it stays for screen readers. */}
                <span className="bp-board__wide-only">Portfolio</span>
                <span className="bp-board__narrow-only visually-hidden">Portfolio</span>
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
          {rows.map(line)}
          {mine && !mineFirst ? (
            <>
              <Gap columns={columns} />
              {line(mine)}
            </>
          ) : null}
        </tbody>
      </table>
    </TableScroller>
  );
}

const TEAM_COLUMNS = (myTeam: string | null): Column<TeamStanding>[] => [
  { key: 'rank', header: 'Rank', cell: (team) => `#${team.rank}`, className: 'bp-table__num' },
  {
    key: 'team',
    header: 'Team',
    cell: (team) => (
      <>
        {team.affiliation}
        {team.affiliation === myTeam ? <span className="bp-board__you"> (your team)</span> : null}
      </>
    ),
    className: 'bp-board__name',
  },
  { key: 'players', header: 'Players', cell: (team) => team.members, align: 'end', className: 'bp-table__num' },
  {
    key: 'return',
    header: 'Return',
    cell: (team) => <Trend value={team.returnPct} />,
    align: 'end',
    className: 'bp-table__num',
  },
];

/** Teams ranked by the average return of their members; mine highlighted. */
export function TeamStandingsTable({ teams, myTeam }: { teams: readonly TeamStanding[]; myTeam: string | null }) {
  return (
    <DataTable
      caption="Team standings"
      hideCaption
      className="bp-board__table"
      columns={TEAM_COLUMNS(myTeam)}
      rows={[...teams]}
      rowKey={(team) => team.affiliation}
      rowClassName={(team) => (team.affiliation === myTeam ? 'bp-board__mine' : undefined)}
    />
  );
}
