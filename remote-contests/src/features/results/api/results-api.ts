import { useApiGet } from '@bullpen/shared';
import {
  type BenchmarkResponse,
  type CompletedPlayerResponse,
  type LivePublicResponse,
  ORDER_PATHS,
  type OrdersResponse,
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

/** The caller's own orders in a contest (API.md "Conditional orders"); once it is over they never change. */
export const useMyOrders = (contestId: string | undefined) =>
  useApiGet<OrdersResponse>(contestId ? ORDER_PATHS.contestOrders(contestId) : null, FINAL);
