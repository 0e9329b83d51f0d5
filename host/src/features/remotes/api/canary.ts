import { storedIdToken, tokenSub } from '@bullpen/shared/early-reads';

// Which release of a remote this page loads when the remote has a canary (docs/operating-remotes.md). The page carries
// both manifests and the share (config.releases, from the release store's live pointer), so the choice is made here,
// in the browser, and works from a static CDN. It is sticky: a signed-in user is placed by their id, anyone else by a
// random id this browser keeps, and the same id always lands on the same side, so nobody flips between releases from
// one load to the next. Raising the share keeps everyone already on the canary there. Imports nothing shared:
// main.js (early-manifest.ts) chooses before sharing is set up.

/** The name health reports give a remote's own build, the one config.remotes names (@bullpen/release-store). */
export const BASE_RELEASE = 'base';
/** Where this browser keeps its random id. */
export const BROWSER_ID_KEY = 'bullpen.browser-id';

export interface RemoteRelease {
  live: string;
  canary?: { version: string; manifest: string; percent: number };
}

export interface ReleaseConfig {
  auth?: { userPoolClientId?: string };
  remotes?: Partial<Record<string, string>>;
  releases?: Partial<Record<string, RemoteRelease>>;
}

export interface ReleaseChoice {
  /** The manifest URL this page loads the remote from. */
  manifest: string | undefined;
  /** Its release version, as health reports name it. */
  release: string;
}

let pageOnlyId: string | null = null;

const randomId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** This browser's random id, made on first use and kept in localStorage (per page when storage is refused). */
function browserId(): string {
  try {
    const kept = localStorage.getItem(BROWSER_ID_KEY);
    if (kept && /^[0-9A-Za-z-]{8,64}$/.test(kept)) return kept;
    const made = randomId();
    localStorage.setItem(BROWSER_ID_KEY, made);
    return made;
  } catch {
    pageOnlyId ??= randomId();
    return pageOnlyId;
  }
}

/** Who is placed: the signed-in user (the `sub` of their stored ID token, expired or not), else this browser. */
export function assignmentId(clientId: string | undefined): string {
  const sub = tokenSub(storedIdToken(clientId, Number.NEGATIVE_INFINITY));
  return sub ? `user:${sub}` : `browser:${browserId()}`;
}

/** A bucket from 0 to 9,999 for an id and a remote: FNV-1a, then a final mix so near ids spread evenly. */
export function canaryBucket(id: string, remote: string): number {
  let hash = 0x811c9dc5;
  const text = `${remote}\u0000${id}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 10_000;
}

/** Whether `id` gets the canary of `remote` at `percent` percent (hundredths of a percent count). */
export function inCanary(id: string, remote: string, percent: number): boolean {
  return canaryBucket(id, remote) < Math.round(percent * 100);
}

/** The release of `remote` this page loads, for the user or browser `id`. */
export function chooseRelease(
  config: ReleaseConfig,
  remote: string,
  id: string = assignmentId(config.auth?.userPoolClientId),
): ReleaseChoice {
  const release = config.releases?.[remote];
  const live = { manifest: config.remotes?.[remote], release: release?.live ?? BASE_RELEASE };
  const canary = release?.canary;
  if (!canary || typeof canary.manifest !== 'string' || !(canary.percent > 0)) return live;
  return inCanary(id, remote, canary.percent) ? { manifest: canary.manifest, release: canary.version } : live;
}
