import type { Contest, ContestUser } from '@bullpen/contract';
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { apiKeys } from '@bullpen/shared/reads';
import { touchesContest } from '../api/contest-keys';

/**
 * After a mutation: write the returned state into the caches that hold it, then revalidate everything else that may
 * show this contest (lists, boards, profiles), so no screen shows stale data.
 */
export function useContestCache() {
  const { mutate } = useSWRConfig();

  const refreshAround = useCallback(
    (contestId: string, except: readonly unknown[]) => {
      const skip = new Set(except.map((key) => JSON.stringify(key)));
      return mutate((key) => touchesContest(key, contestId) && !skip.has(JSON.stringify(key)), undefined, {
        revalidate: true,
      });
    },
    [mutate],
  );

  const putContest = useCallback(
    async (contest: Contest) => {
      const key = apiKeys.contest(contest._id);
      await mutate(key, { contest }, { revalidate: false });
      await refreshAround(contest._id, [key]);
    },
    [mutate, refreshAround],
  );

  const putContestUser = useCallback(
    async (contestUser: ContestUser) => {
      const key = apiKeys.contestUser(contestUser.contestId);
      await mutate(key, { data: contestUser }, { revalidate: false });
      // The participant count and the joined flag live on the contest: refetch it and the lists.
      await refreshAround(contestUser.contestId, [key]);
    },
    [mutate, refreshAround],
  );

  /** Refetch everything about a contest, e.g. when its clock moves it from upcoming to live. */
  const refreshContest = useCallback((contestId: string) => refreshAround(contestId, []), [refreshAround]);

  return useMemo(() => ({ putContest, putContestUser, refreshContest }), [putContest, putContestUser, refreshContest]);
}
