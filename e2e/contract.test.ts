// The contract between the host and its remotes (docs/host-remote-contract.md), on the builds the
// stack serves: every page the host routes to is one its remote's built manifest exposes, and a remote built against
// another major of @bullpen/shared is refused (fallback + console message) while one built against another minor loads.
import { execFile } from 'node:child_process';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { HOST_ROUTES, ONBOARDING_PAGE } from '../host/src/app/route-table';
import { isRedirect, type PageRoute } from '../host/src/features/remotes/api/route-match';
import { appUrl, launchBrowser, newPage, type RuntimeConfig, stack, UNAVAILABLE_TEXT, withConfig } from './helpers';
import { serveDirectory } from './helpers/serve-directory';

interface Manifest {
  name: string;
  exposes: { name: string; path: string }[];
  shared: { name: string; version: string; requiredVersion?: string | false; singleton?: boolean }[];
}

async function manifestAt(url: string): Promise<Manifest> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Manifest;
}

describe('every host route resolves to a page its remote exposes', () => {
  const routes: Pick<PageRoute, 'path' | 'remote' | 'page'>[] = [
    ...HOST_ROUTES.filter((entry): entry is PageRoute => !isRedirect(entry)),
    { path: '(onboarding gate)', ...ONBOARDING_PAGE },
  ];

  it.each(['auth', 'contests', 'trading', 'profile'] as const)(
    '%s: the built manifest exposes each routed page',
    async (remote) => {
      const manifest = await manifestAt(stack().config.remotes[remote]);
      const exposed = new Set(manifest.exposes.map((expose) => expose.name));
      const missing = routes
        .filter((route) => route.remote === remote)
        .filter((route) => !exposed.has(route.page))
        .map((route) => `${route.path} -> ${remote}/${route.page}`);
      expect(missing).toEqual([]);
    },
  );

  it('every shared singleton in every manifest carries a semver version and a required range', async () => {
    const problems: string[] = [];
    for (const remote of ['auth', 'contests', 'trading', 'profile'] as const) {
      const manifest = await manifestAt(stack().config.remotes[remote]);
      for (const shared of manifest.shared) {
        if (!/^\d+\.\d+\.\d+/.test(shared.version))
          problems.push(`${remote} ${shared.name}: version ${shared.version}`);
        if (typeof shared.requiredVersion !== 'string' || shared.requiredVersion === '*')
          problems.push(`${remote} ${shared.name}: requiredVersion ${String(shared.requiredVersion)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

const execFileAsync = promisify(execFile);

/** The @bullpen/shared copies the federation runtime has loaded on the page, as "version from app". */
function loadedSharedVersions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = (
      globalThis as {
        __FEDERATION__?: {
          __SHARE__?: Record<
            string,
            Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>
          >;
        };
      }
    ).__FEDERATION__?.__SHARE__;
    const versions: string[] = [];
    for (const instance of Object.values(scope ?? {}))
      for (const [version, info] of Object.entries(instance.default?.['@bullpen/shared'] ?? {}))
        if (info.loaded) versions.push(`${version} from ${info.from}`);
    return versions;
  });
}

describe('versioned shared code: a remote built against another @bullpen/shared release', () => {
  const ROOT = path.resolve(__dirname, '..');
  // Computed from the release in shared/package.json, so a shared major bump keeps the test meaningful: the next
  // major (incompatible) and a newer minor of the current major (compatible).
  const current = (require('../shared/package.json') as { version: string }).version;
  const major = Number(current.split('.')[0]);
  const builds = { major: `${major + 1}.0.0`, minor: `${major}.1.0` } as const;
  const servers: Partial<Record<keyof typeof builds, { url: string; close: () => Promise<void> }>> = {};
  let browser: Browser;

  /** A production build of one app as if made against another @bullpen/shared release, in its own folder. */
  async function buildAs(app: 'host' | 'remote-contests', version: string): Promise<string> {
    const dir = path.join(ROOT, '.e2e-artifacts', `${app}-shared-${version}`);
    await rm(dir, { recursive: true, force: true });
    await execFileAsync(
      process.execPath,
      [
        path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin', 'rspack.js'),
        'build',
        '--config',
        'rspack.config.ts',
      ],
      {
        cwd: path.join(ROOT, app),
        env: { ...process.env, NODE_ENV: 'production', BULLPEN_DIST_DIR: dir, BULLPEN_SHARED_VERSION: version },
      },
    );
    return dir;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    // Spare ports base+8 and base+9 (shell.test.ts's second build uses base+7).
    let port = (stack().spareBase ?? 0) && (stack().spareBase ?? 0) + 1;
    for (const [kind, version] of Object.entries(builds) as [keyof typeof builds, string][]) {
      const dir = await buildAs('remote-contests', version);
      servers[kind] = await serveDirectory(dir, port);
      if (port) port += 1;
    }
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    for (const server of Object.values(servers)) await server?.close();
  });

  async function visitWith(kind: keyof typeof builds) {
    const entry = `${servers[kind]?.url}/mf-manifest.json`;
    const manifest = await manifestAt(entry);
    const shared = manifest.shared.find((item) => item.name === '@bullpen/shared');
    const { page, context } = await newPage(browser);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    // As an operator deploys it: the served config.json (the host's Content-Security-Policy follows it), as
    // shell.test.ts's rollout does; on a borrowed stack, this page's config only.
    const configFile = stack().configFile;
    const original = configFile ? await readFile(configFile, 'utf8') : null;
    if (configFile && original) {
      const config = JSON.parse(original) as RuntimeConfig;
      await writeFile(configFile, JSON.stringify({ ...config, remotes: { ...config.remotes, contests: entry } }));
    } else {
      await withConfig(page, (config) => ({ ...config, remotes: { ...config.remotes, contests: entry } }));
    }
    const restore = async () => {
      await context.close();
      if (configFile && original) await writeFile(configFile, original);
    };
    await page.goto(appUrl('/join-contest-info/c-1'));
    return { page, restore, messages, shared };
  }

  it('the next major is refused: the fallback, Retry, and a console message naming the refusal', async () => {
    const { page, restore, messages, shared } = await visitWith('major');
    try {
      expect(shared).toMatchObject({ version: builds.major, requiredVersion: `^${builds.major}`, singleton: true });
      await page.getByText(UNAVAILABLE_TEXT).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      // loadRemotePage logs the refusal before the fallback renders.
      expect(messages.join('\n')).toContain('[host] refused remote "contests"');
      expect(messages.join('\n')).toContain('@bullpen/shared does not satisfy the requirement');
      expect(messages.join('\n')).toContain(`^${builds.major}`);
    } finally {
      await restore();
    }
  });

  it("a newer minor than the host provides loads and runs on the host's copy", async () => {
    const { page, restore, messages, shared } = await visitWith('minor');
    try {
      expect(shared).toMatchObject({ version: builds.minor, requiredVersion: `^${major}.0.0`, singleton: true });
      await page.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
      expect(messages.filter((text) => text.includes('does not satisfy'))).toEqual([]);
      // One @bullpen/shared on the page: the host's own release is loaded, the remote's newer-minor copy never is.
      const loaded = await loadedSharedVersions(page);
      expect(loaded).toEqual([`${current} from host`]);
    } finally {
      await restore();
    }
  });

  // The reverse direction: the host is deployed first with a newer minor, the remotes stay on the release they were
  // built with. The stack's own remotes are the current release; only the host's files are swapped, then put back.
  it('a host built as a newer minor serves the remotes built against the current release', async () => {
    const hostDist = stack().hostDist;
    if (!stack().owned || !hostDist) return; // a borrowed stack's host is not ours to swap
    const newer = await buildAs('host', builds.minor);
    const kept = `${hostDist}.kept`;
    await rename(hostDist, kept);
    await cp(newer, hostDist, { recursive: true });
    const { page, context } = await newPage(browser);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    try {
      await page.goto(appUrl('/join-contest-info/c-1'));
      await page.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
      expect(messages.filter((text) => text.includes('does not satisfy') || text.includes('refused'))).toEqual([]);
      // The remote (built against the current release) runs on the host's newer copy: one @bullpen/shared.
      const loaded = await loadedSharedVersions(page);
      expect(loaded).toEqual([`${builds.minor} from host`]);
    } finally {
      await context.close();
      await rm(hostDist, { recursive: true, force: true });
      await rename(kept, hostDist);
    }
  }, 360_000);
});
