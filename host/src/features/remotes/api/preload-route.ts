import {
  type ApiKey,
  CURRENT_USER_KEY,
  getIdToken,
  preloadApiRead,
  restorePersistedReads,
  tokenSubject,
} from '@bullpen/shared';
import { API_PATHS } from '@bullpen/shared/schemas';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { FEDERATION_NAMES, type RemoteName } from './federation';
import { routeRemotePage } from './route-remotes';

// A cold visit used to wait on the session, then the remote's manifest, its entry, the page chunk, and only then the
// page's first API call, one after another. As soon as the config and the token are known, the current route's remote
// (manifest, entry and the exposed page's chunks) and the reads its page starts with go out together; the page then
// finds them in flight (Module Federation's preloaded assets, SWR's preload).

/** The reads each remote page starts with, from the path's parameter (SWR keys of @bullpen/shared's convention). */
const FIRST_READS: Record<string, (param: string) => ApiKey[]> = {
  HomePage: () => [API_PATHS.activeContests, API_PATHS.upcomingContests, API_PATHS.completedContests],
  LiveContestPage: (contestId) => [
    [API_PATHS.getContest, { contestId }],
    API_PATHS.activeContest(contestId),
    API_PATHS.contestUser(contestId),
  ],
};

/** What a path preloads, signed in or not: its remote page and its first reads. Exported for tests. */
export function routePreload(
  pathname: string,
  signedIn: boolean,
): { remote: RemoteName; page: string; reads: ApiKey[] } | null {
  const target = routeRemotePage(pathname, signedIn);
  if (!target) return null;
  return {
    remote: target.remote,
    page: target.page,
    reads: signedIn ? (FIRST_READS[target.page]?.(target.param) ?? []) : [],
  };
}

/** Starts loading what the current address will show. Never throws: whatever fails here is loaded (and reported)
 *  again the ordinary way by the page. */
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
    await preloadRemote([
      { nameOrAlias: FEDERATION_NAMES[target.remote], exposes: [`./${target.page}`], resourceCategory: 'sync' },
    ]);
  } catch {
    // A preload is only a head start.
  }
}
