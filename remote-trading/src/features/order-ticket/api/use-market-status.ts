import { useApiGet } from '@bullpen/shared';
import { API_PATHS } from '@bullpen/contract';

/**
 * GET /market/status (public, rate limited per address): whether market orders wait for the delayed price or the open,
 * and whether the market has sessions at all. Read at most once per page load: every reader shares the one answer, and
 * nothing re-reads it (no refresh, no revalidation on focus, mount or reconnect). The delay and the hours are settings
 * of the server, which do not change while a page is open; whether the market is open now does, and the server
 * decides it for each order anyway (its 202 answer says why the order waits).
 */
export function useMarketStatus() {
  return useApiGet(API_PATHS.marketStatus, {
    dedupingInterval: 24 * 3_600_000,
    refreshInterval: 0,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // A refusal (429 under a shared address) is not asked again: the ticket reads as on the simulator meanwhile.
    shouldRetryOnError: false,
  });
}
