import { useApiGet } from '@bullpen/shared';
import { API_PATHS, type StandingsPageResponse } from '@bullpen/shared/schemas';

/** Which page of the board to read: from an offset, or centred on the caller (`around: 'me'`). */
export type StandingsPageQuery = { offset: number; limit: number } | { around: 'me'; limit: number };

/** One page of a final board (API.md "Bounded boards"); `null` reads nothing. Final standings never change, so a
 *  page is read once and kept. */
export const useStandingsPage = (contestId: string | undefined, query: StandingsPageQuery | null) =>
  useApiGet<StandingsPageResponse>(contestId && query ? API_PATHS.contestStandings(contestId, query) : null, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
