// Web benchmark (bench/web): production build time, then the built apps served by the real stack (user pool, API and
// the five static servers of scripts/lib/stack.mjs) on bench-only ports 3800-3806 with their own data under
// .data/bench-web, seeded through the real user pool and API, and measured in headless Chromium on loopback:
//   - JavaScript transferred (bytes on the wire, brotli-encoded as Chromium asks for it, from CDP Network.loadingFinished encodedDataLength;
//     script resources only — remote entries and chunks; manifests, config and API answers are JSON and not counted)
//     on a cold first visit (fresh context, empty cache) and a warm second visit (same page, navigated again);
//   - Largest Contentful Paint, cold and warm; on /home also the time until the first contest row is visible.
// Then the same pages as a person on a phone feels them (DESIGN §8): Chromium's network emulation at Lighthouse's
// "slow 4G" (150 ms per request, 1.6 Mbit/s down, 750 kbit/s up) and a 4x slower CPU, through CDP, against the floor
// measured in the same run: a bare React 19 page (bench/web/floor, react and react-dom only, built here with the
// repository's Rspack and served by the host's own static server, compressed the same way) that fetches one JSON document from the
// real API and renders the same row. For /home (first contest row), /live-contest/{id} (first leaderboard row) and
// /auth (the sign-in form), cold and warm: the time, its ratio to the floor's, and the sequential round trips before
// it (the longest chain of network requests, each sent after the previous one answered, from CDP's timeline).
// Every figure is the median of --runs (default 3) runs. Prints one figure per line (`label: value unit`) and writes
// them, with the machine and the command, to bench/results/web-<time>.md and web-latest.md (bench/lib/results.ts).
//
// Run from the repository root. The build step writes every app's dist/, so in a shared checkout take the build lock:
//   flock /tmp/bullpen-build.lock npx tsx bench/web/run.ts     build, then measure
//   npx tsx bench/web/run.ts --no-build                        measure the existing dist/ folders
// Flags: --check (exit 1 when a budget or a target is broken), --no-build, --runs=N, --list (the scripts of each
// cold visit, largest first), --timeline (every request of the first throttled cold visit of each page),
// --no-loopback (the throttled figures only; no JavaScript budgets then), --profile (a CPU profile of the first
// throttled cold and warm visit of each page until its ready element: self time per script and the heaviest functions,
// the .cpuprofile files kept under .data/bench-web/profiles for DevTools), --trace (a Chrome trace of the same visits:
// the main thread's time by task, the traces kept under .data/bench-web/traces), --pages=/home,/auth (only these pages
// beside the floor), --no-results (write no file under bench/results/). BENCH_WEB_PORT_BASE moves the ports
// (default 3800: base..base+4 apps, +5 API, +6 pool);
// BENCH_WEB_DIST_ROOT=<folder with host/, remote-auth/, …> measures other builds than the apps' dist/ (use with --no-build).
import { randomInt } from 'node:crypto';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rspack } from '@rspack/core';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.cjs';
import { cognitoCall } from '../../scripts/lib/cognito.cjs';
import { APPS, buildApps, ROOT, startStack } from '../../scripts/lib/stack.mjs';
import { currentMachine, recorder, writeRun } from '../lib/results';

const { values: flags } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
    'no-loopback': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    'no-results': { type: 'boolean', default: false },
    pages: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});
const CHECK = flags.check;
const BUILD = !flags['no-build'];
const LIST = flags.list;
const TIMELINE = flags.timeline;
const LOOPBACK = !flags['no-loopback'];
const PROFILE = flags.profile;
const TRACE = flags.trace;
/** --pages=/home,/auth: measure only these pages (the floor always). */
const PAGES = flags.pages?.split(',');
const RUNS = Number(flags.runs);
const PORT_BASE = Number(process.env.BENCH_WEB_PORT_BASE ?? 3800);
const DATA_DIR = path.join(ROOT, '.data', 'bench-web');
const DIST_ROOT = process.env.BENCH_WEB_DIST_ROOT ? path.resolve(process.env.BENCH_WEB_DIST_ROOT) : null;
const KIB = 1024;
/** The seeded contests' names: a contest row on /home is a link whose name starts with one. */
const CONTEST_ROW = /^Bench (live|upcoming) contest/;

/** remote-auth's exposed sign-in page: Amplify UI's Authenticator and what it brings. */
const AUTHENTICATOR_CHUNK = /__federation_expose_AuthPage\.[0-9a-f]+\.js$/;

/** Cold-visit JavaScript budgets, KiB (1 KiB = 1024 bytes) transferred. */
const BUDGETS_KIB: Record<string, number> = { '/auth': 300, '/home': 220, '/live-contest': 260 };

/** Throttled targets: the most a page may take, as a multiple of the floor's time in the same phase. */
const TARGETS: Record<string, { cold: number; warm?: number }> = {
  '/home': { cold: 1.5, warm: 1.0 },
  '/live-contest': { cold: 1.8 },
  '/auth': { cold: 2.0 },
};

/** Lighthouse's "slow 4G" (mobileSlow4G) as Chromium's network emulation applies it, and its 4x CPU slowdown. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const FLOOR_DIR = path.join(ROOT, 'bench', 'web', 'floor');

/** The figures this run prints, kept for its file under bench/results/. */
const { say, lines: recorded } = recorder();
const print = (label: string, value: number | null, unit: string, digits = 1) =>
  say(`${label}: ${value === null ? 'n/a' : Number.isInteger(value) ? value : value.toFixed(digits)} ${unit}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? (known[middle] as number) : ((known[middle - 1] as number) + (known[middle] as number)) / 2;
};

type Stack = Awaited<ReturnType<typeof startStack>>;

// --- the local user pool and the API (the few lines of e2e/helpers this bench needs) ---------------------------

interface BenchUser {
  phone: string;
  password: string;
  tokens: { idToken: string; accessToken: string; refreshToken: string };
}

function cognito<T>(stack: Stack, operation: string, body: unknown): Promise<T> {
  return cognitoCall(stack.urls.pool, operation, body) as Promise<T>;
}

async function callApi<T>(
  stack: Stack,
  method: 'GET' | 'POST',
  route: string,
  user?: BenchUser,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack.urls.api}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(user ? { authorization: user.tokens.idToken } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const data = (await response.json().catch(() => ({}))) as T & { errMessage?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${data.errMessage ?? ''}`);
  return data;
}

/** Signs up, confirms with the code from the pool's outbox, signs in and finishes onboarding: an active user. */
async function createActiveUser(stack: Stack, callSign: string): Promise<BenchUser> {
  const clientId = stack.config.auth.userPoolClientId;
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const password = 'bench-horse-9';
  await cognito(stack, 'SignUp', {
    ClientId: clientId,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  const outbox = (await (await fetch(`${stack.urls.pool}/outbox.json?phone=${encodeURIComponent(phone)}`)).json()) as {
    code: string;
  }[];
  const code = outbox.at(-1)?.code;
  if (!code) throw new Error(`no confirmation code for ${phone} in the outbox`);
  await cognito(stack, 'ConfirmSignUp', { ClientId: clientId, Username: phone, ConfirmationCode: code });
  const { AuthenticationResult: result } = await cognito<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string };
  }>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: phone, PASSWORD: password },
  });
  const user: BenchUser = {
    phone,
    password,
    tokens: { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken },
  };
  await callApi(stack, 'POST', '/user/get-user', user);
  await callApi(stack, 'POST', '/user/initialize-user', user, {
    callSign,
    ticker: callSign,
    displayName: `Bench ${callSign}`,
  });
  return user;
}

/** A real session where Amplify keeps it (the host origin's localStorage), written before the app starts. */
async function signIn(context: BrowserContext, stack: Stack, user: BenchUser) {
  const claims = JSON.parse(Buffer.from(user.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    username?: string;
  };
  const username = claims.username ?? user.phone;
  const prefix = `CognitoIdentityServiceProvider.${stack.config.auth.userPoolClientId}`;
  const values: Record<string, string> = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.idToken`]: user.tokens.idToken,
    [`${prefix}.${username}.accessToken`]: user.tokens.accessToken,
    [`${prefix}.${username}.refreshToken`]: user.tokens.refreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
  };
  await context.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin || sessionStorage.getItem('bench-seeded')) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem('bench-seeded', '1');
    },
    { origin: new URL(stack.urls.app).origin, entries: values },
  );
}

// --- seed ------------------------------------------------------------------------------------------------------

const contestBody = (name: string, startsAt: number, endsAt: number) => ({
  name,
  description: 'Seeded by bench/web.',
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  picksCount: 2,
  startingCash: 10_000,
  maxParticipants: 20,
  visibility: 'public',
  affiliations: [],
  isTeamCollaboration: false,
});

/** One active user in one LIVE contest (with a rival) and three upcoming ones; returns the user and the live id. */
async function seed(stack: Stack): Promise<{ user: BenchUser; liveId: string }> {
  const user = await createActiveUser(stack, `B${randomInt(100_000, 999_999)}`);
  const rival = await createActiveUser(stack, `R${randomInt(100_000, 999_999)}`);
  const day = 86_400_000;
  // The API runs with CONTEST_MIN_LEAD_S=2: the contest starts 6 s from now and the clock's next tick makes it live.
  const startsAt = Date.now() + 6_000;
  const live = await callApi<{ data: { _id: string } }>(
    stack,
    'POST',
    '/contest/create-contest',
    user,
    contestBody('Bench live contest', startsAt, startsAt + day),
  );
  const liveId = live.data._id;
  await callApi(stack, 'POST', '/contest/join-contest', user, { contestId: liveId, picks: ['AAPL', 'MSFT'] });
  await callApi(stack, 'POST', '/contest/join-contest', rival, { contestId: liveId, picks: ['NVDA', 'AMZN'] });
  for (let i = 1; i <= 3; i += 1) {
    const upcomingStart = Date.now() + i * 3_600_000;
    const upcoming = await callApi<{ data: { _id: string } }>(
      stack,
      'POST',
      '/contest/create-contest',
      rival,
      contestBody(`Bench upcoming contest ${i}`, upcomingStart, upcomingStart + day),
    );
    await callApi(stack, 'POST', '/contest/join-contest', user, {
      contestId: upcoming.data._id,
      picks: ['AAPL', 'GOOGL'],
    });
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await callApi(stack, 'GET', `/contest/active/${liveId}`, user);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the seeded contest never went live: ${(error as Error).message}`);
      await sleep(500);
    }
  }
  return { user, liveId };
}

// --- one visit -------------------------------------------------------------------------------------------------

interface ScriptLoad {
  url: string;
  bytes: number;
  fromCache: boolean;
}

/** Script requests seen by CDP while it runs: bytes on the wire (encodedDataLength; 0 for a cache hit). */
function trackScripts(cdp: CDPSession) {
  const scripts = new Map<string, { url: string; bytes: number; fromCache: boolean; done: boolean }>();
  let lastEvent = Date.now();
  const isScript = (type: string | undefined, mimeType?: string) =>
    type === 'Script' || /javascript/.test(mimeType ?? '');
  const onRequest = (event: { requestId: string; type?: string; request: { url: string } }) => {
    if (!isScript(event.type)) return;
    scripts.set(event.requestId, { url: event.request.url, bytes: 0, fromCache: false, done: false });
    lastEvent = Date.now();
  };
  const onResponse = (event: {
    requestId: string;
    type: string;
    response: { url: string; mimeType: string; fromDiskCache?: boolean };
  }) => {
    if (!isScript(event.type, event.response.mimeType)) return;
    const entry = scripts.get(event.requestId) ?? { url: event.response.url, bytes: 0, fromCache: false, done: false };
    if (event.response.fromDiskCache) entry.fromCache = true;
    scripts.set(event.requestId, entry);
    lastEvent = Date.now();
  };
  const onCached = (event: { requestId: string }) => {
    const entry = scripts.get(event.requestId);
    if (entry) entry.fromCache = true;
  };
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const entry = scripts.get(event.requestId);
    if (!entry) return;
    entry.bytes = event.encodedDataLength;
    entry.done = true;
    lastEvent = Date.now();
  };
  const onFailed = (event: { requestId: string }) => {
    const entry = scripts.get(event.requestId);
    if (!entry) return;
    entry.done = true;
    lastEvent = Date.now();
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);
  return {
    /** Resolves once no script has been requested or finished for `quietMs` (at most `timeoutMs`). */
    async settle(quietMs = 1_000, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const pending = [...scripts.values()].some((entry) => !entry.done);
        if (!pending && Date.now() - lastEvent >= quietMs) return;
        await sleep(100);
      }
    },
    stop(): ScriptLoad[] {
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.requestServedFromCache', onCached);
      cdp.off('Network.loadingFinished', onFinished);
      cdp.off('Network.loadingFailed', onFailed);
      return [...scripts.values()].map(({ url, bytes, fromCache }) => ({ url, bytes, fromCache }));
    },
  };
}

/** The latest Largest Contentful Paint candidate of the current document, ms after navigation start. */
function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 2_000);
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          clearTimeout(timer);
          resolve(entries.length ? (entries[entries.length - 1] as PerformanceEntry).startTime : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** What marks a page as shown: the first contest row (/home and the floor), the first leaderboard row (/live-contest),
 *  the sign-in form (/auth). */
type Marker = 'contest-row' | 'leaderboard-row' | 'sign-in-form';

/** Records, in the page, the frame after its marker entered the DOM (window.__benchRow, ms after navigation start). */
async function markReady(context: BrowserContext, marker: Marker) {
  // A string, not a function: tsx would wrap a function's inner functions in its own helpers (__name), which the page
  // does not have.
  await context.addInitScript({
    content: `(() => {
      const kind = ${JSON.stringify(marker)};
      const pattern = new RegExp(${JSON.stringify(CONTEST_ROW.source)});
      const found = () => {
        if (kind === 'contest-row') {
          return [...document.querySelectorAll('a[href]')].some((link) => pattern.test(link.textContent || ''));
        }
        if (kind === 'leaderboard-row') {
          return [...document.querySelectorAll('table')].some(
            (table) => table.caption && table.caption.textContent === 'Leaderboard' && table.querySelector('tbody tr') !== null,
          );
        }
        return (
          document.querySelector('input[type="password"]') !== null &&
          [...document.querySelectorAll('button')].some((button) => (button.textContent || '').trim() === 'Sign in')
        );
      };
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() => { window.__benchRow = performance.now(); });
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`,
  });
}

interface NetworkRequest {
  url: string;
  type: string;
  /** CDP monotonic seconds. */
  start: number;
  end: number | null;
  /** false: answered by a cache without going to the network. */
  network: boolean;
  status: number | null;
}

/** Every request of a visit, as CDP's timeline reports it. */
function trackRequests(cdp: CDPSession) {
  const requests = new Map<string, NetworkRequest>();
  const onRequest = (event: { requestId: string; type?: string; timestamp: number; request: { url: string } }) => {
    if (requests.has(event.requestId)) return; // a redirect: the chain's first request stands
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      end: null,
      network: true,
      status: null,
    });
  };
  const onResponse = (event: {
    requestId: string;
    response: { status: number; fromDiskCache?: boolean; fromServiceWorker?: boolean; fromPrefetchCache?: boolean };
  }) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.status = event.response.status;
    if (event.response.fromDiskCache || event.response.fromServiceWorker || event.response.fromPrefetchCache) {
      entry.network = false;
    }
  };
  const onCached = (event: { requestId: string }) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.network = false;
  };
  const onDone = (event: { requestId: string; timestamp: number }) => {
    const entry = requests.get(event.requestId);
    if (entry && entry.end === null) entry.end = event.timestamp;
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onDone);
  cdp.on('Network.loadingFailed', onDone);
  return {
    stop(): NetworkRequest[] {
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.requestServedFromCache', onCached);
      cdp.off('Network.loadingFinished', onDone);
      cdp.off('Network.loadingFailed', onDone);
      return [...requests.values()].sort((a, b) => a.start - b.start);
    },
  };
}

/** Sequential round trips before `readyMs`: the longest chain of network requests that answered by then, each sent
 *  after the previous one had answered (the page itself included). */
function sequentialRoundTrips(requests: NetworkRequest[], readyMs: number): number {
  const document = requests.find((request) => request.type === 'Document');
  if (!document) return 0;
  const readyAt = document.start + readyMs / 1000;
  const done = requests
    .filter(
      (request) => request.network && request.end !== null && request.start >= document.start && request.end <= readyAt,
    )
    .sort((a, b) => (a.end as number) - (b.end as number));
  const depth: number[] = [];
  done.forEach((request, index) => {
    let before = 0;
    for (let previous = 0; previous < index; previous += 1) {
      if ((done[previous] as NetworkRequest).end! <= request.start)
        before = Math.max(before, depth[previous] as number);
    }
    depth[index] = before + 1;
  });
  return Math.max(0, ...depth);
}

interface Visit {
  jsBytes: number;
  scripts: ScriptLoad[];
  lcp: number | null;
  /** ms from navigation start until the page's ready element was visible. */
  readyMs: number;
  /** The throttled visits' request timeline. */
  requests: NetworkRequest[];
}

interface Scenario {
  key: '/auth' | '/home' | '/live-contest' | '/floor';
  path: string;
  signedIn: boolean;
  marker: Marker;
  /** What the marker is called in the figures. */
  what: string;
  /** Waits until the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
  /** On loopback, also print the marker's time under this label (the first contest row on /home). */
  row?: { label: string };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A CPU profile's self time per script and per function, heaviest first (--profile). */
async function reportProfile(profile: CpuProfile, title: string) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url || `(${frame.functionName || 'program'})`;
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [script, ms] of top(perScript, 12))
    console.log(`  ${title} self ${ms.toFixed(0).padStart(5)} ms  ${script}`);
  for (const [fn, ms] of top(perFunction, 12)) console.log(`  ${title} fn   ${ms.toFixed(0).padStart(5)} ms  ${fn}`);
  const dir = path.join(DATA_DIR, 'profiles');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${title.replace(/[^a-z0-9-]+/gi, '_')}.cpuprofile`), JSON.stringify(profile));
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

/** A Chrome trace of one visit (--trace): what the page's main thread did, as DevTools' Performance panel shows it. */
async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  const onData = (data: { value: object[] }) => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink',
        'loading',
      ],
    },
  });
  return {
    async stop(): Promise<TraceEvent[]> {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', onData);
      return events;
    },
  };
}

/** The renderer main thread's self time per trace event name, heaviest first; the trace is kept for DevTools. */
async function reportTrace(events: TraceEvent[], title: string) {
  const main = events.find((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: { end: number; name: string }[] = [];
  for (const event of onMain) {
    const end = event.ts + (event.dur ?? 0);
    while (open.length && (open[open.length - 1] as { end: number }).end <= event.ts) open.pop();
    const parent = open[open.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0) / 1000);
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    open.push({ end, name: event.name });
  }
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 16))
    console.log(`  ${title} main thread ${ms.toFixed(0).padStart(5)} ms  ${name}`);
  const dir = path.join(DATA_DIR, 'traces');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, `${title.replace(/[^a-z0-9-]+/gi, '_')}.json`),
    JSON.stringify({ traceEvents: events }),
  );
}

async function visit(
  page: Page,
  cdp: CDPSession,
  url: string,
  scenario: Scenario,
  light = false,
  /** Set for a visit to profile (--profile) and trace (--trace): the name of its files and printed lines. */
  diagnosed?: string,
): Promise<Visit> {
  const tracker = trackScripts(cdp);
  const timeline = trackRequests(cdp);
  const trace = TRACE && diagnosed ? await startTrace(cdp) : null;
  if (PROFILE && diagnosed) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // The page's own stamp first (markReady), looked at four times a second: a Playwright locator polls with its ARIA
    // queries inside the page on every frame, and on the 4x slower CPU that work (100-200 ms in the profiles, more on
    // the pages with more markup) was counted against the page being measured. Then the same check a person makes.
    await page.waitForFunction(() => (window as { __benchRow?: number }).__benchRow !== undefined, undefined, {
      polling: 250,
      timeout: 60_000,
    });
    await scenario.ready(page);
    if (PROFILE && diagnosed)
      await reportProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, diagnosed);
    if (trace && diagnosed) await reportTrace(await trace.stop(), diagnosed);
    // The frame after the marker entered the DOM (recorded in the page), else when Playwright saw it.
    const readyMs = await page.evaluate(() => (window as { __benchRow?: number }).__benchRow ?? performance.now());
    const requests = timeline.stop();
    if (light) return { jsBytes: 0, scripts: [], lcp: null, readyMs, requests };
    await tracker.settle();
    const lcp = await largestContentfulPaint(page);
    const scripts = tracker.stop();
    return { jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts, lcp, readyMs, requests };
  } finally {
    tracker.stop();
    timeline.stop();
  }
}

/** A fresh context (empty cache, own storage): a cold visit, then the same page navigated again (warm). Throttled:
 *  slow 4G and a 4x slower CPU for both. */
async function coldAndWarm(
  browser: Browser,
  stack: Stack,
  user: BenchUser,
  scenario: Scenario,
  url: string,
  throttled = false,
  diagnose = false,
) {
  const context = await browser.newContext({
    viewport: throttled ? { width: 412, height: 823 } : { width: 1280, height: 800 },
  });
  const errors: string[] = [];
  try {
    if (scenario.signedIn) await signIn(context, stack, user);
    await markReady(context, scenario.marker);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const cold = await visit(page, cdp, url, scenario, throttled, diagnose ? `${scenario.key} cold` : undefined);
    // Let the cold visit finish what it does after its first row (late chunks, cache writes), as a person would
    // read the page before coming back.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const warm = await visit(page, cdp, url, scenario, throttled, diagnose ? `${scenario.key} warm` : undefined);
    return { cold, warm };
  } catch (error) {
    const detail = errors.length ? ` (page errors: ${errors.join(' | ')})` : '';
    throw new Error(`${scenario.key}: ${(error as Error).message}${detail}`);
  } finally {
    await context.close();
  }
}

/** The floor page, built with the repository's Rspack into the host's served folder (/floor/). */
async function buildFloor(outDir: string, apiHost: string, clientId: string) {
  const compiler = rspack({
    mode: 'production',
    context: FLOOR_DIR,
    entry: { floor: './floor.tsx' },
    devtool: false,
    output: { path: outDir, publicPath: '/floor/', filename: '[name].[contenthash:12].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(FLOOR_DIR, 'index.html') }),
      new rspack.DefinePlugin({ FLOOR_API: JSON.stringify(apiHost), FLOOR_CLIENT_ID: JSON.stringify(clientId) }),
    ],
    performance: { hints: false },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

// --- main ------------------------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  let exitCode = 0;
  let stack: Stack | null = null;
  let browser: Browser | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await browser?.close().catch(() => undefined);
      await stack?.stop().catch(() => undefined);
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[bench/web] ${signal}: stopping`);
      void cleanUp().then(() => process.exit(130));
    });
  }

  try {
    // 1. Production build of every app, one after another (as npm start and the e2e set-up build).
    if (BUILD) {
      const started = performance.now();
      let previous = started;
      let index = 0;
      const perApp: [string, number][] = [];
      await buildApps({
        log: () => {
          const now = performance.now();
          perApp.push([APPS[index]?.dir ?? `app ${index}`, now - previous]);
          previous = now;
          index += 1;
        },
      });
      print(`production build, all ${APPS.length} apps`, (performance.now() - started) / 1000, 's');
      for (const [dir, ms] of perApp) print(`production build ${dir}`, ms / 1000, 's');
    }

    // 2. The stack on bench ports, serving copies of the fresh builds (a rebuild elsewhere cannot change them mid-run).
    await rm(DATA_DIR, { recursive: true, force: true });
    const dists: Record<string, string> = {};
    for (const app of APPS) {
      dists[app.key] = path.join(DATA_DIR, 'dist', app.dir);
      await mkdir(dists[app.key] as string, { recursive: true });
      await cp(DIST_ROOT ? path.join(DIST_ROOT, app.dir) : path.join(ROOT, app.dir, 'dist'), dists[app.key] as string, {
        recursive: true,
      });
    }
    const settings = {
      ports: Object.fromEntries(APPS.map((app, index) => [app.key, PORT_BASE + index])),
      apiPort: PORT_BASE + 5,
      poolPort: PORT_BASE + 6,
      dataDir: DATA_DIR,
      hostname: 'localhost',
      sourceMaps: false,
      // The remotes' own builds, with no release live: the bench measures the builds it made.
      releaseStore: path.join(DATA_DIR, 'releases'),
      releaseBaseUrl: null,
    };
    stack = await startStack({
      settings,
      build: false,
      dists,
      quiet: true,
      log: () => undefined,
      // A 2 s minimum lead lets the seed start a contest within seconds; no rate limit to trip over while measuring.
      env: { CONTEST_MIN_LEAD_S: '2', RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' },
    });
    const running = stack;
    running.died.catch((error: Error) => console.error(`[bench/web] ${error.message}`));

    // 3. Seed through the real pool and API.
    const { user, liveId } = await seed(running);

    // 4. The floor page, on the host's own origin and static server (brotli, same cache rules, same CSP).
    await buildFloor(path.join(dists.host as string, 'floor'), running.urls.api, running.config.auth.userPoolClientId);

    // 5. Measure.
    browser = await chromium.launch({
      ...chromiumLaunchOptions(),
    });
    const contestRow = (page: Page) =>
      page.getByRole('link', { name: CONTEST_ROW }).first().waitFor({ timeout: 60_000 });
    const floor: Scenario = {
      key: '/floor',
      path: '/floor/',
      signedIn: true,
      marker: 'contest-row',
      what: 'first contest row',
      ready: contestRow,
    };
    const allScenarios: Scenario[] = [
      {
        key: '/home',
        path: '/home',
        signedIn: true,
        marker: 'contest-row',
        what: 'first contest row',
        // A contest row on /home is a card: a link named after its contest.
        ready: contestRow,
        row: { label: 'first contest row visible /home' },
      },
      {
        key: '/live-contest',
        path: `/live-contest/${liveId}`,
        signedIn: true,
        marker: 'leaderboard-row',
        what: 'first leaderboard row',
        ready: (page) =>
          page.getByRole('table', { name: 'Leaderboard' }).locator('tbody tr').first().waitFor({ timeout: 60_000 }),
      },
      {
        key: '/auth',
        path: '/auth',
        signedIn: false,
        marker: 'sign-in-form',
        what: 'sign-in form',
        ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 }),
      },
    ];
    const scenarios = allScenarios.filter((scenario) => !PAGES || PAGES.includes(scenario.key));

    // Every page once before anything is measured, then a wait for the static servers' brotli copies: until one is
    // made the file goes out as gzip (scripts/lib/compression.mjs), and a CDN serves brotli from its first visitor on.
    for (const scenario of [floor, ...scenarios])
      await coldAndWarm(browser, running, user, scenario, `${running.urls.app}${scenario.path}`);
    await running.compressed();

    const broken: string[] = [];
    if (LOOPBACK) {
      say(`# loopback, no throttling (median of ${RUNS})`);
      for (const scenario of scenarios) {
        const url = `${running.urls.app}${scenario.path}`;
        const runs: { cold: Visit; warm: Visit }[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await coldAndWarm(browser, running, user, scenario, url));
        const budget = BUDGETS_KIB[scenario.key] as number;
        for (const phase of ['cold', 'warm'] as const) {
          const visits = runs.map((run) => run[phase]);
          const js = median(visits.map((v) => v.jsBytes)) ?? 0;
          const fromNetwork =
            median(visits.map((v) => v.scripts.filter((s) => s.bytes > 0 && !s.fromCache).length)) ?? 0;
          const budgetNote = phase === 'cold' ? `, budget ${budget} KiB` : '';
          print(
            `JS transferred ${scenario.key} ${phase} (compressed on the wire, KiB = 1024 B${budgetNote})`,
            js / KIB,
            'KiB',
          );
          print(`JS files from the network ${scenario.key} ${phase}`, fromNetwork, 'files');
          if (phase === 'cold' && js / KIB > budget)
            broken.push(`${scenario.key} cold JS ${(js / KIB).toFixed(1)} KiB > budget ${budget} KiB`);
        }
        if (scenario.key === '/auth') {
          // Amplify UI's Authenticator, its state machine and styles travel in remote-auth's page chunk alone.
          const chunk = median(
            runs.map((run) => run.cold.scripts.find((s) => AUTHENTICATOR_CHUNK.test(s.url))?.bytes ?? null),
          );
          print(
            'JS of the Authenticator chunk /auth cold (remote-auth AuthPage)',
            chunk === null ? null : chunk / KIB,
            'KiB',
          );
        }
        for (const phase of ['cold', 'warm'] as const) {
          const lcp = median(runs.map((run) => run[phase].lcp));
          print(`LCP ${scenario.key} ${phase} (median of ${RUNS})`, lcp === null ? null : Math.round(lcp), 'ms');
        }
        if (scenario.row) {
          for (const phase of ['cold', 'warm'] as const) {
            print(
              `${scenario.row.label} ${phase} (median of ${RUNS})`,
              Math.round(median(runs.map((run) => run[phase].readyMs)) ?? 0),
              'ms',
            );
          }
        }
        if (LIST && runs[0]) {
          for (const script of [...runs[0].cold.scripts].sort((a, b) => b.bytes - a.bytes)) {
            console.log(`  ${scenario.key} cold: ${(script.bytes / KIB).toFixed(1).padStart(7)} KiB  ${script.url}`);
          }
        }
      }
      if (broken.length === 0) say('JS budgets (cold): all met');
    }

    // Throttled: slow 4G and a 4x slower CPU, the floor first, then each page as a ratio to it.
    say(`# throttled: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), CPU 4x slower (median of ${RUNS})`);
    // One visit first, thrown away (the browser's own start-up), then the floor and the pages taken in turn in every
    // round, so a slow moment of the shared machine falls on all of them alike.
    await coldAndWarm(browser, running, user, floor, `${running.urls.app}${floor.path}`, true);
    const everything = [floor, ...scenarios];
    const measured = new Map<Scenario, { cold: Visit; warm: Visit }[]>(everything.map((scenario) => [scenario, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const scenario of everything) {
        const url = `${running.urls.app}${scenario.path}`;
        measured
          .get(scenario)
          ?.push(await coldAndWarm(browser, running, user, scenario, url, true, (PROFILE || TRACE) && run === 0));
      }
    }
    const figuresOf = (scenario: Scenario) => {
      const runs = measured.get(scenario) ?? [];
      if (TIMELINE && runs[0]) {
        const first = runs[0].cold.requests;
        const origin = first[0]?.start ?? 0;
        for (const request of first) {
          const end = request.end === null ? '   …' : String(Math.round((request.end - origin) * 1000)).padStart(5);
          console.log(
            `  ${scenario.key} cold: ${String(Math.round((request.start - origin) * 1000)).padStart(5)} → ${end} ms  ${request.network ? '' : '(cache) '}${request.status ?? ''} ${request.type} ${request.url}`,
          );
        }
      }
      return {
        cold: median(runs.map((run) => run.cold.readyMs)) ?? 0,
        warm: median(runs.map((run) => run.warm.readyMs)) ?? 0,
        coldTrips: median(runs.map((run) => sequentialRoundTrips(run.cold.requests, run.cold.readyMs))) ?? 0,
        warmTrips: median(runs.map((run) => sequentialRoundTrips(run.warm.requests, run.warm.readyMs))) ?? 0,
      };
    };
    const floorFigures = figuresOf(floor);
    for (const phase of ['cold', 'warm'] as const) {
      print(`throttled floor ${phase}, ${floor.what} (median of ${RUNS})`, Math.round(floorFigures[phase]), 'ms');
      print(`throttled floor ${phase}, sequential round trips before it`, floorFigures[`${phase}Trips`], 'round trips');
    }
    for (const scenario of scenarios) {
      const figures = figuresOf(scenario);
      const target = TARGETS[scenario.key] ?? { cold: Number.POSITIVE_INFINITY };
      for (const phase of ['cold', 'warm'] as const) {
        const ratio = figures[phase] / floorFigures[phase];
        const limit = target[phase];
        print(
          `throttled ${scenario.key} ${phase}, ${scenario.what} (median of ${RUNS})`,
          Math.round(figures[phase]),
          'ms',
        );
        print(
          `throttled ${scenario.key} ${phase}, ratio to the floor${limit === undefined ? '' : ` (target ≤ ${limit.toFixed(1)})`}`,
          ratio,
          'x',
          2,
        );
        print(
          `throttled ${scenario.key} ${phase}, sequential round trips before it`,
          figures[`${phase}Trips`],
          'round trips',
        );
        if (limit !== undefined && ratio > limit) {
          broken.push(
            `throttled ${scenario.key} ${phase} ${ratio.toFixed(2)}x the floor > target ${limit.toFixed(1)}x`,
          );
        }
      }
    }

    if (broken.length === 0) say('budgets and targets: all met');
    for (const line of broken) say(`broken: ${line}`);
    if (CHECK && broken.length > 0) exitCode = 1;
  } catch (error) {
    console.error('[bench/web]', error);
    exitCode = 1;
  } finally {
    await cleanUp();
  }
  if (!flags['no-results'] && recorded.length > 0) {
    const file = await writeRun({
      bench: 'web',
      startedAt,
      command: ['npx tsx bench/web/run.ts', ...process.argv.slice(2)].join(' '),
      machine: currentMachine(),
      lines: recorded,
      exitCode,
    });
    console.log(`figures written to ${path.relative(ROOT, file)}`);
  }
  process.exit(exitCode);
}

void main();
