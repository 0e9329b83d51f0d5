import { apiPost, useApiGet } from '@bullpen/shared';
import { API_PATHS, type CreateContestBody, type EditContestBody } from '@bullpen/contract';

// Typed reads (SWR hooks) and plain calls of the contest API. After a mutation, its caller refreshes the caches that
// show the contest with ../hooks/use-contest-cache.ts (keys: ./contest-keys.ts).

export const useUpcomingContests = () => useApiGet(API_PATHS.upcomingContests);
export const useActiveContests = () => useApiGet(API_PATHS.activeContests);
export const useCompletedContests = () => useApiGet(API_PATHS.completedContests);

// One hook per read, shared with the other apps.
export { useCompletedBoard, useContest, useContestUser } from '@bullpen/shared/reads';

export const createContest = (body: CreateContestBody) => apiPost(API_PATHS.createContest, body);
export const editContest = (body: EditContestBody) => apiPost(API_PATHS.editContest, body);
export const cancelContest = (contestId: string) => apiPost(API_PATHS.cancelContest, { contestId });
export const leaveContest = (contestId: string) => apiPost(API_PATHS.leaveContest, { contestId });
export const joinContest = (body: { contestId: string; picks: string[]; affiliation?: string }) =>
  apiPost(API_PATHS.joinContest, body);
export const changePicks = (body: { contestId: string; picks: string[] }) => apiPost(API_PATHS.changePicks, body);
