import { type ApiError, useApiGet } from '@bullpen/shared';
import { type AnalyticsResponse, RESULTS_PATHS } from '@bullpen/contract';
import { useEffect, useRef } from 'react';
import type { SWRConfiguration } from 'swr';

/** The SWR key of a player's analytics in a contest (API.md "Results that measure skill"). */
export const analyticsKey = (contestId: string, userId: string) => RESULTS_PATHS.analytics(contestId, userId);

/**
 * A player's analytics. `refreshOn` (a live board's `asOf`) reads them again whenever it changes, so the figures move
 * with the board; a completed contest's never change and are not re-read on focus.
 */
export function useAnalytics(
  contestId: string | undefined,
  userId: string | null | undefined,
  { refreshOn, final = false }: { refreshOn?: string; final?: boolean } = {},
) {
  const config: SWRConfiguration<AnalyticsResponse, ApiError> = final
    ? { revalidateOnFocus: false, revalidateOnReconnect: false }
    : {};
  const read = useApiGet(contestId && userId ? analyticsKey(contestId, userId) : null, config);
  const seen = useRef(refreshOn);
  const { mutate } = read;
  useEffect(() => {
    if (refreshOn === undefined || refreshOn === seen.current) return;
    seen.current = refreshOn;
    void mutate();
  }, [refreshOn, mutate]);
  return read;
}
