import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RuntimeConfig } from '@bullpen/shared';
import type { ComponentType } from 'react';
import { retryPlugin } from '../../../runtime-plugins/retry';
import { chooseRelease } from './canary';
import { earlyManifestPlugin } from './early-manifest';
import { setRemoteRelease } from './health-beacon';
import type { RemotePages } from './pages';

// Remotes are found at run time from config.json, so rolling a remote out or back never rebuilds the host.

export type RemoteName = keyof RuntimeConfig['remotes'];

// config.json names exactly the remotes whose pages the host knows (./pages.ts), no more, no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const remotesMatchPages: Same<RemoteName, keyof RemotePages> = true;
void remotesMatchPages;

export const FEDERATION_NAMES: Record<RemoteName, string> = {
  auth: 'remote_auth',
  contests: 'remote_contests',
  trading: 'remote_trading',
  profile: 'remote_profile',
};

let registered: RuntimeConfig['remotes'] | null = null;
let configured: RuntimeConfig['remotes'] | null = null;
/** Remotes this page has loaded a page of: their release stays for the life of the page. */
const settled = new Set<RemoteName>();

/** The manifest `remote` loads from on this page: the live release's, or its canary's for a user the share includes
 *  (canary.ts), recorded for the health reports. */
function chosenEntry(remote: RemoteName, remotes: RuntimeConfig['remotes']): string {
  const config = getRuntimeConfig();
  const choice = chooseRelease({ auth: config?.auth, remotes, releases: config?.releases }, remote);
  setRemoteRelease(remote, choice.release);
  return choice.manifest ?? remotes[remote];
}

export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  // Retries (runtime-plugins/retry.ts); the manifest main.js fetched ahead (early-manifest.ts) is the one the first
  // load of its remote uses.
  if (!registered) registerPlugins([retryPlugin(earlyManifestPlugin().fetch)]);
  const entries = Object.fromEntries(
    (Object.keys(FEDERATION_NAMES) as RemoteName[]).map((remote) => [remote, chosenEntry(remote, remotes)]),
  ) as RuntimeConfig['remotes'];
  registerRemotes(
    (Object.keys(FEDERATION_NAMES) as RemoteName[]).map((remote) => ({
      name: FEDERATION_NAMES[remote],
      entry: entries[remote],
    })),
  );
  configured = remotes;
  registered = entries;
}

/** Before a remote's first page: who is placed may have changed since the page started (a visitor signed in), and
 *  a user is placed by their id, so the choice is made again until a page of that remote has loaded. */
function chooseAgain(remote: RemoteName): void {
  if (!registered || !configured || settled.has(remote)) return;
  const entry = chosenEntry(remote, configured);
  if (entry === registered[remote]) return;
  registered = { ...registered, [remote]: entry };
  registerRemotes([{ name: FEDERATION_NAMES[remote], entry }], { force: true });
}

/**
 * Forgets one remote's failed or stalled load, so the next attempt (the page's Retry, a later visit) fetches its
 * manifest and entry again instead of the failure or pending state the runtime keeps. Only that remote: re-registering
 * every remote with `force` would also drop the healthy remotes' loaded modules and the shared modules they provided
 * (runtime-core removes a forced remote's caches), and log a warning for each.
 */
export function resetRemote(remote: RemoteName): void {
  if (!registered) return;
  registerRemotes([{ name: FEDERATION_NAMES[remote], entry: registered[remote] }], { force: true });
}

/** A remote built against shared code this page cannot give it (Module Federation's strictVersion refusal, e.g. a
 *  remote that needs @bullpen/shared ^2.0.0 on a host that provides 1.x). */
export function isSharedVersionRefusal(error: unknown): boolean {
  return error instanceof Error && /of shared singleton module .* does not satisfy the requirement/.test(error.message);
}

/** Loads one exposed page (the runtime retries it: runtime-plugins/retry.ts); a failed load resets that remote alone. */
export async function loadRemotePage<R extends RemoteName>(
  remote: R,
  exposed: RemotePages[R],
): Promise<{ default: ComponentType }> {
  chooseAgain(remote);
  try {
    const module = await loadRemote<{ default: ComponentType }>(`${FEDERATION_NAMES[remote]}/${exposed}`);
    if (!module?.default) throw new Error(`${FEDERATION_NAMES[remote]}/${exposed} has no default export`);
    settled.add(remote);
    return module;
  } catch (error) {
    // Retrying cannot help until the remote or the host is redeployed: say so once, for operators.
    if (isSharedVersionRefusal(error))
      console.error(`[host] refused remote "${remote}": it needs shared code this host does not provide.`, error);
    resetRemote(remote);
    throw error;
  }
}
