// Every path of SPEC §2, signed out and signed in: where it lands and what it shows. (What each screen shows in
// depth is in the feature journeys and accessibility.test.ts, which open every screen with real data; the screens
// that need a joined, live or completed contest — edit and confirm picks, trading, completed — are there.)
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  createActiveUser,
  createContest,
  launchBrowser,
  mainHeading,
  newPage,
  type TestPage,
  type TestUser,
  UNAVAILABLE_TEXT,
  waitForPath,
} from './helpers';

const ID = 'c-route-check';
/** Signed-in-only paths of SPEC §2 (the ones a visitor is sent to /auth from). */
const SIGNED_IN_ONLY = [
  '/home',
  `/invitation/${ID}`,
  `/contest-confirmed/${ID}`,
  '/create-contest',
  `/edit-contest/${ID}`,
  '/profile',
  '/edit-profile',
  `/contest-detail/${ID}`,
  `/save-picks/${ID}`,
  `/edit-picks/${ID}`,
  `/confirm-save-picks/${ID}`,
  `/contest-completed/${ID}`,
  `/live-contest/${ID}`,
  `/trading/${ID}`,
  '/no-such-page',
];

let browser: Browser;
let user: TestUser & { callSign: string };
let contestId: string;
const CONTEST_NAME = 'E2E Route Check';

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createActiveUser();
  const startsAt = Date.now() + 60 * 60_000;
  contestId = await createContest(user, { name: CONTEST_NAME, startsAt, endsAt: startsAt + 3_600_000 });
});
afterAll(async () => {
  await browser?.close();
});

describe('signed out (SPEC §2)', () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await newPage(browser);
  });
  afterAll(async () => {
    await tab.context.close();
  });

  it.each(SIGNED_IN_ONLY)('%s → /auth, with the address kept under "next"', async (path) => {
    await tab.page.goto(appUrl(`${path}?from=route-check`));
    await waitForPath(tab.page, '/auth');
    // An invitation opens on Create Account, anything else on Sign In: both tabs are there either way.
    await tab.page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await tab.page.evaluate(() => localStorage.getItem('next'))).toBe(appUrl(`${path}?from=route-check`));
  });

  it('/invitation/{id} → /auth, naming the contest above Create Account', async () => {
    await tab.page.goto(appUrl(`/invitation/${contestId}`));
    await waitForPath(tab.page, '/auth');
    await tab.page.getByRole('heading', { name: `Create an account to join ${CONTEST_NAME}` }).waitFor();
    expect(await tab.page.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
  });

  it('/ → /auth', async () => {
    await tab.page.goto(appUrl('/'));
    await waitForPath(tab.page, '/auth');
    await tab.page.getByRole('tab', { name: 'Create Account' }).waitFor();
  });

  it('/auth shows the widget with its two tabs', async () => {
    await tab.page.goto(appUrl('/auth'));
    await tab.page.getByRole('tab', { name: 'Sign In' }).waitFor();
    await tab.page.getByRole('tab', { name: 'Create Account' }).waitFor();
  });

  it('/terms, /error and /join-contest-info/{id} are reachable', async () => {
    await tab.page.goto(appUrl('/terms'));
    await mainHeading(tab.page, 'Terms of use').waitFor();
    await tab.page.goto(appUrl('/error'));
    await mainHeading(tab.page, 'Something went wrong').waitFor();
    await tab.page.goto(appUrl(`/join-contest-info/${contestId}`));
    await mainHeading(tab.page, CONTEST_NAME).waitFor();
    expect(new URL(tab.page.url()).pathname).toBe(`/join-contest-info/${contestId}`);
  });
});

describe('signed in (SPEC §2)', () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await newPage(browser, { user });
  });
  afterAll(async () => {
    await tab.context.close();
  });

  it.each(['/auth', '/'])('%s → /home', async (path) => {
    await tab.page.goto(appUrl(path));
    await waitForPath(tab.page, '/home');
    await mainHeading(tab.page, 'Your contests').waitFor();
  });

  it('any other path → /error', async () => {
    await tab.page.goto(appUrl('/no-such-page/at-all'));
    await waitForPath(tab.page, '/error');
    await mainHeading(tab.page, 'Something went wrong').waitFor();
  });

  // Each screen of the table, by the heading or text it leads with (real contest, real user, real API).
  const screens: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['/home', () => '/home', (page) => page.getByRole('main').getByText(CONTEST_NAME).first().waitFor()],
    ['/invitation/{id}', () => `/invitation/${contestId}`, (page) => mainHeading(page, CONTEST_NAME).waitFor()],
    [
      '/contest-confirmed/{id}',
      () => `/contest-confirmed/${contestId}`,
      (page) => page.getByText('Your contest is ready').waitFor(),
    ],
    ['/create-contest', () => '/create-contest', (page) => mainHeading(page, 'Create a contest').waitFor()],
    [
      '/edit-contest/{id}',
      () => `/edit-contest/${contestId}`,
      (page) => page.getByRole('button', { name: 'Save changes' }).waitFor(),
    ],
    ['/profile', () => '/profile', (page) => page.getByRole('main').getByText(user.callSign).first().waitFor()],
    ['/edit-profile', () => '/edit-profile', (page) => mainHeading(page, 'Edit profile').waitFor()],
    ['/contest-detail/{id}', () => `/contest-detail/${contestId}`, (page) => mainHeading(page, CONTEST_NAME).waitFor()],
    [
      '/save-picks/{id}',
      () => `/save-picks/${contestId}`,
      (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
    ],
    [
      '/join-contest-info/{id}',
      () => `/join-contest-info/${contestId}`,
      (page) => mainHeading(page, CONTEST_NAME).waitFor(),
    ],
    [
      '/live-contest/{id}',
      () => `/live-contest/${contestId}`,
      (page) => page.getByText('This contest is not live yet. Trading opens when it starts.').waitFor(),
    ],
    ['/terms', () => '/terms', (page) => mainHeading(page, 'Terms of use').waitFor()],
    ['/error', () => '/error', (page) => mainHeading(page, 'Something went wrong').waitFor()],
  ];

  it.each(screens)('%s stays and shows its screen', async (_name, path, shown) => {
    await tab.page.goto(appUrl(path()));
    await shown(tab.page);
    expect(new URL(tab.page.url()).pathname).toBe(path());
    expect(await tab.page.getByText(UNAVAILABLE_TEXT).count()).toBe(0);
  });
});
