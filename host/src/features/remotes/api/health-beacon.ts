import { HEALTH_LIMITS } from '@bullpen/contract/limits';
import { API_PATHS } from '@bullpen/contract/paths';
import { getApiHost, getRuntimeConfig } from '@bullpen/shared';
import { storedIdToken } from '@bullpen/shared/early-reads';
import { BASE_RELEASE } from './canary';

// How each remote fares in this browser, told to the API (POST /telemetry/remote-health, docs/operating-remotes.md):
// per remote and release, the pages shown, the loads that failed and the errors its error boundary caught. Counted
// here and sent in one small batch with navigator.sendBeacon a few seconds after the first count, and whatever is left
// when the page is hidden or left, so a failing canary is seen without anyone complaining. The API counts a report
// once per person and window, so each batch says who sends it: the signed-in user's ID token, else this browser's
// health pass (issued by the API, kept here). Nothing else leaves the page.

export const FLUSH_DELAY_MS = 3_000;
/** Where this browser keeps its health pass. */
export const HEALTH_PASS_KEY = 'bullpen.health-pass';
/** A pass older than this is replaced before it is used: the API refuses one after 90 days. */
const PASS_RENEW_MS = 80 * 24 * 3_600_000;
/** A token within this of its expiry is not sent: it would be refused on arrival. */
const TOKEN_MARGIN_MS = 5_000;
/** A count this high is sent at once: the page is busy. */
const MAX_COUNT = 1000;

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

/** This browser's pass while it is fresh, else null. */
function storedPass(): string | null {
  try {
    const pass = localStorage.getItem(HEALTH_PASS_KEY);
    const issued = Number(pass?.split('.')[2]) * 1000;
    return pass && Date.now() - issued < PASS_RENEW_MS ? pass : null;
  } catch {
    return null;
  }
}

/** Set once the API refused a pass to this page (its budget per address is spent): the page does not ask again. */
let passRefused = false;
let passRequest: Promise<string | null> | null = null;

/** Asks the API for a pass (once at a time), keeps it, and resolves with it; null when none could be had. */
function requestPass(): Promise<string | null> {
  if (passRefused) return Promise.resolve(null);
  passRequest ??= fetch(`${getApiHost()}${API_PATHS.healthPass}`, { method: 'POST', keepalive: true })
    .then(async (response) => {
      if (!response.ok) throw new Error(`health pass: ${response.status}`);
      const { pass } = (await response.json()) as { pass?: unknown };
      if (typeof pass !== 'string') throw new Error('health pass: no pass');
      try {
        localStorage.setItem(HEALTH_PASS_KEY, pass);
      } catch {
        // Storage refused: the pass serves this page.
      }
      return pass;
    })
    .catch(() => {
      passRefused = true;
      return null;
    })
    .finally(() => {
      passRequest = null;
    });
  return passRequest;
}

function send(credential: { idToken: string } | { pass: string }, reports: Counts[]) {
  const url = `${getApiHost()}${API_PATHS.remoteHealth}`;
  for (let i = 0; i < reports.length; i += HEALTH_LIMITS.reports) {
    const body = JSON.stringify({ ...credential, reports: reports.slice(i, i + HEALTH_LIMITS.reports) });
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

export function flushHealth(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (pending.size === 0) return;
  const reports = [...pending.values()];
  pending.clear();
  const idToken = storedIdToken(getRuntimeConfig()?.auth.userPoolClientId, TOKEN_MARGIN_MS);
  const pass = idToken ? null : storedPass();
  if (idToken) send({ idToken }, reports);
  else if (pass) send({ pass }, reports);
  else {
    // Nobody signed in and no pass yet: ask for one, then send (a page being closed may be gone by then).
    void requestPass().then((got) => {
      if (got) send({ pass: got }, reports);
    });
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

/** A browser without a network says nothing about a release: its failures would condemn a healthy canary. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A page of `remote` could not be loaded (after its retries). */
export function reportLoadFailure(remote: string, error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailureErrors.add(error);
  if (offline()) return;
  count(remote, 'loadFailures');
}

/** The error boundary around a page of `remote` caught `error`; a failed load it shows is counted once, as such. */
export function reportRemoteError(remote: string, error: unknown): void {
  if (typeof error === 'object' && error !== null && loadFailureErrors.has(error)) return;
  if (offline()) return;
  count(remote, 'errors');
}
