import { formatNumber } from '@bullpen/shared';
import type { Standing } from '@bullpen/shared/schemas';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../contests';
import { splitBoard, useBoardPager } from '../hooks/use-board-pager';
import { StandingsTable } from './standings-views';

const players = (count: number) => `${formatNumber(count)} player${count === 1 ? '' : 's'}`;

/**
 * The final board, bounded (API.md "Bounded boards"): the top rows and my own row come with the contest's results;
 * below them the board is paged 50 rows at a time, and "Jump to me" reads the page around my row. Final standings
 * never change, so a page read once is kept as it is.
 */
export function FinalBoard({
  contestId,
  standings,
  total,
  myUserId,
  showTeams,
  playerHref,
  scoring,
}: {
  contestId: string;
  standings: readonly Standing[];
  total: number;
  myUserId: string | null;
  showTeams: boolean;
  /** Where each row's final portfolio opens. */
  playerHref?: (row: Standing) => string;
  /** How scoring works, one step from the board. */
  scoring?: ReactNode;
}) {
  const { top, outside } = splitBoard(standings);
  const pager = useBoardPager(contestId, top.length, total);
  const mine = standings.find((row) => row.userId === myUserId) ?? null;
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
    if (!(view.kind === 'top' && top.some((row) => row.userId === myUserId))) pager.jumpToMe();
  };

  let summary: ReactNode = null;
  let body: ReactNode;
  if (view.kind === 'top') {
    summary = total > top.length ? `Top ${formatNumber(top.length)} of ${players(total)}` : players(total);
    body = (
      <StandingsTable
        standings={top}
        mine={outside.find((row) => row.userId === myUserId) ?? null}
        myUserId={myUserId}
        showTeams={showTeams}
        myRowRef={myRow}
        playerHref={playerHref}
      />
    );
  } else if (page.error) {
    body = (
      <div role="alert" className="bpc-state">
        <p>These rows could not be loaded: {page.error.message}</p>
        <Button onClick={() => void page.mutate()}>Try again</Button>
      </div>
    );
  } else if (!page.data) {
    body = (
      <p className="bpc-muted" role="status">
        Loading rows…
      </p>
    );
  } else if (page.data.standings.length === 0) {
    body = <p className="bpc-muted">No players on this page.</p>;
  } else {
    const rows = page.data.standings;
    summary = `Rows ${formatNumber(pager.offset + 1)}–${formatNumber(pager.offset + rows.length)} of ${players(page.data.total)}`;
    body = (
      <StandingsTable
        standings={rows}
        mine={mine && !rows.some((row) => row.userId === myUserId) ? mine : null}
        myUserId={myUserId}
        showTeams={showTeams}
        myRowRef={myRow}
        playerHref={playerHref}
      />
    );
  }

  return (
    <div>
      <div className="bpc-board-bar">
        <p className="bpc-muted bpc-small" aria-live="polite">
          {summary}
        </p>
        <div className="bpc-row" style={{ gap: 8 }}>
          {view.kind !== 'top' ? (
            <Button small onClick={pager.backToTop}>
              Back to top
            </Button>
          ) : null}
          {mine ? (
            <Button small onClick={jumpToMe}>
              Jump to me
            </Button>
          ) : null}
        </div>
      </div>
      {scoring ? <div style={{ marginBottom: 12 }}>{scoring}</div> : null}
      {body}
      {total > top.length ? (
        <nav className="bpc-board-pages" aria-label="Standings pages">
          <Button small onClick={pager.previous} disabled={!pager.hasPrevious}>
            Previous 50
          </Button>
          <Button small onClick={pager.next} disabled={!pager.hasNext}>
            Next 50
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
