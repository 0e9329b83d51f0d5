// The API's reads, once for every app: one SWR cache key per endpoint and one hook per read. Pure code outside the
// @bullpen/shared singleton, bundled into the apps that import it; the hooks read through the singleton's API client
// and SWR cache (normal imports of '@bullpen/shared'), so a key one remote refreshes is the key another one shows.
// Convention (shared/src/api/swr.ts): a GET read's key is its path, a POST read's key is [path, body].
import { type ApiError, useApiGet, useApiPost } from '@bullpen/shared';
import {
  API_PATHS,
  type ContestBoardResponse,
  type ContestUserResponse,
  type EquitiesResponse,
  type GetContestResponse,
} from '@bullpen/contract';
import type { SWRConfiguration } from 'swr';

export const apiKeys = {
  upcoming: API_PATHS.upcomingContests,
  active: API_PATHS.activeContests,
  completed: API_PATHS.completedContests,
  contest: (contestId: string) => [API_PATHS.getContest, { contestId }] as const,
  contestUser: (contestId: string) => API_PATHS.contestUser(contestId),
  /** A live contest's board (top rows, my row, teams). */
  activeBoard: (contestId: string) => API_PATHS.activeContest(contestId),
  completedBoard: (contestId: string) => API_PATHS.completedContest(contestId),
  portfolioHistory: (contestId: string) => API_PATHS.portfolioHistory(contestId),
  equities: [API_PATHS.getEquities, {}] as const,
};

type Config<T> = SWRConfiguration<T, ApiError>;

/** The public contest view (sent without a token, per SPEC §6); no contest id reads nothing. */
export const useContest = (contestId: string | undefined, config?: Config<GetContestResponse>) =>
  useApiPost(contestId ? API_PATHS.getContest : null, { contestId: contestId ?? '' }, config);

export const useContestUser = (contestId: string | undefined, config?: Config<ContestUserResponse>) =>
  useApiGet(contestId ? apiKeys.contestUser(contestId) : null, config);

export const useActiveBoard = (contestId: string | undefined, config?: Config<ContestBoardResponse>) =>
  useApiGet(contestId ? apiKeys.activeBoard(contestId) : null, config);

export const useCompletedBoard = (contestId: string | undefined, config?: Config<ContestBoardResponse>) =>
  useApiGet(contestId ? apiKeys.completedBoard(contestId) : null, config);

/** The tradable universe with today's simulated prices (POST /equity/get-equities, body {}). */
export const useEquities = (config?: Config<EquitiesResponse>) => useApiPost(API_PATHS.getEquities, {}, config);
