import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { hasStoredUser, readPageJson, startEarlyReads, storedIdToken } from '@bullpen/shared/early-reads';
import { chooseRelease, type RemoteRelease } from './canary';
import { type HostRoute, routePreload } from './route-match';

// A cold visit: left to the federation runtime, the route's remote would be asked for only once bootstrap had run,
// that is after main.js had fetched the shared chunks (React, the router, Amplify's core, @bullpen/shared) and run
// them. So main.js takes
// the current route's mf-manifest.json from the page (the host's server inlines the remotes' manifests; without them,
// the dev server, it fetches it) and preloads the remote entry and the exposed page's chunks the manifest names, all
// while the shared chunks download. The federation runtime is then handed those manifests (the runtime plugin below)
// instead of fetching them, and finds the entry and chunks already in the memory cache. A signed-in page's first API reads leave from here too
// (@bullpen/shared/early-reads). No shared module is imported here: main.js runs before sharing
// is set up. Every failure leaves the ordinary path (the runtime fetches and loads by itself).

/** The inline config's id and the part this file reads (see @bullpen/shared's runtime-config, not importable here). */
export const CONFIG_ELEMENT_ID = 'bullpen-config';
/** The page's list of the scripts of Amplify's auth (AUTH_CHUNKS_ELEMENT_ID of
 *  tooling/rspack-config/src/preload-boot-chunks.ts). */
const AUTH_CHUNKS_ELEMENT_ID = 'bullpen-auth-chunks';
/** The remotes' manifests the host's server puts in the page, { [manifest URL]: manifest }
 *  (scripts/lib/inline-config.mjs, MANIFESTS_ELEMENT_ID). */
const MANIFESTS_ELEMENT_ID = 'bullpen-manifests';
interface InlineConfig {
  apiHost?: string;
  auth?: { userPoolClientId?: string };
  remotes?: Partial<Record<string, string>>;
  releases?: Partial<Record<string, RemoteRelease>>;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

const early = new Map<string, Promise<string>>();

function preloadScript(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/** Starts the manifest of the remote page the address shows (`routes`: the host's route table) and, once it answers,
 *  its entry and the page's chunks; and, signed in, the route's first reads. Never throws. */
export function startEarlyManifest(routes: readonly HostRoute[], pathname = window.location.pathname): void {
  try {
    const config = readPageJson<InlineConfig>(CONFIG_ELEMENT_ID);
    if (!config) return;
    const clientId = config.auth?.userPoolClientId;
    // Amplify keeps the last signed-in user per app client: its presence is the signed-in guess (the gate decides).
    const signedIn = hasStoredUser(clientId);
    // A stored session without a good token needs Amplify (a refresh) before anything shows (configure-auth.ts): fetch
    // it now. A visitor with no session gets the sign-in form first and Amplify after it.
    if (signedIn && !storedIdToken(clientId))
      for (const href of readPageJson<string[]>(AUTH_CHUNKS_ELEMENT_ID) ?? []) preloadScript(href);
    const target = routePreload(routes, pathname, signedIn);
    // The release this user or browser gets (a canary or the live one): the one federation.ts will register.
    const manifestUrl = target && chooseRelease(config, target.remote).manifest;
    // Every manifest the page carries is handed to the federation runtime when it asks (earlyManifestPlugin).
    for (const [url, manifest] of Object.entries(readPageJson<Record<string, unknown>>(MANIFESTS_ELEMENT_ID) ?? {})) {
      early.set(url, Promise.resolve(JSON.stringify(manifest)));
    }
    // The route's manifest (its answer leads to the entry and the page's chunks): inline, else fetched now; then the
    // current user and the page's first reads, if the stored token is good (the API client takes the answers).
    const text = manifestUrl
      ? (early.get(manifestUrl) ??
        fetch(manifestUrl).then((response) => {
          if (!response.ok) throw new Error(`${manifestUrl}: ${response.status}`);
          return response.text();
        }))
      : null;
    if (signedIn) startEarlyReads(config, target?.reads ?? []);
    if (!target || !manifestUrl || !text) return;
    early.set(manifestUrl, text);
    text
      .then((body) => {
        const manifest = JSON.parse(body) as Manifest;
        // publicPath 'auto': the entry and the chunks live beside the manifest.
        const base = new URL(manifest.metaData?.remoteEntry?.path ?? '', new URL('./', manifestUrl));
        const entry = manifest.metaData?.remoteEntry?.name;
        if (entry) preloadScript(new URL(entry, base).href);
        const exposed = manifest.exposes?.find((expose) => expose.name === target.page);
        for (const chunk of exposed?.assets?.js?.sync ?? []) preloadScript(new URL(chunk, base).href);
      })
      .catch(() => undefined);
  } catch {
    // Only a head start.
  }
}

/** Hands the federation runtime the manifest main.js already fetched, once; any other fetch goes ahead as usual. */
export function earlyManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bullpen-early-manifest',
    fetch(url, init) {
      const text = early.get(url);
      if (!text) return undefined;
      // Once: a retry after a failure (loadRemotePage re-registers the remote) fetches the manifest afresh.
      early.delete(url);
      return text.then(
        (body) => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
        () => fetch(url, init),
      );
    },
  };
}
