import { useApiGet } from '@bullpen/shared';
import { ORDER_PATHS, RESULTS_PATHS } from '@bullpen/contract';

// API.md "Results and insight". A completed contest never changes: its reads are not revalidated on focus.
const FINAL = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

export const useBenchmark = (contestId: string | undefined, final = true) =>
  useApiGet(contestId ? RESULTS_PATHS.benchmark(contestId) : null, final ? FINAL : undefined);

export const useCompletedPlayer = (contestId: string | undefined, userId: string | null | undefined) =>
  useApiGet(contestId && userId ? RESULTS_PATHS.completedPlayer(contestId, userId) : null, FINAL);

/** Public live contests anyone can watch, most players first. */
export const useLivePublic = () => useApiGet(RESULTS_PATHS.livePublic);

/** The caller's own orders in a contest (API.md "Conditional orders"); once it is over they never change. */
export const useMyOrders = (contestId: string | undefined) =>
  useApiGet(contestId ? ORDER_PATHS.contestOrders(contestId) : null, FINAL);
