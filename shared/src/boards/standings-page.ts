import { useApiGet } from '@bullpen/shared';
import { API_PATHS } from '@bullpen/contract';

/** Which page of a board to read: from an offset, or centred on the caller (`around: 'me'`). */
export type StandingsPageQuery = { offset: number; limit: number } | { around: 'me'; limit: number };

/** The SWR key of one page of a board (API.md "Bounded boards"): the same for every app that reads it. */
export const standingsPageKey = (contestId: string, query: StandingsPageQuery) =>
  API_PATHS.contestStandings(contestId, query);

/**
 * One page of a board; `null` reads nothing. A page is not polled: on a live board it stays "as of" the time the
 * server computed it (with a Refresh button) while the top of the board follows each tick, and final standings never
 * change, so a final page is read once and kept.
 */
export function useStandingsPage(contestId: string, query: StandingsPageQuery | null, { final }: { final: boolean }) {
  return useApiGet(query ? standingsPageKey(contestId, query) : null, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // A final page never changes: read once and kept. A live page read a moment ago is read again when the reader
    // comes back to it, however quickly (SWR would otherwise hand back the old rows for two seconds).
    ...(final ? { revalidateIfStale: false } : { dedupingInterval: 0 }),
  });
}
