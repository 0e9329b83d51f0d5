import type { ComponentType } from 'react';
import { loadRemotePage, type RemoteName, resetRemote } from './federation';
import type { RemotePages } from './pages';

// One load per remote page and attempt, shared by the route's early start (preload-route.ts, as soon as the config is
// known) and the page itself (RemotePage), so a page whose code has run before React reaches it renders at once:
// no loader frame, no extra render and layout before it.

/**
 * How long a page's load may take before it is abandoned: the Module Federation runtime can leave a load pending for
 * good (a script that never answers, a container that never settles: module-federation/vite#733), and a page must not
 * show its loader for ever. Far beyond a slow phone's load of a page (a few seconds on throttled 4G).
 */
export const STALLED_LOAD_MS = 20_000;

/** A load abandoned after STALLED_LOAD_MS; RemotePage starts one new attempt by itself. */
export class StalledLoadError extends Error {
  constructor(remote: RemoteName, page: string) {
    super(`${remote}/${page} did not load within ${STALLED_LOAD_MS / 1000} s`);
    this.name = 'StalledLoadError';
  }
}

/** The remote's page, or a StalledLoadError once STALLED_LOAD_MS have passed without an answer. */
function withinDeadline<R extends RemoteName>(remote: R, page: RemotePages[R]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      resetRemote(remote);
      reject(new StalledLoadError(remote, page));
    }, STALLED_LOAD_MS);
  });
  return Promise.race([loadRemotePage(remote, page), stalled]).finally(() => clearTimeout(timer));
}

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
    load = withinDeadline(remote, page).then(
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
