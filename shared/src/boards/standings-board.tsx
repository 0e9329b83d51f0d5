import './boards.css';
import { errorMessage } from '@bullpen/shared';
import type { Standing } from '@bullpen/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatNumber } from '../format/format';
import { Button } from '../ui/button';
import { BOARD_SORT_LABEL, type BoardSort, sortRows } from './board-sort';
import { ScoringRules } from './scoring-rules';
import { StandingsTable } from './standings-table';
import { splitBoard, useBoardPager } from './use-board-pager';
import { useMovement } from './use-movement';

const players = (count: number) => `${formatNumber(count)} player${count === 1 ? '' : 's'}`;
const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * A contest's board, bounded (API.md "Bounded boards"), the same on the live screen and on the final standings: the
 * top rows and my own row come with the board ("Top 100 of N players"); below them the board is paged 50 rows at a
 * time, and "Jump to me" reads the page around my row. A live board (`asOf` given) adds each row's move since the
 * previous tick, and a page further down says when it was computed, with Refresh; final standings never change.
 */
export function StandingsBoard({
  contestId,
  standings,
  total,
  myUserId,
  teams,
  startingCash,
  asOf,
  playerHref,
}: {
  contestId: string;
  standings: readonly Standing[];
  total: number;
  myUserId: string | null;
  teams: boolean;
  startingCash: number;
  /** When the live board was computed; absent on final standings. */
  asOf?: string;
  /** Where each row's final portfolio opens. */
  playerHref?: (row: Standing) => string;
}) {
  const live = asOf !== undefined;
  const label = live ? 'Leaderboard' : 'Final standings';
  const { top, outside } = splitBoard(standings);
  const movement = useMovement(standings, asOf ?? '');
  const pager = useBoardPager(contestId, top.length, total, { final: !live });
  const mine = standings.find((row) => row.userId === myUserId) ?? null;
  const myRow = useRef<HTMLTableRowElement>(null);
  // Set by "Jump to me": my row takes focus (and so scrolls into view) once it is on screen.
  const [focusMe, setFocusMe] = useState(false);
  const [sort, setSort] = useState<BoardSort>('return');
  const { view, page } = pager;

  useEffect(() => {
    if (!focusMe || !myRow.current) return;
    myRow.current.focus();
    myRow.current.scrollIntoView?.({ block: 'center' });
    setFocusMe(false);
  });

  if (total === 0 && standings.length === 0) return <p className="bp-board__note">No players in this contest.</p>;

  const jumpToMe = () => {
    setFocusMe(true);
    // Already among the top rows: no page to read.
    if (!(view.kind === 'top' && top.some((row) => row.userId === myUserId))) pager.jumpToMe();
  };
  const table = (rows: readonly Standing[], mineOutside: Standing | null) => (
    <StandingsTable
      label={label}
      rows={sortRows(rows, sort)}
      sort={sort}
      mine={mineOutside}
      myUserId={myUserId}
      teams={teams}
      movement={live ? movement : undefined}
      playerHref={playerHref}
      myRowRef={myRow}
    />
  );

  let summary: ReactNode = null;
  let body: ReactNode;
  if (view.kind === 'top') {
    summary = total > top.length ? `Top ${formatNumber(top.length)} of ${players(total)}` : players(total);
    body = table(top, outside.find((row) => row.userId === myUserId) ?? null);
  } else if (page.error) {
    body = (
      <div role="alert" className="bp-board__note">
        <p>These rows could not be loaded: {errorMessage(page.error)}</p>
        <Button size="small" onClick={() => void page.mutate()}>
          Try again
        </Button>
      </div>
    );
  } else if (!page.data) {
    body = (
      <p className="bp-board__note" role="status">
        Loading rows…
      </p>
    );
  } else if (page.data.standings.length === 0) {
    body = <p className="bp-board__note">No players on this page.</p>;
  } else {
    const rows = page.data.standings;
    const range = `Rows ${formatNumber(pager.offset + 1)}–${formatNumber(pager.offset + rows.length)} of ${players(page.data.total)}`;
    summary = live ? (
      <>
        {range}, as of <time dateTime={page.data.asOf}>{timeOf(page.data.asOf)}</time>{' '}
        <button type="button" className="bp-board__link" onClick={() => void page.mutate()}>
          Refresh
        </button>
      </>
    ) : (
      range
    );
    body = table(rows, mine && !rows.some((row) => row.userId === myUserId) ? mine : null);
  }

  return (
    <div className="bp-board">
      <div className="bp-board__bar">
        <p className="bp-board__summary" aria-live="polite">
          {summary}
        </p>
        <div className="bp-board__actions">
          <label className="bp-board__sort">
            <span>Sort by</span>
            <select value={sort} onChange={(event) => setSort(event.target.value as BoardSort)}>
              {(Object.keys(BOARD_SORT_LABEL) as BoardSort[]).map((option) => (
                <option key={option} value={option}>
                  {BOARD_SORT_LABEL[option]}
                </option>
              ))}
            </select>
          </label>
          {view.kind !== 'top' ? (
            <Button size="small" onClick={pager.backToTop}>
              Back to top
            </Button>
          ) : null}
          {mine ? (
            <Button size="small" onClick={jumpToMe}>
              Jump to me
            </Button>
          ) : null}
        </div>
      </div>
      <ScoringRules
        startingCash={startingCash}
        teams={teams}
        final={!live}
        example={mine ? { value: mine.value, returnPct: mine.returnPct, rank: mine.rank } : null}
      />
      {body}
      {total > top.length ? (
        <nav className="bp-board__pages" aria-label={live ? 'Leaderboard pages' : 'Standings pages'}>
          <Button size="small" onClick={pager.previous} disabled={!pager.hasPrevious}>
            Previous 50
          </Button>
          <Button size="small" onClick={pager.next} disabled={!pager.hasNext}>
            Next 50
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
