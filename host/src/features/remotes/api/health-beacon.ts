import { API_PATHS } from '@bullpen/contract/paths';
import { getApiHost } from '@bullpen/shared';
import { BASE_RELEASE, browserId } from './canary';

// How each remote fares in this browser, told to the API (POST /telemetry/remote-health, docs/operating-remotes.md):
// per remote and release, the pages shown, the loads that failed and the errors its error boundary caught. Counted
// here and sent in one small batch with navigator.sendBeacon a few seconds after the first count, and whatever is left
// when the page is hidden or left, so a failing canary is seen without anyone complaining. Nothing but the counts and
// this browser's random id leaves the page.

export const FLUSH_DELAY_MS = 3_000;
/** The API's bound per counter and report (api/src/routes/telemetry.ts): a busier page sends more batches. */
const MAX_COUNT = 1000;
const MAX_REPORTS = 16;

type Counter = 'views' | 'loadFailures' | 'errors';
interface Counts {
  remote: string;
  release: string;
  views: number;
  loadFailures: number;
  errors: number;
}

const pending = new Map<string, Counts>();
const releases = new Map<string, string>();
/** Errors already counted as failed loads: the error boundary sees them too. */
const loadFailureErrors = new WeakSet<object>();
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** The release this page loads `remote` from (federation.ts tells it when it chooses). */
export function setRemoteRelease(remote: string, release: string): void {
  releases.set(remote, release);
}

export function flushHealth(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (pending.size === 0) return;
  const reports = [...pending.values()];
  pending.clear();
  const url = `${getApiHost()}${API_PATHS.remoteHealth}`;
  for (let i = 0; i < reports.length; i += MAX_REPORTS) {
    const body = JSON.stringify({ browserId: browserId(), reports: reports.slice(i, i + MAX_REPORTS) });
    try {
      // A string goes as text/plain: a simple request, no preflight, and it survives the page being closed.
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) continue;
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(
        () => undefined,
      );
    } catch {
      // Health is best effort: never the page's problem.
    }
  }
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', flushHealth);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushHealth();
  });
}

function count(remote: string, counter: Counter) {
  const release = releases.get(remote) ?? BASE_RELEASE;
  const key = `${remote}\u0000${release}`;
  const counts = pending.get(key) ?? { remote, release, views: 0, loadFailures: 0, errors: 0 };
  counts[counter] += 1;
  pending.set(key, counts);
  listen();
  if (counts[counter] >= MAX_COUNT) flushHealth();
  else timer ??= setTimeout(flushHealth, FLUSH_DELAY_MS);
}

/** A page of `remote` was shown (or tried to be). */
export function reportRemoteView(remote: string): void {
  count(remote, 'views');
}

/** A page of `remote` could not be loaded (after its retries). */
export function reportLoadFailure(remote: string, error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailureErrors.add(error);
  count(remote, 'loadFailures');
}

/** The error boundary around a page of `remote` caught `error`; a failed load it shows is counted once, as such. */
export function reportRemoteError(remote: string, error: unknown): void {
  if (typeof error === 'object' && error !== null && loadFailureErrors.has(error)) return;
  count(remote, 'errors');
}
