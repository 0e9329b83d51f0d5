import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BASE_RELEASE, type ReleaseStore } from '@bullpen/release-store';

// Who a health report comes from, and which releases it may speak of. Health must be a count of real page loads, so
// a report counts only as its reporter: a signed-in user (a verified ID token) or a browser the API has issued a
// health pass to, each once per window. A pass is the API's signature over a random id and its issue time, issued at
// a bounded rate per address, so one machine cannot pose as a crowd.

const PASS_VERSION = 'p1';
/** A browser asks again after this: long enough that a returning visitor keeps one identity. */
export const PASS_LIFETIME_MS = 90 * 24 * 3_600_000;

const mac = (key: string, text: string, length: number) =>
  createHmac('sha256', key).update(text).digest('base64url').slice(0, length);

/** A new pass: `p1.<random id>.<issued, seconds>.<signature>`. */
export function issuePass(key: string, now: Date): string {
  const body = `${PASS_VERSION}.${randomBytes(16).toString('base64url')}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${mac(key, `pass:${body}`, 32)}`;
}

/** The browser id a pass carries when this API signed it and it has not expired; null otherwise. */
export function passHolder(key: string, pass: string, now: Date): string | null {
  const parts = pass.split('.');
  if (parts.length !== 4 || parts[0] !== PASS_VERSION) return null;
  const [version, id, issued, signature] = parts as [string, string, string, string];
  if (!/^[A-Za-z0-9_-]{22}$/.test(id) || !/^\d{1,12}$/.test(issued)) return null;
  const expected = Buffer.from(mac(key, `pass:${version}.${id}.${issued}`, 32));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now.getTime() - Number(issued) * 1000;
  if (age < -60_000 || age > PASS_LIFETIME_MS) return null;
  return id;
}

/** What the health table keeps of a reporter: a keyed hash, so neither a user id nor a browser id is stored. */
export const reporterKey = (key: string, reporter: { user: string } | { browser: string }) =>
  mac(key, 'user' in reporter ? `user:${reporter.user}` : `browser:${reporter.browser}`, 22);

/** A remote's name in health reports ('contests') from its folder in the release store ('remote-contests'). */
export const healthName = (storeRemote: string): string => storeRemote.replace(/^remote-/, '');

/**
 * The releases a page may load now, per remote's health name: the live one (its own build, 'base', until a release
 * goes live) and the canary's. Read from the store at most once per `maxAgeMs`: a beacon is cheap to send, the
 * store's pointer is a file.
 */
export function currentReleases(store: Pick<ReleaseStore, 'readState'>, maxAgeMs = 1000) {
  let read: { at: number; releases: Map<string, Set<string>> } | null = null;
  return (now: Date): Map<string, Set<string>> => {
    if (read && now.getTime() - read.at < maxAgeMs && now.getTime() >= read.at) return read.releases;
    const releases = new Map<string, Set<string>>();
    for (const [remote, entry] of Object.entries(store.readState().remotes)) {
      const versions = new Set([entry.live ?? BASE_RELEASE]);
      if (entry.canary?.version) versions.add(entry.canary.version);
      releases.set(healthName(remote), versions);
    }
    read = { at: now.getTime(), releases };
    return releases;
  };
}

/** Whether a page may load `release` of `remote` now: its live release, its canary, or its own build when the store
 *  names none. */
export function isCurrent(releases: Map<string, Set<string>>, remote: string, release: string): boolean {
  return (releases.get(remote) ?? new Set([BASE_RELEASE])).has(release);
}

/** Whether a bearer token is the operators' (compared in constant time). */
export function isOpsToken(expected: string | null, given: string | null): boolean {
  if (!expected || !given) return false;
  // Digests of equal length, so neither the comparison's time nor an early length check tells how much matched.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
