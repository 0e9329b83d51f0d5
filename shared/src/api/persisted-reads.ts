import { mutate } from 'swr';
import { tokenSub } from '../auth/stored-session';
import { API_PATHS } from '../schemas/api-paths';

// A warm visit paints from cache: the last known answers of the reads a first screen starts with are kept in
// localStorage, per user (the ID token's sub), restored into SWR's cache before the first render, and refreshed by SWR
// as usual (stale-while-revalidate). Signing out removes them.

const STORAGE_PREFIX = 'bullpen.reads.';
/** The reads kept: the home screen's lists (small, and what a returning user looks at first). */
const PERSISTED_KEYS = new Set<string>([
  API_PATHS.activeContests,
  API_PATHS.upcomingContests,
  API_PATHS.completedContests,
]);

let currentUser: string | null = null;

const storageKey = (user: string) => `${STORAGE_PREFIX}${user}`;

function readAll(user: string): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(storageKey(user));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
  for (const [key, data] of Object.entries(readAll(user))) {
    if (PERSISTED_KEYS.has(key)) void mutate(key, data, { revalidate: false });
  }
}

/** Keeps a read's answer for the current user, if it is one of the kept reads. */
export function rememberRead(key: unknown, data: unknown): void {
  if (!currentUser || typeof key !== 'string' || !PERSISTED_KEYS.has(key)) return;
  try {
    const all = readAll(currentUser);
    all[key] = data;
    localStorage.setItem(storageKey(currentUser), JSON.stringify(all));
  } catch {
    // Storage full or refused: the next visit simply loads.
  }
}

/** Sign-out: every kept read of every user on this device goes. */
export function forgetPersistedReads(): void {
  currentUser = null;
  try {
    for (let index = localStorage.length - 1; index >= 0; index -= 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing kept.
  }
}
