// Faults: the API going down and coming back while a user is on the app, and the user pool being
// unreachable at sign-in. (A stopped remote is in shell.test.ts; crashes in the middle of trades, with every
// acknowledged trade kept, are api/test/durability.test.ts.)
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { apiProcess, type ApiProcess } from './helpers/api-process';
import {
  appUrl,
  createUser,
  launchBrowser,
  newPage,
  type RuntimeConfig,
  stack,
  tokensFor,
  waitForPath,
} from './helpers';

const NETWORK_ERROR = 'Network Error. Please check your internet connection or it might be that the server is down.';
const POOL_UNREACHABLE = 'Sign-in is unavailable: the sign-in service cannot be reached.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// These journeys point the stack's config.json at an API of their own: only on a stack this run started.
const onOwnedStack = process.env.E2E_STACK && stack().owned ? describe : describe.skip;

onOwnedStack('the API goes down and comes back', () => {
  let api: ApiProcess;
  let dataDir: string;
  let originalConfig: string;

  beforeAll(async () => {
    const { configFile, spareBase } = stack();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bullpen-e2e-api-'));
    api = apiProcess({ port: (spareBase ?? 0) + 2, dataDir });
    await api.start();
    // Roll the API out to this one, as an operator would: config.json names it, and the page's CSP follows.
    originalConfig = await readFile(configFile as string, 'utf8');
    const config = JSON.parse(originalConfig) as RuntimeConfig;
    await writeFile(configFile as string, JSON.stringify({ ...config, apiHost: api.url }, null, 2));
  });

  afterAll(async () => {
    await writeFile(stack().configFile as string, originalConfig);
    await api?.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A user who has finished onboarding on this journey's API. */
  async function activeUser(callSign: string) {
    const user = await createUser();
    const { idToken } = await tokensFor(user);
    const post = (route: string, body: unknown) =>
      fetch(`${api.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: idToken },
        body: JSON.stringify(body),
      }).then((response) => {
        if (!response.ok) throw new Error(`${route}: ${response.status}`);
      });
    await post('/user/get-user', {});
    await post('/user/initialize-user', { callSign, ticker: callSign, displayName: `Fault ${callSign}` });
    return user;
  }

  it('shows the network-failure toast while it is down, and heals by itself once it is back', async () => {
    const user = await activeUser('FAULTA');
    const { page, context } = await newPage(browser, { user });
    await page.goto(appUrl('/home'));
    await page.getByRole('heading', { name: 'Your contests' }).waitFor();

    await api.stop('SIGKILL');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    await page.getByText(NETWORK_ERROR).first().waitFor({ timeout: 30_000 });

    await api.start();
    // No reload and no click: the screen fetches again by itself and shows the profile.
    await page.getByText('FAULTA').first().waitFor({ timeout: 45_000 });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await context.close();
  });

  it('after a graceful restart the signed-in user carries on where they were', async () => {
    const user = await activeUser('FAULTB');
    const { page, context } = await newPage(browser, { user });
    await page.goto(appUrl('/profile'));
    await page.getByText('FAULTB').first().waitFor();

    await api.stop('SIGTERM');
    await api.start();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Your contests' }).waitFor();
    await page.goto(appUrl('/profile'));
    await page.getByText('FAULTB').first().waitFor();
    expect(await page.getByText(NETWORK_ERROR).count()).toBe(0);
    await context.close();
  });
});

describe('the user pool is unreachable', () => {
  it('sign-in says so clearly, and works once the pool answers again', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser);
    const poolOrigin = new URL(stack().pool).origin;
    // What the browser meets when the pool is down: the connection is refused.
    await page.route(
      (url) => url.origin === poolOrigin,
      (route) => route.abort('connectionrefused'),
    );
    await page.goto(appUrl('/auth'));
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign in' }) });
    await form.getByLabel('Phone Number').fill(user.phone.replace(/^\+1/, ''));
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(POOL_UNREACHABLE).waitFor({ timeout: 45_000 });
    expect(await page.getByText('A network error has occurred.').count()).toBe(0);

    await page.unrouteAll();
    await form.getByRole('button', { name: 'Sign in' }).click();
    // Signed in: a new user is asked for a call sign.
    await page.getByRole('heading', { name: 'Welcome to Bullpen' }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});
