import { CURRENT_USER_KEY, getIdToken, preloadApiRead, restorePersistedReads, tokenSubject } from '@bullpen/shared';
import { loadPage } from './page-loads';
import { type HostRoute, routePreload } from './route-match';

// Left alone, a cold visit would wait on the session, then the remote's manifest, its entry, the page chunk, and only
// then the page's first API call, one after another. As soon as the config and the token are known, the current route's page
// is loaded (its files are already on their way from main.js) and the reads it starts with go out; the page then
// finds its code loaded and its reads in SWR's cache or in flight (SWR's preload).

/** Runs `load` once the browser has nothing else to do (a timer where it cannot say), its failure ignored: the page
 *  that needs it loads it again. */
function whenIdle(load: () => Promise<unknown>): void {
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

/** Starts loading what the current address will show (`routes`: the host's route table). Never throws: a read that
 *  fails here is sent again by the page, and a page that fails to load (after the runtime's retries) shows the
 *  page's fallback, with Retry. */
export async function preloadRoute(routes: readonly HostRoute[], pathname: string): Promise<void> {
  try {
    const token = await getIdToken();
    const signedIn = Boolean(token);
    // A returning user's last known lists paint at once (SWR refreshes them when the page mounts).
    if (signedIn) restorePersistedReads(tokenSubject(token));
    if (signedIn) preloadApiRead(CURRENT_USER_KEY);
    const target = routePreload(routes, pathname, signedIn);
    if (!target) return;
    for (const key of target.reads) preloadApiRead(key);
    // The page itself, not only its files: its code runs while the host renders its gate, and the page's first render
    // is the page (RemotePage takes this same load). main.js has already fetched the entry and the page's chunks.
    await loadPage(target.remote, target.page);
    const { next } = target;
    if (next) whenIdle(() => loadPage(next.remote, next.page));
  } catch {
    // A preload is only a head start.
  }
}
