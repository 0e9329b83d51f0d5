import {
  API_PATHS,
  type BenchmarkResponse,
  type ContestResultsResponse,
  type ContestUserResponse,
  type UserResponse,
} from '@bullpen/contract';
import { apiGet, apiPost } from './client';
import { useApiGet, useApiPost } from './swr';

// The client's types come from the path: `npm run typecheck -w shared` compiles these cases, and each
// `@ts-expect-error` fails the typecheck the day its call stops being an error. Nothing here is sent.

function calls() {
  const contests: Promise<ContestResultsResponse> = apiGet(API_PATHS.activeContests);
  const joined: Promise<ContestUserResponse> = apiPost(API_PATHS.joinContest, { contestId: 'c1', picks: ['AAPL'] });
  const user: Promise<UserResponse> = apiPost(API_PATHS.getUser);
  const board = apiGet(API_PATHS.benchmark('c1')).then((answer) => answer.points[0]?.returnPct);

  // @ts-expect-error a path's answer is its own schema's, not another's
  const wrongAnswer: Promise<UserResponse> = apiGet(API_PATHS.activeContests);
  // @ts-expect-error a body field of the wrong type
  apiPost(API_PATHS.joinContest, { contestId: 'c1', picks: 'AAPL' });
  // @ts-expect-error a body the path needs, left out
  apiPost(API_PATHS.joinContest);
  // @ts-expect-error a field the body's schema does not take
  apiPost(API_PATHS.getContest, { contestId: 'c1', userId: 'u1' });
  // @ts-expect-error a POST path read with GET
  apiGet(API_PATHS.getContest);
  // @ts-expect-error a GET path sent with POST
  apiPost(API_PATHS.activeContests, {});
  // @ts-expect-error a path spelled by hand instead of built from API_PATHS
  apiGet(`/contest/active/${'c1'}`);
  // @ts-expect-error the event stream is not read through the client
  apiGet(API_PATHS.contestEvents('c1'));
  return [contests, joined, user, board, wrongAnswer];
}

function useReads(contestId: string | undefined) {
  const benchmark = useApiGet(contestId ? API_PATHS.benchmark(contestId) : null);
  const points: BenchmarkResponse['points'] | undefined = benchmark.data?.points;
  // @ts-expect-error the data is the benchmark's, which has no standings
  benchmark.data?.standings;
  const contest = useApiPost(API_PATHS.getContest, { contestId: contestId ?? '' });
  const name: string | undefined = contest.data?.contest.name;
  // @ts-expect-error get-contest's body is a contest id
  useApiPost(API_PATHS.getContest, { id: contestId });
  return [points, name];
}

it('types each call by its path (the cases are compiled by the typecheck, never run)', () => {
  expect([typeof calls, typeof useReads]).toEqual(['function', 'function']);
});
