import { mutate } from 'swr';
import { tokenSub } from '../auth/stored-session';
import { API_PATHS } from '@bullpen/contract/paths';

// A warm visit paints from cache: the last known answers of the reads a first screen starts with are kept in
// localStorage, per user (the ID token's sub), restored into SWR's cache before the first render, and refreshed by SWR
// as usual (stale-while-revalidate). Signing out removes them. Each answer is kept with the time it arrived, so a screen
// that cannot refresh it can say how old what it shows is.

const STORAGE_PREFIX = 'bullpen.reads.';
/** The reads kept: the home screen's lists (small, and what a returning user looks at first). */
const PERSISTED_KEYS = new Set<string>([
  API_PATHS.activeContests,
  API_PATHS.upcomingContests,
  API_PATHS.completedContests,
]);

let currentUser: string | null = null;
/** When the answer now in SWR's cache under a GET key arrived (ms since the epoch): in this visit, or a kept one's. */
const fetchedAt = new Map<string, number>();

interface KeptRead {
  data: unknown;
  savedAt: number;
}

const storageKey = (user: string) => `${STORAGE_PREFIX}${user}`;

const isKeptRead = (value: unknown): value is KeptRead =>
  !!value && typeof value === 'object' && 'data' in value && typeof (value as KeptRead).savedAt === 'number';

/** The user's kept reads; an entry without its time (kept by an older version) is left out: that visit just loads. */
function readAll(user: string): Record<string, KeptRead> {
  try {
    const raw = localStorage.getItem(storageKey(user));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isKeptRead(value)));
  } catch {
    return {};
  }
}

/** When the data a GET read shows was fetched, or null when unknown. */
export function lastFetchedAt(key: string): number | null {
  return fetchedAt.get(key) ?? null;
}

/** The `sub` claim of an ID token, or null. */
export function tokenSubject(idToken: string | undefined): string | null {
  return tokenSub(idToken);
}

/** From now on reads are kept for `user`; its kept reads go into SWR's cache (without a request: SWR revalidates
 *  them when a screen mounts). */
export function restorePersistedReads(user: string | null): void {
  if (user !== currentUser) currentUser = user;
  if (!user) return;
  for (const [key, { data, savedAt }] of Object.entries(readAll(user))) {
    if (!PERSISTED_KEYS.has(key)) continue;
    fetchedAt.set(key, savedAt);
    void mutate(key, data, { revalidate: false });
  }
}

/** Notes when a GET read's answer arrived, and keeps it for the current user if it is one of the kept reads. */
export function rememberRead(key: unknown, data: unknown, at = Date.now()): void {
  if (typeof key !== 'string') return;
  fetchedAt.set(key, at);
  if (!currentUser || !PERSISTED_KEYS.has(key)) return;
  try {
    const all = readAll(currentUser);
    all[key] = { data, savedAt: at };
    localStorage.setItem(storageKey(currentUser), JSON.stringify(all));
  } catch {
    // Storage full or refused: the next visit simply loads.
  }
}

/** Sign-out: every kept read of every user on this device goes. */
export function forgetPersistedReads(): void {
  currentUser = null;
  fetchedAt.clear();
  try {
    for (let index = localStorage.length - 1; index >= 0; index -= 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing kept.
  }
}
