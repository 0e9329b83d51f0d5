// Contest rules and skill analytics in Chromium against the real stack, at 390 and 1280 px: a creator chooses short
// selling, $4.95 a trade and a 25 % cap on the create form and the detail page says so in plain words; a contest with
// those rules is played to its end (30 s lead, 2 minutes: the API's local minimums) and its results show each player's
// analytics, mine and another's side by side. Screenshots go to .data/rules-shots/ to look at.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  callApi,
  createActiveUser,
  expectAccessible,
  launchBrowser,
  openTab,
  poll,
  shootFullPage,
  sleep,
  type TestPage,
  type TestUser,
  waitForPath,
} from './helpers';

type Player = TestUser & { callSign: string; id: string };

const SHOTS = path.resolve(__dirname, '..', '.data', 'rules-shots');
const RULES = { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 };
const IN_WORDS = ['Short selling allowed', '$4.95 per trade', 'At most 25% in one stock'];
const WIDTHS = [390, 1280] as const;

let browser: Browser;
let dana: Player;
let eli: Player;
let playedId: string;
let endsAt: number;
const pages: TestPage[] = [];

async function open(user: Player, pathname: string, width: number): Promise<Page> {
  return (await openTab(browser, pages, pathname, { user, width, height: width < 500 ? 844 : 800 })).page;
}

const shoot = (page: Page, name: string) => shootFullPage(page, SHOTS, name);

beforeAll(async () => {
  browser = await launchBrowser();
  [dana, eli] = [await createActiveUser(), await createActiveUser()];
  // The contest played to its end, created first so it plays while the form is driven.
  const startsAt = Date.now() + 32_000;
  endsAt = startsAt + 122_000;
  const created = await callApi<{ data: { _id: string } }>('POST', '/contest/create-contest', {
    user: dana,
    body: {
      name: `E2E Rules played ${Date.now().toString(36).slice(-5)}`,
      description: 'Played to the end for its analytics.',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      picksCount: 2,
      startingCash: 10_000,
      maxParticipants: 10,
      visibility: 'public',
      affiliations: [],
      isTeamCollaboration: false,
      rules: RULES,
    },
  });
  playedId = created.data._id;
  await callApi('POST', '/contest/join-contest', {
    user: dana,
    body: { contestId: playedId, picks: ['NVDA', 'TSLA'] },
  });
  await callApi('POST', '/contest/join-contest', { user: eli, body: { contestId: playedId, picks: ['AAPL', 'MSFT'] } });
}, 60_000);

afterAll(async () => {
  for (const tab of pages) await tab.context.close().catch(() => undefined);
  await browser?.close();
});

it.each(WIDTHS)(
  'at %i px, a creator sets the rules on the form and the detail page states them in plain words',
  async (width) => {
    const page = await open(dana, '/create-contest', width);
    const rules = page.getByRole('region', { name: 'Trading rules' });
    await rules.waitFor();
    expect(await rules.getByRole('radio', { name: 'Not allowed' }).isChecked()).toBe(true);
    await page.getByLabel('Name').fill(`E2E Rules ${width} ${Date.now().toString(36).slice(-4)}`);
    await rules.getByText('Allowed', { exact: true }).click();
    await rules.getByLabel('Commission per trade (USD)').fill('4.95');
    await rules.getByLabel('Maximum position (%)').fill('25');
    await rules.scrollIntoViewIfNeeded();
    await shoot(page, 'create-form');
    await expectAccessible(page, `create form at ${width}`);
    await page.getByRole('button', { name: 'Create contest' }).click();
    await page.waitForURL(/\/contest-confirmed\//);
    const contestId = page.url().split('/contest-confirmed/')[1]?.split(/[?#]/)[0] ?? '';
    const { contest } = await callApi<{ contest: { rules: typeof RULES } }>('POST', '/contest/get-contest', {
      user: dana,
      body: { contestId },
    });
    expect(contest.rules).toEqual(RULES);

    await page.goto(appUrl(`/contest-detail/${contestId}`));
    await waitForPath(page, `/contest-detail/${contestId}`);
    // At a glance, one rule a line; and in the sentences of how the contest is played.
    const tile = page.getByRole('definition').filter({ hasText: IN_WORDS[0] });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered line breaks are what is checked
    expect(await tile.innerText()).toBe(IN_WORDS.join('\n'));
    await page.getByText(/Every trade costs a commission of \$4\.95 per trade\./).waitFor();
    await shoot(page, 'contest-detail');
    await expectAccessible(page, `contest detail at ${width}`);
  },
  90_000,
);

it('after the end, the results show my analytics, and another player’s beside them', async () => {
  const wait = endsAt + 1_000 - Date.now();
  if (wait > 0) await sleep(wait);
  // The clock completes the contest at its first tick after the end.
  await poll('the contest never completed', () => callApi('GET', `/contest/completed/${playedId}`, { user: dana }), {
    everyMs: 1_000,
  });
  for (const width of WIDTHS) {
    const page = await open(dana, `/contest-completed/${playedId}`, width);
    const mine = page.getByRole('region', { name: 'Your analytics' });
    const sharpe = mine.getByRole('button', { name: 'Sharpe ratio' });
    await sharpe.waitFor({ timeout: 30_000 });
    await mine.getByRole('figure', { name: 'Sector exposure' }).waitFor();
    // A tooltip on keyboard focus, and Escape closes it.
    await sharpe.focus();
    await mine.getByRole('tooltip').waitFor();
    await page.keyboard.press('Escape');
    await mine.getByRole('tooltip').waitFor({ state: 'hidden' });

    await page
      .getByRole('table', { name: 'Final standings' })
      .getByRole('link', { name: `View ${eli.callSign}'s portfolio` })
      .click();
    const theirs = page.getByRole('region', { name: `${eli.callSign}'s analytics` });
    await theirs.getByRole('button', { name: 'Max drawdown' }).waitFor({ timeout: 30_000 });
    await mine.scrollIntoViewIfNeeded();
    await mine.getByRole('button', { name: 'Beta' }).hover();
    await mine.getByRole('tooltip').waitFor();
    await shoot(page, 'results-analytics');
    await page.mouse.move(0, 0);
    await expectAccessible(page, `results at ${width}`);
  }
}, 240_000);
