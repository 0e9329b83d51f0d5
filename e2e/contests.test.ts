// Two players and the contest screens, in Chromium against the real stack. The steps run in order: Alice
// creates a contest, Bob arrives signed out through the invitation, signs in, comes back through `next` and plays
// with his picks; then a team contest and a cancellation. (A contest played to its final standings is in
// trading.test.ts.)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  callApi,
  closeAll,
  createActiveUser,
  createContest,
  createUser,
  launchBrowser,
  openTab,
  stack,
  startSoon,
  type TestPage,
  type TestUser,
  waitForPath,
} from './helpers';

let browser: Browser;
let alice: TestUser & { callSign: string };
let bob: TestUser;
let bobPage: Page;
let contestId: string;
let teamContestId: string;
const tabs: TestPage[] = [];
/** Screenshots of the screens these journeys change, to look at (not committed). */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '.e2e-artifacts/contests';

const local = (date: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
};

async function open(user: TestUser | undefined, path: string, width = 1280, height = 800): Promise<Page> {
  return (await openTab(browser, tabs, path, user ? { user, width, height } : { width, height })).page;
}

async function choosePicks(page: Page, symbols: string[], confirm: 'Confirm and join' | 'Confirm new picks') {
  for (const symbol of symbols) await page.getByLabel(`Pick ${symbol}`).check();
  await page.getByRole('button', { name: 'Review picks' }).click();
  await page.getByRole('button', { name: confirm }).click();
  await page.waitForURL(/\/contest-detail\//, { timeout: 20_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  alice = await createActiveUser();
  bob = await createUser();
});

afterAll(() => closeAll(browser, tabs));

it('Alice creates a contest in the form and gets its invitation link', async () => {
  const page = await open(alice, '/create-contest');
  const start = new Date(Date.now() + 20 * 60_000);
  const end = new Date(start.getTime() + 60 * 60_000);
  await page.getByLabel('Name', { exact: true }).fill('E2E Friends Cup');
  await page.getByLabel('Starts').fill(local(start));
  await page.getByLabel('Ends').fill(local(end));
  await page.getByLabel('Picks per player').fill('2');
  await page.getByRole('button', { name: 'Create contest' }).click();
  await page.waitForURL(/\/contest-confirmed\//, { timeout: 20_000 });
  contestId = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByText(`/join-contest-info/${contestId}`).first().waitFor();
  await page.getByRole('button', { name: 'Copy link' }).waitFor();
});

it('at 390 px a refused submit scrolls the first invalid field into view and focuses it', async () => {
  const page = await open(alice, '/create-contest', 390, 844);
  await page.getByLabel('Name', { exact: true }).fill('ab');
  await page.getByLabel('Max participants').fill('1');
  // The button is far below the name on a phone: pressing it scrolls the name out of view.
  await page.getByRole('button', { name: 'Create contest' }).click();
  await page.getByText('Please fix 2 highlighted fields.').waitFor();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await page.waitForFunction(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  });
  await page.screenshot({ path: `${SHOTS_DIR}/create-contest-refused-390.png` });

  // Fixing the name leaves max participants the first field to fix.
  await name.fill('Fixed name');
  await page.getByRole('button', { name: 'Create contest' }).click();
  const max = page.getByLabel('Max participants');
  await expect(max.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await page.waitForFunction(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  });
  await page.screenshot({ path: `${SHOTS_DIR}/create-contest-refused-again-390.png` });

  const wide = await open(alice, '/create-contest');
  await wide.getByRole('button', { name: 'Create contest' }).click();
  await wide.getByText('Please fix the highlighted field.').waitFor();
  await expect(
    wide.getByLabel('Name', { exact: true }).evaluate((element) => element === document.activeElement),
  ).resolves.toBe(true);
  await wide.screenshot({ path: `${SHOTS_DIR}/create-contest-refused-1280.png` });
});

it('Bob opens the invitation signed out, signs in, chooses a call sign and comes back to it through next', async () => {
  bobPage = await open(undefined, `/join-contest-info/${contestId}`);
  await bobPage.getByText('E2E Friends Cup').first().waitFor();
  await bobPage.getByRole('link', { name: 'Sign up to join' }).click();
  await waitForPath(bobPage, '/auth');
  // An invitation opens on Create Account, naming the contest; Bob has an account and signs in.
  await bobPage.getByRole('heading', { name: 'Create an account to join E2E Friends Cup' }).waitFor();
  await bobPage.getByRole('tab', { name: 'Sign In' }).click();
  await bobPage.getByLabel('Phone Number').fill(bob.phone.replace(/^\+1/, ''));
  await bobPage.getByLabel('Password', { exact: true }).fill(bob.password);
  await bobPage.getByRole('button', { name: 'Sign in' }).click();
  await bobPage.getByLabel('Call sign', { exact: true }).fill(`B${String(Date.now()).slice(-6)}`);
  await bobPage.getByLabel('Display name').fill('Bob Joiner');
  await bobPage.getByRole('button', { name: 'Start playing' }).click();
  await waitForPath(bobPage, `/join-contest-info/${contestId}`);
});

it('Bob joins with his picks, and Alice sees the participant count change', async () => {
  await bobPage.getByRole('link', { name: /Join/ }).first().click();
  await waitForPath(bobPage, `/save-picks/${contestId}`);
  await choosePicks(bobPage, ['AAPL', 'MSFT'], 'Confirm and join');
  await bobPage.getByRole('button', { name: 'Leave contest' }).waitFor();

  const page = await open(alice, `/contest-detail/${contestId}`);
  await page.getByText('1 / 50').first().waitFor();
});

it('Bob changes his picks, leaves, and joins again', async () => {
  await bobPage.getByRole('link', { name: 'Edit picks' }).click();
  await waitForPath(bobPage, `/edit-picks/${contestId}`);
  await bobPage.getByLabel('Pick AAPL').uncheck();
  await choosePicks(bobPage, ['NVDA'], 'Confirm new picks');
  const afterEdit = await callApi<{ data: { picks: string[] } }>('GET', `/contest-user/${contestId}`, { user: bob });
  expect([...afterEdit.data.picks].sort()).toEqual(['MSFT', 'NVDA']);

  await bobPage.getByRole('button', { name: 'Leave contest' }).click();
  await bobPage.getByRole('alertdialog').getByRole('button', { name: 'Leave contest' }).click();
  await bobPage.getByRole('link', { name: /Join/ }).first().waitFor();
  const afterLeave = await callApi<{ data: { joined: boolean } }>('GET', `/contest-user/${contestId}`, { user: bob });
  expect(afterLeave.data.joined).toBe(false);

  await bobPage.getByRole('link', { name: /Join/ }).first().click();
  await choosePicks(bobPage, ['AMZN', 'GOOGL'], 'Confirm and join');
  const again = await callApi<{ data: { joined: boolean } }>('GET', `/contest-user/${contestId}`, { user: bob });
  expect(again.data.joined).toBe(true);
});

it('in a team contest Bob picks his team', async () => {
  const startsAt = new Date(Date.now() + 30 * 60_000);
  const created = await callApi<{ data: { _id: string } }>('POST', '/contest/create-contest', {
    user: alice,
    body: {
      name: 'E2E Team Derby',
      description: '',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      picksCount: 2,
      startingCash: 50_000,
      maxParticipants: 20,
      visibility: 'public',
      affiliations: ['Bulls', 'Bears'],
      isTeamCollaboration: true,
    },
  });
  teamContestId = created.data._id;
  await bobPage.goto(appUrl(`/save-picks/${teamContestId}`));
  await bobPage.getByRole('radiogroup', { name: 'Your team' }).getByText('Bears').click();
  await choosePicks(bobPage, ['AAPL', 'MSFT'], 'Confirm and join');
  const mine = await callApi<{ data: { affiliation: string | null } }>('GET', `/contest-user/${teamContestId}`, {
    user: bob,
  });
  expect(mine.data.affiliation).toBe('Bears');
});

it('Alice cancels the team contest and Bob sees it cancelled', async () => {
  const page = await open(alice, `/contest-detail/${teamContestId}`);
  await page.getByRole('button', { name: 'Cancel contest' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel contest' }).click();
  await page.getByText('This contest was cancelled').first().waitFor();

  await bobPage.goto(appUrl(`/contest-detail/${teamContestId}`));
  await bobPage.getByText('This contest was cancelled').first().waitFor();

  // Its public page no longer invites anyone, nor speaks of picks to change or players joining.
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const visitor = await open(undefined, `/join-contest-info/${teamContestId}`, width, height);
    await visitor.getByText('A cancelled Bullpen contest').waitFor();
    await visitor.getByText(/was cancelled by its organiser before it started/).waitFor();
    expect(await visitor.getByText('You’re invited to a Bullpen contest').count()).toBe(0);
    expect(await visitor.getByText(/joined so far|change your picks/).count()).toBe(0);
    await visitor.screenshot({ path: `${SHOTS_DIR}/join-contest-info-cancelled-${width}.png`, fullPage: true });
  }
});

// Screens a player can trust: the join flow's dead ends and warnings, and /home when the API cannot be reached. Each
// step is screenshot at a phone's and a laptop's width (not committed) to be looked at.
const SHOTS = path.resolve(__dirname, '..', '.e2e-artifacts', 'trust-flows');
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`) });
  }
}

const errorToasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('alert');

it('a pick that buys no shares is warned about, and a join confirmed after the start says so in place and leads to the live view', async () => {
  const carol = await createActiveUser();
  const dan = await createActiveUser();
  const start = Date.now() + 30 * 60_000;
  const lateId = await createContest(carol, {
    name: 'E2E Late Join',
    startsAt: start,
    endsAt: start + 60 * 60_000,
    picksCount: 2,
    startingCash: 1_000,
  });
  const { equities } = await callApi<{ equities: { symbol: string; price: number }[] }>(
    'POST',
    '/equity/get-equities',
    { user: dan, body: {} },
  );
  const byPrice = [...equities].sort((a, b) => a.price - b.price);
  const dear = byPrice.at(-1);
  const cheap = byPrice[0];
  if (!dear || !cheap || dear.price <= 500) throw new Error('the market has no stock dearer than $500 to test with');
  // Carol plays, so the contest goes live at its start (one without players completes at once).
  await callApi('POST', '/contest/join-contest', {
    user: carol,
    body: { contestId: lateId, picks: byPrice.slice(0, 2).map((e) => e.symbol) },
  });

  const { page } = await openTab(browser, tabs, `/save-picks/${lateId}`, { ...PHONE, user: dan });
  await page.getByRole('checkbox', { name: `Pick ${dear.symbol}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Pick ${cheap.symbol}`, exact: true }).check();
  // At the full count the reason is said, and a pick leaves from the bar.
  await page.getByText('All 2 picked: remove one (×) to choose another.').waitFor();
  await page.getByText(`${dear.symbol} would buy no shares`).waitFor();
  await shoot(page, 'picker-full');
  await page.getByRole('button', { name: 'Review picks' }).click();
  await waitForPath(page, `/confirm-save-picks/${lateId}`);
  await page.getByText(`${dear.symbol} would buy no shares`).waitFor();
  await page.getByText(/Each pick gets \$500\.00 of your \$1,000\.00/).waitFor();
  await shoot(page, 'confirm-no-shares');

  // The contest starts while Dan reads; his confirmation comes too late.
  const { startsAt } = await startSoon(carol, lateId, 5 * 60_000);
  await page.waitForFunction((at) => Date.now() > at, startsAt + 1_000, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Confirm and join' }).click();
  const refused = page.getByRole('main').getByRole('alert');
  await refused.getByText('The contest has started: picks are locked').waitFor({ timeout: 30_000 });
  expect(await page.getByRole('button', { name: 'Confirm and join' }).count()).toBe(0);
  expect(await errorToasts(page).count()).toBe(0);
  // Its way on is in view where the button was, and the advice to choose another stock has gone with the button.
  expect(await refused.getByRole('link', { name: 'Watch it live' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Choose another stock' }).count()).toBe(0);
  await shoot(page, 'confirm-after-start');
  await refused.getByRole('link', { name: 'Watch it live' }).click();
  await waitForPath(page, `/live-contest/${lateId}`);
});

it('with the API unreachable, /home keeps its lists, says how old they are, never calls a failed list empty, and raises one toast', async () => {
  const erin = await createActiveUser();
  const start = Date.now() + 30 * 60_000;
  await createContest(erin, { name: 'E2E Kept Cup', startsAt: start, endsAt: start + 60 * 60_000 });
  const { page } = await openTab(browser, tabs, '/home', { ...LAPTOP, user: erin });
  await page.getByRole('link', { name: /E2E Kept Cup/ }).waitFor({ timeout: 30_000 });
  const loadedAt = Date.now();

  // The API goes away while the app is open; coming back to /home revalidates the lists, and every read fails.
  await page.context().route(`${stack().api}/**`, (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: '+ Create contest' }).click();
  await waitForPath(page, '/create-contest');
  // Past SWR's deduping window, so coming back revalidates instead of reusing the answers just fetched.
  await page.waitForFunction((at) => Date.now() > at, loadedAt + 2_500);
  await page.goBack();
  await waitForPath(page, '/home');
  await page
    .getByText(/^Showing contests from less than a minute ago — couldn’t refresh them\.$/)
    .waitFor({ timeout: 20_000 });
  await page.getByRole('link', { name: /E2E Kept Cup/ }).waitFor();
  await page.getByText('Could not load completed contests.').waitFor({ timeout: 20_000 });
  expect(await page.getByText('Your finished contests and final ranks will appear here.').count()).toBe(0);
  expect(await page.getByText('None of your contests is live right now.').count()).toBe(0);
  expect(await errorToasts(page).filter({ hasText: 'Network Error' }).count()).toBe(1);
  await shoot(page, 'home-api-down');
  await page.context().unroute(`${stack().api}/**`);
});
