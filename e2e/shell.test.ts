// The federated shell in a real Chromium: routing while signed out, failure isolation, shared singletons, and
// switching a remote's version through config.json alone.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  createActiveUser,
  createContest,
  createUser,
  launchBrowser,
  newPage,
  poll,
  type RuntimeConfig,
  stack,
  UNAVAILABLE_TEXT,
  waitForPath,
  withConfig,
} from './helpers';
import { serveDirectory } from './helpers/serve-directory';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A port where nothing listens: what the browser meets when a remote's server is stopped. */
async function stoppedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('signed out (SPEC §2)', () => {
  it('sends /home to /auth, remembering the full address under "next"', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl('/home?tab=live'));
    await waitForPath(page, '/auth');
    expect(await page.evaluate(() => localStorage.getItem('next'))).toBe(appUrl('/home?tab=live'));
    await context.close();
  });

  it('keeps /terms and shows the terms', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl('/terms'));
    await page.getByRole('heading', { level: 1, name: /terms/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms');
    await context.close();
  });

  it('sends an unknown path to /auth', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl('/no-such-path'));
    await waitForPath(page, '/auth');
    await context.close();
  });
});

describe('signed in with a real session (SPEC §2, §4)', () => {
  /** Puts `value` under "next" once, before the app starts, as a signed-out visit would have left it. */
  async function withNext(context: import('playwright-core').BrowserContext, value: string) {
    await context.addInitScript((next) => {
      if (sessionStorage.getItem('e2e-next')) return;
      localStorage.setItem('next', next);
      sessionStorage.setItem('e2e-next', '1');
    }, value);
  }

  it('follows a same-origin "next" (path and query), removes it, and sends /auth to /home afterwards', async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    await withNext(context, appUrl('/terms?from=invite'));
    await page.goto(appUrl('/auth'));
    await waitForPath(page, '/terms?from=invite');
    await page.getByRole('heading', { level: 1, name: /terms/i }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('next'))).toBeNull();
    // The history entry was replaced: the tab holds about:blank and one entry, not /auth and then /terms.
    expect(await page.evaluate(() => window.history.length)).toBe(2);

    await page.goto(appUrl('/auth'));
    await waitForPath(page, '/home');
    await context.close();
  });

  it('ignores a "next" that points at another site', async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    await withNext(context, 'https://evil.example/steal?x=1');
    await page.goto(appUrl('/'));
    await waitForPath(page, '/home');
    expect(new URL(page.url()).origin).toBe(new URL(stack().app).origin);
    expect(await page.evaluate(() => localStorage.getItem('next'))).toBeNull();
    await context.close();
  });

  it('shows onboarding from remote-profile to a new user, whatever the address', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser, { user });
    await page.goto(appUrl('/create-contest'));
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
    await context.close();
  });
});

describe('failure isolation (DESIGN §1)', () => {
  it('shows the fallback for a stopped remote inside the layout, while other routes keep working', async () => {
    const { page, context } = await newPage(browser);
    const port = await stoppedPort();
    await withConfig(page, (config) => ({
      ...config,
      remotes: { ...config.remotes, contests: `http://localhost:${port}/mf-manifest.json` },
    }));

    // remote_contests serves /join-contest-info/:contestId: with it stopped, only that part of the screen falls back.
    await page.goto(appUrl('/join-contest-info/c-123'));
    await page.getByRole('heading', { name: UNAVAILABLE_TEXT }).waitFor({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Bullpen home' }).isVisible()).resolves.toBe(true);

    // Another remote (remote_auth on /auth) and the host's own page still work in the same session.
    await page.getByRole('link', { name: 'Terms' }).click();
    await page.getByRole('heading', { level: 1, name: /terms/i }).waitFor();
    await page.goto(appUrl('/auth'));
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);

    // Retry really tries again: still down, still the fallback (and no crash).
    await page.goto(appUrl('/join-contest-info/c-123'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: UNAVAILABLE_TEXT }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('a retry touches only the remote that failed (DESIGN §1)', () => {
  it('keeps a loaded remote: back on its page after another remote failed and was retried, nothing of it is fetched again', async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    const port = await stoppedPort();
    await withConfig(page, (config) => ({
      ...config,
      remotes: { ...config.remotes, contests: `http://localhost:${port}/mf-manifest.json` },
    }));
    const profileOrigin = new URL(stack().config.remotes.profile).origin;
    const profileLoads: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(profileOrigin) && /mf-manifest\.json|remoteEntry/.test(request.url()))
        profileLoads.push(request.url());
    });

    await page.goto(appUrl('/profile'));
    await page.getByRole('main').getByText(user.callSign).first().waitFor({ timeout: 30_000 });
    expect(profileLoads.length).toBeGreaterThan(0);
    const loaded = profileLoads.length;

    // remote-contests is down: its page falls back, and Retry tries it again (still down).
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: UNAVAILABLE_TEXT }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: UNAVAILABLE_TEXT }).waitFor({ timeout: 30_000 });

    // Back to the profile in the same document: remote-profile's modules were kept, so neither its manifest nor
    // its entry is fetched again (a retry resets only the remote that failed).
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('main').getByText(user.callSign).first().waitFor({ timeout: 30_000 });
    expect(profileLoads.slice(loaded)).toEqual([]);
    await context.close();
  });
});

describe('the host page names the chunks it boots with', () => {
  it("preloads exactly the host scripts the sign-in form runs besides main.js, Amplify's core included, each fetched once", async () => {
    const { page, context } = await newPage(browser);
    const hostOrigin = new URL(appUrl('/')).origin;
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === hostOrigin && request.url().endsWith('.js')) fetched.push(request.url());
    });
    await page.goto(appUrl('/auth'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
    // The host's own: main.js adds the route's remote entry and page chunks to the same list once it runs.
    const preloaded = (
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => link.href),
      )
    ).filter((url) => new URL(url).origin === hostOrigin);
    const listed = (id: string) =>
      page.evaluate(
        (elementId) =>
          (JSON.parse(document.getElementById(elementId)?.textContent ?? '[]') as string[]).map(
            (href) => new URL(href, document.baseURI).href,
          ),
        id,
      );
    // The Authenticator runs on Amplify's core: the sign-in page names the core's scripts (the list the build puts in
    // the page) beside the boot chunks, so they download with main.js (scripts/lib/sign-in-preloads.mjs).
    const core = await listed('bullpen-sign-in-chunks');
    expect(core.length).toBeGreaterThan(0);
    expect(core.every((url) => preloaded.includes(url))).toBe(true);
    // The host's own auth functions are not preloaded: the widget loads them once its form is on screen.
    const hostAuth = (await listed('bullpen-auth-chunks')).filter((url) => !core.includes(url));
    expect(hostAuth.length).toBeGreaterThan(0);
    expect(hostAuth.some((url) => preloaded.includes(url))).toBe(false);
    await page.waitForFunction((urls) => urls.every((url) => performance.getEntriesByName(url).length > 0), hostAuth, {
      timeout: 30_000,
    });
    // Every preload is used, and nothing else of the host's but its auth functions is fetched.
    const booted = fetched.filter((url) => !/\/main\.[0-9a-f]+\.js$/.test(url) && !hostAuth.includes(url));
    expect([...preloaded].sort()).toEqual([...new Set(booted)].sort());
    // A preload the page then asks for again (a different URL, or a credentials mismatch) would be two downloads.
    expect(fetched.length).toBe(new Set(fetched).size);
    await context.close();
  });

  it("sends the sign-in page's chunk marked for eager compilation, with Amplify's sign-in flows after the form", async () => {
    const { page, context } = await newPage(browser);
    const remoteAuth = new URL(stack().config.remotes.auth).origin;
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (new URL(url).origin === remoteAuth && url.endsWith('.js')) scripts.push({ url, body: response.text() });
    });
    await page.goto(appUrl('/auth'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
    const pageChunk = scripts.find((script) => /\/__federation_expose_AuthPage\.[0-9a-f]+\.js$/.test(script.url));
    if (!pageChunk) throw new Error("remote-auth's AuthPage chunk was not fetched");
    // V8's explicit compile hint, first in the file (remote-auth's eagerCompile build option).
    expect((await pageChunk.body).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // Amplify's Cognito sign-in (SRP) is not in the chunk the form waits for: it arrives in one of its own.
    expect(await pageChunk.body).not.toContain('USER_SRP_AUTH');
    await poll("Amplify's sign-in flows", async () => {
      const bodies = await Promise.all(scripts.map((script) => script.body));
      return bodies.some((body) => body.includes('USER_SRP_AUTH')) || undefined;
    });
    await context.close();
  });

  it("a signed-in visit with a good stored token shows its page without Amplify's scripts", async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(appUrl('/profile'));
    await page.getByRole('main').getByText(user.callSign).first().waitFor({ timeout: 30_000 });
    const authChunks = await page.evaluate(
      () => JSON.parse(document.getElementById('bullpen-auth-chunks')?.textContent ?? '[]') as string[],
    );
    expect(authChunks.length).toBeGreaterThan(0);
    const hostOrigin = new URL(appUrl('/')).origin;
    expect(fetched.filter((url) => authChunks.some((chunk) => url === `${hostOrigin}${chunk}`))).toEqual([]);
    // Signing out needs Amplify: the header loads it then, and the page is signed out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/auth');
    expect(fetched.some((url) => url.includes('/auth-session.'))).toBe(true);
    await context.close();
  });
});

describe('a warm visit shows the last /home at once', () => {
  it('paints the page its user last saw before the app starts; the app replaces it; sign-out forgets it', async () => {
    const user = await createActiveUser();
    const name = `Kept page ${Date.now().toString(36)}`;
    await createContest(user, { name, startsAt: Date.now() + 3_600_000, endsAt: Date.now() + 7_200_000 });
    const { page, context } = await newPage(browser, { user });
    await page.goto(appUrl('/home'));
    await page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor({ timeout: 30_000 });

    // The next visit's app is held back (its boot chunk waits): what shows is the kept page, the contest in it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/bootstrap\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not until 'load': the held chunk is preloaded by the page, which holds its load event too.
    await page.goto(appUrl('/home'), { waitUntil: 'domcontentloaded' });
    const kept = page.locator('#bullpen-last-page');
    await kept
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('#root').isVisible()).toBe(false);

    // The app starts behind it and takes over with its own page.
    release();
    await kept.waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .locator('#root')
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.unroute(/\/bootstrap\.[0-9a-f]+\.js$/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/auth');
    expect(await page.evaluate(() => localStorage.getItem('bullpen:last-page'))).toBeNull();
    await context.close();
  });
});

describe('shared singletons (DESIGN §1)', () => {
  it('gives two remotes the same store instances: what one writes, the other and the host read', async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    // One document, pages of three remotes: trading by address, then contests and profile through the header.
    await page.goto(appUrl('/live-contest/not-a-contest'));
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await waitForPath(page, '/home');
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('main').getByText(user.callSign).first().waitFor({ timeout: 30_000 });

    const result = await page.evaluate(async () => {
      type SharedModule = {
        toast: { warning: (message: string) => number };
        useToastStore: { getState: () => { toasts: { message: string }[] } };
        useUserStore: { getState: () => { user: { id: string; ticker: string } | null } };
      };
      type Instance = { name: string; loadShare: (name: string) => Promise<false | (() => SharedModule)> };
      const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
      const of = async (name: string) => {
        const instance = federation.__INSTANCES__.find((candidate) => candidate.name === name);
        if (!instance) throw new Error(`${name} is not loaded`);
        const factory = await instance.loadShare('@bullpen/shared');
        if (!factory) throw new Error(`${name} has no @bullpen/shared`);
        return factory();
      };
      const contests = await of('remote_contests');
      const trading = await of('remote_trading');
      const profile = await of('remote_profile');
      contests.toast.warning('Written by remote_contests');
      return {
        loaded: federation.__INSTANCES__.map((instance) => instance.name).sort(),
        sameToastStore:
          contests.useToastStore === trading.useToastStore && trading.useToastStore === profile.useToastStore,
        sameUserStore: contests.useUserStore === trading.useUserStore && trading.useUserStore === profile.useUserStore,
        tradingSeesToast: trading.useToastStore
          .getState()
          .toasts.some((t) => t.message === 'Written by remote_contests'),
        userSeenByTrading: trading.useUserStore.getState().user,
      };
    });

    expect(result.loaded).toEqual(
      expect.arrayContaining(['host', 'remote_contests', 'remote_profile', 'remote_trading']),
    );
    expect(result.sameToastStore).toBe(true);
    expect(result.sameUserStore).toBe(true);
    expect(result.tradingSeesToast).toBe(true);
    // The host stored the signed-in user; a remote reads it from the one store.
    expect(result.userSeenByTrading).toMatchObject({ ticker: user.callSign });
    // The host's toaster rendered the toast a remote wrote.
    await page.getByRole('status').filter({ hasText: 'Written by remote_contests' }).waitFor();
    await context.close();
  });
});

const execFileAsync = promisify(execFile);

describe('rolling a remote out and back through config.json (DESIGN §1)', () => {
  const ROOT = path.resolve(__dirname, '..');
  const secondBuild = path.join(ROOT, '.e2e-artifacts', 'remote-contests-v2');
  let server: { url: string; close: () => Promise<void> } | undefined;

  beforeAll(async () => {
    // A second build of remote-contests, with its own version in the manifest, in its own folder.
    await rm(secondBuild, { recursive: true, force: true });
    await execFileAsync(
      process.execPath,
      [
        path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin', 'rspack.js'),
        'build',
        '--config',
        'rspack.config.ts',
      ],
      {
        cwd: path.join(ROOT, 'remote-contests'),
        env: { ...process.env, NODE_ENV: 'production', BULLPEN_DIST_DIR: secondBuild, MF_BUILD_VERSION: '2.0.0-e2e' },
      },
    );
    server = await serveDirectory(secondBuild, stack().spareBase ?? 0);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('loads the build config.json names, with no host rebuild', async () => {
    const s = stack();
    const v1 = s.config.remotes.contests;
    const v2 = `${server?.url}/mf-manifest.json`;
    const manifest = JSON.parse(await readFile(path.join(secondBuild, 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.buildInfo.buildVersion).toBe('2.0.0-e2e');

    const configFile = s.configFile ?? null;
    const original = configFile ? await readFile(configFile, 'utf8') : null;
    const deploy = async (page: Page, entry: string) => {
      // On our own stack: edit the deployed config.json, exactly as an operator would. On a borrowed stack: serve
      // the edited file to this page only.
      if (configFile && original) {
        const config = JSON.parse(original) as RuntimeConfig;
        await writeFile(configFile, JSON.stringify({ ...config, remotes: { ...config.remotes, contests: entry } }));
      } else {
        await page.unroute('**/config.json');
        await withConfig(page, (config) => ({ ...config, remotes: { ...config.remotes, contests: entry } }));
      }
    };
    const { page, context } = await newPage(browser);
    const visit = async () => {
      const requests: string[] = [];
      const listener = (request: { url: () => string }) => requests.push(request.url());
      page.on('request', listener);
      await page.goto(appUrl('/join-contest-info/c-1'));
      await page.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      const hostScript = requests.find((url) => url.startsWith(s.app) && /\/main\.[0-9a-f]+\.js$/.test(url));
      // The manifests the page used: those the host's server put in it, or fetched by the page itself.
      const inline = await page.evaluate(() =>
        Object.keys(JSON.parse(document.getElementById('bullpen-manifests')?.textContent ?? '{}')),
      );
      return { requests, hostScript, manifests: [...inline, ...requests.filter((url) => url.endsWith('.json'))] };
    };

    try {
      await deploy(page, v2);
      const onV2 = await visit();
      expect(onV2.manifests).toContain(v2);
      expect(onV2.manifests).not.toContain(v1);
      expect(onV2.requests.some((url) => url.startsWith(`${server?.url}/`) && url.endsWith('.js'))).toBe(true);
      expect(onV2.requests.some((url) => url.startsWith(new URL(v1).origin))).toBe(false);
      expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);

      await deploy(page, v1);
      const onV1 = await visit();
      expect(onV1.manifests).toContain(v1);
      expect(onV1.manifests).not.toContain(v2);
      expect(onV1.requests.some((url) => url.startsWith(`${server?.url}/`))).toBe(false);
      // The same host build served both: its entry script did not change.
      expect(onV1.hostScript).toBeDefined();
      expect(onV1.hostScript).toBe(onV2.hostScript);
    } finally {
      if (configFile && original) await writeFile(configFile, original);
      await context.close();
    }
  });
});
