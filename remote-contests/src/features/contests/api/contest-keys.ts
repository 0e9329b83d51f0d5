import { API_PATHS } from '@bullpen/contract';

// Which cached reads show a contest. The keys themselves are @bullpen/shared/reads' apiKeys, one factory for every app.

const LIST_PATHS: readonly string[] = [
  API_PATHS.upcomingContests,
  API_PATHS.activeContests,
  API_PATHS.completedContests,
];

/** Every cached read that may show this contest: the lists, its own views, and profiles (recent contests). */
export function touchesContest(key: unknown, contestId: string): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  if (typeof path !== 'string') return false;
  if (LIST_PATHS.includes(path)) return true;
  if (path === API_PATHS.getContest) return (key as [string, { contestId?: string }])[1]?.contestId === contestId;
  if (path === API_PATHS.getUserProfile) return true;
  return path.includes(encodeURIComponent(contestId));
}
