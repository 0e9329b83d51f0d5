import type { ComponentType } from 'react';
import { loadRemotePage, type RemoteName } from './federation';
import type { RemotePages } from './pages';

// One load per remote page and attempt, shared by the route's early start (preload-route.ts, as soon as the config is
// known) and the page itself (RemotePage), so a page whose code has run before React reaches it renders at once:
// no loader frame, no extra render and layout before it.

const loads = new Map<string, Promise<ComponentType>>();
const loaded = new Map<string, ComponentType>();

/** The key of one attempt at loading a page: a Retry is a new attempt that loads afresh. */
export const pageLoadKey = (remote: RemoteName, page: string, attempt: number): string =>
  `${remote}/${page}#${attempt}`;

/** The page's component, loaded once per attempt. */
export function loadPage<R extends RemoteName>(remote: R, page: RemotePages[R], attempt = 0): Promise<ComponentType> {
  const key = pageLoadKey(remote, page, attempt);
  let load = loads.get(key);
  if (!load) {
    load = loadRemotePage(remote, page).then(
      (module) => {
        loaded.set(key, module.default);
        return module.default;
      },
      (error: unknown) => {
        // A failed load is not kept: a later visit to the page tries the remote again.
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, load);
  }
  return load;
}

/** The component of an attempt that has finished loading, if it has. */
export function loadedPage(key: string): ComponentType | undefined {
  return loaded.get(key);
}
