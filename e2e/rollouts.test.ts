// Operators roll out one remote with `npm run remote` (docs/operating-remotes.md), against the running stack: a
// changed remote-contests released and rolled out as a 50 % canary (20 users, each on one release across reloads, both
// releases seen), promoted and rolled back, all without a restart or a host rebuild; a release built against another
// major of @bullpen/shared refused by the gate; and a canary that throws on load rolled back by the API's canary watch
// while the rest of the app keeps working.
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  createActiveUser,
  launchBrowser,
  networkQuiet,
  newPage,
  stack,
  type TestUser,
  UNAVAILABLE_TEXT,
  waitForPath,
} from './helpers';

const ROOT = path.resolve(__dirname, '..');
const TSX = require.resolve('tsx/cli');
const owned = Boolean(stack().owned && stack().releaseStore);
const describeOwned = owned ? describe : describe.skip;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run remote -- <args>` against this stack's release store, host and API. */
function remote(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const s = stack();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, path.join(ROOT, 'scripts', 'remote.mjs'), ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          RELEASE_STORE: s.releaseStore,
          HOST_URL: s.app,
          API_URL: s.api,
          OPS_TOKEN: s.opsToken ?? '',
          REMOTE_OPERATOR: 'e2e operator',
          ...env,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function released(args: string[], env: Record<string, string> = {}): Promise<string> {
  const outcome = await remote(['release', ...args], env);
  if (outcome.code !== 0) throw new Error(`release failed: ${outcome.stderr}`);
  const version = /^(?:Released remote-contests (\S+)|remote-contests (\S+) is released already)/m.exec(outcome.stdout);
  return version?.[1] ?? version?.[2] ?? fail(outcome.stdout);
}

function fail(stdout: string): never {
  throw new Error(`no version in: ${stdout}`);
}

interface Status {
  remotes: {
    remote: string;
    live: string;
    canary: { version: string; percent: number; autoRollback: boolean } | null;
    health: { release: string; views: number; loadFailures: number; errorsPerThousand: number }[];
  }[];
}
async function contestsStatus() {
  const outcome = await remote(['status', '--json']);
  expect(outcome.code).toBe(0);
  return (JSON.parse(outcome.stdout) as Status).remotes.find((entry) => entry.remote === 'remote-contests');
}

const readLog = async () =>
  (await readFile(path.join(stack().releaseStore ?? '', 'deployments.jsonl'), 'utf8').catch(() => ''))
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The release of remote-contests a page's scripts came from: a release's version, or 'base' (its own build). */
function releaseOf(requests: string[]): string | null {
  const contests = new URL(stack().config.remotes.contests).origin;
  for (const url of requests) {
    const match = /\/releases\/remote-contests\/([^/]+)\//.exec(url);
    if (match && url.endsWith('.js')) return match[1] ?? null;
  }
  return requests.some((url) => url.startsWith(`${contests}/`) && url.endsWith('.js')) ? 'base' : null;
}

/** Loads `address` (or reloads) and says which release of remote-contests the page ran. `failing`: the page is
 *  expected to end on the fallback (it is waited for, through the host's retries). */
async function visit(page: Page, address: string, { reload = false, failing = false } = {}) {
  const requests: string[] = [];
  const listener = (request: { url: () => string }) => requests.push(request.url());
  page.on('request', listener);
  const network = networkQuiet(page);
  if (reload) await page.reload();
  else await page.goto(appUrl(address));
  const shown = page.getByRole('main').locator('h1, h2').first();
  // A page expected to fail may also come up whole: the API's watch can end the canary between two loads.
  if (failing) await page.getByText(UNAVAILABLE_TEXT).or(shown).first().waitFor({ timeout: 30_000 });
  else await shown.waitFor({ timeout: 30_000 });
  // Every request of the load done (the notification bell's stream stays open: it is not waited for).
  await network.quiet();
  network.stop();
  page.off('request', listener);
  return { release: releaseOf(requests), unavailable: (await page.getByText(UNAVAILABLE_TEXT).count()) > 0 };
}

/** The health counts this page has sent to the API (its beacons' bodies), added up. */
function beaconsOf(page: Page) {
  const sent = { views: 0, loadFailures: 0, errors: 0 };
  page.on('request', (request) => {
    if (!request.url().endsWith('/telemetry/remote-health')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { reports?: (typeof sent)[] };
    for (const report of body.reports ?? []) {
      sent.views += report.views;
      sent.loadFailures += report.loadFailures;
      sent.errors += report.errors;
    }
  });
  return {
    sent,
    /** Sends what the page still holds (as leaving it does) and waits until the API has been told `enough`. */
    async flushUntil(page: Page, enough: (counts: typeof sent) => boolean) {
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const deadline = Date.now() + 15_000;
      while (!enough(sent) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(enough(sent)).toBe(true);
    },
  };
}

describeOwned('rolling out one remote with npm run remote', () => {
  let browser: Browser;
  let changed: string;
  const users: { user: TestUser; release: string }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    // A changed remote-contests: another build version in its manifest, so other content and another release.
    changed = await released(['remote-contests'], { MF_BUILD_VERSION: '1.0.1-e2e' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    // A journey that failed midway must not leave a canary for the journeys that run after this file.
    if ((await contestsStatus())?.canary) await remote(['rollback', 'remote-contests']);
  });

  it('a 50 % canary: 20 users each stay on one release across reloads, both releases are seen; promote, roll back', async () => {
    const rollout = await remote(['rollout', 'remote-contests', changed, '--canary', '50']);
    expect(rollout.stderr).toBe('');
    expect(rollout.code).toBe(0);
    expect(await contestsStatus()).toMatchObject({ live: 'base', canary: { version: changed, percent: 50 } });

    // At least 20 users, and enough on each side for the last journey (five on the canary, two on the live release):
    // the share is a hash of each id, so twenty ids can fall unevenly; more are made until both sides have enough.
    const enough = () =>
      users.length >= 20 &&
      users.filter((entry) => entry.release === changed).length >= 5 &&
      users.filter((entry) => entry.release === 'base').length >= 2;
    while (!enough() && users.length < 40) {
      const user = await createActiveUser();
      const { page, context } = await newPage(browser, { user });
      const first = await visit(page, '/home');
      const again = await visit(page, '/home', { reload: true });
      await context.close();
      expect(first.unavailable).toBe(false);
      expect([changed, 'base']).toContain(first.release);
      // Sticky: the same user, the same release, load after load.
      expect(again.release).toBe(first.release);
      users.push({ user, release: first.release as string });
    }
    const seen = new Set(users.map((entry) => entry.release));
    expect(seen).toEqual(new Set([changed, 'base']));

    // Promote: the users who had the live release get the canary on their next load.
    expect((await remote(['promote', 'remote-contests'])).code).toBe(0);
    const wasLive = users.find((entry) => entry.release === 'base') as { user: TestUser };
    {
      const { page, context } = await newPage(browser, { user: wasLive.user });
      expect(await visit(page, '/home')).toEqual({ release: changed, unavailable: false });
      // The page itself says what it loads: the inline config names the release.
      const inline = await page.evaluate(() =>
        JSON.parse(document.getElementById('bullpen-config')?.textContent ?? '{}'),
      );
      expect(inline.releases.contests).toEqual({ live: changed });
      await context.close();
    }

    // Roll back: its own build again, for everyone.
    expect((await remote(['rollback', 'remote-contests'])).code).toBe(0);
    const wasCanary = users.find((entry) => entry.release === changed) as { user: TestUser };
    {
      const { page, context } = await newPage(browser, { user: wasCanary.user });
      expect(await visit(page, '/home')).toEqual({ release: 'base', unavailable: false });
      await context.close();
    }
    expect((await readLog()).map((entry) => [entry.action, entry.version, entry.by])).toEqual(
      expect.arrayContaining([
        ['canary', changed, 'e2e operator'],
        ['promote', changed, 'e2e operator'],
        ['rollback', 'base', 'e2e operator'],
      ]),
    );
    const status = await contestsStatus();
    expect(status).toMatchObject({ live: 'base', canary: null });
    // The pages reported themselves: views of both releases, and none of the new release's failed. (The live build's
    // own counts also hold the faults other journeys provoke on purpose in the same minutes.)
    expect(status?.health.find((row) => row.release === changed)?.views).toBeGreaterThan(0);
    expect(status?.health.find((row) => row.release === changed)?.errorsPerThousand).toBe(0);
    expect(status?.health.find((row) => row.release === 'base')?.views).toBeGreaterThan(0);
  }, 600_000);

  it('refuses a release built against another major of @bullpen/shared, and changes nothing', async () => {
    const major = Number((require('../shared/package.json') as { version: string }).version.split('.')[0]);
    const incompatible = await released(['remote-contests'], { BULLPEN_SHARED_VERSION: `${major + 1}.0.0` });
    const store = stack().releaseStore ?? '';
    const read = (file: string) => readFile(path.join(store, file), 'utf8').catch(() => '(none)');
    const before = { live: await read('live.json'), log: await read('deployments.jsonl') };
    const refused = await remote(['rollout', 'remote-contests', incompatible, '--canary', '10']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refused: remote-contests ${incompatible}`);
    expect(refused.stderr).toContain(
      `package @bullpen/shared: the release requires @bullpen/shared ^${major + 1}.0.0; the live host provides`,
    );
    expect(await read('live.json')).toBe(before.live);
    expect(await read('deployments.jsonl')).toBe(before.log);

    // --force goes ahead, and the log keeps what it overrode; then it is taken back.
    const forced = await remote(['rollout', 'remote-contests', incompatible, '--canary', '1', '--force']);
    expect(forced.code).toBe(0);
    const entry = (await readLog()).at(-1) as { forced?: { problems: string[] } };
    expect(entry.forced?.problems.join('\n')).toContain('@bullpen/shared');
    expect((await remote(['rollback', 'remote-contests'])).code).toBe(0);
  }, 300_000);

  it('a canary that throws on load is rolled back by the API while the rest of the app keeps working', async () => {
    // The changed release, with its home page made to throw as it loads.
    const broken = path.join(ROOT, '.e2e-artifacts', 'remote-contests-throws');
    await rm(broken, { recursive: true, force: true });
    await cp(path.join(stack().releaseStore ?? '', 'remote-contests', changed), broken, { recursive: true });
    await rm(path.join(broken, 'release.json'));
    const chunk = (await readdir(broken)).find((name) => /^__federation_expose_HomePage\..*\.js$/.test(name));
    if (!chunk) throw new Error('no HomePage chunk in the release');
    const source = await readFile(path.join(broken, chunk), 'utf8');
    await writeFile(path.join(broken, chunk), `throw new Error('canary fault (e2e)');\n${source}`);
    const throwing = await released(['remote-contests', '--from', broken]);

    const rollout = await remote(['rollout', 'remote-contests', throwing, '--canary', '50', '--auto-rollback']);
    expect(rollout.code).toBe(0);
    // The users the first journey placed on the canary land on it again (the share and the ids are the same).
    const onCanary = users.filter((entry) => entry.release === changed).slice(0, 5);
    const onLive = users.filter((entry) => entry.release === 'base').slice(0, 2);
    expect(onCanary.length).toBe(5);

    const visitAndReport = async (user: TestUser, expectFailure: boolean) => {
      const { page, context } = await newPage(browser, { user });
      const beacons = beaconsOf(page);
      const home = await visit(page, '/home', { failing: expectFailure });
      // Rolled back by the watch since this user's last load: the page ran the live release, as it should now.
      if (expectFailure && home.release === 'base' && !(await contestsStatus())?.canary) {
        await context.close();
        return 'rolled back';
      }
      await beacons.flushUntil(page, (sent) => sent.views >= 1 && (!expectFailure || sent.loadFailures >= 1));
      if (expectFailure) {
        expect(home).toEqual({ release: throwing, unavailable: true });
        // Only that part of the screen: the header works, and so does another remote.
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
        await waitForPath(page, '/profile');
        // The failed page's own heading is an h1 too: wait for it to go, then for the profile's.
        await page.getByText(UNAVAILABLE_TEXT).waitFor({ state: 'detached', timeout: 30_000 });
        await page.getByRole('main').locator('h1, h2').first().waitFor({ timeout: 30_000 });
        expect(await page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
      } else {
        expect(home).toEqual({ release: 'base', unavailable: false });
      }
      await context.close();
      return 'visited';
    };
    for (const entry of onLive) await visitAndReport(entry.user, false);
    for (const entry of onCanary) {
      if (!(await contestsStatus())?.canary) break; // rolled back already
      if ((await visitAndReport(entry.user, true)) === 'rolled back') break;
    }

    // The API's watch ends the canary (it looks every second on this stack) and the log says why.
    const deadline = Date.now() + 30_000;
    while ((await contestsStatus())?.canary && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(await contestsStatus()).toMatchObject({ live: 'base', canary: null });
    const last = (await readLog()).at(-1);
    expect(last).toMatchObject({
      action: 'auto-rollback',
      remote: 'remote-contests',
      from: throwing,
      version: 'base',
      by: 'api canary watch',
      reason: expect.stringMatching(/^error rate 100\.0% .* points above, more than 2$/),
    });

    // Those users are back on the live release at their next load.
    const { page, context } = await newPage(browser, { user: onCanary[0]?.user });
    expect(await visit(page, '/home')).toEqual({ release: 'base', unavailable: false });
    await context.close();
  }, 600_000);
});
