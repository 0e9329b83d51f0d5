import { useApiGet } from '@bullpen/shared';
import {
  type BenchmarkResponse,
  type CompletedPlayerResponse,
  type LivePublicResponse,
  RESULTS_PATHS,
} from '@bullpen/shared/schemas';

// API.md "Results and insight". A completed contest never changes: its reads are not revalidated on focus.
const FINAL = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

export const useBenchmark = (contestId: string | undefined, final = true) =>
  useApiGet<BenchmarkResponse>(contestId ? RESULTS_PATHS.benchmark(contestId) : null, final ? FINAL : undefined);

export const useCompletedPlayer = (contestId: string | undefined, userId: string | null | undefined) =>
  useApiGet<CompletedPlayerResponse>(
    contestId && userId ? RESULTS_PATHS.completedPlayer(contestId, userId) : null,
    FINAL,
  );

/** Public live contests anyone can watch, most players first. */
export const useLivePublic = () => useApiGet<LivePublicResponse>(RESULTS_PATHS.livePublic);
