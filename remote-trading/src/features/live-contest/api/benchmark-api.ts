import { useApiGet } from '@bullpen/shared';
import { RESULTS_PATHS } from '@bullpen/contract';
import { POLL_INTERVAL_MS } from './live-contest-api';

/** The contest's benchmark (API.md "Results and insight"), re-read every market tick like the portfolio history. */
export function useBenchmark(contestId: string, enabled: boolean) {
  return useApiGet(enabled ? RESULTS_PATHS.benchmark(contestId) : null, {
    refreshInterval: POLL_INTERVAL_MS,
  });
}
