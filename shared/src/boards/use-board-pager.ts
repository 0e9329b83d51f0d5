import { LIMITS, type Standing } from '@bullpen/contract';
import { useCallback, useState } from 'react';
import { type StandingsPageQuery, useStandingsPage } from './standings-page';

/** Rows per page below the top of the board. */
export const PAGE_SIZE = LIMITS.standingsPage.default;

/** What the board shows: the top rows that come with the board, a page from an offset, or the page around me. */
export type BoardView = { kind: 'top' } | { kind: 'offset'; offset: number } | { kind: 'me' };

/** The top of a bounded board and the caller's own row when it comes after them (API.md "Bounded boards"). */
export function splitBoard(standings: readonly Standing[]): { top: Standing[]; outside: Standing[] } {
  return { top: standings.slice(0, LIMITS.boardTopRows), outside: standings.slice(LIMITS.boardTopRows) };
}

/**
 * Paging through a board of any size, 50 rows at a time below its top. The top rows and the caller's row come with
 * the board (on a live board the event stream replaces them every tick); a page further down is read once: at
 * 10,000 players re-reading it every tick would be one more board query per viewer per tick, and the rows a reader is
 * looking at would shift under their eyes. Moving to another page always reads a fresh one; "Jump to me" reads the
 * page around the caller's row, and again when it is already shown.
 */
export function useBoardPager(contestId: string, topCount: number, total: number, { final }: { final: boolean }) {
  const [view, setView] = useState<BoardView>({ kind: 'top' });
  const query: StandingsPageQuery | null =
    view.kind === 'top'
      ? null
      : view.kind === 'me'
        ? { around: 'me', limit: PAGE_SIZE }
        : { offset: view.offset, limit: PAGE_SIZE };
  const page = useStandingsPage(contestId, query, { final });
  // Where the page on screen starts: known from the answer (around=me), or asked for.
  const offset = view.kind === 'top' ? 0 : (page.data?.offset ?? (view.kind === 'offset' ? view.offset : 0));
  const pageRows = page.data?.standings.length ?? PAGE_SIZE;

  const next = useCallback(() => {
    setView(view.kind === 'top' ? { kind: 'offset', offset: topCount } : { kind: 'offset', offset: offset + pageRows });
  }, [view.kind, topCount, offset, pageRows]);
  const previous = useCallback(() => {
    const before = offset - PAGE_SIZE;
    // Rows the top of the board already shows are not paged again.
    setView(before < topCount ? { kind: 'top' } : { kind: 'offset', offset: before });
  }, [offset, topCount]);
  const jumpToMe = useCallback(() => {
    if (view.kind === 'me') void page.mutate();
    else setView({ kind: 'me' });
  }, [view.kind, page]);
  const backToTop = useCallback(() => setView({ kind: 'top' }), []);

  return {
    view,
    page,
    offset,
    hasPrevious: view.kind !== 'top',
    hasNext: view.kind === 'top' ? total > topCount : page.data ? offset + pageRows < page.data.total : false,
    next,
    previous,
    jumpToMe,
    backToTop,
  };
}
