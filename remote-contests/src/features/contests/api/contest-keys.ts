import { API_PATHS } from '@bullpen/shared/schemas';

// SWR keys of the contest reads (convention: a GET's key is its path, a POST read's key is [path, body]).

export const contestKeys = {
  upcoming: API_PATHS.upcomingContests,
  active: API_PATHS.activeContests,
  completed: API_PATHS.completedContests,
  contest: (contestId: string) => [API_PATHS.getContest, { contestId }] as const,
  contestUser: (contestId: string) => API_PATHS.contestUser(contestId),
  completedBoard: (contestId: string) => API_PATHS.completedContest(contestId),
  equities: [API_PATHS.getEquities, {}] as const,
};

const LIST_PATHS: readonly string[] = [API_PATHS.upcomingContests, API_PATHS.activeContests, API_PATHS.completedContests];

/** Every cached read that may show this contest: the lists, its own views, and profiles (recent contests). */
export function touchesContest(key: unknown, contestId: string): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  if (typeof path !== 'string') return false;
  if (LIST_PATHS.includes(path)) return true;
  if (path === API_PATHS.getContest) return (key as [string, { contestId?: string }])[1]?.contestId === contestId;
  if (path === API_PATHS.getUserProfile) return true;
  return path.includes(encodeURIComponent(contestId));
}
