import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

// Retries of a remote's manifest, entry and exposed modules, by Module Federation's own retry plugin. A remote still
// down after them is a failed load: the page shows the "unavailable" screen, and its Retry (or a later visit) starts
// over (federation.ts forgets that remote's failed load).

/** Attempts after the first one, for a manifest, a remote entry and an exposed module alike. */
const RETRY_TIMES = 2;
/** Between the script attempts. The plugin's manifest retries wait its own default second, whatever this says. */
const RETRY_DELAY_MS = 400;

type FetchHook = NonNullable<ModuleFederationRuntimePlugin['fetch']>;

/**
 * The retry plugin. `answer` is asked first for every fetch the runtime makes (a manifest the page already holds);
 * the network, with retries, only when it has none. The runtime calls the fetch hook of every plugin and keeps the
 * last answer, and the retry plugin's hook fetches whatever it is given: two plugins would fetch every manifest twice.
 */
export function retryPlugin(answer?: FetchHook): ModuleFederationRuntimePlugin {
  const retry = RetryPlugin({
    fetch: { retryTimes: RETRY_TIMES, retryDelay: RETRY_DELAY_MS },
    script: { retryTimes: RETRY_TIMES, retryDelay: RETRY_DELAY_MS },
  });
  const fetchWithRetries = retry.fetch as FetchHook;
  return {
    ...retry,
    name: 'bullpen-retry',
    fetch: (...args: Parameters<FetchHook>) => answer?.(...args) ?? fetchWithRetries(...args),
  };
}
