import { errorMessage, formatNumber } from '@bullpen/shared';
import type { ContestBoardResponse } from '@bullpen/shared/schemas';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { splitBoard, useBoardPager } from '../hooks/use-board-pager';
import { Leaderboard, useMovement } from './leaderboard';
import { ScoringRules } from './scoring-rules';

const players = (count: number) => `${formatNumber(count)} player${count === 1 ? '' : 's'}`;
const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The live board, bounded (API.md "Bounded boards"): the top rows and my own row follow every tick; below them the
 * board is paged 50 rows at a time, and "Jump to me" reads the page around my row.
 */
export function LiveBoard({
  contestId,
  board,
  me,
  teams,
}: {
  contestId: string;
  board: ContestBoardResponse;
  me: string | null;
  teams: boolean;
}) {
  const { top, outside } = splitBoard(board.standings);
  const movement = useMovement(board.standings, board.asOf);
  const pager = useBoardPager(contestId, top.length, board.total);
  const mine = board.standings.find((row) => row.userId === me) ?? null;
  const myRow = useRef<HTMLTableRowElement>(null);
  // Set by "Jump to me": my row takes focus (and so scrolls into view) once it is on screen.
  const [focusMe, setFocusMe] = useState(false);
  const { view, page } = pager;

  useEffect(() => {
    if (!focusMe || !myRow.current) return;
    myRow.current.focus();
    myRow.current.scrollIntoView?.({ block: 'center' });
    setFocusMe(false);
  });

  const jumpToMe = () => {
    setFocusMe(true);
    // Already among the top rows: no page to read.
    if (view.kind === 'top' && top.some((row) => row.userId === me)) myRow.current?.focus();
    else pager.jumpToMe();
  };

  if (board.total === 0 && board.standings.length === 0) return <p className="lc-muted">No players in this contest.</p>;

  let body: ReactNode;
  let summary: ReactNode;
  if (view.kind === 'top') {
    summary =
      board.total > top.length ? `Top ${formatNumber(top.length)} of ${players(board.total)}` : players(board.total);
    body = (
      <Leaderboard
        rows={top}
        mine={outside.find((row) => row.userId === me) ?? null}
        me={me}
        teams={teams}
        movement={movement}
        meRowRef={myRow}
      />
    );
  } else if (page.error) {
    summary = null;
    body = (
      <div role="alert" className="lc-page-state">
        <p>These rows could not be loaded: {errorMessage(page.error)}</p>
        <button type="button" className="lc-button" onClick={() => void page.mutate()}>
          Try again
        </button>
      </div>
    );
  } else if (!page.data) {
    summary = null;
    body = (
      <p className="lc-muted lc-page-state" role="status">
        Loading rows…
      </p>
    );
  } else if (page.data.standings.length === 0) {
    summary = null;
    body = <p className="lc-muted lc-page-state">No players on this page.</p>;
  } else {
    const rows = page.data.standings;
    const first = pager.offset + 1;
    summary = (
      <>
        Rows {formatNumber(first)}–{formatNumber(pager.offset + rows.length)} of {players(page.data.total)}, as of{' '}
        <time dateTime={page.data.asOf}>{timeOf(page.data.asOf)}</time>{' '}
        <button type="button" className="lc-link" onClick={() => void page.mutate()}>
          Refresh
        </button>
      </>
    );
    body = (
      <Leaderboard
        rows={rows}
        mine={mine && !rows.some((row) => row.userId === me) ? mine : null}
        me={me}
        teams={teams}
        movement={movement}
        meRowRef={myRow}
      />
    );
  }

  return (
    <div className="lc-board">
      <div className="lc-board__bar">
        <p className="lc-muted lc-small lc-board__summary" aria-live="polite">
          {summary}
        </p>
        <div className="lc-board__actions">
          {view.kind !== 'top' ? (
            <button type="button" className="lc-button lc-button--small" onClick={pager.backToTop}>
              Back to top
            </button>
          ) : null}
          {mine ? (
            <button type="button" className="lc-button lc-button--small" onClick={jumpToMe}>
              Jump to me
            </button>
          ) : null}
        </div>
      </div>
      <ScoringRules
        startingCash={board.contest.startingCash}
        teams={teams}
        example={mine ? { value: mine.value, returnPct: mine.returnPct, rank: mine.rank } : null}
      />
      <div className="lc-scroll">{body}</div>
      {board.total > top.length ? (
        <nav className="lc-board__pages" aria-label="Leaderboard pages">
          <button
            type="button"
            className="lc-button lc-button--small"
            onClick={pager.previous}
            disabled={!pager.hasPrevious}
          >
            Previous 50
          </button>
          <button type="button" className="lc-button lc-button--small" onClick={pager.next} disabled={!pager.hasNext}>
            Next 50
          </button>
        </nav>
      ) : null}
    </div>
  );
}
