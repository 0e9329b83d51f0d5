import {
  type ApiKey,
  CURRENT_USER_KEY,
  getIdToken,
  preloadApiRead,
  restorePersistedReads,
  tokenSubject,
} from '@bullpen/shared';
import { API_PATHS } from '@bullpen/shared/schemas';
import { loadPage } from './page-loads';
import type { RemotePageRef } from './pages';
import { routeRemotePage } from './route-remotes';

// Left alone, a cold visit would wait on the session, then the remote's manifest, its entry, the page chunk, and only
// then the page's first API call, one after another. As soon as the config and the token are known, the current route's page
// is loaded (its files are already on their way from main.js) and the reads it starts with go out; the page then
// finds its code loaded and its reads in SWR's cache or in flight (SWR's preload).

/** The reads each remote page starts with, from the path's parameter (SWR keys of @bullpen/shared's convention). */
const FIRST_READS: Record<string, (param: string) => ApiKey[]> = {
  HomePage: () => [API_PATHS.activeContests, API_PATHS.upcomingContests, API_PATHS.completedContests],
  LiveContestPage: (contestId) => [
    [API_PATHS.getContest, { contestId }],
    API_PATHS.activeContest(contestId),
    API_PATHS.contestUser(contestId),
  ],
};

/** What a path preloads, signed in or not: its remote page and its first reads. */
export function routePreload(pathname: string, signedIn: boolean): (RemotePageRef & { reads: ApiKey[] }) | null {
  const target = routeRemotePage(pathname, signedIn);
  if (!target) return null;
  const reads = signedIn ? (FIRST_READS[target.page]?.(target.param) ?? []) : [];
  return { ...target, reads };
}

/** Starts loading what the current address will show. Never throws: a read that fails here is sent again by the
 *  page, and a page that fails to load (after loadRemotePage's retries) shows the page's fallback, with Retry. */
export async function preloadRoute(pathname: string): Promise<void> {
  try {
    const token = await getIdToken();
    const signedIn = Boolean(token);
    // A returning user's last known lists paint at once (SWR refreshes them when the page mounts).
    if (signedIn) restorePersistedReads(tokenSubject(token));
    if (signedIn) preloadApiRead(CURRENT_USER_KEY);
    const target = routePreload(pathname, signedIn);
    if (!target) return;
    for (const key of target.reads) preloadApiRead(key);
    // The page itself, not only its files: its code runs while the host renders its gate, and the page's first render
    // is the page (RemotePage takes this same load). main.js has already fetched the entry and the page's chunks.
    await loadPage(target.remote, target.page);
  } catch {
    // A preload is only a head start.
  }
}
