// Helpers for every e2e journey: where the stack lives, a browser, pages, users and a signed-in session.
import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.cjs';
import { API_PATHS } from '../../contract/src/paths';
import { cognitoCall } from '../../scripts/lib/cognito.cjs';

export interface RuntimeConfig {
  apiHost: string;
  auth: { region: string; userPoolId: string; userPoolClientId: string; userPoolEndpoint?: string };
  remotes: Record<'auth' | 'contests' | 'trading' | 'profile', string>;
}

export interface Stack {
  /** The host, e.g. http://localhost:3100 */
  app: string;
  api: string;
  pool: string;
  config: RuntimeConfig;
  /** true when global-setup started this stack (its files may be edited, its spare ports used). */
  owned: boolean;
  hostDist?: string;
  /** The file the host serves as /config.json (owned stacks only). */
  configFile?: string;
  /** The release store the host's live pointer is read from (owned stacks only). */
  releaseStore?: string;
  /** The operators' token the API reads remote health for (owned stacks only). */
  opsToken?: string;
  ports?: Record<'host' | 'auth' | 'contests' | 'trading' | 'profile', number>;
  /** First of three free ports (spareBase .. spareBase + 2) for servers a test starts itself. */
  spareBase?: number;
  /** The stack's data folder, emptied at every start (owned stacks only): servers a test starts keep theirs under it. */
  dataDir?: string;
  /** The number the pool puts in its "admins" group when it confirms (USER_POOL_ADMINS; owned stacks only). */
  adminPhone?: string;
  /** The API's contest rules on this stack (e2e/settings.mjs): minimum lead and duration, market tick. */
  contest: { minLeadMs: number; minDurationMs: number; tickMs: number };
}

export function stack(): Stack {
  const raw = process.env.E2E_STACK;
  if (!raw) throw new Error('E2E_STACK is not set: run the journeys with `npm run test:e2e`');
  return JSON.parse(raw) as Stack;
}

/** The URL of a path in the composed app. */
export const appUrl = (path: string) => `${stack().app}${path}`;

/** What e2e/environment.js reports of a failed test: the journey's browsers and each page's logged errors. */
const failureReport = globalThis as typeof globalThis & {
  __journeyBrowsers?: Set<Browser>;
  __journeyPageErrors?: WeakMap<Page, string[]>;
  __journeyPendingRequests?: WeakMap<Page, Map<unknown, { url: string; since: number }>>;
};

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  failureReport.__journeyBrowsers ??= new Set();
  failureReport.__journeyBrowsers.add(browser);
  browser.on('disconnected', () => failureReport.__journeyBrowsers?.delete(browser));
  return browser;
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** A user whose session is in localStorage before the app starts (see signIn). */
  user?: TestUser;
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors, for journeys that assert a clean run. */
  errors: string[];
}

/** A fresh context (own storage) and page; the breakpoints of SPEC §9 make 1280 and 480 the usual widths. */
export async function newPage(
  browser: Browser,
  { width = 1280, height = 800, user }: PageOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  failureReport.__journeyPageErrors ??= new WeakMap();
  failureReport.__journeyPageErrors.set(page, errors);
  // The requests still unanswered, for a failure report to name what a page was waiting for.
  const pending = new Map<unknown, { url: string; since: number }>();
  page.on('request', (request) => pending.set(request, { url: request.url(), since: Date.now() }));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  failureReport.__journeyPendingRequests ??= new WeakMap();
  failureReport.__journeyPendingRequests.set(page, pending);
  if (user) await signIn(context, user);
  return { context, page, errors };
}

// --- users of the local user pool -------------------------------------------------------------------------------

export interface TestUser {
  phone: string;
  password: string;
}

/** One call of the pool's Cognito JSON protocol, throwing with the exception name on failure. */
export function cognito<T>(operation: string, body: unknown): Promise<T> {
  return cognitoCall(stack().pool, operation, body) as Promise<T>;
}

/** A random +1 555 number (fictional exchange), so runs and journeys never collide. */
export function uniquePhone(): string {
  return `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** Signs a new user up and confirms them with the code from the pool's outbox: ready to sign in. */
export async function createUser({ phone = uniquePhone(), password = 'correct-horse-9' } = {}): Promise<TestUser> {
  const { config, pool } = stack();
  const clientId = config.auth.userPoolClientId;
  await cognito('SignUp', {
    ClientId: clientId,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  const outbox = (await (await fetch(`${pool}/outbox.json?phone=${encodeURIComponent(phone)}`)).json()) as {
    code: string;
  }[];
  const code = outbox.at(-1)?.code;
  if (!code) throw new Error(`no confirmation code for ${phone} in the outbox`);
  await cognito('ConfirmSignUp', { ClientId: clientId, Username: phone, ConfirmationCode: code });
  return { phone, password };
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export async function tokensFor(user: TestUser): Promise<Tokens> {
  const { config } = stack();
  const answer = await cognito<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string };
  }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: config.auth.userPoolClientId,
    AuthParameters: { USERNAME: user.phone, PASSWORD: user.password },
  });
  const result = answer.AuthenticationResult;
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * Puts a real session of `user` where Amplify keeps it (localStorage of the app's origin) before any page loads, so a
 * journey starts signed in without driving the sign-in widget. The tokens come from the local pool itself.
 */
export async function signIn(context: BrowserContext, user: TestUser): Promise<Tokens> {
  const tokens = await tokensFor(user);
  const { config } = stack();
  const clientId = config.auth.userPoolClientId;
  const username = String(claims(tokens.accessToken).username ?? user.phone);
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const entries: Record<string, string> = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.idToken`]: tokens.idToken,
    [`${prefix}.${username}.accessToken`]: tokens.accessToken,
    [`${prefix}.${username}.refreshToken`]: tokens.refreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
  };
  await context.addInitScript(
    ({ origin, values }) => {
      // Only once per context: a later sign-out must stay signed out across reloads.
      if (window.location.origin !== origin || sessionStorage.getItem('e2e-seeded')) return;
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    { origin: new URL(stack().app).origin, values: entries },
  );
  return tokens;
}

// --- the API, for journeys that need data in place --------------------------------------------------------------

/**
 * Follows a page's requests from now on; `quiet()` resolves once none has been in flight for 500 ms, as Playwright's
 * "networkidle" does, except that the app's long-lived event streams (paths ending in `/events`: the live board's, the
 * chat's, the notification bell's) do not count, since a signed-in page always holds one open.
 */
export function networkQuiet(page: Page): { quiet: (timeoutMs?: number) => Promise<void>; stop: () => void } {
  const inFlight = new Set<unknown>();
  const isStream = (url: string) => new URL(url).pathname.endsWith('/events');
  const started = (request: { url: () => string }) => {
    if (!isStream(request.url())) inFlight.add(request);
  };
  const ended = (request: unknown) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = inFlight.size === 0 ? Date.now() : Number.POSITIVE_INFINITY;
      while (Date.now() - quietSince < 500) {
        if (Date.now() > deadline) throw new Error(`the page's requests never settled in ${timeoutMs} ms`);
        await sleep(50);
        if (inFlight.size > 0) quietSince = Number.POSITIVE_INFINITY;
        else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Calls the API (the stack's, or another at `api`) as `user` (or anonymously), throwing on a non-2xx answer with
 *  the server's message. */
export async function callApi<T>(
  method: 'GET' | 'POST',
  path: string,
  { user, body, tokens, api = stack().api }: { user?: TestUser; body?: unknown; tokens?: Tokens; api?: string } = {},
): Promise<T> {
  const idToken = tokens?.idToken ?? (user ? (await tokensFor(user)).idToken : undefined);
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined && method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(idToken ? { authorization: idToken } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const data = (await response.json().catch(() => ({}))) as T & { errMessage?: string; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${data.errMessage ?? data.message ?? ''}`);
  return data;
}

/** A signed-up user who has finished onboarding (status active) with the given call sign, and their user id; on the
 *  stack's API, or on another at `api` (a journey's own, whose users are its own). */
export async function createActiveUser(
  callSign = `E${randomInt(100_000, 999_999)}`,
  { phone, api }: { phone?: string; api?: string } = {},
): Promise<TestUser & { callSign: string; id: string }> {
  const user = await createUser({ phone });
  const tokens = await tokensFor(user);
  const { user: me } = await callApi<{ user: { _id: string } }>('POST', '/user/get-user', { tokens, api });
  await callApi('POST', '/user/initialize-user', {
    tokens,
    api,
    body: { callSign, ticker: callSign, displayName: `E2E ${callSign}` },
  });
  return { ...user, callSign, id: me._id };
}

export interface ContestFields {
  name: string;
  description?: string;
  /** Epoch milliseconds. */
  startsAt: number;
  endsAt: number;
  picksCount?: number;
  startingCash?: number;
  maxParticipants?: number;
  visibility?: 'public' | 'private';
  affiliations?: string[];
  /** API.md "Contest rules"; left out, the API's defaults (no shorts, no commission, no cap). */
  rules?: {
    shortSelling: boolean;
    commission: { perTrade: number; perShare: number };
    maxPositionPct: number | null;
  };
}

/** Creates a contest as `user` through the API (the stack's, or another at `api`; a team contest exactly when
 *  affiliations are given); its id. */
export async function createContest(
  user: TestUser,
  fields: ContestFields,
  { api }: { api?: string } = {},
): Promise<string> {
  const affiliations = fields.affiliations ?? [];
  const created = await callApi<{ data: { _id: string } }>('POST', '/contest/create-contest', {
    user,
    api,
    body: {
      name: fields.name,
      description: fields.description ?? '',
      startsAt: new Date(fields.startsAt).toISOString(),
      endsAt: new Date(fields.endsAt).toISOString(),
      picksCount: fields.picksCount ?? 2,
      startingCash: fields.startingCash ?? 10_000,
      maxParticipants: fields.maxParticipants ?? 10,
      visibility: fields.visibility ?? 'public',
      affiliations,
      isTeamCollaboration: affiliations.length > 0,
      ...(fields.rules ? { rules: fields.rules } : {}),
    },
  });
  return created.data._id;
}

/**
 * Moves an upcoming contest's start to a few seconds from now (the stack's minimum lead, plus room for one tick) and
 * its end `durationMs` after that, through the creator's edit. A journey creates its live contest far ahead, checks
 * whatever needs it upcoming for as long as that takes on a loaded machine, then starts it when it is ready to watch.
 */
export async function startSoon(
  user: TestUser,
  contestId: string,
  durationMs: number,
): Promise<{ startsAt: number; endsAt: number }> {
  const { contest } = await callApi<{ contest: Record<string, unknown> }>('POST', '/contest/get-contest', {
    user,
    body: { contestId },
  });
  const startsAt = Date.now() + stack().contest.minLeadMs + 3_000;
  const endsAt = startsAt + durationMs;
  const fields = [
    'name',
    'description',
    'picksCount',
    'startingCash',
    'maxParticipants',
    'visibility',
    'affiliations',
    'isTeamCollaboration',
  ];
  await callApi('POST', '/contest/edit-contest', {
    user,
    body: {
      contestId,
      ...Object.fromEntries(fields.map((field) => [field, contest[field]])),
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    },
  });
  return { startsAt, endsAt };
}

/** Waits until the clock has started the contest: its live board answers. */
export async function waitUntilLive(user: TestUser, contestId: string): Promise<void> {
  const tokens = await tokensFor(user);
  await poll('the contest never went live', () => callApi('GET', API_PATHS.activeContest(contestId), { tokens }), {
    timeoutMs: 60_000,
  });
}

// --- waiting on the app -----------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `read` every `everyMs` until it returns something other than undefined, and returns that. A throw counts as
 * not yet. After `timeoutMs` it fails, naming `what` and the last error. For states a journey waits for (a tick, a
 * fill, a board the screen agrees with), never for time itself.
 */
export async function poll<T>(
  what: string,
  read: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 60_000, everyMs = 500 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await read();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline)
      throw new Error(`${what} (after ${timeoutMs} ms${last ? `; last: ${String(last)}` : ''})`);
    await sleep(everyMs);
  }
}

/** Waits until the address bar shows `path` (pathname, and the query if given). */
export async function waitForPath(page: Page, path: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${path.includes('?') ? url.search : ''}` === path, { timeout });
}

export const UNAVAILABLE_TEXT = 'This part of Bullpen is unavailable';

// --- the runtime config a page sees ------------------------------------------------------------------------------

/** Serves this page only a runtime config changed by `edit`, exactly as a redeploy would serve it: /config.json, and
 *  the config the host page carries inline (scripts/lib/inline-config.mjs), rewritten in the page as the parser adds
 *  it, before any script runs. (Not by answering the page from the test: Chromium then treats the page as coming from
 *  no address, and refuses its requests to loopback, the remotes', the API's.) */
export async function withConfig(page: Page, edit: (config: RuntimeConfig) => RuntimeConfig): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as RuntimeConfig;
    await route.fulfill({ response, json: edit(config) });
  });
  const edited = edit(stack().config);
  await page.addInitScript((json) => {
    const rewrite = () => {
      const element = document.getElementById('bullpen-config');
      if (!element || element.dataset.e2e === 'edited') return false;
      element.textContent = json;
      element.dataset.e2e = 'edited';
      return true;
    };
    if (rewrite()) return;
    const observer = new MutationObserver(() => {
      if (rewrite()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, JSON.stringify(edited));
}

/** No serious or critical WCAG 2.0/2.1 A/AA violation from axe on `page`; `screen` names it in a failure. */
/** The page's buttons and button-like links that an open toast covers, by name: none, where toasts are well placed. */
export async function buttonsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.host-toasts > *')].map((toast) => toast.getBoundingClientRect());
    const hit = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...document.querySelectorAll('main button, main a.bp-button')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && toasts.some((toast) => hit(box, toast));
      })
      .map((element) => element.textContent?.trim() ?? '');
  });
}

export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect({ screen, blocking }).toEqual({ screen, blocking: [] });
}

/**
 * The page never scrolls sideways; a full-page screenshot goes to `dir` (`<width>-<name>.png`) to look at. The sticky
 * header is drawn where the page is scrolled to: `fromTop` scrolls to the top first, so it is drawn at the top (not
 * when the picture is of something the pointer holds open, which moving the page would close).
 */
export async function shootFullPage(
  page: Page,
  dir: string,
  name: string,
  { fromTop = false }: { fromTop?: boolean } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()?.width ?? 0;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect({ name, width, scroll: scroll <= width }).toEqual({ name, width, scroll: true });
  await page.screenshot({ path: path.join(dir, `${width}-${name}.png`), fullPage: true });
}

// --- steps many journeys take -----------------------------------------------------------------------------------

export { sleep };

/** Waits until the clock reads `time` (ms since the epoch); at once if that has passed. */
export const waitUntil = (time: number) => sleep(Math.max(0, time - Date.now()));

/** A screen's title: the level-1 heading of its main region. */
export const mainHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name });

/** Reads the contest each second until the contest clock has moved it to `status`; fails after 90 reads. */
export async function waitForStatus(contestId: string, status: 'active' | 'completed'): Promise<void> {
  for (let attempt = 0; attempt < 90; attempt += 1) {
    const { contest } = await callApi<{ contest: { status: string } }>('POST', API_PATHS.getContest, {
      body: { contestId },
    });
    if (contest.status === status) return;
    await sleep(1_000);
  }
  throw new Error(`contest ${contestId} never became ${status}`);
}

/** A new tab of `browser` at `path`, kept in `tabs` for the journey's afterAll to close. */
export async function openTab(
  browser: Browser,
  tabs: TestPage[],
  path: string,
  options: PageOptions = {},
): Promise<TestPage> {
  const tab = await newPage(browser, options);
  tabs.push(tab);
  await tab.page.goto(appUrl(path));
  return tab;
}

/** The journey's tabs, then its browser (unset when beforeAll failed before launching it). */
export async function closeAll(browser: Browser | undefined, tabs: TestPage[]): Promise<void> {
  for (const tab of tabs) await tab.context.close();
  await browser?.close();
}

/**
 * A contest created as `user` that starts in an hour and lasts an hour: far enough ahead for its players to join while
 * it is upcoming, before the journey starts it with startSoon. Its id.
 */
export function createContestAhead(
  user: TestUser,
  fields: Omit<ContestFields, 'startsAt' | 'endsAt'>,
): Promise<string> {
  const startsAt = Date.now() + 60 * 60_000;
  return createContest(user, { ...fields, startsAt, endsAt: startsAt + 60 * 60_000 });
}

/** The two screens a journey checks at: a phone and a laptop (DESIGN §8: layouts hold at 390 and 1280 px). */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
